package org.metricsstress.analysis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.metricsstress.analysis.SyntheticRuns.Levels;
import org.metricsstress.analysis.SyntheticRuns.Noise;
import org.metricsstress.result.StressResult;
import org.metricsstress.stats.MeanEstimate;

/**
 * compare's verdict as a whole, over {@value #PAIRS} seeded pairs of runs whose figures each carry
 * their own noise (rate, response and service p50 and p99, p99.9, client CPU: AR(1), rho 0.7, 4%),
 * as a real run's do: how often two runs of one process come out "regression" (exit 1), with the
 * figures independent and with them correlated at 0.5, and how often a real 3-standard-error
 * worsening of one figure is flagged.
 */
class ComparisonFamilyTest {
    static final int PAIRS = 1000;
    static final double SD = 0.04;
    static final double RHO = 0.7;

    /** The share of pairs whose whole verdict is a regression. */
    static double familyFalseAlarms(long seed, Noise noise) {
        Random random = new Random(seed);
        int regressions = 0;
        for (int k = 0; k < PAIRS; k++) {
            Comparison c = Comparison.of(List.of(SyntheticRuns.run(random, Levels.TYPICAL, noise)),
                    List.of(SyntheticRuns.run(random, Levels.TYPICAL, noise)), 0.0);
            regressions += c.hasRegression() ? 1 : 0;
        }
        return (double) regressions / PAIRS;
    }

    /** The share of pairs in which B's response p99, {@code shift} (relative) higher, is flagged a regression. */
    static double power(long seed, Noise noise, double shift, boolean corrected) {
        Random random = new Random(seed);
        int flagged = 0;
        for (int k = 0; k < PAIRS; k++) {
            StressResult a = SyntheticRuns.run(random, Levels.TYPICAL, noise);
            StressResult b = SyntheticRuns.run(random, Levels.TYPICAL.withP99(1 + shift), noise);
            Comparison c = Comparison.of(List.of(a), List.of(b), 0.0, MeanEstimate.Dependence.AR1_OR_BATCHES, corrected);
            flagged += c.regressions().contains("response p99 ms") ? 1 : 0;
        }
        return (double) flagged / PAIRS;
    }

    @Test
    void identicalRunsWithIndependentFiguresRaiseAFalseAlarmInAtMostOneComparisonInTwenty() {
        double rate = familyFalseAlarms(60, Noise.independent(SD, RHO));
        System.out.printf(Locale.ROOT, "compare, %d pairs, 8 figures each its own AR(1) noise: the verdict a "
                + "regression in %.1f%%%n", PAIRS, 100 * rate);
        assertTrue(rate <= 0.05 + 0.015, "family-wise false alarms " + rate);
    }

    @Test
    void identicalRunsWithCorrelatedFiguresRaiseAFalseAlarmInAtMostOneComparisonInTwenty() {
        double rate = familyFalseAlarms(61, new Noise(SD, RHO, 0.5, 0));
        System.out.printf(Locale.ROOT, "compare, %d pairs, 8 figures correlated at 0.5: the verdict a regression in "
                + "%.1f%%%n", PAIRS, 100 * rate);
        assertTrue(rate <= 0.05 + 0.015, "family-wise false alarms " + rate);
    }

    @Test
    void aThreeStandardErrorWorseningOfOneFigureIsFlaggedInMostPairs() {
        double shift = 3 * ComparisonNoiseTest.trueStandardError(SD);
        double flagged = power(62, Noise.independent(SD, RHO), shift, true);
        double alone = power(62, Noise.independent(SD, RHO), shift, false);
        System.out.printf(Locale.ROOT, "compare, response p99 %.1f%% higher (3 standard errors), the other figures "
                + "alike: flagged in %.1f%% (each figure on its own test: %.1f%%)%n", 100 * shift, 100 * flagged,
                100 * alone);
        // Holm's cost: the first of 8 figures is tested one-sided at 0.625%, not two-sided at 5%.
        assertTrue(flagged > 0.3, "power " + flagged);
        assertTrue(flagged < alone, "the correction costs power: " + flagged + " against " + alone);
    }
}
