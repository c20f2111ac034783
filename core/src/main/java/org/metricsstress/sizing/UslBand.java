package org.metricsstress.sizing;

import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.distribution.TDistribution;
import org.hipparchus.linear.LUDecomposition;

/**
 * How sure the answer by throughput is: the nodes where the fitted curve's confidence band reaches
 * the need. The fit is linear least squares in {@code y = N / C} (weighted by {@code 1 / y^2}, see
 * {@link Usl}), so the usual band applies: the points' relative residuals estimate the scatter
 * {@code s} with {@code measured - 3} degrees of freedom, the fit's covariance is
 * {@code s^2 (X' W X)^-1}, and at each size {@code y} lies within {@code t s_y(N)} of the fitted
 * one with the band's confidence ({@code t} Student's, from Commons Statistics, for that few degrees of
 * freedom). Where the true curve reaches the need its {@code y} is inside the band, so the true
 * answer lies between the first size where the optimistic edge reaches the need and the first
 * where the pessimistic edge does. The covariance is that of all three coefficients even when one
 * is held at 0 or the curve is raised to a lower bound: holding a coefficient narrows the fit's
 * spread, and a band that ignored that would be too narrow.
 *
 * <p>With as many measured points as coefficients there are no residuals to estimate {@code s}
 * from: no interval, and {@link #reason} says so. The band is computed whether or not the fitted
 * curve reaches the need: where it does not, the points may still allow a size that does.
 */
final class UslBand {
    /** The band's two-sided level. */
    static final double CONFIDENCE = 0.95;

    private UslBand() {}

    /** Why no interval can be given for this fit; null when one can. */
    static String reason(Usl.Fit fit) {
        if (fit.degreesOfFreedom() > 0) {
            return null;
        }
        return String.format(Locale.ROOT, "%d measured points for the law's %d coefficients: the curve is fitted "
                + "to them with nothing left over, so no error or interval can be estimated from them: they can fit "
                + "the curve, not predict from it; measure at a fourth size", fit.measured().size(), Usl.COEFFICIENTS);
    }

    /**
     * What the band says of {@code need}: the interval of nodes where its optimistic edge reaches it
     * (null when no size up to {@link Usl#MOST_NODES} does), and the most any size does at each edge.
     *
     * @param interval        the nodes; null when even the optimistic edge never reaches the need
     * @param pessimisticMost the most any size does at the band's pessimistic edge (over every size only
     *                        when {@code interval} is null: the scan stops where the pessimistic edge reaches)
     * @param optimisticMost  the most at its optimistic edge, likewise
     */
    record Reach(NodesInterval interval, double pessimisticMost, double optimisticMost) {}

    /**
     * The band at {@code need}, computed whether or not the fitted curve itself reaches it: a point
     * estimate that misses the need by a little says nothing certain when the points scatter.
     * Null when {@link #reason} is not.
     */
    static Reach reach(Usl.Fit fit, double need) {
        if (reason(fit) != null) {
            return null;
        }
        List<ScalePoint> measured = fit.measured();
        Usl u = fit.usl();
        int df = fit.degreesOfFreedom();
        double ss = 0;
        for (ScalePoint p : measured) {
            double y = p.nodes() / p.samplesPerSecond();
            double e = (y - p.nodes() / u.capacity(p.nodes())) / y;
            ss += e * e;
        }
        double s = Math.sqrt(ss / df);
        double t = TDistribution.of(df).inverseCumulativeProbability(0.5 + CONFIDENCE / 2);
        UslLeastSquares.Scale scale = UslLeastSquares.Scale.of(measured, List.of());
        double[][] inverse = new LUDecomposition(scale.normal(measured)).getSolver().getInverse().getData();
        Integer low = null;
        Integer high = null;
        double pessimisticMost = 0;
        double optimisticMost = 0;
        // Every size up to MOST_NODES when no edge stops the scan: written out (no array per size),
        // as it runs a million times for a need beyond the curve's reach.
        double c1 = scale.columns()[1];
        double c2 = scale.columns()[2];
        double a00 = inverse[0][0];
        double a11 = inverse[1][1];
        double a22 = inverse[2][2];
        double a01 = inverse[0][1] + inverse[1][0];
        double a02 = inverse[0][2] + inverse[2][0];
        double a12 = inverse[1][2] + inverse[2][1];
        double spread = t * s * scale.y();
        for (int n = 1; n <= Usl.MOST_NODES && high == null; n++) {
            double y = (1 + u.sigma() * (n - 1) + u.kappa() * (double) n * (n - 1)) / u.lambda();
            double x1 = (n - 1) / c1;
            double x2 = (double) n * (n - 1) / c2;
            double q = a00 + a11 * x1 * x1 + a22 * x2 * x2 + a01 * x1 + a02 * x2 + a12 * x1 * x2;
            double half = spread * Math.sqrt(Math.max(0, q));
            // Optimistic edge: a y at or below 0 is a capacity beyond any need.
            double optimistic = y - half <= 0 ? Double.POSITIVE_INFINITY : n / (y - half);
            double pessimistic = n / (y + half);
            optimisticMost = Math.max(optimisticMost, optimistic);
            pessimisticMost = Math.max(pessimisticMost, pessimistic);
            if (low == null && optimistic >= need) {
                low = n;
            }
            if (pessimistic >= need) {
                high = n;
            }
            // The pessimistic edge is below the fitted curve, which past its peak only falls: once the
            // curve is there below the need, no larger size can be the interval's upper edge.
            if (low != null && n > u.peakNodes() && u.capacity(n) < need) {
                break;
            }
        }
        if (low == null) {
            return new Reach(null, pessimisticMost, optimisticMost);
        }
        String method = String.format(Locale.ROOT, "the sizes where the fit's %.0f%% confidence band reaches the need "
                + "(the %d measured points scatter %.1f%% about the curve; %d degree%s of freedom, Student's t %.2f)",
                100 * CONFIDENCE, measured.size(), 100 * s, df, df == 1 ? "" : "s", t);
        String highMissing = high != null ? null : String.format(Locale.ROOT, "at the band's pessimistic edge no "
                + "size up to %,d nodes reaches %,.0f samples/s: the measured points do not rule out that the "
                + "need is beyond the curve's reach", Usl.MOST_NODES, need);
        return new Reach(new NodesInterval(CONFIDENCE, low, high, highMissing, method), pessimisticMost, optimisticMost);
    }
}
