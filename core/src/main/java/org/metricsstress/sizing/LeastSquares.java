package org.metricsstress.sizing;

import java.util.List;

/**
 * Weighted linear least squares by its normal equations, solved by Gaussian elimination with
 * partial pivoting: a handful of unknowns. The fit of OpenNMS's cache-entry model to what the heap
 * benchmark measured uses it (benchmarks, which does not depend on commons-math); the USL's fit,
 * which has constraints and a confidence band, is {@link UslLeastSquares} on commons-math.
 */
public final class LeastSquares {
    private LeastSquares() {}

    /**
     * The coefficients {@code b} minimising {@code sum w (x . b - y)^2} over the rows; null when the
     * system is singular.
     *
     * @param x       one row of regressors per observation, all of one length
     * @param y       the observations
     * @param weights one per observation; null weighs every one 1
     */
    public static double[] solve(List<double[]> x, List<Double> y, List<Double> weights) {
        int k = x.get(0).length;
        double[][] m = new double[k][k + 1];
        for (int r = 0; r < x.size(); r++) {
            double[] row = x.get(r);
            double w = weights == null ? 1 : weights.get(r);
            for (int i = 0; i < k; i++) {
                for (int j = 0; j < k; j++) {
                    m[i][j] += w * row[i] * row[j];
                }
                m[i][k] += w * row[i] * y.get(r);
            }
        }
        for (int c = 0; c < k; c++) {
            int pivot = c;
            for (int r = c + 1; r < k; r++) {
                if (Math.abs(m[r][c]) > Math.abs(m[pivot][c])) {
                    pivot = r;
                }
            }
            if (Math.abs(m[pivot][c]) < 1e-300) {
                return null;
            }
            double[] t = m[c];
            m[c] = m[pivot];
            m[pivot] = t;
            for (int r = 0; r < k; r++) {
                if (r != c) {
                    double f = m[r][c] / m[c][c];
                    for (int j = c; j <= k; j++) {
                        m[r][j] -= f * m[c][j];
                    }
                }
            }
        }
        double[] b = new double[k];
        for (int i = 0; i < k; i++) {
            b[i] = m[i][k] / m[i][i];
        }
        return b;
    }
}
