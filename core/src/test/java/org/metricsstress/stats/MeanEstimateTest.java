package org.metricsstress.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.metricsstress.stats.MeanEstimate.Dependence;

class MeanEstimateTest {
    private static double[] ar1(Random random, int n, double rho) {
        double[] x = new double[n];
        double e = random.nextGaussian();
        for (int t = 0; t < n; t++) {
            if (t > 0) {
                e = rho * e + Math.sqrt(1 - rho * rho) * random.nextGaussian();
            }
            x[t] = 100 + e;
        }
        return x;
    }

    @Test
    void independentValuesAreWorthTheirNumber() {
        MeanEstimate e = MeanEstimate.of(new double[] {1, 2, 3, 4, 5, 6}, Dependence.INDEPENDENT);
        assertEquals(6, e.effectiveN());
        assertEquals(3.5, e.mean());
        assertEquals(3.5, e.variance(), 1e-12);
        assertEquals(Math.sqrt(3.5 / 6), e.standardError(), 1e-12);
    }

    @Test
    void aCorrelatedSeriesIsWorthFewerValuesAndItsCorrelationIsRecovered() {
        Random random = new Random(3);
        double rhoSum = 0;
        double effectiveSum = 0;
        int series = 300;
        for (int k = 0; k < series; k++) {
            MeanEstimate e = MeanEstimate.of(ar1(random, 60, 0.7), Dependence.AR1);
            rhoSum += e.autocorrelation();
            effectiveSum += e.effectiveN();
        }
        // The finite-series bias (about (1 + 4 rho) / n, 0.06 here) corrected: the mean estimate is near 0.7.
        assertEquals(0.7, rhoSum / series, 0.03);
        // 60 intervals at rho 0.7 are worth about 10 independent ones.
        assertEquals(10.3, effectiveSum / series, 2.0);
    }

    @Test
    void aFlatSeriesHasNoError() {
        MeanEstimate e = MeanEstimate.of(new double[] {5, 5, 5, 5, 5, 5}, Dependence.AR1);
        assertEquals(0, e.standardError());
        DifferenceInterval d = DifferenceInterval.welch(0, 0, 1, e.standardError(), e.degreesOfFreedom());
        assertTrue(d.exact());
        assertEquals(0, d.low());
    }
}
