package org.metricsstress.sizing;

import java.util.ArrayList;
import java.util.List;
import org.hipparchus.linear.DecompositionSolver;
import org.hipparchus.linear.LUDecomposition;
import org.hipparchus.linear.MatrixUtils;
import org.hipparchus.linear.RealMatrix;
import org.hipparchus.linear.RealVector;

/**
 * The USL's least squares on the law's linear form {@code y = N / C = a + b (N - 1) + c N (N - 1)}
 * ({@code lambda = 1 / a}, {@code sigma = b / a}, {@code kappa = c / a}), under the law's
 * constraints, all linear in {@code (a, b, c)}: {@code b >= 0} and {@code c >= 0} (sigma and kappa
 * cannot be negative), and for each lower bound (an at-least point at {@code N} with rate {@code R})
 * {@code C(N) >= R}, i.e. {@code a + b (N - 1) + c N (N - 1) <= N / R}. Only the measured points
 * are in the sum of squares, each weighted by {@code 1 / y^2} so that its relative error is what
 * counts (a cluster of 16 nodes counts as much as one of 2); a lower bound never pulls the curve
 * down, it only holds it up where the measured points alone would leave it below.
 *
 * <p>A convex quadratic under a few linear inequalities: its optimum is the least squares with some
 * of the constraints held as equalities (its active set). With three unknowns at most three are
 * active, so every such set is solved (its KKT system) and the feasible solution with the smallest
 * sum of squares wins; ties go to the one holding fewer constraints.
 */
final class UslLeastSquares {
    private UslLeastSquares() {}

    /**
     * The constrained optimum.
     *
     * @param abc        the coefficients of the linear form
     * @param sigmaHeld  b held at 0 (the unconstrained fit wants it negative)
     * @param kappaHeld  c held at 0
     * @param raisedBy   the lower bounds the curve is held up to (it would fall below them otherwise)
     */
    record Solution(double[] abc, boolean sigmaHeld, boolean kappaHeld, List<ScalePoint> raisedBy) {}

    /** Regressors of the linear form at {@code n} nodes. */
    static double[] row(double n) {
        return new double[] {1, n - 1, n * (n - 1)};
    }

    /**
     * Column scales (the largest regressor of each column) and the mean of y over the measured
     * points: the system is solved on scaled figures, whose entries are near 1, so that a pivot's
     * size says something about singularity whatever the sizes and rates.
     */
    record Scale(double[] columns, double y) {
        static Scale of(List<ScalePoint> measured, List<ScalePoint> bounds) {
            double[] c = {1, 1, 1};
            double y = 0;
            for (ScalePoint p : measured) {
                y += p.nodes() / p.samplesPerSecond() / measured.size();
            }
            List<ScalePoint> all = new ArrayList<>(measured);
            all.addAll(bounds);
            for (ScalePoint p : all) {
                double[] x = row(p.nodes());
                for (int j = 0; j < 3; j++) {
                    c[j] = Math.max(c[j], Math.abs(x[j]));
                }
            }
            return new Scale(c, y);
        }

        double[] x(double n) {
            double[] x = row(n);
            for (int j = 0; j < 3; j++) {
                x[j] /= columns[j];
            }
            return x;
        }

        /** The weighted normal matrix of the measured points, scaled: {@code sum x x' / y^2}. */
        RealMatrix normal(List<ScalePoint> measured) {
            RealMatrix m = MatrixUtils.createRealMatrix(3, 3);
            for (ScalePoint p : measured) {
                double yp = p.nodes() / p.samplesPerSecond() / y;
                double w = 1 / (yp * yp);
                double[] x = x(p.nodes());
                for (int i = 0; i < 3; i++) {
                    for (int j = 0; j < 3; j++) {
                        m.addToEntry(i, j, w * x[i] * x[j]);
                    }
                }
            }
            return m;
        }
    }

