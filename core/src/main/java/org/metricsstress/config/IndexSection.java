package org.metricsstress.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The index stage and its resource cache (help section "index and cache"). The Redis passwords
 * never leave this object: they are excluded from JSON and from {@link #toString()}.
 */
public record IndexSection(
        boolean enabled,
        CacheKind cache,
        long cacheMaxEntries,
        URI redisUri,
        @JsonIgnore String redisPassword,
        Path redisTruststore,
        @JsonIgnore String redisTruststorePassword,
        int redisPool,
        int redisNearCache,
        boolean primeCache,
        Duration primingBlock,
        int indexMaxInFlight) {

    /** {@code --index-max-in-flight auto} (the default): the index budget follows the samples' wait in the ring. */
    public static final int INDEX_BUDGET_AUTO = 0;
    /** Where an auto index budget starts, and what it holds once it finds the run flat out. */
    public static final int INDEX_BUDGET_START = 256;

    public IndexSection {
        Checks.atLeast("--cache-max-entries", cacheMaxEntries, 1);
        Checks.atLeast("--index-max-in-flight", indexMaxInFlight, INDEX_BUDGET_AUTO);
        Checks.atLeast("--redis-near-cache", redisNearCache, 0);
        Checks.atLeast("--redis-pool", redisPool, 1);
        if (primeCache && !enabled) {
            throw new ConfigException("--prime-cache: the cache is only used when indexing (leave out --no-index)");
        }
        if (primeCache && cache == CacheKind.REDIS) {
            throw new ConfigException("--prime-cache: a Redis cache keeps its entries across runs; priming is for --cache guava");
        }
        if (redisTruststore != null && !"rediss".equalsIgnoreCase(redisUri.getScheme())) {
            throw new ConfigException("--redis-truststore: only for TLS; give --redis as rediss://host:port");
        }
        Checks.readable("--redis-truststore", redisTruststore);
    }

    @Override
    public String toString() {
        return "IndexSection[enabled=" + enabled + ", cache=" + cache + ", redisPassword="
                + (redisPassword == null ? "none" : "(set)") + ", ...]";
    }
}
