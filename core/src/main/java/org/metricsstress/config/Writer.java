package org.metricsstress.config;

/** The writer model: how the client behaves between the ring and the cluster. Both write the same rows. */
public enum Writer {
    /**
     * OpenNMS's NewtsWriter: one ring of events (two per group commit) read by a pool of
     * synchronous workers that write literal batches of {@code --max-batch-size} samples and index
     * inline, waiting for every index write. What OpenNMS will see, cold start included.
     */
    OPENNMS,
    /**
     * This tool's design: a lane per writer, prepared token-aware batches grouped by replica set,
     * asynchronous, the index a stage of its own that never holds samples back. What a better
     * client would get from the same cluster.
     */
    PIPELINED
}
