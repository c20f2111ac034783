package org.metricsstress.result;

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
}
