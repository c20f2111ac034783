package org.metricsstress.result;

import java.util.List;
/**
 * The resource cache at the end of a run; counts since it was opened.
 *
 * @param slowLookups lookups that took over {@code SLOW_LOOKUP_MS} (a slow or lost Redis): they
 *                    delay index work, never sample writes
 */
public record CacheSummary(
        String kind,
        String description,
        long size,
        long hits,
        long misses,
        long evictions,
        long errors,
        long puts,
        double hitRatio,
        long slowLookups) {

    /** A lookup slower than this is counted as slow. */
    public static final long SLOW_LOOKUP_MS = 100;

    /**
     * Every instance's cache added: counts summed; the size the largest instance's for Redis (one
     * shared store), the sum for Guava (one cache per process).
     */
    static CacheSummary sum(List<CacheSummary> cs) {
        CacheSummary first = cs.get(0);
        long hits = Sums.sum(cs, CacheSummary::hits);
        long misses = Sums.sum(cs, CacheSummary::misses);
        long size = "redis".equals(first.kind()) ? cs.stream().mapToLong(CacheSummary::size).max().orElse(0)
                : Sums.sum(cs, CacheSummary::size);
        return new CacheSummary(first.kind(), first.description(), size, hits, misses,
                Sums.sum(cs, CacheSummary::evictions), Sums.sum(cs, CacheSummary::errors), Sums.sum(cs, CacheSummary::puts),
                hits + misses > 0 ? (double) hits / (hits + misses) : 0, Sums.sum(cs, CacheSummary::slowLookups));
    }
}
