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

    /** The figures compare judges from a run's intervals, each drawn with noise of its own. */
    static final String[] JUDGED = {"written samples/s", "written / target", "response p50 ms", "response p99 ms",
            "response p99.9 ms", "service p50 ms", "service p99 ms", "client CPU us/sample"};

    /**
     * How a run's figures are noisy: each its own series of {@code sd} relative noise (AR(1) of
     * {@code rho}, plus a slow AR(1) component of {@link #SLOW_RHO} carrying {@code slowShare} of the
     * variance), the figures' innovations correlated at {@code correlation}.
     */
    record Noise(double sd, double rho, double correlation, double slowShare) {
        static Noise independent(double sd, double rho) {
            return new Noise(sd, rho, 0, 0);
        }
    }

    /** The slow component's lag-1 correlation: a node warming, a compaction spanning the run. */
    static final double SLOW_RHO = 0.97;

    /** Levels of a run's figures: rate, response p50, p99, p99.9, service p50, p99, client CPU %. */
    record Levels(double rate, double p50, double p99, double p999, double serviceP50, double serviceP99, double cpu) {
        static final Levels TYPICAL = new Levels(50_000, 5, 20, 40, 4, 16, 40);

        Levels withP99(double factor) {
            return new Levels(rate, p50, p99 * factor, p999, serviceP50, serviceP99, cpu);
        }
    }

    /** Seven correlated noise series (relative, mean 0): one per drawn figure. */
    static double[][] noise(Random random, int n, Noise noise, int series) {
        double[][] out = new double[series][n];
        double c = noise.correlation();
        double fastSd = noise.sd() * Math.sqrt(1 - noise.slowShare());
        double slowSd = noise.sd() * Math.sqrt(noise.slowShare());
        double[] fast = new double[series];
        double[] slow = new double[series];
        double commonFast = random.nextGaussian();
        double commonSlow = random.nextGaussian();
        for (int s = 0; s < series; s++) {
            fast[s] = fastSd * (Math.sqrt(c) * commonFast + Math.sqrt(1 - c) * random.nextGaussian());
            slow[s] = slowSd * (Math.sqrt(c) * commonSlow + Math.sqrt(1 - c) * random.nextGaussian());
        }
        double fastInnovation = Math.sqrt(1 - noise.rho() * noise.rho());
        double slowInnovation = Math.sqrt(1 - SLOW_RHO * SLOW_RHO);
        for (int t = 0; t < n; t++) {
            if (t > 0) {
                commonFast = random.nextGaussian();
                commonSlow = random.nextGaussian();
                for (int s = 0; s < series; s++) {
                    fast[s] = noise.rho() * fast[s] + fastSd * fastInnovation
                            * (Math.sqrt(c) * commonFast + Math.sqrt(1 - c) * random.nextGaussian());
                    slow[s] = SLOW_RHO * slow[s] + slowSd * slowInnovation
                            * (Math.sqrt(c) * commonSlow + Math.sqrt(1 - c) * random.nextGaussian());
                }
            }
            for (int s = 0; s < series; s++) {
                out[s][t] = fast[s] + slow[s];
            }
        }
        return out;
    }

    /**
     * A run whose rate, response and service p50 and p99 (and p99.9) and client CPU each carry their
     * own noise, as a real run's do. The whole-run percentiles are not the mean of the intervals'
     * (a run's p99 over all its samples is set by its worst intervals): the 90th percentile of the
     * interval values stands for them, so that a comparison that mixes the two quantities shows it.
     */
    static StressResult run(Random random, Levels levels, Noise noise) {
        return run(random, levels, noise, INTERVALS);
    }

    /** The same, {@code n} intervals long. */
    static StressResult run(Random random, Levels levels, Noise noise, int n) {
        double[][] e = noise(random, n, noise, 7);
        List<IntervalStats> intervals = new ArrayList<>();
        long writtenTotal = 0;
        double[][] latencies = new double[6][n];
        double cpuSum = 0;
        for (int t = 0; t < n; t++) {
            long written = Math.round(levels.rate() * (1 + e[0][t]));
            writtenTotal += written;
            double p50 = levels.p50() * (1 + e[1][t]);
            double p99 = levels.p99() * (1 + e[2][t]);
            double p999 = levels.p999() * (1 + e[3][t]);
            double sp50 = levels.serviceP50() * (1 + e[4][t]);
            double sp99 = levels.serviceP99() * (1 + e[5][t]);
            double cpu = levels.cpu() * (1 + e[6][t]);
            cpuSum += cpu;
            double[] values = {p50, p99, p999, sp50, sp99};
            for (int k = 0; k < values.length; k++) {
                latencies[k][t] = values[k];
            }
            LatencySummary response = new LatencySummary(written, p50, (p50 + p99) / 2, p99, p999, p999 * 1.5, p50 * 1.2);
            LatencySummary service = new LatencySummary(written, sp50, (sp50 + sp99) / 2, sp99, sp99 * 1.5, sp99 * 2,
                    sp50 * 1.2);
            intervals.add(org.metricsstress.result.ResultFixtures.interval(t + 1, 1, levels.rate(), written, written, 0, 0,
                    writtenTotal, writtenTotal, 0, 0, 0, 0, 10, response, service, LatencySummary.EMPTY,
                    LatencySummary.EMPTY, cpu, 1 << 28, 0, 0, -1, -1, 0));
        }
        double seconds = n;
        double[] whole = new double[5];
        for (int k = 0; k < whole.length; k++) {
            double[] sorted = latencies[k].clone();
            java.util.Arrays.sort(sorted);
            whole[k] = sorted[(int) Math.floor(0.9 * (n - 1))];
        }
        LatencySummary wholeResponse = new LatencySummary(writtenTotal, whole[0], (whole[0] + whole[1]) / 2, whole[1],
                whole[2], whole[2] * 1.5, whole[0] * 1.2);
        LatencySummary wholeService = new LatencySummary(writtenTotal, whole[3], (whole[3] + whole[4]) / 2, whole[4],
                whole[4] * 1.5, whole[4] * 2, whole[3] * 1.2);
        double cpuPercent = cpuSum / n;
        int cores = 2;
        double cpuMicros = cpuPercent / 100 * cores * seconds * 1e6 / writtenTotal;
        return org.metricsstress.result.ResultFixtures.result(StressResult.SCHEMA_VERSION, "metrics-stress", "test",
                Map.of(), Map.of("nodes", 1000), Facts.NO_PLAN, Facts.NO_CLUSTER, "2026-11-28T00:00:00Z", seconds, 0,
                levels.rate(), writtenTotal / seconds, writtenTotal, writtenTotal, 0, 0, Map.of(), 0, true,
                writtenTotal / 10, 0, 0, writtenTotal / 10, wholeResponse, wholeService, LatencySummary.EMPTY,
                LatencySummary.EMPTY, org.metricsstress.result.ResultFixtures.client(cpuPercent / 100 * cores * seconds,
                        cpuPercent, cores, cpuMicros, 1 << 30, 1 << 28, 1, 1),
                IndexSummary.DISABLED, null, new Verdict("KEPT_UP", "ok"), null, intervals);
    }

    private static double gaussian(Random random) {
        return random.nextGaussian();
    }
}
