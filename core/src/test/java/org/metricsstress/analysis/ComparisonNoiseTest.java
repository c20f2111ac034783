package org.metricsstress.analysis;

import org.metricsstress.result.StressResult;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.report.ResultJson;
import org.metricsstress.stats.MeanEstimate.Dependence;

/**
 * Whether {@code compare}'s intervals mean what they say, over {@value #PAIRS} seeded pairs of runs
 * whose intervals come from one known process: autocorrelated noise (AR(1), rho 0.7, 60 intervals),
 * as a run's intervals are. With no true difference a 95% interval should cover 0 in about 95% of
 * pairs (92-98% is asked) and call at most 7% significant; with B's level shifted by three standard
 * errors most pairs should see it. The same data without the autocorrelation correction, and a fixed
 * threshold on the relative change, must fail: that is what shows the correction is needed and works.
 */
class ComparisonNoiseTest {
    static final int PAIRS = 1000;
    static final double RHO = 0.7;
    static final double LEVEL = 50_000;
    static final String RATE = "written samples/s";

    /** How often the pairs' intervals covered the true difference, and called it significant. */
    record Rates(double covered, double significant, double detectedWorse) {}

    /**
     * @param sd    the intervals' noise, relative to the level
     * @param shift B's level less A's, relative to the level
     */
    static Rates rates(long seed, double sd, double shift, Dependence dependence, List<StressResult[]> pairsOut) {
        Random random = new Random(seed);
        int covered = 0;
        int significant = 0;
        int worse = 0;
        for (int k = 0; k < PAIRS; k++) {
            StressResult a = run(random, LEVEL, sd);
            StressResult b = run(random, LEVEL * (1 + shift), sd);
            if (pairsOut != null) {
                pairsOut.add(new StressResult[] {a, b});
            }
            Comparison.Row row = rate(Comparison.of(List.of(a), List.of(b), 0.05, dependence));
            double truth = LEVEL * shift;
            if (row.low() <= truth && truth <= row.high()) {
                covered++;
            }
            if (row.significant()) {
                significant++;
                if (row.high() < 0) {
                    worse++;
                }
            }
        }
        return new Rates((double) covered / PAIRS, (double) significant / PAIRS, (double) worse / PAIRS);
    }

    static StressResult run(Random random, double level, double sd) {
        double[] rate = SyntheticRuns.ar1(random, SyntheticRuns.INTERVALS, level, sd * LEVEL, RHO);
        double[] p99 = SyntheticRuns.ar1(random, SyntheticRuns.INTERVALS, 20, 2, RHO);
        return SyntheticRuns.run(rate, p99);
    }

    static Comparison.Row rate(Comparison c) {
        return c.rows().stream().filter(r -> r.figure().equals(RATE)).findFirst().orElseThrow();
    }

    /** The true standard error of the difference of two AR(1) means of 60 intervals, relative to the level. */
    static double trueStandardError(double sd) {
        int n = SyntheticRuns.INTERVALS;
        double f = 1;
        for (int k = 1; k < n; k++) {
            f += 2 * (1 - (double) k / n) * Math.pow(RHO, k);
        }
        return sd * Math.sqrt(2 * f / n);
    }

    @Test
    void withNoTrueDifferenceTheIntervalCoversItAndRaisesFewFalseAlarms(@TempDir Path dir) throws IOException {
        // The pairs go through result files, as compare reads them: the series survive the JSON.
        List<StressResult[]> pairs = new ArrayList<>();
        Rates corrected = rates(48, 0.04, 0, Dependence.AR1_OR_BATCHES, pairs);
        System.out.printf(Locale.ROOT, "compare, %d pairs, AR(1) rho %.1f, no difference: covered %.1f%%, false alarms %.1f%%%n",
                PAIRS, RHO, 100 * corrected.covered(), 100 * corrected.significant());
        assertTrue(corrected.covered() >= 0.92 && corrected.covered() <= 0.98, "coverage " + corrected.covered());
        assertTrue(corrected.significant() <= 0.07, "false alarms " + corrected.significant());

        int checked = 0;
        for (StressResult[] pair : pairs.subList(0, 50)) {
            Path a = dir.resolve("a" + checked + ".json");
            Path b = dir.resolve("b" + checked + ".json");
            ResultJson.write(pair[0], a);
            ResultJson.write(pair[1], b);
            Comparison.Row inMemory = rate(Comparison.of(pair[0], pair[1], 0.05));
            Comparison.Row fromFiles = rate(Comparison.of(ResultJson.read(a), ResultJson.read(b), 0.05));
            assertEquals(inMemory.low(), fromFiles.low(), 1e-6 * LEVEL, "the interval from the files");
            assertEquals(inMemory.high(), fromFiles.high(), 1e-6 * LEVEL);
            checked++;
        }
        assertTrue(Files.list(dir).count() >= 100);
    }

