package org.metricsstress.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PercentTest {
    @Test
    void aPercentageAndAFractionAreTheSameShare() {
        assertEquals(0.05, Percent.read("5%").orElseThrow().fraction(), 1e-12);
        assertEquals(0.05, Percent.read(" 0.05 ").orElseThrow().fraction(), 1e-12);
        assertEquals(0.001, Percent.read("0.1 %").orElseThrow().fraction(), 1e-12);
    }

    @Test
    void whatIsNoNumberIsNoShare() {
        assertTrue(Percent.read("lots").isEmpty());
        assertTrue(Percent.read("%").isEmpty());
        assertFalse(Percent.read("NaN%").orElseThrow().finite(), "a range check of its option must see it");
    }
}
