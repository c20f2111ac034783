package org.metricsstress.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
 * @param failedByClass samples failed in the interval by the class of their error (the run's
 *                    {@code failedByClass} classes; a class that failed nothing is left out, so most
 *                    intervals hold an empty map); null when not known (results written before it
 *                    was kept): a stretch of such intervals is judged by the whole run's failures
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
        LatencySummary indexService,
        Map<String, Long> failedByClass) {

    /** The classes of failure that are the cluster's refusal, not this client's or the run's end. */
    public static final List<String> CLUSTER_REFUSALS = List.of("timeout", "unavailable", "overloaded");

    public IntervalStats {
        failedByClass = failedByClass == null ? null : failedByClass.isEmpty() ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(failedByClass));
    }



    /** Samples the cluster refused in the interval (timeout, unavailable, overloaded); -1 when not known. */
    public long clusterRefused() {
        return failedByClass == null ? -1
                : CLUSTER_REFUSALS.stream().mapToLong(c -> failedByClass.getOrDefault(c, 0L)).sum();
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
     * histograms, and when something failed its failures by class (a map of a few entries, about
     * 60 bytes each). A run keeps one per report line for its result (the histograms let results
     * and steps add up exactly), so its series grows by this much a line, by design: 10-60 KB a
     * line at tens of thousands of samples a second, the wider the latencies the more.
     */
    public long retainedBytes() {
        return RECORD_BYTES + response.retainedBytes() + service.retainedBytes() + queue.retainedBytes()
                + scheduleLag.retainedBytes() + (indexService == null ? 0 : indexService.retainedBytes())
                + (failedByClass == null || failedByClass.isEmpty() ? 0 : 100 + 60L * failedByClass.size());
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

    /** This interval on a clock {@code shift} seconds later: another instance's, for a merge. */
    public IntervalStats shifted(double shift) {
        IntervalStats s = this;
        return new IntervalStats(s.elapsedSeconds() + shift, s.intervalSeconds(), s.targetSamplesPerSecond(),
                s.generated(), s.written(), s.dropped(), s.failed(), s.generatedTotal(), s.writtenTotal(),
                s.droppedTotal(), s.failedTotal(), s.ringOccupancy(), s.ringFullEvents(), s.inFlightRequests(),
                s.response(), s.service(), s.queue(), s.scheduleLag(), s.cpuPercent(), s.heapUsedBytes(), s.gcCount(),
                s.gcPauseMs(), s.indexRows(), s.indexedPercent(), s.cacheSize(), s.workers(), s.indexService(),
                s.failedByClass());
    }

    /**
     * The intervals of one report slot of several instances added; {@code totals} holds each
     * instance's running totals as they stood at the slot.
     */
    public static IntervalStats sum(List<IntervalStats> parts, long[][] totals) {
        long[] t = new long[4];
        for (long[] instance : totals) {
            for (int k = 0; k < 4; k++) {
                t[k] += instance[k];
            }
        }
        boolean indexing = parts.stream().anyMatch(p -> p.indexRows() >= 0);
        return new IntervalStats(parts.stream().mapToDouble(IntervalStats::elapsedSeconds).max().orElse(0),
                parts.stream().mapToDouble(IntervalStats::intervalSeconds).max().orElse(0),
                parts.stream().mapToDouble(IntervalStats::targetSamplesPerSecond).sum(),
                Sums.sum(parts, IntervalStats::generated), Sums.sum(parts, IntervalStats::written),
                Sums.sum(parts, IntervalStats::dropped), Sums.sum(parts, IntervalStats::failed), t[0], t[1], t[2], t[3],
                Sums.sum(parts, IntervalStats::ringOccupancy), Sums.sum(parts, IntervalStats::ringFullEvents),
                Sums.sum(parts, IntervalStats::inFlightRequests),
                LatencySummary.sum(parts.stream().map(IntervalStats::response).toList()),
                LatencySummary.sum(parts.stream().map(IntervalStats::service).toList()),
                LatencySummary.sum(parts.stream().map(IntervalStats::queue).toList()),
                LatencySummary.sum(parts.stream().map(IntervalStats::scheduleLag).toList()),
                parts.stream().mapToDouble(IntervalStats::cpuPercent).average().orElse(0),
                Sums.sum(parts, IntervalStats::heapUsedBytes), Sums.sum(parts, IntervalStats::gcCount),
                parts.stream().mapToDouble(IntervalStats::gcPauseMs).sum(),
                indexing ? parts.stream().mapToLong(p -> Math.max(0, p.indexRows())).sum() : -1,
                IndexSummary.floorToTenth(parts.stream().mapToDouble(IntervalStats::indexedPercent).average().orElse(0)),
                Sums.sum(parts, IntervalStats::cacheSize),
                WorkerTime.sum(parts.stream().map(IntervalStats::workerTime).toList(), true),
                indexing && parts.stream().allMatch(p -> p.indexService() != null && p.indexService().hasHistogram())
                        ? LatencySummary.sum(parts.stream().map(IntervalStats::indexService).toList()) : null,
                addByClass(parts));
    }

    /** The parts' failures by class added; null (not known) when one part does not know its own. */
    public static Map<String, Long> addByClass(List<IntervalStats> parts) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (IntervalStats p : parts) {
            if (p.failedByClass() == null) {
                return null;
            }
            p.failedByClass().forEach((k, v) -> out.merge(k, v, Long::sum));
        }
        return out;
    }
}
