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
import org.metricsstress.cache.RedisSettings;
import org.metricsstress.config.StressConfig;
import org.metricsstress.newts.NewtsSchema;
import java.time.Duration;

/**
 * Opens the cache a configuration asks for, in the shape its writer model asks
 * ({@link WriterRuntime#openCache}), and how any of them reaches Redis.
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

    /** The cache the configuration's writer model asks for. */
    public static CacheView open(StressConfig c) throws CacheUnavailableException {
        return Writers.of(c).openCache(c);
    }

    /** How a configuration reaches its Redis: URI, credentials, pool, key prefix, TTL, TLS. */
    public static RedisSettings redisSettings(StressConfig c) throws CacheUnavailableException {
        return new RedisSettings(c.index().redisUri(), c.index().redisPassword(), c.index().redisPool(), redisPrefix(c), c.schema().ttl().getSeconds(),
                Duration.ofSeconds(2), tlsSockets(c));
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
