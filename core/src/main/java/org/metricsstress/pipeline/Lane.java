package org.metricsstress.pipeline;

/**
 * Where a generator puts one group commit: {@link #claim} a slot, fill it, {@link #publish} it.
 * The slot is the ring's own, preallocated: generating a commit allocates nothing.
 */
public interface Lane {
    /** What {@link #claim} returns once the ring no longer takes commits (the run is ending). */
    long CLOSED = -2;

    /**
     * A claimed sequence; -1 when the ring is full and the policy is DROP (the caller counts the
     * drop); {@link #CLOSED} when the ring was closed while a producer waited for room (BLOCK).
     */
    long claim();

    GroupCommit slot(long sequence);

    void publish(long sequence);

    /**
     * After a commit was dropped (ring full, DROP): what the writer model does next. OpenNMS's
     * persister still offers the commit's index-only event; this tool's lanes do nothing.
     */
    default void afterDrop(int resourceKey, long intendedNanos, long timestampMillis) {
    }
}
