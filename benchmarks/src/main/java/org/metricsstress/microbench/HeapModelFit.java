package org.metricsstress.microbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.hipparchus.stat.regression.OLSMultipleLinearRegression;
import org.metricsstress.result.OpenNmsCacheHeap;

/**
 * The constants of {@link OpenNmsCacheHeap}'s entry models, fitted to what
 * {@link OpenNmsCacheHeapBench} measured: least squares over every shape, printed with the fit's
 * worst error.
 */
final class HeapModelFit {
    private HeapModelFit() {}

    /** Least squares of the group and interface models over every measured shape; prints the constants. */
    static void fit(List<OpenNmsCacheHeapBench.Measured> all) {
        List<double[]> gx = new ArrayList<>();
        List<Double> gy = new ArrayList<>();
        List<double[]> ix = new ArrayList<>();
        List<Double> iy = new ArrayList<>();
        for (OpenNmsCacheHeapBench.Measured m : all) {
            OpenNmsCacheHeapBench.Shape s = m.shape();
            double p = s.pathElements();
            double c = m.groupIdChars();
            gx.add(new double[] {1, s.metrics(), p, c, p * c});
            gy.add(m.group());
            if (m.interfaceEntries() > 0) {
                ix.add(new double[] {1, s.strings() * OpenNmsCacheHeapBench.GROUPS, c - OpenNmsCacheHeap.GROUP_SUFFIX_CHARS});
                iy.add(m.iface());
            }
        }
        double[] g = leastSquares(gx, gy);
        double[] f = leastSquares(ix, iy);
        System.out.printf(Locale.ROOT, "%nfit, group entry = %.2f + %.3f*metrics + %.3f*pathElements + %.4f*idChars + %.4f*pathElements*idChars%n",
                g[0], g[1], g[2], g[3], g[4]);
        System.out.printf(Locale.ROOT, "fit, interface entry = %.2f + %.3f*stringAttributes + %.4f*idChars%n", f[0], f[1], f[2]);
        double worstG = 0;
        double worstI = 0;
        for (OpenNmsCacheHeapBench.Measured m : all) {
            OpenNmsCacheHeapBench.Shape s = m.shape();
            double c = m.groupIdChars();
            double pg = g[0] + g[1] * s.metrics() + g[2] * s.pathElements() + g[3] * c + g[4] * s.pathElements() * c;
            worstG = Math.max(worstG, Math.abs(pg - m.group()) / m.group());
            if (m.interfaceEntries() > 0) {
                double pi = f[0] + f[1] * s.strings() * OpenNmsCacheHeapBench.GROUPS + f[2] * (c - OpenNmsCacheHeap.GROUP_SUFFIX_CHARS);
                worstI = Math.max(worstI, Math.abs(pi - m.iface()) / m.iface());
            }
        }
        System.out.printf(Locale.ROOT, "fit's worst relative error: group %.1f%%, interface %.1f%%%n", 100 * worstG, 100 * worstI);
    }

    /** Ordinary least squares (Hipparchus, by QR); each row carries its own constant term, so no intercept is added. */
    static double[] leastSquares(List<double[]> x, List<Double> y) {
        OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
        ols.setNoIntercept(true);
        ols.newSampleData(y.stream().mapToDouble(Double::doubleValue).toArray(), x.toArray(new double[0][]));
        return ols.estimateRegressionParameters();
    }
}
