package org.metricsstress.api;

/**
 * Reads what the relays that put a cluster's DCs apart have done so far, when they run in the
 * run's own process (a local cluster's {@code --embedded-latency}): the run reads them at its start
 * and end and reports the difference, since their CPU time is inside the client's.
 */
public interface RelayMeter {
    /** Bytes the relays have written on, both ways, since they started. */
    long bytes();

    /** CPU time the relays' threads have used since they started. */
    long cpuNanos();
}
