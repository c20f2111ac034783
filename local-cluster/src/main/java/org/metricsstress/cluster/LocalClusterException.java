package org.metricsstress.cluster;

/**
 * A local Cassandra node could not be located, started or reached.
 *
 * <p>The message is a single line meant for the person at the keyboard: it names what failed
 * and what to do about it, so front ends can print it as is, without a stack trace.
 */
public final class LocalClusterException extends Exception {

    private static final long serialVersionUID = 1L;

    public LocalClusterException(String message) {
        super(message);
    }

    public LocalClusterException(String message, Throwable cause) {
        super(message, cause);
    }
}
