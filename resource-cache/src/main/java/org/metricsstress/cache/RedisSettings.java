package org.metricsstress.cache;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import javax.net.ssl.SSLSocketFactory;

/**
 * Where and how {@link RedisResourceCache} talks to Redis.
 *
 * @param uri        {@code redis://host[:port][/db]}, or {@code rediss://...} for TLS; port 6379 and
 *                   database 0 when left out. User-info ({@code redis://[user]:password@host}) is
 *                   accepted but {@code password} wins when both are given.
 * @param password   null for none; meant to come from an environment variable, not a command line
 * @param poolSize   connections at most, shared by every caller and the background writer
 * @param keyPrefix  put before every key, one per keyspace and context (e.g. {@code ms:newts:G:}),
 *                   so several runs or contexts can share a database without seeing each other
 * @param ttlSeconds expiry of every entry written; 0 for none
 * @param timeout    connect and socket timeout; null for {@link #DEFAULT_TIMEOUT}
 * @param tlsSockets with {@code rediss://}: the sockets to use (trusting the server's certificate);
 *                   null for the JVM's default trust
 */
public record RedisSettings(URI uri, String password, int poolSize, String keyPrefix, long ttlSeconds,
        Duration timeout, SSLSocketFactory tlsSockets) {

    public RedisSettings(URI uri, String password, int poolSize, String keyPrefix, long ttlSeconds, Duration timeout) {
        this(uri, password, poolSize, keyPrefix, ttlSeconds, timeout, null);
    }

    public static final int DEFAULT_PORT = 6379;
    public static final int DEFAULT_POOL_SIZE = 16;
    /** Short, because a caller waits this long at most before treating Redis as lost. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(2);

    public RedisSettings {
        if (uri == null) {
            throw new IllegalArgumentException("Redis URI is missing");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("redis") && !scheme.equals("rediss")) {
            throw new IllegalArgumentException("Redis URI must start with redis:// or rediss://, got "
                    + redact(uri));
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new IllegalArgumentException("Redis URI has no host: " + redact(uri));
        }
        databaseOf(uri);
        if (poolSize < 1) {
            throw new IllegalArgumentException("Redis pool size must be at least 1, got " + poolSize);
        }
        if (keyPrefix == null) {
            keyPrefix = "";
        }
        if (ttlSeconds < 0) {
            throw new IllegalArgumentException("Redis TTL must be 0 (none) or positive, got " + ttlSeconds);
        }
        if (timeout == null) {
            timeout = DEFAULT_TIMEOUT;
        }
        if (timeout.isNegative() || timeout.isZero() || timeout.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("Redis timeout must be positive and under 24 days, got " + timeout);
        }
    }

    /** Defaults for everything but where and the prefix: no password, no TTL. */
    public static RedisSettings of(URI uri, String keyPrefix) {
        return new RedisSettings(uri, null, DEFAULT_POOL_SIZE, keyPrefix, 0, DEFAULT_TIMEOUT);
    }

    public String host() {
        return uri.getHost();
    }

    public int port() {
        return uri.getPort() == -1 ? DEFAULT_PORT : uri.getPort();
    }

    public int database() {
        return databaseOf(uri);
    }

    public boolean tls() {
        return uri.getScheme().equalsIgnoreCase("rediss");
    }

    /** The ACL user from the URI's user-info, or null for Redis's {@code default} user. */
    public String user() {
        String info = uri.getUserInfo();
        if (info == null) {
            return null;
        }
        int colon = info.indexOf(':');
        return colon > 0 ? info.substring(0, colon) : null;
    }

    /** {@link #password()} if given, else the one in the URI's user-info, else null. */
    public String effectivePassword() {
        if (password != null) {
            return password;
        }
        String info = uri.getUserInfo();
        if (info == null) {
            return null;
        }
        int colon = info.indexOf(':');
        // A lone user-info word is taken as a password, the old redis://password@host form.
        String fromUri = colon >= 0 ? info.substring(colon + 1) : info;
        return fromUri.isEmpty() ? null : fromUri;
    }

    /** {@code redis://host:port/db}, without user-info: safe to print. */
    public String where() {
        return uri.getScheme().toLowerCase(Locale.ROOT) + "://" + hostAndPort() + "/" + database();
    }

    public String hostAndPort() {
        String host = host();
        // getHost() keeps an IPv6 literal's brackets; add them only if it somehow came without.
        if (host.indexOf(':') >= 0 && !host.startsWith("[")) {
            host = "[" + host + "]";
        }
        return host + ":" + port();
    }

    /** Without the password, unlike the generated one. */
    @Override
    public String toString() {
        return "RedisSettings[" + where() + (effectivePassword() != null ? ", password set" : "")
                + ", pool " + poolSize + ", prefix \"" + keyPrefix + "\", ttl " + ttlSeconds + " s, timeout "
                + timeout.toMillis() + " ms]";
    }

    private static int databaseOf(URI uri) {
        String path = uri.getPath();
        if (path == null || path.isEmpty() || path.equals("/")) {
            return 0;
        }
        String db = path.substring(1);
        try {
            int index = Integer.parseInt(db);
            if (index >= 0) {
                return index;
            }
        } catch (NumberFormatException e) {
            // reported below, with the URI
        }
        throw new IllegalArgumentException("Redis URI path must be a database index such as /0, got "
                + redact(uri));
    }

    private static String redact(URI uri) {
        if (uri.getRawUserInfo() == null) {
            return uri.toString();
        }
        return uri.toString().replace(uri.getRawUserInfo() + "@", "***@");
    }
}
