package org.metricsstress.pipeline;

/**
 * One ring slot: a group resource at one timestamp with its numeric values. Slots are allocated
 * once when the ring is built and reused for the whole run, so generating a sample allocates
 * nothing; the generator fills the primitives and the value array, a writer reads them.
 *
 * <p>Fields are plain: the ring's sequence publication is the memory barrier between the
 * generator that writes a slot and the writer that reads it.
 */
public final class GroupCommit {
    /**
     * Dense key of the group resource; its node, interface and group follow from the plan
     * ({@code StressPlan#nodeOf} and friends) rather than being carried: a slot is kept small
     * because the ring holds thousands of them (heap per buffered sample is a bench figure).
     */
    public int resourceKey;
    /** When this commit was meant to happen, on the {@link System#nanoTime()} clock. */
    public long intendedNanos;
    /** The samples' timestamp: the intended time on the wall clock, in milliseconds. */
    public long timestampMillis;
    /** How many of {@link #values} are in use. */
    public int sampleCount;
    /**
     * An index-only event (the OpenNMS writer's second event of a group commit: its string
     * attributes for the interface resource): no samples, {@link #sampleCount} 0.
     */
    public boolean indexOnly;
    /**
     * Samples of this commit the sample sink has taken charge of so far (in a request it will send
     * or settle): set by a sink that takes a wide commit in slices, so that if it throws halfway,
     * the stage counts only the rest as failed. The stage sets it to 0 before each write.
     */
    public int samplesTaken;
    public final double[] values;

    public GroupCommit(int capacity) {
        this.values = new double[capacity];
    }
}
