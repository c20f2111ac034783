package org.metricsstress.writer;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cache.CacheView;
import org.metricsstress.cache.GuavaMetadataCache;
import org.metricsstress.cache.OpenNmsRedisCache;
import org.metricsstress.cache.GuavaResourceCache;
import org.metricsstress.cache.RedisResourceCache;
import org.metricsstress.cache.RedisSettings;
import org.metricsstress.cache.ResourceCache;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.newts.NewtsSchema;
import java.time.Duration;
import org.metricsstress.cache.NearCachedResourceCache;

/**
 * Opens the cache a configuration asks for, the one its writer model asks: OpenNMS's metadata cache
 * (Guava, or Redis the way OpenNMS talks to it) for {@code --writer opennms}, the resource cache
 * (Guava, or Redis pipelined behind a near cache) for {@code pipelined}.
 */
public final class Caches {
    private Caches() {}

    /**
     * Redis keys carry the keyspace and context, so runs against different keyspaces can share one
     * Redis without seeing each other's entries.
     */
    public static String redisPrefix(StressConfig c) {
        return "ms:" + c.schema().keyspace() + ":" + NewtsSchema.CONTEXT + ":";
    }

    public static CacheView open(StressConfig c) throws CacheUnavailableException {
        if (c.pipeline().writer() == Writer.OPENNMS) {
            return switch (c.index().cache()) {
                case GUAVA -> new GuavaMetadataCache(c.index().cacheMaxEntries());
                case REDIS -> OpenNmsRedisCache.open(redisSettings(c), c.pipeline().writerThreads(),
                        c.schema().keyspace());
            };
        }
        return switch (c.index().cache()) {
            case GUAVA -> new GuavaResourceCache(c.index().cacheMaxEntries());
            case REDIS -> nearCached(RedisResourceCache.open(redisSettings(c)), c.index().redisNearCache());
        };
    }

    /** How a configuration reaches its Redis: URI, credentials, pool, key prefix, TTL, TLS. */
    public static RedisSettings redisSettings(StressConfig c) throws CacheUnavailableException {
        return new RedisSettings(c.index().redisUri(), c.index().redisPassword(), c.index().redisPool(), redisPrefix(c), c.schema().ttl().getSeconds(),
                Duration.ofSeconds(2), tlsSockets(c));
    }

    /** Redis alone ({@code --redis-near-cache 0}), or with a near copy of its answers in this JVM. */
    private static ResourceCache nearCached(ResourceCache redis, int nearEntries) {
        return nearEntries == 0 ? redis : new NearCachedResourceCache(redis, nearEntries);
    }

    /** Sockets trusting {@code --redis-truststore}, or null for the JVM's default trust. */
    private static SSLSocketFactory tlsSockets(StressConfig c) throws CacheUnavailableException {
        if (c.index().redisTruststore() == null) {
            return null;
        }
        char[] password = c.index().redisTruststorePassword() == null ? null : c.index().redisTruststorePassword().toCharArray();
        try (InputStream in = Files.newInputStream(c.index().redisTruststore())) {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(in, password);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(store);
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, tmf.getTrustManagers(), null);
            return ctx.getSocketFactory();
        } catch (IOException | GeneralSecurityException e) {
            throw new CacheUnavailableException("--redis-truststore " + c.index().redisTruststore() + ": cannot be read ("
                    + e.getMessage() + ")", e);
        }
    }
}
