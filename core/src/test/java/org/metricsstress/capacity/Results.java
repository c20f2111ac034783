package org.metricsstress.capacity;

import java.util.ArrayList;
import org.metricsstress.result.Facts;
import java.util.List;
import java.util.Map;
import org.metricsstress.result.ClientSummary;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;

/** Run results assembled by hand: the figures a step is judged by, the rest plausible filler. */
final class Results {
    /** Seconds between the engine's report lines in these results. */
    static final double REPORT_SECONDS = 5;

    private Results() {}

    /**
     * A run of {@code seconds} that generated {@code target}/s and wrote {@code achieved}/s (the rest
     * dropped), response p99 {@code p99Ms}, ring occupancy sampled at the end of each report interval.
     * Generation ends just after the last interval, as in the engine; {@code drainOccupancy} &gt;= 0
     * adds the interval the engine records after the drain.
     */
    static StressResult run(double target, double achieved, double p99Ms, double seconds, long[] occupancy,
            long drainOccupancy, IndexSummary index) {
        long generated = Math.round(target * seconds);
        long written = Math.round(achieved * seconds);
        long dropped = generated - written;
        LatencySummary response = new LatencySummary(Math.max(1, written / 10), p99Ms / 4, p99Ms / 2, p99Ms,
                p99Ms * 1.5, p99Ms * 2, p99Ms / 3);
        List<IntervalStats> intervals = new ArrayList<>();
        for (int i = 0; i < occupancy.length; i++) {
            intervals.add(interval((i + 1) * REPORT_SECONDS, target, occupancy[i]));
        }
        double generationSeconds = occupancy.length * REPORT_SECONDS + 0.01;
        if (drainOccupancy >= 0) {
            intervals.add(interval(generationSeconds + 2.5, target, drainOccupancy));
        }
        return org.metricsstress.result.ResultFixtures.result(StressResult.SCHEMA_VERSION, "metrics-stress", "test", Map.of(), Map.of(), Facts.NO_PLAN,
                Facts.NO_CLUSTER, "2026-01-01T00:00:00Z", generationSeconds, 0.1, target, achieved, generated, written,
                dropped, 0, Map.of(), 0, true, generated / 10, dropped / 10, 0, written / 40, response, response,
                LatencySummary.EMPTY, LatencySummary.EMPTY, org.metricsstress.result.ResultFixtures.client(1, 10, 2, 1, 1 << 30, 1 << 28, 1, 5),
                index, null, new Verdict("KEPT_UP", ""), null, intervals);
    }

    /** A run whose only figure of note is its ring occupancy per interval. */
    static StressResult withOccupancy(long[] occupancy, long drainOccupancy) {
        return run(1000, 1000, 10, occupancy.length * REPORT_SECONDS, occupancy, drainOccupancy, IndexSummary.DISABLED);
    }

    static IndexSummary index(double secondsToComplete) {
        return new IndexSummary(true, 1000, 100, 0, 100, 0, 0, 0, 100, 100, secondsToComplete, 1000, 1000, 0, 0, 0);
    }

    private static IntervalStats interval(double elapsed, double target, long occupancy) {
        long n = Math.round(target * REPORT_SECONDS);
        return org.metricsstress.result.ResultFixtures.interval(elapsed, REPORT_SECONDS, target, n, n, 0, 0, 0, 0, 0, 0, occupancy, 0, 1,
                LatencySummary.EMPTY, LatencySummary.EMPTY, LatencySummary.EMPTY, LatencySummary.EMPTY, 10, 1 << 28,
                0, 0, -1, -1, -1);
    }
}
