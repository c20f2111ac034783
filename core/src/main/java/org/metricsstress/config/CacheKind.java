package org.metricsstress.config;

/** Where the indexer remembers which resources are already indexed. */
public enum CacheKind {
    /** In this JVM, bounded by --cache-max-entries, lost when the run ends (OpenNMS's default). */
    GUAVA,
    /** In a Redis server: survives restarts and is shared by several harness processes. */
    REDIS
}
