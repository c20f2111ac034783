package org.metricsstress.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SteadyStateTest {
    @Test
    void theBoundIsEveryRowTheNodeMustTakeAtTheCeilingsRate() {
        // 100,000 group resources x 13 index rows, and 2.4 M samples written meanwhile, on a node
        // whose ceiling is 120,000 rows/s: (1.3 M + 2.4 M) / 120 k = 30.83 s.
        assertEquals(30.833, SteadyState.boundSeconds(1_300_000, 2_400_000, 120_000), 0.001);
    }

    @Test
    void noCeilingNoBound() {
        assertEquals(-1, SteadyState.boundSeconds(10, 10, 0));
        assertEquals(-1, SteadyState.boundSeconds(-1, 10, 100));
    }
}
