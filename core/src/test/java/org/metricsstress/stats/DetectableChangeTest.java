package org.metricsstress.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DetectableChangeTest {

    /**
     * The units it states, drawn 4,000 times with compare's rule applied to each draw (runs as units,
     * Welch's interval, worse beyond the bound, significant at 95% and at the family's one-sided
     * level): the rule flags a true change of twice the bound about 80% of the time.
     */
    @Test
    void theStatedUnitsGiveCompareItsStatedPowerUnderItsOwnRule() {
        double sd = 0.05;
        double bound = 0.05;
        double level = FamilyCorrection.LEVEL / 8;
        int n = DetectableChange.unitsPerSide(sd * sd, bound, 1, level, 2);
        assertTrue(n >= 2, "units " + n);
        Random random = new Random(3);
        int draws = 4000;
        int flagged = 0;
        for (int k = 0; k < draws; k++) {
            double[] a = new double[n];
            double[] b = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = sd * random.nextGaussian();
                b[i] = DetectableChange.TRUE_OVER_BOUND * bound + sd * random.nextGaussian();
            }
            MeanEstimate ea = MeanEstimate.of(a, MeanEstimate.Dependence.INDEPENDENT);
            MeanEstimate eb = MeanEstimate.of(b, MeanEstimate.Dependence.INDEPENDENT);
            DifferenceInterval ci = DifferenceInterval.welch(eb.mean() - ea.mean(), ea.standardError(), n - 1,
                    eb.standardError(), n - 1);
            boolean rule = ci.significant() && ci.difference() > bound && ci.pTowards(true) <= level;
            flagged += rule ? 1 : 0;
        }
        double power = (double) flagged / draws;
        System.out.printf(Locale.ROOT, "DetectableChange: %d runs per side, the rule flagged twice the bound in %.1f%%%n",
                n, 100 * power);
        assertTrue(power >= 0.77 && power <= 0.86, "power " + power);
        // One unit fewer falls short of the power: the least that reaches it.
        assertTrue(DetectableChange.power(n - 1, sd * sd, bound, 1, level) < DetectableChange.POWER);
    }

    @Test
    void neverFewerThanCompareJudgesAndAChangeOfTheBoundItselfIsFlaggedAtMostHalfTheTime() {
        assertEquals(10, DetectableChange.unitsPerSide(1e-12, 0.05, 1, 0.05, 10));
        assertEquals(-1, DetectableChange.unitsPerSide(1, 0, 1, 0.05, 10));
        // At any size the rule's threshold is at least the bound: a true change of the bound is half or less.
        double halfBound = DetectableChange.power(100_000, 1e-6, 0.05, 1, 0.05);
        assertTrue(halfBound > 0.99, "twice the bound, many units: " + halfBound);
    }
}
