package org.metricsstress.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;

/**
 * The TSS path (help section "time series integration layer"): where {@code --writer tss} writes
 * and how the Prometheus remote-write plugin is set, in its own keys' terms (writeUrl,
 * maxConcurrentHttpConnections, writeTimeoutInMs, externalTagsCacheSize, organizationId).
 *
 * @param tssWriteUrl            the plugin's writeUrl; null when not given
 * @param tssReadUrl             its readUrl (for verify and the receiver's figures); null: from the write URL
 * @param tssOrgId               the plugin's organizationId, sent as X-Scope-OrgID; null for none
 * @param tssExternalTagsStore   OpenNMS's key-value store (PostgreSQL) for the external-tags lookups; null: not made
 * @param tssUsername            basic-auth user for the receiver; null for none
 * @param tssPassword            its password (environment only; never in JSON or {@link #toString()})
 * @param tssStorePassword       the store's password (environment only; never in JSON or {@link #toString()})
 */
public record TssSection(
        URI tssWriteUrl,
        URI tssReadUrl,
        TssMode tssMode,
        String tssOrgId,
        int tssMaxConnections,
        Duration tssWriteTimeout,
        Duration tssCallTimeout,
        int tssExternalTagsCacheSize,
        String tssExternalTagsStore,
        String tssUsername,
        @JsonIgnore String tssPassword,
        @JsonIgnore String tssStorePassword) {

    /** The plugin's maxConcurrentHttpConnections default. */
    public static final int MAX_CONNECTIONS = 100;
    /** The plugin's bulkhead: four calls outstanding per connection before store() blocks. */
    public static final int PERMITS_PER_CONNECTION = 4;

    public TssSection {
        if (tssWriteUrl != null) {
            checkUrl("--tss-write-url", tssWriteUrl);
        }
        if (tssReadUrl != null) {
            checkUrl("--tss-read-url", tssReadUrl);
        }
        Checks.atLeast("--tss-max-connections", tssMaxConnections, 1);
        Checks.atLeast("--tss-external-tags-cache-size", tssExternalTagsCacheSize, 1);
        if (tssWriteTimeout.isNegative() || tssWriteTimeout.isZero()) {
            throw new ConfigException("--tss-write-timeout: must be positive, got " + Parse.format(tssWriteTimeout));
        }
        if (tssCallTimeout.isNegative() || tssCallTimeout.isZero()) {
            throw new ConfigException("--tss-call-timeout: must be positive, got " + Parse.format(tssCallTimeout));
        }
        if (tssPassword != null && tssUsername == null) {
            throw new ConfigException(StressOptions.TSS_PASSWORD_ENV + " is set but --tss-username is not");
        }
    }

    private static void checkUrl(String option, URI url) {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || url.getHost() == null) {
            throw new ConfigException(option + ": an http:// or https:// URL such as "
                    + "http://127.0.0.1:9090/api/v1/write, got " + url);
        }
    }

    @Override
    public String toString() {
        return "TssSection[writeUrl=" + tssWriteUrl + ", mode=" + tssMode + ", maxConnections=" + tssMaxConnections
                + ", externalTagsStore=" + (tssExternalTagsStore == null ? "none" : "(set)")
                + ", password=" + (tssPassword == null ? "none" : "(set)") + "]";
    }

    /** The bulkhead's permits: calls outstanding before the writer thread blocks (the plugin's 4 x connections). */
    public int bulkheadPermits() {
        return PERMITS_PER_CONNECTION * tssMaxConnections;
    }

    /**
     * The query API's base ({@code .../api/v1}): given, or the write URL without its {@code /write}
     * (Prometheus' and VictoriaMetrics' {@code /api/v1/write}, Mimir's {@code /api/v1/push} under
     * {@code /prometheus}); null without a write URL.
     */
    public URI readUrl() {
        if (tssReadUrl != null) {
            return tssReadUrl;
        }
        if (tssWriteUrl == null) {
            return null;
        }
        String s = tssWriteUrl.toString();
        if (s.endsWith("/api/v1/write")) {
            return URI.create(s.substring(0, s.length() - "/write".length()));
        }
        if (s.endsWith("/api/v1/push")) {
            return URI.create(s.substring(0, s.length() - "/api/v1/push".length()) + "/prometheus/api/v1");
        }
        if (s.endsWith("/api/prom/push")) {
            return URI.create(s.substring(0, s.length() - "/push".length()) + "/api/v1");
        }
        return null;
    }
}
