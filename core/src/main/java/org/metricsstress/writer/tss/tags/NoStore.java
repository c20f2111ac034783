package org.metricsstress.writer.tss.tags;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * No {@code --tss-external-tags-store}: no database is asked. It answers as an empty store that
 * kept every put would (a key put once is found afterwards), so the cache behaves as with a real
 * store, and it counts the reads that would have gone to the database: the run can say how many
 * lookups it did not make. Keys are remembered as 64-bit hashes (no String per lookup; a collision
 * among a run's series is about n²/2⁶⁵, negligible).
 */
public final class NoStore implements KeyValueStore {
    /** What a stress series' record holds: no external tags. */
    static final String EMPTY_RECORD = "{}";

    private final LongAdder lookupsNotMade = new LongAdder();
    private final LongAdder putsNotMade = new LongAdder();
    private long[] table = new long[1 << 12];
    private int entries;
    /** 0 marks an empty slot; a key hashing to 0 is stored as this instead. */
    private static final long ZERO_STAND_IN = 1;

    @Override
    public String get(String context, CharSequence key) {
        lookupsNotMade.increment();
        long h = hash(context, key);
        synchronized (this) {
            for (int i = index(h, table.length); ; i = (i + 1) & (table.length - 1)) {
                if (table[i] == 0) {
                    return null;
                }
                if (table[i] == h) {
                    return EMPTY_RECORD;
                }
            }
        }
    }

    @Override
    public void putAsync(String context, CharSequence key, String json) {
        putsNotMade.increment();
        long h = hash(context, key);
        synchronized (this) {
            if (insert(table, h)) {
                entries++;
                if (entries * 2 > table.length) {
                    grow();
                }
            }
        }
    }

    @Override
    public List<String> preload(String context, int limit) {
        return List.of();
    }

    @Override
    public long putsFailed() {
        return 0;
    }

    /** The synchronous reads a real store would have served. */
    public long lookupsNotMade() {
        return lookupsNotMade.sum();
    }

    /** The asynchronous writes a real store would have received. */
    public long putsNotMade() {
        return putsNotMade.sum();
    }

    @Override
    public void close() {
        // Nothing opened.
    }

    private void grow() {
        long[] bigger = new long[table.length * 2];
        for (long h : table) {
            if (h != 0) {
                insert(bigger, h);
            }
        }
        table = bigger;
    }

    private static boolean insert(long[] t, long h) {
        for (int i = index(h, t.length); ; i = (i + 1) & (t.length - 1)) {
            if (t[i] == h) {
                return false;
            }
            if (t[i] == 0) {
                t[i] = h;
                return true;
            }
        }
    }

    private static int index(long h, int length) {
        return (int) (h ^ (h >>> 32)) & (length - 1);
    }

    /** FNV-1a over the context, a separator and the key, then mixed (Stafford's variant 13). */
    static long hash(String context, CharSequence key) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < context.length(); i++) {
            h = (h ^ context.charAt(i)) * 0x100000001b3L;
        }
        h = (h ^ 0xFFFF) * 0x100000001b3L;
        for (int i = 0; i < key.length(); i++) {
            h = (h ^ key.charAt(i)) * 0x100000001b3L;
        }
        h = (h ^ (h >>> 30)) * 0xbf58476d1ce4e5b9L;
        h = (h ^ (h >>> 27)) * 0x94d049bb133111ebL;
        h ^= h >>> 31;
        return h == 0 ? ZERO_STAND_IN : h;
    }

    @Override
    public String toString() {
        return "no store (" + lookupsNotMade() + " lookups not made)";
    }
}
