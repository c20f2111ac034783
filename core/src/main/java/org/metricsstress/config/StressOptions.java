package org.metricsstress.config;

import static org.metricsstress.config.OptionDef.Section.CLUSTER;
import static org.metricsstress.config.OptionDef.Section.INDEX;
import static org.metricsstress.config.OptionDef.Section.OUTPUT;
import static org.metricsstress.config.OptionDef.Section.PIPELINE;
import static org.metricsstress.config.OptionDef.Section.PLAN;
import static org.metricsstress.config.OptionDef.Section.SCHEMA;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The option table: every option of a stress run, defined once. The standalone CLI builds its
 * picocli model from it and the Karaf command reads the same table, so the two front ends cannot
 * drift apart. Short names and defaults of the OpenNMS flags match {@code metrics:stress}.
 */
public final class StressOptions {
    public static final String PASSWORD_ENV = "METRICS_STRESS_PASSWORD";
    public static final String REDIS_PASSWORD_ENV = "METRICS_STRESS_REDIS_PASSWORD";

    private static final List<OptionDef> ALL = List.of(
            // --- plan: the OpenNMS data shape and pacing
            opt("-n", "--nodes", "N", "nodes to simulate", "1000", PLAN,
                    (b, v) -> b.nodes(Parse.positiveInt("--nodes", v))),
            opt("-f", "--interfaces", "N", "interfaces per node", "10", PLAN,
                    (b, v) -> b.interfaces(Parse.positiveInt("--interfaces", v))),
            opt("-g", "--groups", "N", "groups per interface (one group resource each)", "5", PLAN,
                    (b, v) -> b.groups(Parse.positiveInt("--groups", v))),
            opt("-a", "--attributes", "N", "numeric attributes (samples) per group", "10", PLAN,
                    (b, v) -> b.attributes(Parse.positiveInt("--attributes", v))),
            opt("-s", "--strings", "N", "string attributes per group, index-only", "2", PLAN,
                    (b, v) -> b.strings(Parse.nonNegativeInt("--strings", v))),
            opt("-i", "--interval", "DURATION", "collection interval; a bare number is seconds", "300", PLAN,
                    (b, v) -> b.interval(Parse.duration("--interval", v))),
            flag("-b", "--burst", "generate each interval's samples at its start, flat out, instead of spread evenly", PLAN,
                    (b, v) -> b.burst(true)),
            opt("-t", "--threads", "N", "generator threads (node n runs on thread n % t)", "1", PLAN,
                    (b, v) -> b.threads(Parse.positiveInt("--threads", v))),
            opt("-z", "--string-variation-factor", "N", "every N-th group gets unique string values (0 = never)", "0", PLAN,
                    (b, v) -> b.stringVariationFactor(Parse.nonNegativeInt("--string-variation-factor", v))),
            opt(null, "--rate-factor", "X", "multiply the rate: the interval is paced X times faster", "1", PLAN,
                    (b, v) -> b.rateFactor(Parse.positiveDouble("--rate-factor", v))),
            opt(null, "--seed", "N", "seed of the deterministic sample values", "1", PLAN,
                    (b, v) -> b.seed(Parse.aLong("--seed", v))),
            opt(null, "--duration", "DURATION", "how long to generate, e.g. 90s, 10m", "until interrupted", PLAN,
                    (b, v) -> b.duration(Parse.duration("--duration", v))),
            opt("-r", "--report", "DURATION", "time between report lines; a bare number is seconds", "30", OUTPUT,
                    (b, v) -> b.reportInterval(Parse.duration("--report", v))),
            // --- pipeline
            opt(null, "--ring-size", "N", "ring buffer slots, one group commit each (power of two), split evenly over the writer threads", "8192", PIPELINE,
                    (b, v) -> b.ringSize(Parse.positiveInt("--ring-size", v))),
            opt(null, "--writer-threads", "N", "ring consumers that write to Cassandra", "16", PIPELINE,
                    (b, v) -> b.writerThreads(Parse.positiveInt("--writer-threads", v))),
            opt(null, "--on-full", "drop|block", "when the ring is full: drop the group commit (counted) or block the generator", "drop", PIPELINE,
                    (b, v) -> b.onFull(Parse.oneOf("--on-full", v, OnFull.class))),
            opt(null, "--max-in-flight", "N", "asynchronous write requests in flight at most", "512", PIPELINE,
                    (b, v) -> b.maxInFlight(Parse.positiveInt("--max-in-flight", v))),
            opt(null, "--batch-commits", "N", "group commits per write request at most: one UNLOGGED batch over their "
                    + "partitions, all on the same replica; a request is sent once the writer has taken every waiting commit", "4", PIPELINE,
                    (b, v) -> b.batchCommits(Parse.positiveInt("--batch-commits", v))),
            opt(null, "--drain-timeout", "DURATION", "at the end, how long to wait for the ring and in-flight writes", "30s", PIPELINE,
                    (b, v) -> b.drainTimeout(Parse.duration("--drain-timeout", v))),
            // --- cluster
            opt(null, "--contact-points", "HOST:PORT,...", "Cassandra nodes to connect to first", "127.0.0.1:9042", CLUSTER,
                    (b, v) -> b.contactPoints(ContactPoint.parseList("--contact-points", v))),
            opt(null, "--local-dc", "DC", "the client's data centre", "inferred from the contact points", CLUSTER,
                    (b, v) -> b.localDc(v.trim())),
            opt(null, "--username", "NAME", "user for password authentication", null, CLUSTER,
                    (b, v) -> b.username(v)),
            new OptionDef(null, "--password", "PASSWORD",
                    "password (prefer the environment variable or --password-file: options show in ps)", null,
                    CLUSTER, PASSWORD_ENV, (b, v) -> b.password(v)),
            opt(null, "--password-file", "FILE", "read the password from the first line of FILE", null, CLUSTER,
                    (b, v) -> b.password(readPassword(v))),
            opt(null, "--write-cl", "LEVEL", "write consistency level", "LOCAL_ONE", CLUSTER,
                    (b, v) -> b.writeConsistency(v.trim())),
            opt(null, "--connect-timeout", "DURATION", "give up connecting to the cluster after this long", "20s", CLUSTER,
                    (b, v) -> b.connectTimeout(Parse.duration("--connect-timeout", v))),
            opt(null, "--request-timeout", "DURATION", "a write not acknowledged within this long fails (counted)", "10s", CLUSTER,
                    (b, v) -> b.requestTimeout(Parse.duration("--request-timeout", v))),
            // --- schema
            opt(null, "--keyspace", "NAME", "keyspace of the Newts tables", "newts", SCHEMA,
                    (b, v) -> b.keyspace(v.trim())),
            opt(null, "--replication", "DC:RF,...", "NetworkTopologyStrategy factors when the keyspace is created", "local DC with RF 1", SCHEMA,
                    (b, v) -> b.replication(Replication.parse("--replication", v))),
            opt(null, "--twcs-window", "DURATION", "TimeWindowCompactionStrategy window of the samples table", "7d", SCHEMA,
                    (b, v) -> b.twcsWindow(Parse.duration("--twcs-window", v))),
            opt(null, "--gc-grace", "DURATION", "gc_grace_seconds of the samples table", "7d", SCHEMA,
                    (b, v) -> b.gcGrace(Parse.duration("--gc-grace", v))),
            opt(null, "--ttl", "DURATION", "time to live of every written sample (0 = none)", "31540000s", SCHEMA,
                    (b, v) -> b.ttl(Parse.duration("--ttl", v))),
            // --- index and resource cache
            flag(null, "--no-index", "write samples only: no terms, resource_attributes or resource_metrics rows", INDEX,
                    (b, v) -> b.index(false)),
            opt(null, "--cache", "guava|redis", "where indexed resources are remembered", "guava", INDEX,
                    (b, v) -> b.cache(Parse.oneOf("--cache", v, CacheKind.class))),
            opt(null, "--cache-max-entries", "N", "bound of the in-memory (guava) cache", "2000000", INDEX,
                    (b, v) -> b.cacheMaxEntries(Parse.aLong("--cache-max-entries", v))),
            new OptionDef(null, "--redis", "URI", "Redis for --cache redis: redis://host:port[/db], rediss:// for TLS; "
                    + "password from the environment", "redis://127.0.0.1:6379", INDEX, null,
                    (b, v) -> b.redisUri(Parse.redisUri("--redis", v))),
            opt(null, "--redis-pool", "N", "Redis connections in the pool", "--writer-threads", INDEX,
                    (b, v) -> b.redisPool(Parse.positiveInt("--redis-pool", v))),
            flag(null, "--prime-cache", "before generating, load the cache from resource_metrics and resource_attributes", INDEX,
                    (b, v) -> b.primeCache(true)),
            opt(null, "--index-max-in-flight", "N", "index write requests in flight at most; a resource that finds none free "
                    + "is indexed at its next sample instead (counted as deferred)", "256", INDEX,
                    (b, v) -> b.indexMaxInFlight(Parse.positiveInt("--index-max-in-flight", v))),
            // --- output
            opt(null, "--result-json", "FILE", "write the run's totals, series and settings as JSON (docs/result-schema.json)", null, OUTPUT,
                    (b, v) -> b.resultJson(Path.of(v))),
            opt(null, "--report-html", "FILE", "write a self-contained HTML report with charts", null, OUTPUT,
                    (b, v) -> b.reportHtml(Path.of(v))),
            opt(null, "--hdr-log", "FILE", "write the latency histograms of every interval as an HdrHistogram log", null, OUTPUT,
                    (b, v) -> b.hdrLog(Path.of(v))),
            opt(null, "--csv-dir", "DIR", "write every metric to CSV files in DIR, one row per report interval", null, OUTPUT,
                    (b, v) -> b.csvDir(Path.of(v))),
            opt(null, "--prometheus-port", "PORT", "serve OpenMetrics on 127.0.0.1:PORT/metrics while running", null, OUTPUT,
                    (b, v) -> b.prometheusPort(Parse.positiveInt("--prometheus-port", v))),
            flag(null, "--jmx", "publish the metrics as JMX MBeans in the domain metrics-stress", OUTPUT,
                    (b, v) -> b.jmx(true)),
            opt(null, "--sla", "CRITERIA", "pass/fail criteria checked at the end, e.g. \"p99<25ms,drops=0,rate>=0.98\"; "
                    + "failing them exits 1", null, OUTPUT,
                    (b, v) -> b.sla(Sla.parse("--sla", v))));

