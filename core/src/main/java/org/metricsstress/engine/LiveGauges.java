package org.metricsstress.engine;

import org.metricsstress.cache.CacheView;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.JvmStats;
import org.metricsstress.metrics.ProcessCpu;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.plan.Schedule;

/**
 * The gauges the live outputs (Prometheus, JMX, CSV) read while a run goes on, beside the counters
 * every stage writes: the target to draw the written rate against, the client's own cost, the
 * cache's size and the cold start as it happens. Read on demand, never on the hot path.
 */
final class LiveGauges {
    private LiveGauges() {}

    /** The target rate, the client's CPU and heap, and the cache's size ({@code cache} null: no index). */
    static void register(StressMetrics metrics, Schedule schedule, CacheView cache) {
        metrics.gauge("plan.target-rate", () -> Math.round(schedule.targetSamplesPerSecondAt(System.nanoTime())));
        metrics.gauge("client.cpu-millis", () -> ProcessCpu.nanos() / 1_000_000L);
        metrics.gauge("client.heap-used-bytes", JvmStats::heapUsedBytes);
        if (cache != null) {
            metrics.gauge("index.cache-size", cache::size);
        }
    }

    /** The cold start, live: when the ring first filled and drained again, what was dropped while indexing. */
    static void registerColdStart(StressMetrics metrics, IndexMetrics indexMetrics, RingWatch watch, long startNanos) {
        metrics.gauge("cold-start.ring-full-at-seconds", () -> secondsSince(startNanos, metrics.firstRingFullNanos()));
        metrics.gauge("cold-start.ring-drained-at-seconds", () -> secondsSince(startNanos, watch.drainedAtNanos()));
        metrics.gauge("cold-start.dropped-while-indexing", () -> indexMetrics != null && indexMetrics.secondsToComplete() >= 0
                ? indexMetrics.droppedSamplesAtComplete() : metrics.counts().dropped());
    }

    /** Whole seconds from {@code start} to {@code at} (System.nanoTime()), or -1 when {@code at} is 0 (not yet). */
    private static long secondsSince(long start, long at) {
        return at == 0 ? -1 : Math.max(0, at - start) / 1_000_000_000L;
    }
}
