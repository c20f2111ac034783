package org.metricsstress.result;

import java.util.List;

/**
 * The resource cache at the end of a run; counts since it was opened.
 *
 * @param slowLookups lookups that took over {@code SLOW_LOOKUP_MS} (a slow or lost Redis): with the
 *                    pipelined writer they delay index work, never sample writes; with OpenNMS's
 *                    they hold the worker, and the samples behind it
 * @param lookups     the lookups' latency, asked to answered: one per commit's resource looked up
 *                    (the pipelined writer's, several answered by one round trip) or per update's
 *                    questions about its resource (OpenNMS's: three per sample, one after the
 *                    other); null in results written before it was measured
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
        long slowLookups,
        LatencySummary lookups) {

    /** A lookup slower than this is counted as slow. */
    public static final long SLOW_LOOKUP_MS = 100;

    /** Without the lookups' latency (tests, and results assembled by hand). */
    public CacheSummary(String kind, String description, long size, long hits, long misses, long evictions,
            long errors, long puts, double hitRatio, long slowLookups) {
        this(kind, description, size, hits, misses, evictions, errors, puts, hitRatio, slowLookups, null);
    }

    /**
     * Every instance's cache added: counts summed; the size the largest instance's for Redis (one
     * shared store), the sum for Guava (one cache per process); the lookups' histograms added when
     * every instance has one.
     */
    public static CacheSummary sum(List<CacheSummary> cs) {
        CacheSummary first = cs.get(0);
        long hits = Sums.sum(cs, CacheSummary::hits);
        long misses = Sums.sum(cs, CacheSummary::misses);
        long size = "redis".equals(first.kind()) ? cs.stream().mapToLong(CacheSummary::size).max().orElse(0)
                : Sums.sum(cs, CacheSummary::size);
        List<LatencySummary> lookups = cs.stream().map(CacheSummary::lookups).toList();
        boolean added = lookups.stream().allMatch(l -> l != null && l.hasHistogram());
        return new CacheSummary(first.kind(), first.description(), size, hits, misses,
                Sums.sum(cs, CacheSummary::evictions), Sums.sum(cs, CacheSummary::errors), Sums.sum(cs, CacheSummary::puts),
                hits + misses > 0 ? (double) hits / (hits + misses) : 0, Sums.sum(cs, CacheSummary::slowLookups),
                added ? LatencySummary.sum(lookups) : null);
    }
}
