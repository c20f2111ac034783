package org.metricsstress.sizing;

import java.util.ArrayList;
import java.util.List;

/**
 * The Universal Scalability Law (Gunther): the capacity of {@code N} nodes is
 * {@code C(N) = lambda N / (1 + sigma (N - 1) + kappa N (N - 1))}: lambda what one node does,
 * sigma the share serialised (contention), kappa the cost of nodes keeping each other coherent
 * (crosstalk). With kappa above 0 capacity peaks at {@code N* = sqrt((1 - sigma) / kappa)} and falls
 * beyond: adding nodes there stops paying.
 *
 * <p>The fit is least squares on the law's linear form, {@code N / C = a + b (N - 1) + c N (N - 1)}
 * with {@code lambda = 1 / a}, {@code sigma = b / a}, {@code kappa = c / a} (Gunther's own
 * regression), each point weighted by {@code (C / N)^2} so that what is minimised is each point's
 * relative error: a cluster of 16 nodes counts as much as one of 2. Sigma and kappa cannot be
 * negative in the law; when the best fit wants one negative it is held at 0 and the rest refitted
 * (a scaling that looks better than linear, often noise, then fits as linear).
 *
 * @param lambda samples per second of one node
 * @param sigma  contention, 0 to 1
 * @param kappa  crosstalk, 0 or above
 */
public record Usl(double lambda, double sigma, double kappa) {

    /**
     * A fit and how well it matches the points.
     *
     * @param usl                the coefficients
     * @param rmsRelativeError   the root mean square of (fitted - measured) / measured over the points
     * @param maxRelativeError   the largest |fitted - measured| / measured
     * @param held               which coefficients were held at 0 because the free fit wanted them negative
     */
    public record Fit(Usl usl, double rmsRelativeError, double maxRelativeError, List<String> held) {}

    /** Capacity of {@code n} nodes. */
    public double capacity(double n) {
        return lambda * n / (1 + sigma * (n - 1) + kappa * n * (n - 1));
    }

    /** The size of the highest capacity; infinite when kappa is 0 (capacity never falls). */
    public double peakNodes() {
        return kappa > 0 ? Math.sqrt(Math.max(0, 1 - sigma) / kappa) : Double.POSITIVE_INFINITY;
    }

    /**
     * The fewest nodes whose capacity reaches {@code samplesPerSecond}; -1 when no size does (the
     * peak is below it).
     */
    public int nodesFor(double samplesPerSecond) {
        double peak = peakNodes();
        int last = Double.isInfinite(peak) ? Integer.MAX_VALUE : (int) Math.ceil(peak);
        if (Double.isInfinite(peak) && sigma == 0 && lambda > 0) {
            return (int) Math.max(1, Math.ceil(samplesPerSecond / lambda - 1e-9));
        }
        for (int n = 1; n <= last && n < 1_000_000; n++) {
            if (capacity(n) >= samplesPerSecond * (1 - 1e-12)) {
                return n;
            }
        }
        return -1;
    }

    /** Fits the law to three or more points at distinct sizes. */
    public static Fit fit(List<ScalePoint> points) {
        if (points.size() < 3) {
            throw new IllegalArgumentException("a USL fit needs points at three or more cluster sizes, got " + points.size());
        }
        Fit best = null;
        // The free fit, then each way of holding coefficients at 0: the best that is admissible wins.
        boolean[][] frees = {{true, true}, {true, false}, {false, true}, {false, false}};
        for (boolean[] free : frees) {
            double[] abc = solve(points, free[0], free[1]);
            if (abc == null || abc[0] <= 0 || abc[1] < 0 || abc[2] < 0) {
                continue;
            }
            Usl u = new Usl(1 / abc[0], abc[1] / abc[0], abc[2] / abc[0]);
            List<String> held = new ArrayList<>();
            if (!free[0]) {
                held.add("sigma");
            }
            if (!free[1]) {
                held.add("kappa");
            }
            Fit f = errors(u, points, held);
            if (best == null || f.rmsRelativeError() < best.rmsRelativeError() - 1e-12) {
                best = f;
            }
        }
        if (best == null) {
            throw new IllegalArgumentException("no admissible USL fit for these points");
        }
        return best;
    }

    private static Fit errors(Usl u, List<ScalePoint> points, List<String> held) {
        double sum = 0;
        double max = 0;
        for (ScalePoint p : points) {
            double e = (u.capacity(p.nodes()) - p.samplesPerSecond()) / p.samplesPerSecond();
            sum += e * e;
            max = Math.max(max, Math.abs(e));
        }
        return new Fit(u, Math.sqrt(sum / points.size()), max, List.copyOf(held));
    }

    /**
     * Weighted linear least squares of {@code y = N / C} on the columns {@code 1, N - 1, N (N - 1)}
     * (those not held at 0); returns {a, b, c}, or null when the system is singular.
     */
    private static double[] solve(List<ScalePoint> points, boolean sigmaFree, boolean kappaFree) {
        List<Integer> cols = new ArrayList<>();
        cols.add(0);
        if (sigmaFree) {
            cols.add(1);
        }
        if (kappaFree) {
            cols.add(2);
        }
        int k = cols.size();
        List<double[]> rows = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        for (ScalePoint p : points) {
            double n = p.nodes();
            double y = n / p.samplesPerSecond();
            double[] all = {1, n - 1, n * (n - 1)};
            double[] row = new double[k];
            for (int i = 0; i < k; i++) {
                row[i] = all[cols.get(i)];
            }
            rows.add(row);
            ys.add(y);
            // Weight 1 / y^2: the residual of y relative to y, which is the relative error of C to first order.
            weights.add(1 / (y * y));
        }
        double[] sol = LeastSquares.solve(rows, ys, weights);
        if (sol == null) {
            return null;
        }
        double[] abc = new double[3];
        for (int i = 0; i < k; i++) {
            abc[cols.get(i)] = sol[i];
        }
        return abc;
    }
}
