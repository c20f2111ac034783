package org.metricsstress.cache;

/**
 * Counts since the cache was opened.
 *
 * @param hits      lookups that found an entry (whatever its fingerprint)
 * @param misses    lookups that found none, including those answered absent because of an error
 * @param evictions entries removed to respect the size bound (Guava); 0 for Redis
 * @param errors    entries the cache failed on, one per key: lookups answered absent because of an
 *                  error (Redis unreachable, a timeout, the breaker open after one) and puts lost (a
 *                  failed write, a full write queue)
 * @param puts      entries written (Redis: acknowledged by Redis, so it trails the calls to put by
 *                  what is still queued)
 */
public record CacheStats(long hits, long misses, long evictions, long errors, long puts) {
    public double hitRatio() {
        long lookups = hits + misses;
        return lookups == 0 ? 0 : (double) hits / lookups;
    }
}
