package org.metricsstress.analysis;

import org.metricsstress.result.Facts;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.Verdict;

import org.metricsstress.result.StressResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Run results whose interval series come from a known process: stationary first-order
 * autoregressive noise (AR(1)) around a known level, as a run's intervals are (a compaction or a GC
 * pause spans several). The whole-run figures are the intervals' means and sums, so the true
 * difference between two runs' levels is known exactly.
 */
final class SyntheticRuns {
    /** Intervals per run, of one second each. */
    static final int INTERVALS = 60;

    private SyntheticRuns() {}

    /**
     * One series: {@code level} plus AR(1) noise of standard deviation {@code sd} and lag-1
     * correlation {@code rho}, started in its stationary distribution.
     */
    static double[] ar1(Random random, int n, double level, double sd, double rho) {
        double[] x = new double[n];
        double e = sd * gaussian(random);
        double innovation = sd * Math.sqrt(1 - rho * rho);
        for (int t = 0; t < n; t++) {
            if (t > 0) {
                e = rho * e + innovation * gaussian(random);
            }
            x[t] = level + e;
        }
        return x;
    }

    /**
     * A run whose written rate per interval is {@code rate}, response p99 {@code p99}, and every
     * other series flat (no drops, steady CPU): the result as the engine would have written it.
     */
    static StressResult run(double[] rate, double[] p99) {
        return run(rate, p99, new long[rate.length]);
    }

    /** The same, with {@code dropped} samples in each interval. */
    static StressResult run(double[] rate, double[] p99, long[] dropped) {
        List<IntervalStats> intervals = new ArrayList<>();
        long droppedTotal = 0;
        long writtenTotal = 0;
        double p99Sum = 0;
        for (int t = 0; t < rate.length; t++) {
            long written = Math.round(rate[t]);
            writtenTotal += written;
            p99Sum += p99[t];
            LatencySummary response = new LatencySummary(written, p99[t] / 4, p99[t] / 2, p99[t], p99[t] * 1.5,
                    p99[t] * 2, p99[t] / 3);
            droppedTotal += dropped[t];
            intervals.add(org.metricsstress.result.ResultFixtures.interval(t + 1, 1, 50_000, written + dropped[t], written, dropped[t], 0, writtenTotal,
                    writtenTotal, droppedTotal, 0, 0,
                    0, 10, response, response, LatencySummary.EMPTY, LatencySummary.EMPTY, 40, 1 << 28, 0, 0, -1, -1, 0));
        }
        double seconds = rate.length;
        double meanP99 = p99Sum / rate.length;
        LatencySummary whole = new LatencySummary(writtenTotal, meanP99 / 4, meanP99 / 2, meanP99, meanP99 * 1.5,
                meanP99 * 2, meanP99 / 3);
        return org.metricsstress.result.ResultFixtures.result(StressResult.SCHEMA_VERSION, "metrics-stress", "test", Map.of(), Map.of("nodes", 1000),
                Facts.NO_PLAN, Facts.NO_CLUSTER, "2026-11-28T00:00:00Z", seconds, 0, 50_000, writtenTotal / seconds,
                writtenTotal + droppedTotal, writtenTotal, droppedTotal, 0, Map.of(), 0, true, writtenTotal / 10, 0, 0, writtenTotal / 10, whole, whole,
                LatencySummary.EMPTY, LatencySummary.EMPTY, org.metricsstress.result.ResultFixtures.client(seconds * 0.8, 40, 2, 16, 1 << 30, 1 << 28, 1, 1),
                IndexSummary.DISABLED, null, new Verdict("KEPT_UP", "ok"), null, intervals);
    }

    private static double gaussian(Random random) {
        return random.nextGaussian();
    }
}
