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
        List<Soak.Window> w = new ArrayList<>();
        for (int i = 0; i < heapMb.length; i++) {
            w.add(new Soak.Window(300.0 * (i + 1), 50_000, 8, heapMb[i] << 20, 40, 100, 0, 0));
        }
        return w;
    }

    @Test
    void theColdStartsHeapDoesNotCountOnlyGrowthAfterMinuteTen() {
        // Windows of 5 min: the second ends at minute 10. The first one's low heap (cold, small cache) is not the base.
        Soak.Outcome o = Soak.judge(100_000, 80_000, windows(50, 200, 201, 202, 203, 204, 205, 206, 207, 207, 208, 209),
                0, 0);
        assertEquals(9.0 / 200, o.heapGrowth(), 1e-9);
        assertTrue(o.passed());
    }

    @Test
    void aLeakOrALostSampleFails() {
        Soak.Outcome leak = Soak.judge(100_000, 80_000, windows(50, 200, 205, 210, 215, 220, 225, 230, 235, 240, 245, 250),
                0, 0);
        assertEquals(0.25, leak.heapGrowth(), 1e-9);
        assertFalse(leak.passed());
        assertFalse(Soak.judge(1, 1, windows(50, 200, 200, 200), 1, 0).passed(), "one drop fails it");
        assertFalse(Soak.judge(1, 1, windows(50), 0, 0).passed(), "one window: nothing to judge");
    }
}
