package org.metricsstress.report;

import java.util.List;
import java.util.Map;
import org.metricsstress.metrics.IntervalStats;
import org.metricsstress.metrics.LatencySummary;

/**
 * The outcome of a run, as the summary and the result JSON present it. Latencies are in
 * milliseconds; rates per second.
 *
 * @param generationSeconds time from the first intended commit until generation stopped
 * @param drainSeconds      time spent draining the ring and the writes in flight afterwards
 * @param targetRate        samples per second the plan asks for
 * @param achievedRate      samples written per second of generation (written / generationSeconds)
 * @param drained           true if everything settled within the drain timeout
 * @param unaccounted       generated - written - dropped - failed: 0 when the audit balances
 * @param index             the indexer's figures ({@code enabled: false} with --no-index)
 * @param cache             the resource cache's figures, or null with --no-index
 */
public record StressResult(
        String tool,
        String version,
        Map<String, Object> config,
        Map<String, Object> plan,
        Map<String, Object> cluster,
        String startedAt,
        double generationSeconds,
        double drainSeconds,
        double targetRate,
        double achievedRate,
        long generated,
        long written,
        long dropped,
        long failed,
        Map<String, Long> failedByClass,
        long unaccounted,
        boolean drained,
        long groupCommitsGenerated,
        long groupCommitsDropped,
        long stringAttributesGenerated,
        long writeRequests,
        LatencySummary responseLatency,
        LatencySummary serviceLatency,
        LatencySummary queueLatency,
        double clientCpuSeconds,
        double clientCpuPercent,
        int clientCores,
        IndexSummary index,
        CacheSummary cache,
        List<IntervalStats> intervals) {

    /** generated = written + dropped + failed, exactly. */
    public boolean auditBalances() {
        return unaccounted == 0;
    }
}
