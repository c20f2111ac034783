package org.metricsstress.result;

/** The resource cache at the end of a run; counts since it was opened. */
public record CacheSummary(
        String kind,
        String description,
        long size,
        long hits,
        long misses,
        long evictions,
        long errors,
        long puts,
        double hitRatio) {}
