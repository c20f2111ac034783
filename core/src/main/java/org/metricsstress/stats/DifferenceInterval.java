package org.metricsstress.stats;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A difference B - A with its confidence interval: Welch's t interval, its degrees of freedom by
 * Welch and Satterthwaite from each side's own, so that two sides of unequal noise or length are
 * each given their due. A side without spread (every value the same) adds no error; two such sides
 * give an exact difference.
 *
 * @param difference       B - A
 * @param low              the interval's lower end
 * @param high             its upper end
 * @param degreesOfFreedom of the t distribution used; 0 for an exact difference
 */
public record DifferenceInterval(double difference, double low, double high, double degreesOfFreedom) {

    /** The confidence of every interval this tool prints. */
    public static final double LEVEL = 0.95;

    /** Whether the difference is told apart from none: the interval does not reach 0. */
    public boolean significant() {
        return low > 0 || high < 0;
    }

    /** The standard error the interval was built from: its half-width over t(df); 0 when exact. */
    public double standardError() {
        return exact() ? 0 : (high - low) / 2 / t(degreesOfFreedom, 0.5 + LEVEL / 2);
    }

    /**
     * The one-sided p-value that the true difference is 0 against its being on the side given: the
     * chance of a difference this far that way were there none. 1 or 0 for an exact difference.
     *
     * @param upward the side asked about: true for a difference above 0
     */
    public double pTowards(boolean upward) {
        double toward = upward ? difference : -difference;
        if (exact()) {
            return toward > 0 ? 0 : 1;
        }
        return 1 - TDistribution.of(degreesOfFreedom).cumulativeProbability(toward / standardError());
    }

    /** The {@code probability} quantile of Student's t with {@code df} degrees of freedom (at least 1). */
    public static double t(double df, double probability) {
        return TDistribution.of(Math.max(1, df)).inverseCumulativeProbability(probability);
    }

    /** Whether both sides were without spread: the difference is what it is. */
    public boolean exact() {
        return degreesOfFreedom == 0;
    }

    /**
     * @param difference the difference to centre on (B - A, in the figure's units)
     * @param seA        A's standard error in those units, 0 without spread
     * @param dfA        its degrees of freedom
     * @param seB        B's
     * @param dfB        its degrees of freedom
     */
    public static DifferenceInterval welch(double difference, double seA, double dfA, double seB, double dfB) {
        double va = seA * seA;
        double vb = seB * seB;
        double v = va + vb;
        if (!(v > 0)) {
            return new DifferenceInterval(difference, difference, difference, 0);
        }
        double df = v * v / ((va > 0 ? va * va / dfA : 0) + (vb > 0 ? vb * vb / dfB : 0));
        return around(difference, Math.sqrt(v), df);
    }

    /** {@code difference} plus or minus t(df) standard errors. */
    public static DifferenceInterval around(double difference, double standardError, double df) {
        if (!(standardError > 0)) {
            return new DifferenceInterval(difference, difference, difference, 0);
        }
        double t = t(df, 0.5 + LEVEL / 2);
        return new DifferenceInterval(difference, difference - t * standardError, difference + t * standardError,
                Math.max(1, df));
    }
}
