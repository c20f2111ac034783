package org.metricsstress.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.ValueModel;

class SampleValuesTest {
    private static final long T = 1_700_000_000_000L;

    @Test
    void sameInputsGiveTheSameValue() {
        assertEquals(SampleValues.random(7, 123, 4, T), SampleValues.random(7, 123, 4, T));
        assertEquals(SampleValues.counter(7, 123, 4, T), SampleValues.counter(7, 123, 4, T));
    }

    @Test
    void eachInputChangesTheRandomValue() {
        double base = SampleValues.random(7, 123, 4, T);
        assertNotEquals(base, SampleValues.random(8, 123, 4, T));
        assertNotEquals(base, SampleValues.random(7, 124, 4, T));
        assertNotEquals(base, SampleValues.random(7, 123, 5, T));
        assertNotEquals(base, SampleValues.random(7, 123, 4, T + 1));
    }

    @Test
    void randomValuesAreGaugesInRangeAndWellSpread() {
        SampleValues values = SampleValues.of(ValueModel.RANDOM, 1, 5, 10);
        Set<Double> seen = new HashSet<>();
        int[] buckets = new int[10];
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            double v = values.value(i % 1000, i % 10, T + i / 1000);
            assertTrue(v >= 0 && v < 1000, "out of range: " + v);
            seen.add(v);
            buckets[(int) (v / 100)]++;
        }
        assertTrue(seen.size() > n * 0.999, "too many collisions: " + seen.size());
        for (int b : buckets) {
            assertTrue(Math.abs(b - n / 10) < n / 100, "uneven spread: " + java.util.Arrays.toString(buckets));
        }
    }

    /**
     * OpenNMS's single generator loop over -n 2 -f 1 -g 5 -a 10, its counter starting at 1: the
     * sample of node n, group g, attribute a is the ((n * 5 + g) * 10 + a + 1)-th, and its value
     * g * a + that % 100.
     */
    @Test
    void openNmsValuesAreItsStressCommandsSequence() {
        SampleValues values = SampleValues.of(ValueModel.OPENNMS, 1, 5, 10);
        int counter = 0;
        double max = 0;
        double min = Double.MAX_VALUE;
        for (int node = 0; node < 2; node++) {
            for (int group = 0; group < 5; group++) {
                int key = node * 5 + group;
                for (int a = 0; a < 10; a++) {
                    counter++;
                    assertEquals(group * a + counter % 100, values.value(key, a, T), "key " + key + " metric " + a);
                    max = Math.max(max, values.value(key, a, T));
                    min = Math.min(min, values.value(key, a, T));
                }
            }
        }
        assertTrue(min >= 0 && max <= 135, "OpenNMS's 0..135 for -g 5 -a 10 (4 * 9 + 99): " + min + ".." + max);
        assertEquals(1, values.value(0, 0, T), "the first sample: 0 * 0 + 1");
        assertEquals(values.value(7, 3, T), values.value(7, 3, T + 300_000), "every pass repeats the first");
        assertNotEquals(values.value(7, 3, T), SampleValues.of(ValueModel.OPENNMS, 2, 5, 10).value(7, 3, T),
                "the seed is where the counter starts");
    }

    @Test
    void countersGrowByTheirSeriesRatePerSecondAndStayExactDoubles() {
        SampleValues values = SampleValues.of(ValueModel.COUNTER, 1, 5, 10);
        Set<Double> rates = new HashSet<>();
        for (int key = 0; key < 100; key++) {
            for (int a = 0; a < 10; a++) {
                double v0 = values.value(key, a, T);
                double v1 = values.value(key, a, T + 300_000);
                double v2 = values.value(key, a, T + 600_000);
                assertEquals(Math.rint(v0), v0, "a whole number");
                double rate = (v1 - v0) / 300;
                assertTrue(rate >= 1_000 && rate < 1_000_000, "bytes/s: " + rate);
                assertEquals(v1 - v0, v2 - v1, "a steady rate");
                rates.add(rate);
            }
        }
        assertTrue(rates.size() > 990, "a rate per series: " + rates.size());
        // In 2255 (epoch ms 9e12) at the highest rate the counter is still below 2^53: exact as a double.
        double late = SampleValues.counter(1, 1, 1, 9_000_000_000_000L);
        assertTrue(late < 0x1.0p53 && (long) late == Math.round(late));
    }
}
