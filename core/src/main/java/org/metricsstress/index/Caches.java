package org.metricsstress.index;

import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cache.GuavaResourceCache;
import org.metricsstress.cache.RedisResourceCache;
import org.metricsstress.cache.RedisSettings;
import org.metricsstress.cache.ResourceCache;
import org.metricsstress.config.StressConfig;
import org.metricsstress.storage.NewtsSchema;

/** Opens the resource cache a configuration asks for. */
public final class Caches {
    private Caches() {}

    /**
     * Redis keys carry the keyspace and context, so runs against different keyspaces can share one
     * Redis without seeing each other's entries.
     */
    public static String redisPrefix(StressConfig c) {
        return "ms:" + c.keyspace() + ":" + NewtsSchema.CONTEXT + ":";
    }

    public static ResourceCache open(StressConfig c) throws CacheUnavailableException {
        return switch (c.cache()) {
            case GUAVA -> new GuavaResourceCache(c.cacheMaxEntries());
            case REDIS -> RedisResourceCache.open(new RedisSettings(c.redisUri(), c.redisPassword(), c.redisPool(),
                    redisPrefix(c), c.ttl().getSeconds(), java.time.Duration.ofSeconds(2)));
        };
    }
}
