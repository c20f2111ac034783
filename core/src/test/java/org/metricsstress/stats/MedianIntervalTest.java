package org.metricsstress.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MedianIntervalTest {
    @Test
    void threeRepeatsGiveTheirRangeAtSeventyFivePercent() {
        MedianInterval m = MedianInterval.of(new double[] {43_000, 39_000, 41_000});
        assertEquals(41_000, m.median());
        assertEquals(39_000, m.low());
        assertEquals(43_000, m.high());
        assertEquals(0.75, m.level(), 1e-12);
    }

    @Test
    void tenRepeatsDropTheOuterValueOnEachSideAndKeepNinetySevenPercent() {
        MedianInterval m = MedianInterval.of(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
        assertEquals(5.5, m.median());
        assertEquals(2, m.low());
        assertEquals(9, m.high());
        assertEquals(1 - 2 * 11 / 1024.0, m.level(), 1e-12);
    }

    @Test
    void oneValueHasNoInterval() {
        MedianInterval m = MedianInterval.of(new double[] {7});
        assertEquals(7, m.median());
        assertEquals(0, m.level());
    }

    /** Whatever the spread (a skewed one here), the interval holds the true median as often as its level says. */
    @Test
    void theLevelIsTheCoverageWhateverTheDistribution() {
        Random random = new Random(11);
        double trueMedian = Math.log(2); // of the exponential distribution with mean 1
        int trials = 4000;
        int covered = 0;
        double level = 0;
        for (int t = 0; t < trials; t++) {
            double[] x = new double[10];
            for (int i = 0; i < x.length; i++) {
                x[i] = -Math.log(1 - random.nextDouble());
            }
            MedianInterval m = MedianInterval.of(x);
            level = m.level();
            covered += m.low() <= trueMedian && trueMedian <= m.high() ? 1 : 0;
        }
        double rate = (double) covered / trials;
        assertTrue(Math.abs(rate - level) < 0.015, "covered " + rate + ", level " + level);
    }
}
