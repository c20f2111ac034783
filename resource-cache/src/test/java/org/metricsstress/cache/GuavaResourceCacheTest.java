package org.metricsstress.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class GuavaResourceCacheTest extends ResourceCacheContract<GuavaResourceCache> {

    @Override
    GuavaResourceCache newCache() {
        return new GuavaResourceCache(CAPACITY_NEEDED);
    }

    @Override
    void flush(GuavaResourceCache cache) {
        cache.flush();
    }

    @Test
    void beyondItsBoundItEvictsAndSaysSo() {
        try (GuavaResourceCache small = new GuavaResourceCache(100)) {
            for (int i = 0; i < 1_000; i++) {
                small.put(keyOf(i), fingerprintOf(keyOf(i)));
            }
            long size = small.size();
            // Exactly the bound: a cache full at N holds N (one segment; Guava's default four
            // would each evict at a quarter of it).
            assertEquals(100, size);
            CacheStats stats = small.stats();
            assertEquals(1_000 - size, stats.evictions());
            assertEquals(1_000, stats.puts());
            // The most recent put is the last one evicted.
            long[] out = new long[1];
            small.getAll(new long[] {keyOf(999)}, 1, out);
            assertEquals(fingerprintOf(keyOf(999)), out[0]);
        }
    }

    @Test
    void describeGivesTheBound() {
        try (GuavaResourceCache c = new GuavaResourceCache(2_000_000)) {
            assertEquals("guava, at most 2,000,000 entries", c.describe());
        }
    }

    @Test
    void aBoundBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new GuavaResourceCache(0));
    }
}