    @Test
    void identicalRunsAreCalledARegressionInAtMostOneComparisonInTwentyAcrossAllTheirFigures() {
        // Here the figures share two series (the rate and the rate against the target are one; every
        // latency another): the family's rate on figures with noise of their own is
        // ComparisonFamilyTest's. Either way the verdict stays at or below one false call in twenty.
        Random random = new Random(50);
        int regressions = 0;
        int family = 0;
        for (int k = 0; k < PAIRS; k++) {
            Comparison c = Comparison.of(List.of(run(random, LEVEL, 0.04)), List.of(run(random, LEVEL, 0.04)), 0.0);
            family = (int) c.rows().stream().filter(r -> r.degreesOfFreedom() > 0).count();
            if (c.hasRegression()) {
                regressions++;
            }
        }
        System.out.printf(Locale.ROOT, "compare, %d pairs of identical runs, %d figures with an interval: a regression "
                + "in %.1f%%%n", PAIRS, family, 100.0 * regressions / PAIRS);
        assertTrue(family >= 3, "figures with an interval: " + family);
        assertTrue(regressions <= 0.06 * PAIRS, "regressions " + regressions);
    }

    @Test
    void withoutTheAutocorrelationCorrectionTheSameTestFails() {
        Rates naive = rates(48, 0.04, 0, Dependence.INDEPENDENT, null);
        System.out.printf(Locale.ROOT, "compare without the correction: covered %.1f%%, false alarms %.1f%%%n",
                100 * naive.covered(), 100 * naive.significant());
        assertTrue(naive.covered() < 0.92, "coverage " + naive.covered());
        assertTrue(naive.significant() > 0.07, "false alarms " + naive.significant());
    }

    @Test
    void aShiftOfThreeStandardErrorsIsDetectedInMostPairs() {
        double sd = 0.04;
        double shift = -3 * trueStandardError(sd);
        Rates shifted = rates(49, sd, shift, Dependence.AR1_OR_BATCHES, null);
        System.out.printf(Locale.ROOT, "compare, B %.1f%% lower (3 standard errors): detected %.1f%%, covered %.1f%%%n",
                -100 * shift, 100 * shifted.detectedWorse(), 100 * shifted.covered());
        assertTrue(shifted.detectedWorse() > 0.6, "detected " + shifted.detectedWorse());
        assertTrue(shifted.covered() >= 0.92 && shifted.covered() <= 0.98, "coverage " + shifted.covered());
    }

    /**
     * No threshold on the relative change passes both: where the noise is wide (8%) a threshold low
     * enough to see a small shift raises false alarms; where it is narrow (1%) one high enough to keep
     * quiet in the wide case misses a shift of three standard errors. The intervals pass both.
     */
    @Test
    void aFixedThresholdOnTheRelativeChangeCannotPassBothNoiseLevels() {
        double wide = 0.08;
        double narrow = 0.01;
        double narrowShift = -3 * trueStandardError(narrow);
        Random random = new Random(50);
        double[] quietChanges = new double[PAIRS];
        double[] shiftedChanges = new double[PAIRS];
        int intervalFalseAlarms = 0;
        int intervalDetected = 0;
        for (int k = 0; k < PAIRS; k++) {
            Comparison.Row quiet = rate(Comparison.of(run(random, LEVEL, wide), run(random, LEVEL, wide), 0.05));
            Comparison.Row shifted = rate(Comparison.of(run(random, LEVEL, narrow),
                    run(random, LEVEL * (1 + narrowShift), narrow), 0.05));
            quietChanges[k] = quiet.change();
            shiftedChanges[k] = shifted.change();
            intervalFalseAlarms += quiet.significant() ? 1 : 0;
            intervalDetected += shifted.significant() && shifted.high() < 0 ? 1 : 0;
        }
        assertTrue(intervalFalseAlarms <= 0.07 * PAIRS, "the interval's false alarms " + intervalFalseAlarms);
        assertTrue(intervalDetected > 0.6 * PAIRS, "the interval's detections " + intervalDetected);
        for (double threshold = 0.001; threshold <= 0.20; threshold += 0.001) {
            int falseAlarms = 0;
            int detected = 0;
            for (int k = 0; k < PAIRS; k++) {
                falseAlarms += Math.abs(quietChanges[k]) > threshold ? 1 : 0;
                detected += shiftedChanges[k] < -threshold ? 1 : 0;
            }
            boolean passes = falseAlarms <= 0.07 * PAIRS && detected > 0.6 * PAIRS;
            assertTrue(!passes, String.format(Locale.ROOT, "a fixed threshold of %.1f%% passed both: %d false alarms, "
                    + "%d detected", 100 * threshold, falseAlarms, detected));
        }
    }
}
