package org.metricsstress.stats;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Holm's step-down correction over a family of tests: the chance that any true null is rejected
 * stays at or below the family's level whatever the dependence between the tests (Holm, 1979). A
 * verdict that fails when any of eight figures is worse would otherwise raise a false alarm in
 * about one comparison in eight when each figure is tested at 95% on its own; Holm is chosen over
 * Bonferroni because it is never less powerful, and over corrections that assume independence or
 * positive dependence (Hochberg, Simes) because a run's figures are correlated in ways no one knows.
 */
public final class FamilyCorrection {
    /** The false-alarm rate allowed to a verdict over a whole family. */
    public static final double LEVEL = 0.05;

    private FamilyCorrection() {}

    /**
     * Holm's adjusted p-values: the i-th smallest p times (m - i + 1), kept at least as large as the
     * one before and at most 1. A test is rejected at the family's level when its adjusted p is at or
     * below it.
     *
     * @param p one p-value per test of the family, each in [0, 1]
     */
    public static double[] holm(double[] p) {
        int m = p.length;
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
        double[] adjusted = new double[m];
        double running = 0;
        for (int rank = 0; rank < m; rank++) {
            int i = order[rank];
            running = Math.max(running, Math.min(1, (m - rank) * p[i]));
            adjusted[i] = running;
        }
        return adjusted;
    }
}
