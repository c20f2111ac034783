package org.metricsstress.result;

import java.util.List;
import java.util.Map;

/**
 * Test fixture (in core's test-jar): results and their parts made by hand with the fields a test
 * cares about, the rest at their "not measured" values. These were constructors of the records;
 * no main code needs them, so they live here.
 */
public final class ResultFixtures {
    private ResultFixtures() {}

    /** A result without per-node figures or events (tests, and results assembled by hand). */
    public static StressResult result(int schemaVersion, String tool, String version, Map<String, Object> environment,
            Map<String, Object> config, PlanFacts plan, ClusterFacts cluster, String startedAt,
            double generationSeconds, double drainSeconds, double targetSamplesPerSecond,
            double writtenSamplesPerSecond, long generated, long written, long dropped, long failed,
            Map<String, Long> failedByClass, long unaccounted, boolean drained, long groupCommitsGenerated,
            long groupCommitsDropped, long stringAttributesGenerated, long writeRequests,
            LatencySummary responseLatency, LatencySummary serviceLatency, LatencySummary queueLatency,
            LatencySummary scheduleLag, ClientSummary client, IndexSummary index, CacheSummary cache,
            Verdict verdict, SlaResult sla, List<IntervalStats> intervals) {
        return new StressResult(schemaVersion, tool, version, environment, config, plan, cluster, startedAt, generationSeconds,
                drainSeconds, targetSamplesPerSecond, writtenSamplesPerSecond, generated, written, dropped, failed,
                failedByClass, unaccounted, drained, groupCommitsGenerated, groupCommitsDropped,
                stringAttributesGenerated, writeRequests, responseLatency, serviceLatency, queueLatency, scheduleLag,
                client, index, cache, verdict, sla, intervals, StressResult.WriteAttempts.NONE, List.of(), List.of(), List.of(), null, null, null,
                null, generated, 0, null, Distance.NONE, null, null, null, null, null, null, java.util.List.of());
    }

    /** Without the failures by class (tests, and results written before they were kept per interval). */
    public static IntervalStats interval(double elapsedSeconds, double intervalSeconds, double targetSamplesPerSecond, long generated,
            long written, long dropped, long failed, long generatedTotal, long writtenTotal, long droppedTotal,
            long failedTotal, long ringOccupancy, long ringFullEvents, long inFlightRequests, LatencySummary response,
            LatencySummary service, LatencySummary queue, LatencySummary scheduleLag, double cpuPercent,
            long heapUsedBytes, long gcCount, double gcPauseMs, long indexRows, double indexedPercent, long cacheSize,
            WorkerTime workers, LatencySummary indexService) {
        return new IntervalStats(elapsedSeconds, intervalSeconds, targetSamplesPerSecond, generated, written, dropped, failed,
                generatedTotal, writtenTotal, droppedTotal, failedTotal, ringOccupancy, ringFullEvents, inFlightRequests,
                response, service, queue, scheduleLag, cpuPercent, heapUsedBytes, gcCount, gcPauseMs, indexRows,
                indexedPercent, cacheSize, workers, indexService, null);
    }

    /** Without the workers' time and the index's service time (results older than schema 9, tests). */
    public static IntervalStats interval(double elapsedSeconds, double intervalSeconds, double targetSamplesPerSecond, long generated,
            long written, long dropped, long failed, long generatedTotal, long writtenTotal, long droppedTotal,
            long failedTotal, long ringOccupancy, long ringFullEvents, long inFlightRequests, LatencySummary response,
            LatencySummary service, LatencySummary queue, LatencySummary scheduleLag, double cpuPercent,
            long heapUsedBytes, long gcCount, double gcPauseMs, long indexRows, double indexedPercent, long cacheSize) {
        return new IntervalStats(elapsedSeconds, intervalSeconds, targetSamplesPerSecond, generated, written, dropped, failed,
                generatedTotal, writtenTotal, droppedTotal, failedTotal, ringOccupancy, ringFullEvents, inFlightRequests,
                response, service, queue, scheduleLag, cpuPercent, heapUsedBytes, gcCount, gcPauseMs, indexRows,
                indexedPercent, cacheSize, null, null, null);
    }

    /** Without network figures (a result from before they were kept, or a test). */
    public static ClientSummary client(double cpuSeconds, double cpuPercent, int cores, double cpuMicrosPerSample, long maxHeapBytes,
            long peakHeapBytes, long gcCount, double gcPauseMs) {
        return new ClientSummary(cpuSeconds, cpuPercent, cores, cpuMicrosPerSample, maxHeapBytes, peakHeapBytes, gcCount, gcPauseMs, -1, -1);
    }

    /** Without the pool's refusals counted apart (results written before they were, tests). */
    public static IndexSummary index(boolean enabled, long rowsWritten, long requests, long requestsFailed, long resourcesWritten,
            long deferred, long deduplicated, long stageErrors, long resourcesIndexed, long resourcesInPlan,
            double secondsToComplete, double writtenRateWhileIndexing, double writtenRateAfter,
            long primedGroupResources, long primedInterfaceResources, double primingSeconds,
            LatencySummary serviceLatency) {
        return new IndexSummary(enabled, rowsWritten, requests, requestsFailed, resourcesWritten, deferred, deduplicated, stageErrors,
                resourcesIndexed, resourcesInPlan, secondsToComplete, writtenRateWhileIndexing, writtenRateAfter,
                primedGroupResources, primedInterfaceResources, primingSeconds, serviceLatency, 0);
    }
}