    /** Settings that only come from the environment (secrets without an option to put them in ps). */
    public record EnvSetting(String name, String help, BiConsumer<StressConfig.Builder, String> apply) {}

    private static final List<EnvSetting> ENVIRONMENT = List.of(
            new EnvSetting(PASSWORD_ENV, "Cassandra password (with --username)", (b, v) -> b.password(v)),
            new EnvSetting(REDIS_PASSWORD_ENV, "Redis password (with --cache redis)", (b, v) -> b.redisPassword(v)));

    private StressOptions() {}

    public static List<EnvSetting> environment() {
        return ENVIRONMENT;
    }

    public static List<OptionDef> all() {
        return ALL;
    }

    public static List<OptionDef> in(Set<OptionDef.Section> sections) {
        List<OptionDef> out = new ArrayList<>();
        for (OptionDef d : ALL) {
            if (sections.contains(d.section())) {
                out.add(d);
            }
        }
        return out;
    }

    /** The options that shape the schema, for a front end that only prints CQL. */
    public static List<OptionDef> schemaOptions() {
        List<OptionDef> out = new ArrayList<>(in(EnumSet.of(SCHEMA)));
        out.add(byName("--local-dc"));
        return out;
    }

    public static OptionDef byName(String name) {
        for (OptionDef d : ALL) {
            if (name.equals(d.longName()) || name.equals(d.shortName())) {
                return d;
            }
        }
        throw new IllegalArgumentException("no option " + name);
    }

