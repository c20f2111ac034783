package org.metricsstress.config;

/** Which line of the Prometheus remote-write plugin {@code --writer tss} behaves as. */
public enum TssMode {
    /**
     * The released plugin (v2.1.0 and before): {@code store()} takes a bulkhead permit and returns;
     * up to maxConcurrentHttpConnections requests on the wire; every failure is counted lost and
     * never reaches OpenNMS.
     */
    ASYNC,
    /**
     * Its main branch (2.2.0-SNAPSHOT, {@code asyncWrites=false}): the writer thread waits for the
     * answer (call timeout 10 s), so at most writer_threads requests are in flight; a failure is
     * thrown back to OpenNMS, whose ring writer logs it and drops the samples.
     */
    SYNC
}
