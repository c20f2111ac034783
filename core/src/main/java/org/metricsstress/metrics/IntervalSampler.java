package org.metricsstress.metrics;

import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencyKind;
import org.metricsstress.result.LatencySummary;
import java.util.Arrays;
import java.util.function.LongSupplier;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongToDoubleFunction;
import org.HdrHistogram.Histogram;
import org.metricsstress.result.IndexSummary;

/**
 * Turns the running totals into per-interval figures. One thread (the reporter) calls
 * {@link #sample}; each call covers the time since the previous one.
 */
public final class IntervalSampler {
    private final StressMetrics metrics;
    private final long startNanos;
    private final LongSupplier ringOccupancy;
    private final LongSupplier inFlight;
    private long lastNanos;
    private long lastCpu;
    private long lastGenerated;
    private long lastWritten;
    private long lastDropped;
    private long lastFailed;
    private long lastRingFull;
    private long lastIndexRows;
    private long lastGcCount;
    private long lastGcMillis;
    private final LongToDoubleFunction targetAt;
    private IntervalListener listener = (s, histograms) -> { };
    private IndexMetrics index;
    private LongSupplier cacheSize = () -> -1;
    private WorkerClock.Snapshot lastWorkers = WorkerClock.Snapshot.ZERO;
    /** Each class's failures at the last sample, by {@link ErrorClass#ordinal()}. */
    private final long[] lastFailedByClass = new long[ErrorClass.values().length];
    /** The classes as the result names them (the run's failedByClass), made once. */
    private static final String[] CLASS_NAMES = Arrays.stream(ErrorClass.values())
            .map(c -> c.name().toLowerCase(Locale.ROOT)).toArray(String[]::new);

    /** Sees each interval's raw histograms (valid only during the call), e.g. to log them. */
    public interface IntervalListener {
        void interval(IntervalStats stats, Map<String, Histogram> histograms);
    }

    public IntervalSampler(StressMetrics metrics, long startNanos, double targetRate, LongSupplier ringOccupancy,
            LongSupplier inFlight) {
        this(metrics, startNanos, nanos -> targetRate, ringOccupancy, inFlight);
    }

    /** @param targetAt the target rate at a time (a stepped profile changes it) */
    public IntervalSampler(StressMetrics metrics, long startNanos, LongToDoubleFunction targetAt,
            LongSupplier ringOccupancy, LongSupplier inFlight) {
        this.targetAt = targetAt;
        this.metrics = metrics;
        this.startNanos = startNanos;
        this.ringOccupancy = ringOccupancy;
        this.inFlight = inFlight;
        this.lastNanos = startNanos;
        this.lastCpu = ProcessCpu.nanos();
        this.lastGcCount = JvmStats.gcCount();
        this.lastGcMillis = JvmStats.gcMillis();
        this.lastWorkers = metrics.workerClock().snapshot();
    }

    public synchronized void listener(IntervalListener l) {
        this.listener = l;
    }

    /** Adds the index figures to every interval from now on. */
    public synchronized void withIndex(IndexMetrics index, LongSupplier cacheSize) {
        this.index = index;
        this.cacheSize = cacheSize;
    }

    private static LatencySummary summary(Map<String, Histogram> histograms, LatencyKind kind) {
        return LatencySummary.of(histograms.get(kind.tag()));
    }

    public synchronized IntervalStats sample(long nowNanos) {
        Counts counts = metrics.counts();
        long generated = counts.generated();
        long written = counts.written();
        long dropped = counts.dropped();
        long failed = counts.failed();
        long cpu = ProcessCpu.nanos();
        long gcCount = JvmStats.gcCount();
        long gcMillis = JvmStats.gcMillis();
        Map<String, Histogram> histograms = new LinkedHashMap<>();
        for (LatencyTracker t : new LatencyTracker[] {metrics.response(), metrics.service(), metrics.queue(),
                metrics.scheduleLag()}) {
            histograms.put(t.name(), t.takeInterval());
        }
        // Each stretch of the run is judged by its own refusals (a cold start's timeouts are not the
        // steady state's), so the classes are kept per interval, not only for the whole run.
        Map<String, Long> failedByClass = new LinkedHashMap<>();
        for (ErrorClass c : ErrorClass.values()) {
            long now = counts.failed(c);
            if (now > lastFailedByClass[c.ordinal()]) {
                failedByClass.put(CLASS_NAMES[c.ordinal()], now - lastFailedByClass[c.ordinal()]);
            }
            lastFailedByClass[c.ordinal()] = now;
        }
        WorkerClock.Snapshot workers = metrics.workerClock().snapshot();
        LatencySummary indexService = index == null ? null : LatencySummary.of(index.service().takeInterval());
        IntervalStats s = new IntervalStats(
                (nowNanos - startNanos) / 1e9, (nowNanos - lastNanos) / 1e9, targetAt.applyAsDouble(lastNanos),
                generated - lastGenerated, written - lastWritten, dropped - lastDropped, failed - lastFailed,
                generated, written, dropped, failed,
                ringOccupancy.getAsLong(), counts.ringFull() - lastRingFull, inFlight.getAsLong(),
                summary(histograms, LatencyKind.RESPONSE), summary(histograms, LatencyKind.SERVICE),
                summary(histograms, LatencyKind.QUEUE), summary(histograms, LatencyKind.SCHEDULE_LAG),
                ProcessCpu.percentOfCores(ProcessCpu.between(lastCpu, cpu), nowNanos - lastNanos),
                JvmStats.heapUsedBytes(), gcCount - lastGcCount, (double) (gcMillis - lastGcMillis),
                index == null ? -1 : index.rowsWritten() - lastIndexRows,
                index == null || index.resourcesInPlan() == 0 ? -1
                        : IndexSummary.percentDone(index.resourcesIndexed(),
                                index.resourcesInPlan()),
                index == null ? -1 : cacheSize.getAsLong(),
                workers.since(lastWorkers, metrics.workerClock().workers(), nowNanos - lastNanos), indexService,
                failedByClass);
        lastWorkers = workers;
        if (index != null) {
            lastIndexRows = index.rowsWritten();
        }
        lastGcCount = gcCount;
        lastGcMillis = gcMillis;
        listener.interval(s, histograms);
        lastNanos = nowNanos;
        lastCpu = cpu;
        lastGenerated = generated;
        lastWritten = written;
        lastDropped = dropped;
        lastFailed = failed;
        lastRingFull += s.ringFullEvents();
        return s;
    }
}
