package org.metricsstress.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The near copy in front of Redis, with a counting stand-in for Redis (pure logic; RedisCacheIT has the real one). */
class NearCachedResourceCacheTest {
    /** A far cache that counts the lookups it is asked: a Guava cache stands in for Redis. */
    private static final class CountingFar implements ResourceCache {
        final GuavaResourceCache entries = new GuavaResourceCache(1000);
        int lookups;
        int keysAsked;
        int puts;

        @Override public void getAll(long[] keys, int count, long[] out) {
            lookups++;
            keysAsked += count;
            entries.getAll(keys, count, out);
        }
        @Override public void put(long key, long fingerprint) { puts++; entries.put(key, fingerprint); }
        @Override public void flush() { }
        @Override public long size() { return entries.size(); }
        @Override public CacheStats stats() { return entries.stats(); }
        @Override public String describe() { return "far"; }
        @Override public void close() { }
    }

    @Test
    void aWarmLookupNeedsNoRoundTripAndAMissAsksFarOnceForAllKeys() {
        CountingFar far = new CountingFar();
        far.entries.put(1, 11);
        far.entries.put(2, 22);
        try (NearCachedResourceCache cache = new NearCachedResourceCache(far, 100)) {
            long[] out = new long[2];
            cache.getAll(new long[] {1, 2}, 2, out);
            assertArrayEquals(new long[] {11, 22}, out);
            assertEquals(1, far.lookups, "one round trip for both keys");
            cache.getAll(new long[] {1, 2}, 2, out);
            assertArrayEquals(new long[] {11, 22}, out);
            assertEquals(1, far.lookups, "answered near: no second round trip");
            cache.getAll(new long[] {1, 3}, 2, out);
            assertArrayEquals(new long[] {11, ResourceCache.ABSENT}, out);
            assertEquals(2, far.lookups, "a key missing near goes far");
            assertEquals(2, cache.nearSize(), "what far lacked is not kept near");
        }
    }

    @Test
    void putsGoToBothAndAreThenAnsweredNear() {
        CountingFar far = new CountingFar();
        try (NearCachedResourceCache cache = new NearCachedResourceCache(far, 100)) {
            cache.put(7, 70);
            assertEquals(1, far.puts);
            assertEquals(1, far.size());
            long[] out = new long[1];
            cache.getAll(new long[] {7}, 1, out);
            assertEquals(70, out[0]);
            assertEquals(0, far.lookups);
            CacheStats s = cache.stats();
            assertEquals(1, s.hits(), "a near hit counts as a hit");
            assertEquals(0, s.misses());
            assertEquals(1, cache.size(), "size is the shared cache's");
        }
    }

    @Test
    void aLookupSendsOnOnlyTheKeysMissingNear() {
        CountingFar far = new CountingFar();
        far.entries.put(3, 33);
        try (NearCachedResourceCache cache = new NearCachedResourceCache(far, 100)) {
            cache.put(1, 11);
            cache.put(2, 22);
            long[] out = new long[4];
            cache.getAll(new long[] {1, 3, 2, 4}, 4, out);
            assertArrayEquals(new long[] {11, 33, 22, ResourceCache.ABSENT}, out, "near and far answers, in key order");
            assertEquals(1, far.lookups, "one round trip");
            assertEquals(2, far.keysAsked, "only keys 3 and 4 went far");
        }
    }

    @Test
    void aRecheckAsksTheNearCopyOnly() {
        CountingFar far = new CountingFar();
        far.entries.put(5, 55); // another process's put: the lookup before the re-check asked for it
        try (NearCachedResourceCache cache = new NearCachedResourceCache(far, 100)) {
            cache.put(6, 66); // this process's put, made between a lookup and the re-check
            long[] out = new long[2];
            cache.recheckAll(new long[] {5, 6}, 2, out);
            assertArrayEquals(new long[] {ResourceCache.ABSENT, 66}, out);
            assertEquals(0, far.lookups, "no round trip for a re-check");
        }
    }
}
