package org.metricsstress.config;

/** What a generator does when the ring has no free slot for a group commit. */
public enum OnFull {
    /** Drop the whole group commit and count its samples as dropped (OpenNMS behaviour). */
    DROP,
    /** Wait for a free slot: backpressure reaches the generator, and shows up as schedule lag. */
    BLOCK
}
