package org.metricsstress.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MachineCpuTest {
    @Test
    void idleAndIowaitAreTheTimeNoTaskRanAndGuestIsNotCountedTwice() {
        MachineCpu.Ticks before = MachineCpu.parse("cpu  100 0 100 700 100 0 0 0 50 0");
        MachineCpu.Ticks after = MachineCpu.parse("cpu  250 0 150 800 100 0 0 0 90 0");
        assertEquals(200, before.busy());
        assertEquals(1000, before.total());
        // 200 busy ticks of 300: 66.7 %, the guest's 40 ticks already inside user.
        assertEquals(200.0 / 3, after.busyPercentSince(before), 1e-9);
    }

    @Test
    void aLineThatIsNotTheMachinesIsNotRead() {
        assertNull(MachineCpu.parse("cpu0 1 2 3 4"));
        assertEquals(-1, MachineCpu.parse("cpu 1 1 1 1").busyPercentSince(null));
    }

    @Test
    void thisMachineTellsItsOwn() {
        MachineCpu.Ticks a = MachineCpu.now();
        assertTrue(a == null || a.total() > 0 && a.busy() >= 0 && a.busy() <= a.total(), String.valueOf(a));
    }
}
