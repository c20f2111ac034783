package org.metricsstress.writer.tss.http;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import javax.net.ssl.SSLContext;

/**
 * The plugin's settings that shape its writes, with its defaults (blueprint of v2.1.0 and, for
 * {@code callTimeoutInMs}, of 2.2.0-SNAPSHOT). The bulkhead's size is not a setting: the plugin
 * derives it as 4 x maxConcurrentHttpConnections.
 *
 * @param writeUrl where requests go ({@code writeUrl})
 * @param mode ASYNC (v2.1.0, the default) or SYNC
 * @param maxConcurrentHttpConnections requests on the wire at once in ASYNC mode (100)
 * @param writeTimeout a request's timeout ({@code writeTimeoutInMs}, 5000 ms)
 * @param callTimeout SYNC mode's whole-call bound ({@code callTimeoutInMs}, 10 s); the shorter of it
 *     and writeTimeout bounds a SYNC call
 * @param organizationId sent as {@code X-Scope-OrgID} when not empty ({@code organizationId}, "")
 * @param user basic authentication's user, or null for none
 * @param password basic authentication's password (with a user)
 * @param sslContext for an https writeUrl, or null for the JDK's default
 */
public record RemoteWriteSettings(URI writeUrl, WriteMode mode, int maxConcurrentHttpConnections, Duration writeTimeout,
        Duration callTimeout, String organizationId, String user, String password, SSLContext sslContext) {
    public static final int DEFAULT_MAX_CONCURRENT_HTTP_CONNECTIONS = 100;
    public static final Duration DEFAULT_WRITE_TIMEOUT = Duration.ofMillis(5000);
    public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofMillis(10_000);
    /** The plugin's bulkhead allows this many calls per connection. */
    public static final int PERMITS_PER_CONNECTION = 4;

    public RemoteWriteSettings {
        Objects.requireNonNull(writeUrl, "writeUrl");
        Objects.requireNonNull(mode, "mode");
        if (maxConcurrentHttpConnections < 1) {
            throw new IllegalArgumentException("maxConcurrentHttpConnections must be at least 1: " + maxConcurrentHttpConnections);
        }
        requirePositive(writeTimeout, "writeTimeout");
        requirePositive(callTimeout, "callTimeout");
        organizationId = organizationId == null ? "" : organizationId;
        if (user != null && password == null) {
            throw new IllegalArgumentException("a user needs a password");
        }
    }

    /** The plugin's defaults, writing to {@code writeUrl}. */
    public static RemoteWriteSettings defaults(URI writeUrl) {
        return new RemoteWriteSettings(writeUrl, WriteMode.ASYNC, DEFAULT_MAX_CONCURRENT_HTTP_CONNECTIONS,
                DEFAULT_WRITE_TIMEOUT, DEFAULT_CALL_TIMEOUT, "", null, null, null);
    }

    public RemoteWriteSettings withMode(WriteMode m) {
        return new RemoteWriteSettings(writeUrl, m, maxConcurrentHttpConnections, writeTimeout, callTimeout,
                organizationId, user, password, sslContext);
    }

    public RemoteWriteSettings withMaxConcurrentHttpConnections(int n) {
        return new RemoteWriteSettings(writeUrl, mode, n, writeTimeout, callTimeout, organizationId, user, password,
                sslContext);
    }

    public RemoteWriteSettings withWriteTimeout(Duration d) {
        return new RemoteWriteSettings(writeUrl, mode, maxConcurrentHttpConnections, d, callTimeout, organizationId,
                user, password, sslContext);
    }

    public RemoteWriteSettings withCallTimeout(Duration d) {
        return new RemoteWriteSettings(writeUrl, mode, maxConcurrentHttpConnections, writeTimeout, d, organizationId,
                user, password, sslContext);
    }

    public RemoteWriteSettings withOrganizationId(String id) {
        return new RemoteWriteSettings(writeUrl, mode, maxConcurrentHttpConnections, writeTimeout, callTimeout, id,
                user, password, sslContext);
    }

    public RemoteWriteSettings withBasicAuth(String u, String p) {
        return new RemoteWriteSettings(writeUrl, mode, maxConcurrentHttpConnections, writeTimeout, callTimeout,
                organizationId, u, p, sslContext);
    }

    public RemoteWriteSettings withSslContext(SSLContext context) {
        return new RemoteWriteSettings(writeUrl, mode, maxConcurrentHttpConnections, writeTimeout, callTimeout,
                organizationId, user, password, context);
    }

    /** The bulkhead's permits: 4 x maxConcurrentHttpConnections (400 by default). */
    public int maxPermits() {
        return PERMITS_PER_CONNECTION * maxConcurrentHttpConnections;
    }

    /** What bounds one call: the write timeout, or in SYNC mode the shorter of it and the call timeout. */
    public Duration callBound() {
        return mode == WriteMode.SYNC && callTimeout.compareTo(writeTimeout) < 0 ? callTimeout : writeTimeout;
    }

    /** Never the password: settings may be logged. */
    @Override
    public String toString() {
        return "RemoteWriteSettings[writeUrl=" + writeUrl + ", mode=" + mode + ", maxConcurrentHttpConnections="
                + maxConcurrentHttpConnections + ", writeTimeout=" + writeTimeout + ", callTimeout=" + callTimeout
                + ", organizationId=" + organizationId + ", user=" + user + ", password=" + (password == null ? "none" : "***")
                + ", sslContext=" + (sslContext == null ? "default" : sslContext.getProtocol()) + "]";
    }

    private static void requirePositive(Duration d, String name) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be positive: " + d);
        }
    }
}
