package org.metricsstress.analysis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.metricsstress.analysis.SyntheticRuns.Levels;
import org.metricsstress.analysis.SyntheticRuns.Noise;

/**
 * One run per side when the run's noise is not the AR(1) the interval assumes: a fast component
 * (rho 0.7) plus a slow one (rho {@value SyntheticRuns#SLOW_RHO}, 30% of the variance: a node
 * warming, a compaction spanning the run), over {@value #PAIRS} seeded pairs of one process. In 60
 * intervals no check of the series tells this from AR(1) (the lag-2-to-20 autocorrelations and batch
 * means were tried: their spread is the same under both), so the within-run interval misses it, as
 * docs/reports.md says; runs as units carry it in their spread, and hold.
 */
class ComparisonSlowNoiseTest {
    static final int PAIRS = 1000;
    static final String RATE = "written samples/s";

    record Rates(double covered, double significant, double oneSided) {}

    static Rates rates(long seed, Noise noise) {
        Random random = new Random(seed);
        int covered = 0;
        int significant = 0;
        int oneSided = 0;
        for (int k = 0; k < PAIRS; k++) {
            Comparison c = Comparison.of(List.of(SyntheticRuns.run(random, Levels.TYPICAL, noise)),
                    List.of(SyntheticRuns.run(random, Levels.TYPICAL, noise)), 0.05);
            Comparison.Row row = c.rows().stream().filter(r -> r.figure().equals(RATE)).findFirst().orElseThrow();
            covered += row.low() <= 0 && 0 <= row.high() ? 1 : 0;
            significant += row.significant() ? 1 : 0;
            oneSided += row.significant() && row.high() < 0 ? 1 : 0;
        }
        return new Rates((double) covered / PAIRS, (double) significant / PAIRS, (double) oneSided / PAIRS);
    }

    @Test
    void aSlowComponentIsBeyondTheWithinRunIntervalAndRunsAsUnitsHold() {
        Noise slow = new Noise(0.04, 0.7, 0, 0.3);
        Rates r = rates(70, slow);
        System.out.printf(Locale.ROOT, "compare, %d pairs, AR(1) 0.7 plus a slow component (rho 0.97, 30%% of the "
                + "variance), one run per side: covered %.1f%%, significant %.1f%%, worse-side false alarms %.1f%%%n",
                PAIRS, 100 * r.covered(), 100 * r.significant(), 100 * r.oneSided());
        // The limit docs/reports.md states: a within-run interval cannot cover what moves from run to run.
        assertTrue(r.covered() < 0.92, "coverage " + r.covered());
        Random random = new Random(71);
        int significant = 0;
        int pairs = PAIRS / 2;
        for (int k = 0; k < pairs; k++) {
            List<org.metricsstress.result.StressResult> a = List.of(SyntheticRuns.run(random, Levels.TYPICAL, slow),
                    SyntheticRuns.run(random, Levels.TYPICAL, slow), SyntheticRuns.run(random, Levels.TYPICAL, slow));
            List<org.metricsstress.result.StressResult> b = List.of(SyntheticRuns.run(random, Levels.TYPICAL, slow),
                    SyntheticRuns.run(random, Levels.TYPICAL, slow), SyntheticRuns.run(random, Levels.TYPICAL, slow));
            Comparison.Row row = Comparison.of(a, b, 0.05).rows().stream().filter(x -> x.figure().equals(RATE))
                    .findFirst().orElseThrow();
            significant += row.significant() ? 1 : 0;
        }
        double byRuns = (double) significant / pairs;
        System.out.printf(Locale.ROOT, "compare, %d pairs of three runs per side, the same slow component: significant "
                + "%.1f%%%n", pairs, 100 * byRuns);
        assertTrue(byRuns <= 0.10, "significant by runs " + byRuns);
    }
}
