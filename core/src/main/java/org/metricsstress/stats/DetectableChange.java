package org.metricsstress.stats;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * How many intervals or runs per side compare's own rule needs to flag a given true worsening 80%
 * of the time. The rule flags a figure when its estimate is worse beyond the bound <em>and</em>
 * significant at the level the family's correction leaves it: with the estimate {@code d ~ delta +
 * se T(df)}, that is {@code P(d > max(bound, c se))}, {@code c} the larger of t(df) at the figure's
 * own 95% and at the family's one-sided level. So a true change equal to the bound is flagged at
 * most half the time however many units are run: the size asked about is a true change of
 * {@link #TRUE_OVER_BOUND} times the bound. Student's t, not the normal, because a handful of runs
 * has few degrees of freedom; {@code df} for n units per side is Welch's for two equal sides,
 * {@code 2 (n_eff - 1)}, with {@code n_eff} the units' worth as independent values.
 */
public final class DetectableChange {
    /** The power asked for: the chance to flag a change of the size asked about. */
    public static final double POWER = 0.8;
    /** The true change asked about, over the bound: a change of the bound itself is flagged at most half the time. */
    public static final double TRUE_OVER_BOUND = 2;
    /** More than this is said as "more than": no one runs it. */
    public static final int MOST = 100_000;

    private DetectableChange() {}

    /**
     * Units per side; -1 when more than {@link #MOST} or the bound is 0.
     *
     * @param unitVariance     the variance of one unit (interval or run) as it bears on a mean, on the figure's scale
     * @param bound            the change compare allows, on that scale (above 0)
     * @param independentShare each unit's worth as an independent value (effective n over n; 1 for runs)
     * @param oneSidedLevel    the one-sided level the family's correction leaves the figure (0.05 / figures)
     * @param minimum          the fewest units per side compare judges
     */
    public static int unitsPerSide(double unitVariance, double bound, double independentShare, double oneSidedLevel,
            int minimum) {
        if (!(Math.abs(bound) > 0) || !(unitVariance >= 0)) {
            return -1;
        }
        // The normal answer is a lower bound (t's quantiles are wider): start there and step up, so that
        // few t quantiles are computed (compare sizes every figure of every comparison).
        double v = Math.max(0, unitVariance);
        double b = Math.abs(bound);
        double delta = TRUE_OVER_BOUND * b;
        NormalDistribution z = NormalDistribution.of(0, 1);
        double zc = z.inverseCumulativeProbability(Math.max(0.5 + DifferenceInterval.LEVEL / 2, 1 - oneSidedLevel));
        double zp = z.inverseCumulativeProbability(POWER);
        double seMost = Math.min((delta - b) / zp, delta / (zc + zp));
        double normal = 2 * v / (seMost * seMost);
        if (normal > MOST) {
            return -1;
        }
        int low = Math.max(minimum, (int) Math.ceil(normal)) - 1;
        if (low < minimum) {
            low = minimum - 1;
        }
        int high = low + 1;
        while (power(high, v, bound, independentShare, oneSidedLevel) < POWER) {
            if (high > MOST) {
                return -1;
            }
            low = high;
            high = high + Math.max(1, high / 10);
        }
        while (high - low > 1) {
            int mid = (low + high) >>> 1;
            if (power(mid, v, bound, independentShare, oneSidedLevel) >= POWER) {
                high = mid;
            } else {
                low = mid;
            }
        }
        return high > MOST ? -1 : Math.max(minimum, high);
    }

    /** The chance that compare's rule flags a true change of {@link #TRUE_OVER_BOUND} bounds with n units per side. */
    public static double power(int n, double unitVariance, double bound, double independentShare, double oneSidedLevel) {
        double b = Math.abs(bound);
        double delta = TRUE_OVER_BOUND * b;
        double se = Math.sqrt(2 * unitVariance / n);
        if (se == 0) {
            return 1;
        }
        double df = Math.max(1, 2 * (n * Math.min(1, independentShare) - 1));
        double c = Math.max(DifferenceInterval.t(df, 0.5 + DifferenceInterval.LEVEL / 2),
                DifferenceInterval.t(df, 1 - oneSidedLevel));
        double threshold = Math.max(b, c * se);
        return 1 - TDistribution.of(df)
                .cumulativeProbability((threshold - delta) / se);
    }
}
