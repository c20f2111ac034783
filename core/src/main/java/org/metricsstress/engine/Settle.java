package org.metricsstress.engine;

import java.io.PrintStream;
import java.util.List;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.IntervalSampler;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.Pipeline;
import org.metricsstress.read.ReadStage;
import org.metricsstress.live.ConsoleReport;
import org.metricsstress.result.IntervalStats;

/**
 * The end of a run once generation has stopped: the pipeline drained within --drain-timeout (what it
 * could not finish counted, so the audit still balances), the reads settled, and the last interval
 * sampled, so that every figure read afterwards is final.
 */
final class Settle {
    private final StressConfig config;
    private final PrintStream out;
    private final StressMetrics metrics;

    Settle(StressConfig config, PrintStream out, StressMetrics metrics) {
        this.config = config;
        this.out = out;
        this.metrics = metrics;
    }

    /**
     * Drains {@code pipeline}, waits for {@code reads} (null: none ran) and samples the last interval,
     * added to {@code intervals} and the console when it is worth a line.
     */
    Settled settle(Pipeline pipeline, ReadStage reads, IntervalSampler sampler, ConsoleReport console,
            List<IntervalStats> intervals, Generation generation) {
        boolean drained = drain(pipeline);
        if (reads != null) {
            // Every read, search and probe sent is settled (or counted unsettled) before the figures are read.
            awaitReads(reads);
        }
        long settled = System.nanoTime();
        IntervalStats last = sampler.sample(settled);
        // The drain's own interval is often a few milliseconds: its counts are in the totals and
        // the HDR log, but a rate over so short a time would only be noise in the series.
        boolean worthALine = last.intervalSeconds() >= config.outputs().reportInterval().toMillis() / 2000.0;
        IntervalStats unlisted = null;
        if (worthALine && last.generated() + last.written() + last.dropped() + last.failed() > 0) {
            intervals.add(last);
            console.line(last);
        } else {
            unlisted = last;
        }
        return new Settled(generation, settled, drained, List.copyOf(intervals), unlisted);
    }

    /**
     * Lets the pipeline finish within the drain timeout; what it could not finish by then it
     * counted as failed, so the audit still balances.
     */
    private boolean drain(Pipeline pipeline) {
        try {
            if (!pipeline.drain(config.pipeline().drainTimeout(), config.cluster().requestTimeout())) {
                out.println("drain timeout (" + config.pipeline().drainTimeout().toSeconds()
                        + "s) reached: what was still queued or in flight was abandoned");
                return false;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return metrics.counts().unaccounted() == 0;
    }

    private void awaitReads(ReadStage reads) {
        try {
            if (!reads.awaitIdle(config.cluster().requestTimeout().toMillis() + ReadStage.probeBoundMillis())) {
                out.println("reads: some still in flight after the wait; counted as unsettled");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * When generation ended: {@code stopAt}, the moment the generators were told to stop (commits
     * intended before it are generated or owed), and {@code endNanos}, when the last of them had.
     */
    record Generation(long stopAt, long endNanos) {}

    /**
     * A run settled: when generation ended, when everything else had ({@code settledNanos}), whether
     * the drain left nothing unaccounted, the report intervals, and the drain's own interval when it
     * was too short for a line of them ({@code unlisted}; null when it has one).
     */
    record Settled(Generation generation, long settledNanos, boolean drained, List<IntervalStats> intervals,
            IntervalStats unlisted) {}
}
