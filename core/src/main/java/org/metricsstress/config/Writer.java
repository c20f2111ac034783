package org.metricsstress.config;

/**
 * The writer model: how the client behaves between the ring and the storage. OPENNMS and PIPELINED
 * write the same Newts rows into Cassandra; TSS writes the same samples through OpenNMS's time
 * series integration layer to a Prometheus remote-write receiver.
 */
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
    PIPELINED,
    /**
     * OpenNMS's time series integration layer (Newts' successor) with the Prometheus remote-write
     * plugin: one ring event per group, writer threads calling the plugin's store, one remote-write
     * request per group, its external-tags lookups; into Prometheus, VictoriaMetrics, Cortex or Mimir.
     */
    TSS
}
