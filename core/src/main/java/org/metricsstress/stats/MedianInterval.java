package org.metricsstress.stats;

import java.util.Arrays;
import org.apache.commons.statistics.distribution.BinomialDistribution;

/**
 * The median of repeated measurements (find-max's searches, bench's ratios) with a distribution-free
 * interval: two order statistics, chosen as the narrowest pair that holds the true median with at
 * least 95% confidence, whose confidence is exact whatever the measurements' distribution (each
 * measurement falls below the median with probability 1/2). With few repeats no pair reaches 95%:
 * the interval is then the lowest and highest value, and its level is said as it is, e.g. 75% for
 * three repeats, 94% for five; six reach 97%.
 *
 * @param n      measurements
 * @param median their median
 * @param low    the interval's lower end: the j-th smallest value
 * @param high   its upper end: the j-th largest
 * @param level  the confidence that the interval holds the median, 0 to 1 (0 for one measurement)
 */
public record MedianInterval(int n, double median, double low, double high, double level) {

    /** @param values one or more */
    public static MedianInterval of(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("a median needs one value or more");
        }
        double[] x = values.clone();
        Arrays.sort(x);
        int n = x.length;
        double median = n % 2 == 1 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
        if (n == 1) {
            return new MedianInterval(1, median, x[0], x[0], 0);
        }
        BinomialDistribution below = BinomialDistribution.of(n, 0.5);
        // [x(j), x(n-j+1)] (1-based) misses the median when fewer than j values fall below it, or fewer
        // than j above it: probability 2 P(Bin(n, 1/2) <= j - 1). The largest j that keeps 95% is the narrowest.
        int best = 1;
        for (int j = 1; j <= n / 2; j++) {
            if (1 - 2 * below.cumulativeProbability(j - 1) >= DifferenceInterval.LEVEL) {
                best = j;
            }
        }
        double level = 1 - 2 * below.cumulativeProbability(best - 1);
        return new MedianInterval(n, median, x[best - 1], x[n - best], level);
    }
}
