package org.metricsstress.cache;

import java.io.IOException;
import java.net.UnknownHostException;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.exceptions.JedisConnectionException;
import javax.net.ssl.SSLParameters;

/**
 * How this module reaches Redis, for every cache and tool that talks to it: the address and client
 * settings of a connection, the pool, and a failure said in one line.
 */
final class RedisConnections {
    private RedisConnections() {}

    /** A pool of at most {@code --redis-pool} connections, keeping {@code minIdle} of them open. */
    static JedisPool pool(RedisSettings settings, int minIdle) {
        GenericObjectPoolConfig<Jedis> config = new GenericObjectPoolConfig<>();
        config.setMaxTotal(settings.poolSize());
        config.setMaxIdle(settings.poolSize());
        config.setMinIdle(Math.min(minIdle, settings.poolSize()));
        // The pool's default is to wait forever for a free connection; no caller may wait longer than on Redis.
        config.setBlockWhenExhausted(true);
        config.setMaxWait(settings.timeout());
        // A PING per borrow would double the round trips; dead connections are dropped on failure instead.
        config.setTestOnBorrow(false);
        config.setJmxEnabled(false);
        return new JedisPool(config, hostAndPort(settings), clientConfig(settings));
    }

    /** One connection of its own, outside any pool. */
    static Jedis connect(RedisSettings settings) {
        return new Jedis(hostAndPort(settings), clientConfig(settings));
    }

    static HostAndPort hostAndPort(RedisSettings settings) {
        String host = settings.host();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return new HostAndPort(host, settings.port());
    }

    static JedisClientConfig clientConfig(RedisSettings settings) {
        int millis = (int) settings.timeout().toMillis();
        var config = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(millis)
                .socketTimeoutMillis(millis)
                .user(settings.user())
                .password(settings.effectivePassword())
                .database(settings.database())
                .ssl(settings.tls())
                .clientName("metrics-stress");
        if (settings.tls() && settings.tlsSockets() != null) {
            config.sslSocketFactory(settings.tlsSockets());
        }
        if (settings.tls()) {
            // The certificate must name the host dialled (a DNS or IP subject alternative name), as
            // the Cassandra connection checks: a trusted certificate of another server is refused.
            SSLParameters verifyHost = new SSLParameters();
            verifyHost.setEndpointIdentificationAlgorithm("HTTPS");
            config.sslParameters(verifyHost);
        }
        return config.build();
    }

    /** Whether Redis could not be reached (as opposed to reached and refusing). */
    static boolean isConnectionFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof JedisConnectionException || t instanceof IOException) {
                return true;
            }
        }
        return false;
    }

    /** The most specific message in a failure's causes, on one line. */
    static String reason(Throwable e) {
        Throwable root = e;
        while (true) {
            Throwable next = root.getCause();
            if (next == null && root.getSuppressed().length > 0) {
                next = root.getSuppressed()[0];
            }
            if (next == null || next == root) {
                break;
            }
            root = next;
        }
        String message = root.getMessage();
        if (root instanceof UnknownHostException) {
            message = "unknown host";
        } else if (message == null || message.isBlank()) {
            message = root.getClass().getSimpleName();
        }
        return CacheUnavailableException.oneLine(message);
    }
}
