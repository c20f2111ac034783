package org.metricsstress.result;

/**
 * What happened in one report interval. Counts are for the interval; {@code *Total} are since the
 * start; rates are per second of the interval; latencies in milliseconds. Index figures are -1
 * when indexing is off.
 *
 * @param scheduleLag how late generators were against the intended times (a client that cannot
 *                    keep up shows here while the ring stays empty)
 * @param cpuPercent  this JVM's CPU time over the interval, in % of all cores
 * @param gcPauseMs   time the JVM's collectors reported spending in the interval
 * @param workers     how the writer's workers spent the interval (null in results older than schema 9)
 * @param indexService index requests' service time in the interval (null without index, and in
 *                    results older than schema 9)
 */
public record IntervalStats(
        double elapsedSeconds,
        double intervalSeconds,
        double targetSamplesPerSecond,
        long generated,
        long written,
        long dropped,
        long failed,
        long generatedTotal,
        long writtenTotal,
        long droppedTotal,
        long failedTotal,
        long ringOccupancy,
        long ringFullEvents,
        long inFlightRequests,
        LatencySummary response,
        LatencySummary service,
        LatencySummary queue,
        LatencySummary scheduleLag,
        double cpuPercent,
        long heapUsedBytes,
        long gcCount,
        double gcPauseMs,
        long indexRows,
        double indexedPercent,
        long cacheSize,
        WorkerTime workers,
        LatencySummary indexService) {

    /** Without the workers' time and the index's service time (results older than schema 9, tests). */
    public IntervalStats(double elapsedSeconds, double intervalSeconds, double targetSamplesPerSecond, long generated,
            long written, long dropped, long failed, long generatedTotal, long writtenTotal, long droppedTotal,
            long failedTotal, long ringOccupancy, long ringFullEvents, long inFlightRequests, LatencySummary response,
            LatencySummary service, LatencySummary queue, LatencySummary scheduleLag, double cpuPercent,
            long heapUsedBytes, long gcCount, double gcPauseMs, long indexRows, double indexedPercent, long cacheSize) {
        this(elapsedSeconds, intervalSeconds, targetSamplesPerSecond, generated, written, dropped, failed,
                generatedTotal, writtenTotal, droppedTotal, failedTotal, ringOccupancy, ringFullEvents, inFlightRequests,
                response, service, queue, scheduleLag, cpuPercent, heapUsedBytes, gcCount, gcPauseMs, indexRows,
                indexedPercent, cacheSize, null, null);
    }

    /** The workers' time of this interval, {@link WorkerTime#NONE} when not measured. */
    public WorkerTime workerTime() {
        return workers == null ? WorkerTime.NONE : workers;
    }

    public double generatedPerSecond() {
        return intervalSeconds > 0 ? generated / intervalSeconds : 0;
    }

    public double writtenPerSecond() {
        return intervalSeconds > 0 ? written / intervalSeconds : 0;
    }

    public double indexRowsPerSecond() {
        return intervalSeconds > 0 && indexRows >= 0 ? indexRows / intervalSeconds : -1;
    }

    /** This record's own fields and references, on a 64-bit JVM with compressed references. */
    private static final long RECORD_BYTES = 200;

    /**
     * About the heap this record holds: itself, its four latency summaries and their encoded
     * histograms. A run keeps one per report line for its result (the histograms let results and
     * steps add up exactly), so its series grows by this much a line, by design: 10-60 KB a line
     * at tens of thousands of samples a second, the wider the latencies the more.
     */
    public long retainedBytes() {
        return RECORD_BYTES + response.retainedBytes() + service.retainedBytes() + queue.retainedBytes()
                + scheduleLag.retainedBytes() + (indexService == null ? 0 : indexService.retainedBytes());
    }

    /** The latency of one kind in this interval. */
    public LatencySummary latency(LatencyKind kind) {
        return switch (kind) {
            case RESPONSE -> response;
            case SERVICE -> service;
            case QUEUE -> queue;
            case SCHEDULE_LAG -> scheduleLag;
        };
    }
}
