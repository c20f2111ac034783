package org.metricsstress.config;

/** How a collection interval's group commits are spread over it (without {@code -b}). */
public enum Pacing {
    /**
     * As OpenNMS's {@code metrics:stress}: a node's whole collection at once (its permits taken
     * from the shared rate limiter in one go), nodes evenly apart, every pass ending at a barrier
     * of all generator threads.
     */
    NODES,
    /** Every group commit at its own time, evenly apart: the smoothest load. */
    SPREAD
}
