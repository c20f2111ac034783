package org.metricsstress.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ResourceCache} must do, whatever holds the entries. A subclass opens an empty
 * cache able to hold at least {@value #CAPACITY_NEEDED} entries, and says how to wait for puts:
 * Redis writes them in the background, so the contract calls {@link #flush} before it looks.
 */
abstract class ResourceCacheContract<C extends ResourceCache> {
    static final int CAPACITY_NEEDED = 100_000;
    /** What out[] holds before a lookup, so a lookup that leaves a slot alone is caught. */
    private static final long NOT_WRITTEN = 0x5eed5eed5eedL;

    C cache;

    /** An empty cache; no entry from another test visible. */
    abstract C newCache() throws Exception;

    /** Returns once every put made so far can be seen by getAll. */
    abstract void flush(C cache);

    @BeforeEach
    void openCache() throws Exception {
        cache = newCache();
    }

    @AfterEach
    void closeCache() {
        cache.close();
    }

    long[] lookup(long... keys) {
        long[] out = new long[keys.length];
        Arrays.fill(out, NOT_WRITTEN);
        cache.getAll(keys, keys.length, out);
        return out;
    }

    @Test
    void anEmptyCacheAnswersAbsentForEveryKey() {
        assertArrayEquals(new long[] {ResourceCache.ABSENT, ResourceCache.ABSENT, ResourceCache.ABSENT},
                lookup(1, 42, -7));
    }

    @Test
    void aPutIsReturnedByTheNextLookup() {
        cache.put(1001, 0xabcdefL);
        flush(cache);
        assertArrayEquals(new long[] {0xabcdefL}, lookup(1001));
    }

    @Test
    void aNewFingerprintReplacesTheOld() {
        cache.put(7, 111);
        flush(cache);
        cache.put(7, 222);
        flush(cache);
        assertArrayEquals(new long[] {222}, lookup(7));
    }

    @Test
    void extremeKeysAndFingerprintsSurviveTheRoundTrip() {
        long[] keys = {Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE, 0x0102030405060708L};
        long[] fingerprints = {Long.MAX_VALUE, Long.MIN_VALUE, -1, 1, 0x8000000000000001L, 0x0807060504030201L};
        for (int i = 0; i < keys.length; i++) {
            cache.put(keys[i], fingerprints[i]);
        }
        flush(cache);
        assertArrayEquals(fingerprints, lookup(keys));
    }

    @Test
    void oneLookupMixesHitsAndMissesAndTouchesOnlyTheFirstCountSlots() {
        long[] keys = new long[300];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = 10_000 + i;
            if (i % 3 == 0) {
                cache.put(keys[i], 1_000_000 + i);
            }
        }
        flush(cache);
        long[] out = new long[keys.length];
        Arrays.fill(out, NOT_WRITTEN);
        int count = 200;
        cache.getAll(keys, count, out);
        for (int i = 0; i < keys.length; i++) {
            long expected = i >= count ? NOT_WRITTEN : i % 3 == 0 ? 1_000_000 + i : ResourceCache.ABSENT;
            assertEquals(expected, out[i], "slot " + i);
        }
    }

    @Test
    void statsCountHitsMissesAndPuts() {
        cache.put(1, 10);
        cache.put(2, 20);
        cache.put(3, 30);
        cache.put(3, 31);
        flush(cache);
        lookup(1, 2, 3, 4, 5);
        lookup(1, 6);
        CacheStats stats = cache.stats();
        assertEquals(4, stats.hits());
        assertEquals(3, stats.misses());
        assertEquals(4, stats.puts());
        assertEquals(0, stats.errors());
        assertEquals(0, stats.evictions());
        assertEquals(4.0 / 7, stats.hitRatio(), 1e-9);
    }

    @Test
    void sizeCountsTheEntriesHeld() {
        flush(cache); // a remote cache's size is counted, not asked for on the caller's thread
        assertEquals(0, cache.size());
        for (long key = 1; key <= 25; key++) {
            cache.put(key, key * 3);
        }
        cache.put(1, 99);
        flush(cache);
        assertEquals(25, cache.size());
    }

    @Test
    void concurrentPutsAndLookupsLoseNoEntry() throws Exception {
        int threads = 4;
        int perThread = 5_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                long first = (long) t * perThread;
                done.add(pool.submit(() -> {
                    start.await();
                    long[] recent = new long[100];
                    long[] out = new long[100];
                    for (int i = 0; i < perThread; i++) {
                        long key = keyOf(first + i);
                        cache.put(key, fingerprintOf(key));
                        recent[i % 100] = key;
                        if (i % 100 == 99) {
                            // Lookups racing the puts: whatever they see must be right or absent.
                            cache.getAll(recent, 100, out);
                            for (int j = 0; j < 100; j++) {
                                assertTrue(out[j] == ResourceCache.ABSENT || out[j] == fingerprintOf(recent[j]));
                            }
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        flush(cache);
        int total = threads * perThread;
        long[] keys = new long[1000];
        long[] out = new long[1000];
        for (int batch = 0; batch < total; batch += keys.length) {
            for (int i = 0; i < keys.length; i++) {
                keys[i] = keyOf(batch + i);
            }
            cache.getAll(keys, keys.length, out);
            for (int i = 0; i < keys.length; i++) {
                assertEquals(fingerprintOf(keys[i]), out[i], "entry " + (batch + i));
            }
        }
        assertEquals(total, cache.stats().puts());
        assertEquals(0, cache.stats().errors());
        assertEquals(total, cache.size());
    }

    @Test
    void closeTwiceIsHarmlessAndAClosedCacheNeitherThrowsNorAnswers() {
        cache.put(5, 50);
        flush(cache);
        cache.close();
        assertDoesNotThrow(cache::close);
        assertDoesNotThrow(() -> cache.put(6, 60));
        assertArrayEquals(new long[] {ResourceCache.ABSENT, ResourceCache.ABSENT}, lookup(5, 6));
    }

    @Test
    void describeIsOneLine() {
        String line = cache.describe();
        assertFalse(line.isBlank());
        assertFalse(line.contains("\n"), line);
    }

    /** Spreads consecutive numbers over the key space, as hashes of resource ids would be. */
    static long keyOf(long n) {
        return GuavaResourceCache.mix64(n + 1);
    }

    static long fingerprintOf(long key) {
        return GuavaResourceCache.mix64(key) | 1;
    }
}
