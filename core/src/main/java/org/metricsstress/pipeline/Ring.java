package org.metricsstress.pipeline;

/**
 * The ring buffer as the generators see it: preallocated slots in front of the writers, reached
 * through the {@link Lane} of a resource. How many rings and who reads them is the writer model's
 * business ({@link LaneRing}: a lane per writer; {@link SharedRing}: one ring, a pool of workers).
 */
public interface Ring {
    /** The lane that carries the commits of this resource. */
    Lane laneFor(int resourceKey);

    /** Slots in all. */
    int size();

    /** Slots published and not yet released by the writers. */
    long occupancy();

    /**
     * The ring takes no more commits: a producer waiting for room (BLOCK) gives up with
     * {@link Lane#CLOSED} instead of waiting for a writer that may never free one. Called when
     * the run ends, before its producers are joined.
     */
    void close();
}
