package org.metricsstress.cluster.tsdb;

/**
 * A local receiver could not be located, started or signalled. The message is one line for the
 * person at the keyboard (what failed, what to do), so a front end prints it as is.
 */
public final class LocalTsdbException extends Exception {

    private static final long serialVersionUID = 1L;

    public LocalTsdbException(String message) {
        super(message);
    }
}
