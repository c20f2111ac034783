package org.metricsstress.cache;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Puts accepted but not yet written, so lookups read the cache's own writes: without this, a
 * resource looked up again in the milliseconds between its put and the pipelined SET would look
 * absent and be indexed twice. Small: only what the background writer has not reached yet.
 */
final class UnwrittenPuts {
    private final ConcurrentHashMap<Long, Long> entries = new ConcurrentHashMap<>();

    void add(long key, long fingerprint) {
        entries.put(key, fingerprint);
    }

    /** Once written or lost; a later put of the same key with another fingerprint stays. */
    void remove(long key, long fingerprint) {
        entries.remove(key, fingerprint);
    }

    void clear() {
        entries.clear();
    }

    /** The unwritten fingerprint per key ({@link ResourceCache#ABSENT} where none); null if none at all. */
    long[] snapshot(long[] keys, int count) {
        if (entries.isEmpty()) {
            return null;
        }
        long[] mine = null;
        for (int i = 0; i < count; i++) {
            Long v = entries.get(keys[i]);
            if (v != null) {
                if (mine == null) {
                    mine = new long[count];
                }
                mine[i] = v;
            }
        }
        return mine;
    }

    /** Lays a snapshot over what Redis answered. */
    static void apply(long[] mine, int count, long[] out) {
        if (mine == null) {
            return;
        }
        for (int i = 0; i < count; i++) {
            if (mine[i] != ResourceCache.ABSENT) {
                out[i] = mine[i];
            }
        }
    }
}
