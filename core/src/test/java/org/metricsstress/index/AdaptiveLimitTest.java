package org.metricsstress.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AdaptiveLimitTest {
    private static final double MS = 1_000_000;

    @Test
    void growsWhileTheSampleLatencyHoldsAndTheBudgetIsBusy() {
        AdaptiveLimit l = new AdaptiveLimit(16, 1024, 128);
        int before = l.limit();
        for (int i = 0; i < 5; i++) {
            l.update(2 * MS, l.limit(), false);
        }
        // An eighth a period: 128 -> 144 -> 162 -> 182 -> 204 -> 229.
        assertEquals(229, l.limit());
        assertTrue(l.limit() > before);
    }

    @Test
    void growsWhenWorkWaitsEvenIfFewRequestsWereInFlight() {
        AdaptiveLimit l = new AdaptiveLimit(16, 1024, 128);
        l.update(2 * MS, 3, true);
        assertEquals(144, l.limit());
    }

    @Test
    void holdsWhenTheBudgetIsIdleOrNothingWasMeasured() {
        AdaptiveLimit l = new AdaptiveLimit(16, 1024, 128);
        l.update(2 * MS, 10, false);
        assertEquals(128, l.limit(), "an idle budget proves nothing about headroom");
        l.update(Double.NaN, 128, true);
        assertEquals(128, l.limit(), "no sample completed in the period: no signal");
    }

    @Test
    void shrinksWhenTheSampleLatencyRisesAboveItsBaseline() {
        AdaptiveLimit l = new AdaptiveLimit(16, 1024, 128);
        l.update(2 * MS, 128, false);
        assertEquals(144, l.limit());
        // Twice the baseline plus the slack is the line: 2 ms -> above 5.04 ms (baseline drifted 1%) cuts.
        l.update(4.9 * MS, 144, false);
        assertEquals(162, l.limit(), "within tolerance: still grows");
        l.update(8 * MS, 162, true);
        assertEquals(121, l.limit(), "a quarter off, even with work waiting: samples come first");
    }

    @Test
    void staysWithinItsBounds() {
        AdaptiveLimit l = new AdaptiveLimit(16, 300, 128);
        for (int i = 0; i < 100; i++) {
            l.update(1 * MS, l.limit(), true);
        }
        assertEquals(300, l.limit());
        for (int i = 0; i < 100; i++) {
            l.update(500 * MS, l.limit(), true);
        }
        assertEquals(16, l.limit());
        assertThrows(IllegalArgumentException.class, () -> new AdaptiveLimit(16, 300, 301));
        assertThrows(IllegalArgumentException.class, () -> new AdaptiveLimit(0, 300, 20));
    }

    @Test
    void theBaselineDriftsUpSoOneQuietMomentDoesNotHoldTheLimitDownForever() {
        AdaptiveLimit l = new AdaptiveLimit(16, 1024, 128);
        l.update(1 * MS, 0, false); // a quiet start sets the baseline at 1 ms
        int cuts = 0;
        int grew = 0;
        // Then the node settles at 4 ms for good: at first that is above 2 x 1 ms + 1 ms.
        for (int i = 0; i < 200; i++) {
            int before = l.limit();
            l.update(4 * MS, l.limit(), false);
            cuts += l.limit() < before ? 1 : 0;
            grew += l.limit() > before ? 1 : 0;
        }
        assertTrue(cuts > 0, "cut while 4 ms was new");
        assertTrue(grew > 0, "grew again once the baseline had caught up");
        assertTrue(l.baselineNanos() >= 1.5 * MS, "baseline " + l.baselineNanos());
    }
}
