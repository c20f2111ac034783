package org.metricsstress.config;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The settings of a run as the user would type them, keyed by long option name without dashes.
 * The password is never included: only whether one was set.
 */
public final class ConfigView {
    private ConfigView() {}

    /** A URI without its user-info, which may hold a password. */
    public static String redacted(java.net.URI uri) {
        if (uri == null) {
            return null;
        }
        return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() >= 0 ? ":" + uri.getPort() : "")
                + (uri.getPath() == null ? "" : uri.getPath());
    }

    public static Map<String, Object> of(StressConfig c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("nodes", c.nodes());
        m.put("interfaces", c.interfaces());
        m.put("groups", c.groups());
        m.put("attributes", c.attributes());
        m.put("strings", c.strings());
        m.put("interval", Parse.format(c.interval()));
        m.put("burst", c.burst());
        m.put("threads", c.threads());
        m.put("string-variation-factor", c.stringVariationFactor());
        m.put("rate-factor", c.rateFactor());
        m.put("seed", c.seed());
        m.put("duration", c.duration() == null ? "until interrupted" : Parse.format(c.duration()));
        m.put("report", Parse.format(c.reportInterval()));
        m.put("ring-size", c.ringSize());
        m.put("writer-threads", c.writerThreads());
        m.put("on-full", c.onFull().name().toLowerCase());
        m.put("max-in-flight", c.maxInFlight());
        m.put("batch-commits", c.batchCommits());
        m.put("drain-timeout", Parse.format(c.drainTimeout()));
        m.put("contact-points", c.contactPoints().stream().map(ContactPoint::toString).collect(Collectors.joining(",")));
        m.put("local-dc", c.localDc());
        m.put("username", c.username());
        m.put("password-set", c.password() != null);
        m.put("write-cl", c.writeConsistency());
        m.put("connect-timeout", Parse.format(c.connectTimeout()));
        m.put("request-timeout", Parse.format(c.requestTimeout()));
        m.put("keyspace", c.keyspace());
        m.put("replication", c.replication() == null ? null : c.replication().toString());
        m.put("twcs-window", Parse.format(c.twcsWindow()));
        m.put("gc-grace", Parse.format(c.gcGrace()));
        m.put("ttl", c.ttl().getSeconds() + "s");
        m.put("index", c.index());
        m.put("cache", c.cache().name().toLowerCase());
        m.put("cache-max-entries", c.cacheMaxEntries());
        m.put("redis", redacted(c.redisUri()));
        m.put("redis-password-set", c.redisPassword() != null);
        m.put("redis-pool", c.redisPool());
        m.put("prime-cache", c.primeCache());
        m.put("index-max-in-flight", c.indexMaxInFlight());
        m.put("sla", c.sla() == null ? null : c.sla().expression());
        return m;
    }
}
