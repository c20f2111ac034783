package org.metricsstress.failure;

/**
 * The cluster could not be used: unreachable, rejected the schema, refused the credentials. The
 * message is one line for the user; front ends exit with {@code 3}.
 */
public final class ClusterException extends Exception {
    public ClusterException(String message) {
        super(message, null, false, false);
    }
}
