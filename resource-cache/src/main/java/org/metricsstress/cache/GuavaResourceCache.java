package org.metricsstress.cache;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;
import java.lang.ref.Reference;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;

/**
 * The in-memory cache, built the way OpenNMS builds its default one: a Guava cache bounded by
 * entry count only (least recently used out first), no expiry, so a run that outgrows the bound
 * shows up as evictions and re-indexing rather than as a heap problem.
 *
 * <p>Keys and fingerprints are boxed {@code Long}s, as Guava requires (equal fingerprints share
 * one box); what that costs per entry is measured by {@link #measureBytesPerEntry(int)}.
 */
public final class GuavaResourceCache implements ResourceCache {
    private final long maxEntries;
    private final Cache<Long, Long> entries;
    /**
     * Boxed fingerprints shared between entries. A stress plan has a handful of distinct
     * fingerprints (one per group's metric and string set) but boxing makes a new Long per put:
     * 16 bytes per entry for nothing. A slot holds the last fingerprint that hashed there; a race
     * between two puts only costs a fresh box, never a wrong value (Longs are immutable).
     */
    private final Long[] sharedFingerprints = new Long[1024];
    private final LongAdder puts = new LongAdder();
    private final LongAdder missesAfterClose = new LongAdder();
    private volatile boolean closed;

    public GuavaResourceCache(long maxEntries) {
        if (maxEntries < 1) {
            throw new IllegalArgumentException("maxEntries must be at least 1, got " + maxEntries);
        }
        this.maxEntries = maxEntries;
        // One segment: the bound is then exact (with Guava's default four, each segment evicts at a
        // quarter of it, so a cache "full" at N held about 0.999 N), and one hash table instead of
        // four, which G1 rounds up to whole regions once: about 98 heap bytes per entry at 2 M
        // entries instead of 105. Reads stay lock-free; puts (one per new resource) take the lock.
        this.entries = CacheBuilder.newBuilder().maximumSize(maxEntries).concurrencyLevel(1).recordStats().build();
    }

    @Override
    public void getAll(long[] keys, int count, long[] out) {
        if (closed) {
            Arrays.fill(out, 0, Math.max(count, 0), ABSENT);
            missesAfterClose.add(Math.max(count, 0));
            return;
        }
        for (int i = 0; i < count; i++) {
            Long fingerprint = entries.getIfPresent(keys[i]);
            out[i] = fingerprint == null ? ABSENT : fingerprint;
        }
    }

    /** One lookup: the value, or {@link #ABSENT}. */
    long get(long key) {
        if (closed) {
            missesAfterClose.increment();
            return ABSENT;
        }
        Long value = entries.getIfPresent(key);
        return value == null ? ABSENT : value;
    }

    /**
     * Stores {@code value} for a new key, or {@code merge(old, value)} for a present one, atomically
     * (two writers merging into one entry lose neither's part); returns what is stored.
     */
    long merge(long key, long value, LongBinaryOperator merge) {
        if (closed) {
            return value;
        }
        puts.increment();
        Long stored = entries.asMap().merge(key, value, (old, added) -> merge.applyAsLong(old, added));
        return stored;
    }

    long maxEntries() {
        return maxEntries;
    }

    @Override
    public void put(long key, long fingerprint) {
        if (closed) {
            return;
        }
        entries.put(key, shared(fingerprint));
        puts.increment();
    }

    private Long shared(long fingerprint) {
        int slot = (int) mix64(fingerprint) & (sharedFingerprints.length - 1);
        Long boxed = sharedFingerprints[slot];
        if (boxed == null || boxed != fingerprint) {
            boxed = fingerprint;
            sharedFingerprints[slot] = boxed;
        }
        return boxed;
    }

    /** Nothing is ever queued here; present so callers and tests treat both caches alike. */
    @Override
    public void flush() {
    }

    @Override
    public long size() {
        return entries.size();
    }

    @Override
    public CacheStats stats() {
        com.google.common.cache.CacheStats g = entries.stats();
        return new CacheStats(g.hitCount(), g.missCount() + missesAfterClose.sum(), g.evictionCount(), 0, puts.sum());
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "guava, at most %,d entries", maxEntries);
    }

    /** Drops the entries so a closed cache no longer holds heap; later lookups miss, later puts are ignored. */
    @Override
    public void close() {
        closed = true;
        entries.invalidateAll();
        entries.cleanUp();
    }

    /**
     * Heap bytes one entry costs in a cache filled with {@code n} distinct keys, for sizing
     * {@code maxEntries} against a heap. Compares heap used after full collections before the fill
     * and after it (the cache kept reachable), divided by the entries held. Runs a few System.gc()
     * calls, so call it from a bench or a tool, never on the hot path. The figure includes the
     * boxed key and fingerprint, Guava's entry with its access-order links, and the hash table.
     */
    public static double measureBytesPerEntry(int n) {
        long seed = new SplittableRandom().nextLong();
        return measureBytesPerEntry(n, i -> mix64(~(seed + i)) | 1);
    }

    /**
     * As {@link #measureBytesPerEntry(int)}, with the fingerprint of the {@code i}-th entry given by
     * {@code fingerprintOf}: a stress plan has only a few distinct fingerprints (one per group and
     * string set), the worst case has one per entry.
     */
    public static double measureBytesPerEntry(int n, LongUnaryOperator fingerprintOf) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1, got " + n);
        }
        long before = HeapUsed.afterGc();
        GuavaResourceCache cache = new GuavaResourceCache(n);
        // A bijective mix of a counter: looks random to the hash table yet never repeats a key.
        long seed = new SplittableRandom().nextLong();
        for (int i = 0; i < n; i++) {
            cache.put(mix64(seed + i), fingerprintOf.applyAsLong(i));
        }
        cache.entries.cleanUp();
        long after = HeapUsed.afterGc();
        long held = cache.size();
        Reference.reachabilityFence(cache);
        return (double) (after - before) / held;
    }

    /** The SplitMix64 finalizer: a bijection on 64-bit values. */
    static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
