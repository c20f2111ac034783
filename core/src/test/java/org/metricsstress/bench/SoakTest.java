package org.metricsstress.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a soak is judged: heap after GC from the settled window (minute 10 of 60) to the last, and no loss. */
class SoakTest {
    private static List<Soak.Window> windows(long... heapMb) {
        return withSeries(0, heapMb);
    }

    /** Windows whose run keeps seriesMbPerWindow more of its own report lines each window. */
    private static List<Soak.Window> withSeries(long seriesMbPerWindow, long... heapMb) {
        List<Soak.Window> w = new ArrayList<>();
        for (int i = 0; i < heapMb.length; i++) {
            w.add(new Soak.Window(300.0 * (i + 1), 50_000, 8, heapMb[i] << 20, (seriesMbPerWindow * (i + 1)) << 20,
                    40, 100, 0, 0));
        }
        return w;
    }

    @Test
    void theColdStartsHeapDoesNotCountOnlyGrowthAfterMinuteTen() {
        // Windows of 5 min: the second ends at minute 10. The first one's low heap (cold, small cache) is not the base.
        Soak.Judgement o = Soak.judge(100_000, 80_000, windows(50, 200, 201, 202, 203, 204, 205, 206, 207, 207, 208, 209),
                0, 0);
        assertEquals(9.0 / 200, o.heapGrowth(), 1e-9);
        assertTrue(o.passed());
    }

    @Test
    void aLeakOrALostSampleFails() {
        Soak.Judgement leak = Soak.judge(100_000, 80_000, windows(50, 200, 205, 210, 215, 220, 225, 230, 235, 240, 245, 250),
                0, 0);
        assertEquals(0.25, leak.heapGrowth(), 1e-9);
        assertFalse(leak.passed());
        assertFalse(Soak.judge(1, 1, windows(50, 200, 200, 200), 1, 0).passed(), "one drop fails it");
        assertFalse(Soak.judge(1, 1, windows(50), 0, 0).passed(), "one window: nothing to judge");
    }

    @Test
    void theRunsOwnSeriesIsNotALeakButGrowthBesideItIs() {
        // 2 MB of report lines a window, and nothing else growing: +20% live, +0% less the series.
        Soak.Judgement series = Soak.judge(1, 1, withSeries(2, 100, 100, 102, 104, 106, 108, 110, 112, 114, 116, 118, 120),
                0, 0);
        assertEquals(0.20, series.liveHeapGrowth(), 1e-9);
        assertEquals(0.0, series.heapGrowth(), 1e-9);
        assertTrue(series.passed());
        // The same series with 1 MB a window more beside it: (106 - 96) / 96 less the series.
        Soak.Judgement leak = Soak.judge(1, 1, withSeries(2, 100, 100, 103, 106, 109, 112, 115, 118, 121, 124, 127, 130),
                0, 0);
        assertEquals(10.0 / 96, leak.heapGrowth(), 1e-9);
        assertFalse(leak.passed());
    }

    @Test
    void aReportLineCountsItsEncodedHistograms() {
        org.metricsstress.result.LatencySummary none = org.metricsstress.result.LatencySummary.EMPTY;
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(1, 3_600_000_000L, 3);
        for (long v = 1; v < 1_000_000; v = v * 11 / 10 + 1) {
            h.recordValue(v);
        }
        org.metricsstress.result.LatencySummary wide = org.metricsstress.result.LatencySummary.of(h);
        org.metricsstress.result.IntervalStats bare = line(none);
        org.metricsstress.result.IntervalStats full = line(wide);
        assertEquals(4 * (wide.hdr().length() + 40), full.retainedBytes() - bare.retainedBytes(),
                "four summaries, each its string of the encoding more");
    }

    private static org.metricsstress.result.IntervalStats line(org.metricsstress.result.LatencySummary l) {
        return org.metricsstress.result.ResultFixtures.interval(30, 30, 1, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, l, l, l, l,
                1, 1, 0, 0, -1, -1, -1);
    }
}
