package org.metricsstress.metrics;

import java.util.function.LongSupplier;

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
    private long lastIndexRows;
    private IndexMetrics index;
    private LongSupplier cacheSize = () -> -1;

    public IntervalSampler(StressMetrics metrics, long startNanos, LongSupplier ringOccupancy, LongSupplier inFlight) {
        this.metrics = metrics;
        this.startNanos = startNanos;
        this.ringOccupancy = ringOccupancy;
        this.inFlight = inFlight;
        this.lastNanos = startNanos;
        this.lastCpu = ProcessCpu.nanos();
    }

    /** Adds the index figures to every interval from now on. */
    public synchronized void withIndex(IndexMetrics index, LongSupplier cacheSize) {
        this.index = index;
        this.cacheSize = cacheSize;
    }

    public synchronized IntervalStats sample(long nowNanos) {
        long generated = metrics.samplesGenerated();
        long written = metrics.samplesWritten();
        long dropped = metrics.samplesDropped();
        long failed = metrics.samplesFailed();
        long cpu = ProcessCpu.nanos();
        LatencySummary response = LatencySummary.of(metrics.response().takeInterval());
        // Service and queue histograms are taken too, so their run totals cover every interval.
        metrics.service().takeInterval();
        metrics.queue().takeInterval();
        IntervalStats s = new IntervalStats(
                (nowNanos - startNanos) / 1e9, (nowNanos - lastNanos) / 1e9,
                generated - lastGenerated, written - lastWritten, dropped - lastDropped, failed - lastFailed,
                generated, written, dropped, failed,
                ringOccupancy.getAsLong(), inFlight.getAsLong(), response,
                ProcessCpu.percentOfCores(cpu - lastCpu, nowNanos - lastNanos),
                index == null ? -1 : index.rowsWritten() - lastIndexRows,
                index == null || index.resourcesInPlan() == 0 ? -1
                        : 100.0 * index.resourcesIndexed() / index.resourcesInPlan(),
                index == null ? -1 : cacheSize.getAsLong());
        if (index != null) {
            lastIndexRows = index.rowsWritten();
        }
        lastNanos = nowNanos;
        lastCpu = cpu;
        lastGenerated = generated;
        lastWritten = written;
        lastDropped = dropped;
        lastFailed = failed;
        return s;
    }
}
