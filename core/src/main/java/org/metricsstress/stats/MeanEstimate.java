package org.metricsstress.stats;

/**
 * The mean of a series of per-interval figures and how sure it is.
 *
 * <p>A run's intervals are not independent: a compaction, a GC pause or a cache filling up spans
 * several of them, so the naive standard error s / sqrt(n) claims far more certainty than the run
 * holds (with a lag-1 autocorrelation of 0.7, about three times too little error). The series is
 * taken as a first-order autoregressive process and its correlation allowed for by an effective
 * sample size: the number of independent values that would give the mean's variance.
 *
 * <p>Two finite-series effects are corrected for, because with 60 intervals each alone moves a 95%
 * interval's coverage by some points: the lag-1 estimate is biased low by about (1 + 4 rho) / n
 * (Marriott and Pope, 1954), and the sample variance of a correlated series is biased low too
 * (its expectation is sigma^2 (n - f) / (n - 1), f below). With rho the corrected estimate (held
 * at 0 or above: a series that alternates is taken as independent, which errs wide) and
 * {@code f = 1 + 2 sum_k (1 - k/n) rho^k}, the mean's variance is estimated as
 * {@code s^2 (n - 1) f / (n (n - f))} and the effective size is {@code n (n - f) / ((n - 1) f)}.
 *
 * <p>A run's noise is not always one AR(1) process: a node warming over the run or a compaction
 * spanning a third of it adds a component far slower than the lag-1 fit sees, and the AR(1)
 * variance misses it the more the longer the run (seeded pairs of a 0.7 process plus a 0.97 one
 * carrying 30% of the variance: 22% of same-distribution pairs called significant at 240 intervals). So {@link Dependence#AR1_OR_BATCHES} also takes the variance of the means of the
 * run's four quarters (batch means, the simulation literature's estimator of a mean's variance that
 * assumes no model), and keeps whichever is larger, with its own degrees of freedom (3 for four
 * quarters): a component up to about a quarter of the run slow shows in its quarters' means. It
 * brings the same pairs to 9% at 240 intervals; at 60 a 0.97 component is a level the run cannot
 * tell from its mean (14%), which only runs as units measure. On plain AR(1) noise it only widens:
 * at 60 intervals 2.9% of same pairs significant instead of 4.0%, a 3-standard-error shift found
 * 61.8% of the time instead of 64.7% (ComparisonNoiseTest, ComparisonSlowNoiseTest; docs/reports.md).
 *
 * @param n               values in the series
 * @param mean            their mean
 * @param variance        their sample variance (n - 1 in the denominator)
 * @param autocorrelation the lag-1 autocorrelation used (bias-corrected; 0 for {@link Dependence#INDEPENDENT})
 * @param effectiveN      the number of independent values worth as much for the mean; n when independent
 * @param batches         the quarters whose means gave the mean's variance (4), or 0 when the AR(1) fit did
 */
public record MeanEstimate(int n, double mean, double variance, double autocorrelation, double effectiveN,
        int batches) {

    /** How the values of a series depend on one another. */
    public enum Dependence {
        /** First-order autoregressive: the lag-1 autocorrelation, bias-corrected, sets the effective size. */
        AR1,
        /**
         * AR(1), or the means of the series' quarters where they vary more than AR(1) allows: a slower
         * component. What compare uses.
         */
        AR1_OR_BATCHES,
        /** Independent values: no correction. Wrong for a run's intervals; kept to show what the correction does. */
        INDEPENDENT
    }

    /** The batches of the batch-means estimate: the run's quarters. */
    static final int BATCHES = 4;

    /** The fewest values in a batch: shorter quarters' means say nothing of a slower component. */
    static final int LEAST_BATCH = 5;

    /** The highest autocorrelation used: beyond it one run is worth less than two independent values. */
    static final double MOST_AUTOCORRELATION = 0.98;

    /** The standard error of the mean; 0 for a series without spread. */
    public double standardError() {
        return variance <= 0 ? 0 : Math.sqrt(variance / effectiveN);
    }

    /** Degrees of freedom of the mean's t interval: the effective size less one, at least 1; the batches less one. */
    public double degreesOfFreedom() {
        return batches > 0 ? batches - 1 : Math.max(1, effectiveN - 1);
    }

    /** The variance of one interval's value as it bears on the mean: the variance times n / effective n. */
    public double longRunVariance() {
        return variance <= 0 ? 0 : variance * n / effectiveN;
    }

    /** @param x at least two values */
    public static MeanEstimate of(double[] x, Dependence dependence) {
        int n = x.length;
        if (n < 2) {
            throw new IllegalArgumentException("a mean's error needs two values or more, not " + n);
        }
        double mean = 0;
        for (double v : x) {
            mean += v;
        }
        mean /= n;
        double ss = 0;
        double lag = 0;
        for (int t = 0; t < n; t++) {
            double d = x[t] - mean;
            ss += d * d;
            if (t + 1 < n) {
                lag += d * (x[t + 1] - mean);
            }
        }
        double variance = ss / (n - 1);
        if (ss <= 0 || dependence == Dependence.INDEPENDENT || n < 5) {
            return new MeanEstimate(n, mean, variance, 0, n, 0);
        }
        double r = lag / ss;
        double rho = Math.max(0, Math.min(MOST_AUTOCORRELATION, (n * r + 1) / (n - 4.0)));
        double f = 1;
        double power = 1;
        for (int k = 1; k < n; k++) {
            power *= rho;
            f += 2 * (1 - (double) k / n) * power;
        }
        double effective = Math.max(1, Math.min(n, n * (n - f) / ((n - 1) * f)));
        double batchEffective = dependence == Dependence.AR1_OR_BATCHES ? batchMeansEffectiveN(x, variance) : n;
        if (batchEffective < effective) {
            return new MeanEstimate(n, mean, variance, rho, batchEffective, BATCHES);
        }
        return new MeanEstimate(n, mean, variance, rho, effective, 0);
    }

    /**
     * The effective size the means of the series' last four quarters give the mean: its variance
     * estimated as {@code L s_b^2 / n}, for quarters of L values whose means have the sample variance
     * {@code s_b^2}; n when the quarters are too short to say (fewer than {@link #LEAST_BATCH} values).
     */
    private static double batchMeansEffectiveN(double[] x, double variance) {
        int n = x.length;
        int length = n / BATCHES;
        if (length < LEAST_BATCH || !(variance > 0)) {
            return n;
        }
        int from = n - BATCHES * length;
        double[] means = new double[BATCHES];
        for (int b = 0; b < BATCHES; b++) {
            double sum = 0;
            for (int t = from + b * length; t < from + (b + 1) * length; t++) {
                sum += x[t];
            }
            means[b] = sum / length;
        }
        double grand = 0;
        for (double m : means) {
            grand += m;
        }
        grand /= BATCHES;
        double ss = 0;
        for (double m : means) {
            ss += (m - grand) * (m - grand);
        }
        double meanVariance = length * (ss / (BATCHES - 1)) / n;
        return meanVariance > 0 ? Math.max(1, Math.min(n, variance / meanVariance)) : n;
    }
}
