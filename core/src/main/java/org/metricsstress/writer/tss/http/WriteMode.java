package org.metricsstress.writer.tss.http;

/** The plugin's two ways of sending, one per line of its releases. */
public enum WriteMode {
    /**
     * v2.1.0, released: {@code store()} takes a bulkhead permit, hands the call to the HTTP
     * client's dispatcher and returns; the writer thread learns nothing of the answer.
     */
    ASYNC,
    /**
     * 2.2.0-SNAPSHOT (main, unreleased): {@code store()} waits for the answer, bounded by the call
     * timeout, so at most as many requests are in flight as writer threads.
     */
    SYNC
}
