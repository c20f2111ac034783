package org.metricsstress.stats;

import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * How many intervals or runs per side would tell a given change from noise: the usual two-sample
 * size for a two-sided test at 95% with 80% power, {@code 2 (z(0.975) + z(0.8))^2 var / delta^2},
 * with the variance of one unit as it bears on a mean (an interval's long-run variance, or a run's).
 */
public final class DetectableChange {
    /** The power asked for: the chance to see a change of the size asked about. */
    public static final double POWER = 0.8;
    /** More than this is said as "more than": no one runs it. */
    public static final int MOST = 100_000;

    private static final double Z = new NormalDistribution(null, 0, 1).inverseCumulativeProbability(0.5 + DifferenceInterval.LEVEL / 2)
            + new NormalDistribution(null, 0, 1).inverseCumulativeProbability(POWER);

    private DetectableChange() {}

    /**
     * Units per side; -1 when more than {@link #MOST} or the change is 0.
     *
     * @param unitVariance the variance of one unit (interval or run) on the figure's scale
     * @param change       the change to detect, on that scale
     */
    public static int unitsPerSide(double unitVariance, double change) {
        if (!(Math.abs(change) > 0)) {
            return -1;
        }
        double units = 2 * Z * Z * unitVariance / (change * change);
        return units > MOST ? -1 : (int) Math.max(2, Math.ceil(units));
    }
}
