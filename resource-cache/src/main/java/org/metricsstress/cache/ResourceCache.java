package org.metricsstress.cache;

/**
 * Remembers which resources already have their index rows written, so the indexer writes them
 * once rather than with every sample.
 *
 * <p>An entry maps a 64-bit resource key (a hash of context and resource id, computed by the
 * caller) to a 64-bit fingerprint of what was indexed for it. A lookup that returns a different
 * fingerprint than the caller would write means "index again" (the resource's metadata changed).
 * Fingerprints are never {@link #ABSENT}.
 *
 * <p>Implementations never throw from {@link #getAll} or {@link #put}: a cache that cannot answer
 * (Redis lost) reports every key as absent and counts the failure in {@link #stats()}. A miss only
 * costs index writes that are idempotent, so that is always safe.
 *
 * <p>Thread-safe: called from every writer thread and from the driver's completion threads.
 */
public interface ResourceCache extends CacheView {
    /** What a lookup returns for a key the cache does not hold. */
    long ABSENT = 0L;

    /**
     * Looks up {@code keys[0..count)} in one go (Redis: one pipelined round trip) and writes each
     * key's fingerprint, or {@link #ABSENT}, to {@code out[i]}.
     */
    void getAll(long[] keys, int count, long[] out);

    /**
     * Asks again for keys a lookup just found missing and the caller has since claimed: did this
     * process store them in between (another thread finished them)? Only this process's own puts
     * are in question; the lookup already asked about everyone else's. By default a lookup; a cache
     * holding a copy of every put of this process answers from that copy, without a round trip.
     */
    default void recheckAll(long[] keys, int count, long[] out) {
        getAll(keys, count, out);
    }

    /**
     * Records that {@code key}'s index rows, described by {@code fingerprint}, are written. May
     * return before the entry is stored (Redis: queued and written in pipelines by a background
     * thread), so it is safe to call from a driver I/O thread.
     */
    void put(long key, long fingerprint);

    /**
     * Waits (bounded) until every {@link #put} made so far is stored, so that figures read next
     * include them. A no-op for caches that store synchronously.
     */
    void flush();

    /** Entries held: exact for Guava; for Redis, the key count of its database (DBSIZE). */
    long size();

    CacheStats stats();

    /** One line for the user: kind, bound, where. Never contains a password. */
    String describe();

    /** Flushes queued writes (bounded wait) and releases connections. */
    @Override
    void close();
}