    /**
     * Applies environment variables for the options in {@code offered} that were not given
     * explicitly ({@code given} holds long names).
     */
    public static void applyEnvironment(StressConfig.Builder b, Collection<OptionDef> offered,
            Collection<String> given, Map<String, String> env) {
        for (OptionDef d : offered) {
            if (d.envVar() == null || given.contains(d.longName())) {
                continue;
            }
            if (d.longName().equals("--password") && (given.contains("--password-file") || b.hasPassword())) {
                continue;
            }
            String v = env.get(d.envVar());
            if (v != null && !v.isEmpty()) {
                d.apply().accept(b, v);
            }
        }
        // Secrets with no option of their own come only from the environment.
        for (EnvSetting e : ENVIRONMENT) {
            boolean attachedToOption = ALL.stream().anyMatch(d -> e.name().equals(d.envVar()));
            String v = env.get(e.name());
            if (!attachedToOption && v != null && !v.isEmpty()) {
                e.apply().accept(b, v);
            }
        }
    }

    private static String readPassword(String file) {
        try {
            List<String> lines = Files.readAllLines(Path.of(file), StandardCharsets.UTF_8);
            if (lines.isEmpty() || lines.get(0).isEmpty()) {
                throw new ConfigException("--password-file: " + file + " is empty");
            }
            return lines.get(0);
        } catch (IOException e) {
            throw new ConfigException("--password-file: cannot read " + file + " (" + e.getClass().getSimpleName() + ")");
        }
    }

    private static OptionDef opt(String s, String l, String label, String help, String dflt, OptionDef.Section sec,
            BiConsumer<StressConfig.Builder, String> apply) {
        return new OptionDef(s, l, label, help, dflt, sec, null, apply);
    }

    private static OptionDef flag(String s, String l, String help, OptionDef.Section sec,
            BiConsumer<StressConfig.Builder, String> apply) {
        return new OptionDef(s, l, null, help, null, sec, null, apply);
    }
}
