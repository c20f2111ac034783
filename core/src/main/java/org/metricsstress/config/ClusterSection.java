package org.metricsstress.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * How the client reaches the cluster (help section "cluster and security"): contact points, data
 * centre, credentials, TLS, timeouts, retries and the write consistency. The passwords never leave
 * this object: they are excluded from JSON and from {@link #toString()}.
 */
public record ClusterSection(
        List<ContactPoint> contactPoints,
        String localDc,
        String username,
        @JsonIgnore String password,
        String writeConsistency,
        Duration connectTimeout,
        Duration requestTimeout,
        int retries,
        int connectionsPerHost,
        int maxRequestsPerConnection,
        Path driverConfig,
        Duration speculativeDelay,
        boolean ssl,
        Path truststore,
        @JsonIgnore String truststorePassword,
        Path keystore,
        @JsonIgnore String keystorePassword,
        Compression compression) {

    /** Retries of one request at most: each can take a whole request timeout. */
    public static final int MAX_RETRIES = 10;
    /**
     * {@code --retries driver}: the driver's own retry policy decides (its DefaultRetryPolicy, or the
     * one {@code --driver-config} names), as in OpenNMS, whose Newts session sets none.
     */
    public static final int DRIVER_RETRIES = -1;
    /** The Java driver's reference.conf, which Newts 3.0.0's session leaves in force. */
    public static final Duration DRIVER_REQUEST_TIMEOUT = Duration.ofSeconds(2);
    public static final int DRIVER_MAX_REQUESTS_PER_CONNECTION = 1024;
    public static final int DRIVER_POOL_SIZE = 1;
    /** The most requests one connection can carry: protocol v3 and later's stream ids. */
    public static final int MOST_REQUESTS_PER_CONNECTION = 32768;

    public ClusterSection {
        contactPoints = List.copyOf(contactPoints);
        if (contactPoints.isEmpty()) {
            throw new ConfigException("--contact-points: at least one host:port is needed");
        }
        writeConsistency = writeConsistency.toUpperCase(Locale.ROOT);
        if (!Checks.CONSISTENCY_LEVELS.contains(writeConsistency)) {
            throw new ConfigException("--write-cl: '" + writeConsistency + "' is not one of "
                    + String.join(", ", new TreeSet<>(Checks.CONSISTENCY_LEVELS)));
        }
        if (localDc != null && localDc.isBlank()) {
            throw new ConfigException("--local-dc: must not be empty");
        }
        if (retries < DRIVER_RETRIES) {
            throw new ConfigException("--retries: a count from 0 or 'driver', got " + retries);
        }
        if (requestTimeout.isZero() || requestTimeout.isNegative()) {
            throw new ConfigException("--request-timeout: must be more than 0 (a worker would wait for ever)");
        }
        Checks.atLeast("--connections-per-host", connectionsPerHost, 1);
        Checks.atLeast("--max-requests-per-connection", maxRequestsPerConnection, 1);
        if (maxRequestsPerConnection > MOST_REQUESTS_PER_CONNECTION) {
            // The native protocol's stream ids per connection (v3 and later).
            throw new ConfigException("--max-requests-per-connection: at most 32768, got " + maxRequestsPerConnection);
        }
        Checks.readable("--driver-config", driverConfig);
        if (retries > MAX_RETRIES) {
            throw new ConfigException("--retries: at most " + MAX_RETRIES + ", got " + retries);
        }
        if (speculativeDelay != null && speculativeDelay.isZero()) {
            throw new ConfigException("--speculative-delay: must be more than 0 (leave it out for none)");
        }
        if (truststorePassword != null && truststore == null) {
            throw new ConfigException("--truststore-password-file: needs --truststore too");
        }
        if (keystorePassword != null && keystore == null) {
            throw new ConfigException("--keystore-password-file: needs --keystore too");
        }
        Checks.readable("--truststore", truststore);
        Checks.readable("--keystore", keystore);
        if (password != null && username == null) {
            throw new ConfigException("--password: needs --username too");
        }
        // A truststore or keystore means TLS: saying --ssl as well is not required.
        ssl = ssl || truststore != null || keystore != null;
    }

    @Override
    public String toString() {
        return "ClusterSection[contactPoints=" + contactPoints + ", localDc=" + localDc + ", username=" + username
                + ", password=" + (password == null ? "none" : "(set)") + ", ssl=" + ssl + ", ...]";
    }
}
