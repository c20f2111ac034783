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
 * from: no interval, and {@link #reason} says so.
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
                + "to them with nothing left over, so no error or interval can be estimated from them; measure at "
                + "a fourth size", fit.measured().size(), Usl.COEFFICIENTS);
    }

    /** The interval of nodes for {@code need}; null when {@link #reason} is not. */
    static NodesInterval nodesFor(Usl.Fit fit, double need) {
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
        for (int n = 1; n <= Usl.MOST_NODES && high == null; n++) {
            double y = n / u.capacity(n);
            double[] x = scale.x(n);
            double q = 0;
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    q += x[i] * inverse[i][j] * x[j];
                }
            }
            double half = t * s * scale.y() * Math.sqrt(Math.max(0, q));
            // Optimistic edge: a y at or below 0 is a capacity beyond any need.
            if (low == null && (y - half <= 0 || n / (y - half) >= need)) {
                low = n;
            }
            if (n / (y + half) >= need) {
                high = n;
            }
        }
        if (low == null) {
            return null;
        }
        String method = String.format(Locale.ROOT, "the sizes where the fit's %.0f%% confidence band reaches the need "
                + "(the %d measured points scatter %.1f%% about the curve; %d degree%s of freedom, Student's t %.2f)",
                100 * CONFIDENCE, measured.size(), 100 * s, df, df == 1 ? "" : "s", t);
        String highMissing = high != null ? null : String.format(Locale.ROOT, "at the band's pessimistic edge no "
                + "size up to %,d nodes reaches %,.0f samples/s: the measured points do not rule out that the "
                + "need is beyond the curve's reach", Usl.MOST_NODES, need);
        return new NodesInterval(CONFIDENCE, low, high, highMissing, method);
    }
}
