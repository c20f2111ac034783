package org.metricsstress.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SampleValuesTest {

    @Test
    void sameInputsGiveTheSameValue() {
        assertEquals(SampleValues.value(7, 123, 4, 1_700_000_000_000L),
                SampleValues.value(7, 123, 4, 1_700_000_000_000L));
    }

    @Test
    void eachInputChangesTheValue() {
        double base = SampleValues.value(7, 123, 4, 1_700_000_000_000L);
        assertNotEquals(base, SampleValues.value(8, 123, 4, 1_700_000_000_000L));
        assertNotEquals(base, SampleValues.value(7, 124, 4, 1_700_000_000_000L));
        assertNotEquals(base, SampleValues.value(7, 123, 5, 1_700_000_000_000L));
        assertNotEquals(base, SampleValues.value(7, 123, 4, 1_700_000_000_001L));
    }

    @Test
    void valuesAreGaugesInRangeAndWellSpread() {
        Set<Double> seen = new HashSet<>();
        int[] buckets = new int[10];
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            double v = SampleValues.value(1, i % 1000, i % 10, 1_700_000_000_000L + i / 1000);
            assertTrue(v >= 0 && v < 1000, "out of range: " + v);
            seen.add(v);
            buckets[(int) (v / 100)]++;
        }
        assertTrue(seen.size() > n * 0.999, "too many collisions: " + seen.size());
        for (int b : buckets) {
            assertTrue(Math.abs(b - n / 10) < n / 100, "uneven spread: " + java.util.Arrays.toString(buckets));
        }
    }
}
