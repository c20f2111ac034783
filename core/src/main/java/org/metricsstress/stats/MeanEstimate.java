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
 * @param n               values in the series
 * @param mean            their mean
 * @param variance        their sample variance (n - 1 in the denominator)
 * @param autocorrelation the lag-1 autocorrelation used (bias-corrected; 0 for {@link Dependence#INDEPENDENT})
 * @param effectiveN      the number of independent values worth as much for the mean; n when independent
 */
public record MeanEstimate(int n, double mean, double variance, double autocorrelation, double effectiveN) {

    /** How the values of a series depend on one another. */
    public enum Dependence {
        /** First-order autoregressive: the lag-1 autocorrelation, bias-corrected, sets the effective size. */
        AR1,
        /** Independent values: no correction. Wrong for a run's intervals; kept to show what the correction does. */
        INDEPENDENT
    }

    /** The highest autocorrelation used: beyond it one run is worth less than two independent values. */
    static final double MOST_AUTOCORRELATION = 0.98;

    /** The standard error of the mean; 0 for a series without spread. */
    public double standardError() {
        return variance <= 0 ? 0 : Math.sqrt(variance / effectiveN);
    }

    /** Degrees of freedom of the mean's t interval: the effective size less one, at least 1. */
    public double degreesOfFreedom() {
        return Math.max(1, effectiveN - 1);
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
            return new MeanEstimate(n, mean, variance, 0, n);
        }
        double r = lag / ss;
        double rho = Math.max(0, Math.min(MOST_AUTOCORRELATION, (n * r + 1) / (n - 4.0)));
        double f = 1;
        double power = 1;
        for (int k = 1; k < n; k++) {
            power *= rho;
            f += 2 * (1 - (double) k / n) * power;
        }
        double effective = n * (n - f) / ((n - 1) * f);
        return new MeanEstimate(n, mean, variance, rho, Math.max(1, Math.min(n, effective)));
    }
}
