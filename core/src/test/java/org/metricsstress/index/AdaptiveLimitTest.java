package org.metricsstress.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class AdaptiveLimitTest {
    private static final double MS = 1_000_000;

    @Test
    void growsWhileTheSamplesKeepUpAndTheBudgetIsBusy() {
        AdaptiveLimit l = new AdaptiveLimit(16, 1024, 128);
        for (int i = 0; i < 5; i++) {
            l.update(0.05 * MS, l.limit(), false);
        }
        // An eighth a period: 128 -> 144 -> 162 -> 182 -> 204 -> 229.
        assertEquals(229, l.limit());
    }

    @Test
    void growsWhenWorkWaitsEvenIfFewRequestsWereInFlight() {
        AdaptiveLimit l = new AdaptiveLimit(16, 1024, 128);
        l.update(0.05 * MS, 3, true);
        assertEquals(144, l.limit());
    }

    @Test
    void holdsWhenTheBudgetIsIdleOrNothingWasMeasured() {
        AdaptiveLimit l = new AdaptiveLimit(16, 1024, 128);
        l.update(0.05 * MS, 10, false);
        assertEquals(128, l.limit(), "an idle budget proves nothing about headroom");
        l.update(Double.NaN, 128, true);
        assertEquals(128, l.limit(), "no sample reached a writer in the period: no signal");
    }

    @Test
    void halvesWhenTheSamplesFallBehind() {
        AdaptiveLimit l = new AdaptiveLimit(16, 1024, 128);
        l.update(19 * MS, 128, false);
        assertEquals(144, l.limit(), "under the line: still grows");
        l.update(25 * MS, 144, true);
        assertEquals(72, l.limit(), "halved, even with work waiting: samples come first");
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
}
