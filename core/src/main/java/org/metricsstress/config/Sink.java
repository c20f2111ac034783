package org.metricsstress.config;

/** Where the pipeline's requests end. */
public enum Sink {
    /** The cluster: every request sent and acknowledged (or failed). */
    CASSANDRA,
    /**
     * Nowhere: every request is built and encoded as the protocol frame the driver would send, then
     * counted as written. What is left is the client's own cost, so a load machine can be checked
     * for the rate it must drive before any cluster is involved.
     */
    NULL
}
