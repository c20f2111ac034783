package org.metricsstress.microbench;

import java.util.concurrent.TimeUnit;
import org.metricsstress.cache.GuavaResourceCache;
import org.metricsstress.cache.ResourceCache;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * The in-memory resource cache as the indexer uses it: batches of {@value #BATCH} keys looked up
 * with {@link ResourceCache#getAll}, and {@link ResourceCache#put} after indexing. Scores are per
 * key (lookups or puts per second), not per batch.
 *
 * <p>Key {@code k(i) = mix64(SEED + i)}: the cache is prefilled with {@code k(0) .. k(entries-1)};
 * misses and new puts use counters far above that range, so (mix64 being a bijection) they are
 * never present. Consecutive counters give keys that look random to the hash table, so lookups
 * hop across the whole table the way real resource keys do. {@link #keysOnly} measures filling a
 * batch alone, the part of every score that is not the cache.
 *
 * <p>The forked JVM gets a fixed 2 GB heap: the million boxed entries (about 125 MB) live in the
 * old generation and every put leaves garbage behind, so a heap that grows and shrinks during the
 * run made the put scores swing by a factor of several from one iteration to the next. Override
 * with {@code -jvmArgsAppend}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class CacheLookupBench {
    static final int BATCH = 16;
    private static final long SEED = 0x5EEDL;
    /** Counter ranges for keys never put in the prefill; a thread's range starts at its index << 40. */
    private static final long MISS_BASE = 1L << 62;
    private static final long NEW_BASE = 1L << 61;

    static long key(long i) {
        return Keys.mix64(SEED + i);
    }

    /** Never {@link ResourceCache#ABSENT}. */
    static long fingerprint(long i) {
        return Keys.mix64(~(SEED + i)) | 1;
    }

    /**
     * A cache holding every one of {@code entries} keys: bound with headroom, because Guava
     * enforces its bound per segment and a cache filled exactly to its bound would already have
     * evicted some keys, turning "hits" into misses.
     */
    @State(Scope.Benchmark)
    public static class Prefilled {
        @Param("1000000")
        public int entries;

        GuavaResourceCache cache;

        @Setup(Level.Trial)
        public void fill() {
            cache = new GuavaResourceCache(entries + entries / 4L);
            prefill(cache, entries);
            if (cache.size() != entries) {
                throw new IllegalStateException("prefill kept " + cache.size() + " of " + entries + " keys");
            }
            long[] keys = new long[BATCH];
            long[] out = new long[BATCH];
            for (int i = 0; i < BATCH; i++) {
                keys[i] = key(entries - 1 - i);
            }
            cache.getAll(keys, BATCH, out);
            for (int i = 0; i < BATCH; i++) {
                if (out[i] != fingerprint(entries - 1 - i)) {
                    throw new IllegalStateException("prefilled key " + (entries - 1 - i) + " not found");
                }
            }
        }

        @TearDown(Level.Trial)
        public void close() {
            cache.close();
        }
    }

    /**
     * A cache bounded at {@code entries} and full: every new key put evicts the least recently
     * used one, the steady state of a run with more resources than the cache holds.
     */
    @State(Scope.Benchmark)
    public static class Full {
        @Param("1000000")
        public int entries;

        GuavaResourceCache cache;

        @Setup(Level.Trial)
        public void fill() {
            cache = new GuavaResourceCache(entries);
            prefill(cache, entries);
        }

        @TearDown(Level.Trial)
        public void close() {
            cache.close();
        }
    }

    static void prefill(GuavaResourceCache cache, int entries) {
        for (int i = 0; i < entries; i++) {
            cache.put(key(i), fingerprint(i));
        }
    }

    /** One thread's batch buffers and counters. */
    @State(Scope.Thread)
    public static class Cursor {
        final long[] keys = new long[BATCH];
        final long[] out = new long[BATCH];
        long hit;
        long miss;
        long fresh;

        @Setup(Level.Trial)
        public void start(ThreadParams thread) {
            long offset = (long) thread.getThreadIndex() << 40;
            hit = 0;
            miss = MISS_BASE + offset;
            fresh = NEW_BASE + offset;
        }

        /** The next {@value #BATCH} prefilled keys, wrapping at {@code entries}. */
        void fillHits(int entries) {
            long i = hit;
            for (int k = 0; k < BATCH; k++) {
                keys[k] = key(i);
                if (++i == entries) {
                    i = 0;
                }
            }
            hit = i;
        }

        void fillMisses() {
            long i = miss;
            for (int k = 0; k < BATCH; k++) {
                keys[k] = key(i++);
            }
            miss = i;
        }

        /** XOR of the batch's results: cheap, and depends on every one of them. */
        long checksum() {
            long x = 0;
            for (int k = 0; k < BATCH; k++) {
                x ^= out[k];
            }
            return x;
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long keysOnly(Prefilled state, Cursor cursor) {
        cursor.fillHits(state.entries);
        long x = 0;
        for (int k = 0; k < BATCH; k++) {
            x ^= cursor.keys[k];
        }
        return x;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long getAllHit(Prefilled state, Cursor cursor) {
        cursor.fillHits(state.entries);
        state.cache.getAll(cursor.keys, BATCH, cursor.out);
        return cursor.checksum();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long getAllMiss(Prefilled state, Cursor cursor) {
        cursor.fillMisses();
        state.cache.getAll(cursor.keys, BATCH, cursor.out);
        return cursor.checksum();
    }

    /** Re-puts keys already held (the "metadata changed, index again" path): no eviction. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void putExisting(Prefilled state, Cursor cursor) {
        long i = cursor.hit;
        for (int k = 0; k < BATCH; k++) {
            state.cache.put(key(i), fingerprint(i));
            if (++i == state.entries) {
                i = 0;
            }
        }
        cursor.hit = i;
    }

    /** Puts keys never seen into the full cache: an insert plus an eviction each. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void putNew(Full state, Cursor cursor) {
        long i = cursor.fresh;
        for (int k = 0; k < BATCH; k++) {
            state.cache.put(key(i), fingerprint(i));
            i++;
        }
        cursor.fresh = i;
    }
}
