package org.metricsstress.config;

import java.time.Duration;

/** The write pipeline (help section "pipeline"): the writer model, its ring, threads and requests. */
public record PipelineSection(
        WriterPaths writers,
        int ringSize,
        int writerThreads,
        int maxBatchSize,
        OnFull onFull,
        int maxInFlight,
        int batchCommits,
        Duration drainTimeout,
        Sink sink) {

    /** Partitions per unlogged batch at most: Cassandra's warning threshold. */
    public static final int MAX_BATCH_COMMITS = 10;

    public PipelineSection {
        Checks.atLeast("--writer-threads", writerThreads, 1);
        if (writerThreads > 1024) {
            throw new ConfigException("--writer-threads: at most 1024, got " + writerThreads);
        }
        Checks.atLeast("--max-in-flight", maxInFlight, 1);
        Checks.atLeast("--batch-commits", batchCommits, 1);
        if (batchCommits > MAX_BATCH_COMMITS) {
            throw new ConfigException("--batch-commits: at most " + MAX_BATCH_COMMITS
                    + " (Cassandra warns about unlogged batches over 10 partitions), got " + batchCommits);
        }
        Checks.atLeast("--max-batch-size", maxBatchSize, 1);
        if (ringSize < 2 || Integer.bitCount(ringSize) != 1) {
            throw new ConfigException("--ring-size: must be a power of two of at least 2 (e.g. 8192), got " + ringSize);
        }
    }

    /** The run's own writer model: the first {@code --writer} names. */
    public Writer writer() {
        return writers.first();
    }

    /** The writer model {@code --writer} chose first: ask it rather than test which one it is. */
    public WriterModel model() {
        return WriterModels.of(writers.first());
    }

    /** The model of the path written beside the run's own ({@code --writer opennms,tss}), or null. */
    public WriterModel besideModel() {
        return writers.beside() == null ? null : WriterModels.of(writers.beside());
    }

    /** Every path's model, in {@code --writer} order. */
    public java.util.List<WriterModel> models() {
        return writers.paths().stream().map(WriterModels::of).toList();
    }
}