    /** Three or more measured points at distinct sizes; null when no admissible solution exists. */
    static Solution solve(List<ScalePoint> measured, List<ScalePoint> bounds) {
        Scale s = Scale.of(measured, bounds);
        RealMatrix normal = s.normal(measured);
        double[] g = new double[3];
        for (ScalePoint p : measured) {
            double yp = p.nodes() / p.samplesPerSecond() / s.y();
            double w = 1 / (yp * yp);
            double[] x = s.x(p.nodes());
            for (int i = 0; i < 3; i++) {
                g[i] += w * x[i] * yp;
            }
        }
        // Constraints as rows r . beta <= d: -b <= 0, -c <= 0, and each bound's x . beta <= y.
        List<double[]> rows = new ArrayList<>();
        List<Double> limits = new ArrayList<>();
        rows.add(new double[] {0, -1, 0});
        limits.add(0.0);
        rows.add(new double[] {0, 0, -1});
        limits.add(0.0);
        for (ScalePoint b : bounds) {
            rows.add(s.x(b.nodes()));
            limits.add(b.nodes() / b.samplesPerSecond() / s.y());
        }
        double[] best = null;
        List<Integer> bestActive = null;
        double bestObjective = Double.POSITIVE_INFINITY;
        for (List<Integer> active : subsets(rows.size(), 3)) {
            double[] beta = kkt(normal, g, rows, limits, active);
            if (beta == null || !feasible(beta, rows, limits)) {
                continue;
            }
            double objective = objective(beta, measured, s);
            if (best == null || objective < bestObjective - 1e-12 * Math.max(1, bestObjective)) {
                best = beta;
                bestActive = active;
                bestObjective = objective;
            }
        }
        if (best == null) {
            return null;
        }
        double[] abc = new double[3];
        for (int j = 0; j < 3; j++) {
            // beta'_j = beta_j c_j / y: undo both scales; a bound's or a held coefficient's tiny
            // negative (rounding) is 0.
            abc[j] = Math.max(j == 0 ? Double.NEGATIVE_INFINITY : 0, best[j] * s.y() / s.columns()[j]);
        }
        List<ScalePoint> raised = new ArrayList<>();
        for (int k : bestActive) {
            if (k >= 2) {
                raised.add(bounds.get(k - 2));
            }
        }
        return new Solution(abc, bestActive.contains(0), bestActive.contains(1), List.copyOf(raised));
    }

    /** Least squares with the constraints in {@code active} as equalities; null when singular. */
    private static double[] kkt(RealMatrix normal, double[] g, List<double[]> rows, List<Double> limits,
            List<Integer> active) {
        int k = active.size();
        RealMatrix m = MatrixUtils.createRealMatrix(3 + k, 3 + k);
        m.setSubMatrix(normal.getData(), 0, 0);
        double[] rhs = new double[3 + k];
        System.arraycopy(g, 0, rhs, 0, 3);
        for (int i = 0; i < k; i++) {
            double[] r = rows.get(active.get(i));
            for (int j = 0; j < 3; j++) {
                m.setEntry(3 + i, j, r[j]);
                m.setEntry(j, 3 + i, r[j]);
            }
            rhs[3 + i] = limits.get(active.get(i));
        }
        DecompositionSolver solver = new LUDecomposition(m, 1e-12).getSolver();
        if (!solver.isNonSingular()) {
            return null;
        }
        RealVector x = solver.solve(MatrixUtils.createRealVector(rhs));
        double[] beta = {x.getEntry(0), x.getEntry(1), x.getEntry(2)};
        for (double v : beta) {
            if (!Double.isFinite(v)) {
                return null;
            }
        }
        return beta;
    }

    private static boolean feasible(double[] beta, List<double[]> rows, List<Double> limits) {
        if (!(beta[0] > 0)) {
            return false;
        }
        for (int i = 0; i < rows.size(); i++) {
            double[] r = rows.get(i);
            double lhs = r[0] * beta[0] + r[1] * beta[1] + r[2] * beta[2];
            if (lhs > limits.get(i) + 1e-9 * Math.max(1, Math.abs(limits.get(i)))) {
                return false;
            }
        }
        return true;
    }

    private static double objective(double[] beta, List<ScalePoint> measured, Scale s) {
        double sum = 0;
        for (ScalePoint p : measured) {
            double yp = p.nodes() / p.samplesPerSecond() / s.y();
            double[] x = s.x(p.nodes());
            double e = (x[0] * beta[0] + x[1] * beta[1] + x[2] * beta[2] - yp) / yp;
            sum += e * e;
        }
        return sum;
    }

    /** Every subset of {0..n-1} of at most {@code most} elements, smaller ones first. */
    private static List<List<Integer>> subsets(int n, int most) {
        List<List<Integer>> out = new ArrayList<>();
        out.add(List.of());
        for (int size = 1; size <= most; size++) {
            List<List<Integer>> next = new ArrayList<>();
            for (List<Integer> s : out) {
                if (s.size() == size - 1) {
                    int from = s.isEmpty() ? 0 : s.get(s.size() - 1) + 1;
                    for (int i = from; i < n; i++) {
                        List<Integer> t = new ArrayList<>(s);
                        t.add(i);
                        next.add(List.copyOf(t));
                    }
                }
            }
            out.addAll(next);
        }
        return out;
    }
}
