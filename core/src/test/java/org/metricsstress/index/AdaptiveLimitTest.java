package org.metricsstress.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AdaptiveLimitTest {
    private static final double MS = 1_000_000;

    @Test
    void growsWhileTheSamplesKeepUpAndTheBudgetIsBusy() {
        AdaptiveLimit l = new AdaptiveLimit(16, 1024, 128, false);
        for (int i = 0; i < 5; i++) {
            l.update(0.05 * MS, l.limit(), false);
        }
        // An eighth a period: 128 -> 144 -> 162 -> 182 -> 204 -> 229.
        assertEquals(229, l.limit());
    }

    @Test
    void growsWhenWorkWaitsEvenIfFewRequestsWereInFlight() {
        AdaptiveLimit l = new AdaptiveLimit(16, 1024, 128, false);
        l.update(0.05 * MS, 3, true);
        assertEquals(144, l.limit());
    }

    @Test
    void holdsWhenTheBudgetIsIdleOrNothingWasMeasured() {
        AdaptiveLimit l = new AdaptiveLimit(16, 1024, 128, false);
        l.update(0.05 * MS, 10, false);
        assertEquals(128, l.limit(), "an idle budget proves nothing about headroom");
        l.update(Double.NaN, 128, true);
        assertEquals(128, l.limit(), "no sample reached a writer in the period: no signal");
    }

    @Test
    void halvesWhenTheSamplesFallBehind() {
        AdaptiveLimit l = new AdaptiveLimit(16, 1024, 128, false);
        l.update(19 * MS, 128, false);
        assertEquals(144, l.limit(), "under the line: still grows");
        l.update(25 * MS, 144, true);
        assertEquals(72, l.limit(), "halved, even with work waiting: samples come first");
    }

    @Test
    void staysWithinItsBounds() {
        AdaptiveLimit l = new AdaptiveLimit(16, 300, 128, true);
        for (int i = 0; i < 100; i++) {
            l.update(1 * MS, l.limit(), true);
        }
        assertEquals(300, l.limit());
        for (int i = 0; i < 100; i++) {
            l.update(500 * MS, l.limit(), true);
        }
        assertEquals(16, l.limit(), "a steady wait, however long, is not a rising one");
        assertThrows(IllegalArgumentException.class, () -> new AdaptiveLimit(16, 300, 301, false));
        assertThrows(IllegalArgumentException.class, () -> new AdaptiveLimit(0, 300, 20, false));
    }

    /** Feeds periods whose wait rises by a quarter second each, as a run at twice the cluster's rate sees. */
    private static double risingPeriods(AdaptiveLimit l, double from, int periods) {
        double wait = from;
        for (int i = 0; i < periods; i++) {
            wait += 250 * MS;
            l.update(wait, l.limit(), true);
        }
        return wait;
    }

    @Test
    void aBlockingRingBehindWhateverTheIndexDoesIsFlatOutAndGetsTheInitialLimit() {
        AdaptiveLimit l = new AdaptiveLimit(16, 1024, 128, true);
        double wait = risingPeriods(l, 0, 3);
        assertEquals(16, l.limit(), "128 -> 64 -> 32 -> 16");
        wait = risingPeriods(l, wait, AdaptiveLimit.FLAT_OUT_PERIODS - 1);
        assertEquals(16, l.limit(), "one period short of the proof");
        assertFalse(l.flatOut());
        wait = risingPeriods(l, wait, 1);
        assertTrue(l.flatOut());
        assertEquals(128, l.limit(), "holding the index back did not help the samples: back to the initial limit");
        risingPeriods(l, wait, 20);
        assertEquals(128, l.limit(), "held, neither halved nor grown, while flat out");
        l.update(1 * MS, 128, true);
        assertFalse(l.flatOut(), "the samples caught up");
        assertEquals(144, l.limit(), "and the law resumes");
    }

    @Test
    void aDroppingRingIsNeverFlatOut() {
        AdaptiveLimit l = new AdaptiveLimit(16, 1024, 128, false);
        risingPeriods(l, 0, 3 + 4 * AdaptiveLimit.FLAT_OUT_PERIODS);
        assertFalse(l.flatOut());
        assertEquals(16, l.limit(), "the samples come first at the user's own rate");
    }

    @Test
    void aWaitThatStopsRisingAtTheMinimumStartsTheProofAgain() {
        AdaptiveLimit l = new AdaptiveLimit(16, 1024, 128, true);
        double wait = risingPeriods(l, 0, 3 + AdaptiveLimit.FLAT_OUT_PERIODS - 1);
        l.update(wait - 100 * MS, 16, true);
        risingPeriods(l, wait, AdaptiveLimit.FLAT_OUT_PERIODS - 1);
        assertFalse(l.flatOut(), "the index's restraint may be helping: its minimum holds");
        assertEquals(16, l.limit());
        risingPeriods(l, wait + 10_000 * MS, 1);
        assertTrue(l.flatOut());
    }
}
