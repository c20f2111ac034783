package org.metricsstress.stats;

/**
 * Where a run's steady state begins in one of its series: the Marginal Standard Error Rule (MSER,
 * White 1997), the usual rule for truncating a simulation's warm-up. A run's first intervals are a
 * start-up (the driver's connections, the JIT, a cache filling): a p50 of 435 ms falling to 10 ms
 * in its first three seconds is not the noise of the run, and left in it makes the whole series look
 * like one long excursion, its autocorrelation near 1 and its interval useless. MSER cuts the first
 * {@code d} values where the standard error of the mean of the rest, {@code sum (x - mean)^2 / (n - d)^2},
 * is least, {@code d} at most half the series.
 *
 * <p>MSER alone also cuts a stationary series' own excursions (a run's intervals wander: with a lag-1
 * correlation of 0.7 it cut enough to drop a 95% interval's coverage to 92% over 1,000 seeded pairs),
 * and those are the noise the interval must cover. So a cut is made only when it is a start-up: when
 * it at least halves the standard error of the mean ({@link #LEAST_GAIN} on MSER's statistic, the
 * standard error squared), as a start-up of 435 ms among 10 ms intervals does many times over.
 */
public final class StartTransient {
    /** MSER's statistic after the cut over before it, at most: the standard error at least halved. */
    static final double LEAST_GAIN = 0.25;

    /** A cut whose statistic is within this factor of the least is as good as the least. */
    static final double NEARLY = 1.5;

    private StartTransient() {}

    /** The index of the first steady value: 0 when nothing is cut. */
    public static int steadyFrom(double[] x) {
        int n = x.length;
        if (n < 4) {
            return 0;
        }
        // Suffix sums: each candidate's mean and squares in O(1).
        double[] sum = new double[n + 1];
        double[] squares = new double[n + 1];
        for (int i = n - 1; i >= 0; i--) {
            sum[i] = sum[i + 1] + x[i];
            squares[i] = squares[i + 1] + x[i] * x[i];
        }
        double[] score = new double[n / 2 + 1];
        double least = Double.POSITIVE_INFINITY;
        for (int d = 0; d <= n / 2; d++) {
            int m = n - d;
            score[d] = Math.max(0, squares[d] - sum[d] * sum[d] / m) / ((double) m * m);
            least = Math.min(least, score[d]);
        }
        // MSER's own minimum tends to lie late (a calm stretch at the end scores well): the earliest
        // cut nearly as good keeps what is steady.
        int best = 0;
        while (score[best] > NEARLY * least) {
            best++;
        }
        double bestScore = score[best];
        return bestScore <= LEAST_GAIN * score[0] ? best : 0;
    }
}
