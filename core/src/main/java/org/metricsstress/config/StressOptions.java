package org.metricsstress.config;

import static org.metricsstress.config.OptionDef.Section.CLUSTER;
import static org.metricsstress.config.OptionDef.Section.DISK;
import static org.metricsstress.config.OptionDef.Section.INDEX;
import static org.metricsstress.config.OptionDef.Section.JUDGING;
import static org.metricsstress.config.OptionDef.Section.PACING;
import static org.metricsstress.config.OptionDef.Section.OUTPUT;
import static org.metricsstress.config.OptionDef.Section.PIPELINE;
import static org.metricsstress.config.OptionDef.Section.TSS;
import static org.metricsstress.config.OptionDef.Section.PLAN;
import static org.metricsstress.config.OptionDef.Section.READ;
import static org.metricsstress.config.OptionDef.Section.SCHEMA;

import static org.metricsstress.config.ValueType.DURATION;
import static org.metricsstress.config.ValueType.FLAG;
import static org.metricsstress.config.ValueType.NON_NEGATIVE_INT;
import static org.metricsstress.config.ValueType.PATH;
import static org.metricsstress.config.ValueType.PORT;
import static org.metricsstress.config.ValueType.POSITIVE_INT;
import static org.metricsstress.config.ValueType.POSITIVE_LONG;
import static org.metricsstress.config.ValueType.POSITIVE_NUMBER;
import static org.metricsstress.config.ValueType.REDIS_URI;
import static org.metricsstress.config.ValueType.SECONDS;
import static org.metricsstress.config.ValueType.SECRET_FILE;
import static org.metricsstress.config.ValueType.TEXT;
import static org.metricsstress.config.ValueType.WHOLE_NUMBER;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;
import org.metricsstress.config.StressConfig.Builder;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The option table: every option of a stress run, defined once, then the options the jar's own
 * commands offer (its local cluster, bench, find-max, verify, the saved-result commands), and the
 * defaults a command sets over the table's. The standalone CLI builds its picocli model from it and
 * the Karaf command reads the same table, so the two front ends cannot drift apart; help lists the
 * options under their {@link OptionDef.Section}'s heading. Short names and defaults of the OpenNMS
 * flags match {@code metrics:stress}.
 *
 * <p>Options by type: code reads an option through its {@link Option} constant and
 * {@link GivenOptions#get}, never by its name. A run's option is an entry of {@link #all()} with a
 * typed view here ({@link #RESULT_JSON}); a command's own option is declared, typed, by the holder
 * of its group ({@link BenchOptionDefs}, {@link FindMaxOptionDefs}, {@link TuneOptionDefs},
 * {@link VerifyOptionDefs}, {@link DiskOptionDefs}, {@link SizingOptionDefs},
 * {@link SavedResultsOptionDefs}, {@link LocalClusterOptionDefs}), and this table lists it. The holders
 * live in {@code config}, not in {@code bench}, {@code capacity}, ...: the table is at the bottom of
 * the layering (LayeringTest) and every shell reads it from here, so it cannot reach up to them; a
 * holder per group keeps each group's options together and out of this class. A holder must not
 * use this class while it initialises (the table reads the holders as it is built).
 */
public final class StressOptions {
    public static final String PASSWORD_ENV = "METRICS_STRESS_PASSWORD";
    public static final String REDIS_PASSWORD_ENV = "METRICS_STRESS_REDIS_PASSWORD";
    public static final String TRUSTSTORE_PASSWORD_ENV = "METRICS_STRESS_TRUSTSTORE_PASSWORD";
    public static final String KEYSTORE_PASSWORD_ENV = "METRICS_STRESS_KEYSTORE_PASSWORD";
    /** The remote-write receiver's basic-auth password, with --tss-username. */
    public static final String TSS_PASSWORD_ENV = "METRICS_STRESS_TSS_PASSWORD";
    /** The password of --tss-external-tags-store's PostgreSQL user. */
    public static final String TSS_STORE_PASSWORD_ENV = "METRICS_STRESS_TSS_STORE_PASSWORD";
    public static final String INSTANCE_ENV = "METRICS_STRESS_INSTANCE";
    /** Set by Kubernetes in each pod of an Indexed Job: the pod's index. */
    public static final String JOB_INDEX_ENV = "JOB_COMPLETION_INDEX";

    private static final List<OptionDef> ALL = List.of(
            // --- plan: the OpenNMS data shape and pacing
            opt("-n", "--nodes", "N", "nodes to simulate", PLAN,
                    POSITIVE_INT, 1000, Builder::nodes, c -> c.plan().nodes()),
            opt("-f", "--interfaces", "N", "interfaces per node", PLAN,
                    POSITIVE_INT, 10, Builder::interfaces, c -> c.plan().interfaces()),
            opt("-g", "--groups", "N", "groups per interface (one group resource each)", PLAN,
                    POSITIVE_INT, 5, Builder::groups, c -> c.plan().groups()),
            opt("-a", "--attributes", "N", "numeric attributes (samples) per group", PLAN,
                    POSITIVE_INT, 10, Builder::attributes, c -> c.plan().attributes()),
            opt("-s", "--strings", "N", "string attributes per group, index-only", PLAN,
                    NON_NEGATIVE_INT, 2, Builder::strings, c -> c.plan().strings()),
            opt("-i", "--interval", "DURATION", "collection interval; a bare number is seconds", PACING,
                    DURATION, Duration.ofSeconds(300), Builder::interval, c -> c.pacing().interval()),
            flag("-b", "--burst", "generate each interval's samples at its start, flat out (OpenNMS sleeps a whole "
                    + "interval after such a pass, so its period grows with the pass; here it stays the interval)", PACING,
                    Builder::burst, c -> c.pacing().burst()),
            opt(null, "--pacing", "nodes|spread", "without -b: nodes = as OpenNMS's metrics:stress, a node's whole "
                    + "collection at once, nodes evenly apart, each pass ending at a barrier of the generator threads; "
                    + "spread = every group commit at its own time, evenly apart", PACING,
                    ValueType.oneOf(Pacing.class), Pacing.NODES, Builder::pacing, c -> c.pacing().mode()),
            opt("-t", "--threads", "N", "generator threads (node n runs on thread n % t)", PACING,
                    POSITIVE_INT, 1, Builder::threads, c -> c.pacing().threads()),
            opt("-z", "--string-variation-factor", "N", "every N-th group gets unique string values (0 = never)", PLAN,
                    NON_NEGATIVE_INT, 0, Builder::stringVariationFactor, c -> c.plan().stringVariationFactor()),
            opt(null, "--rate-factor", "X", "multiply the rate: the interval is paced X times faster", PACING,
                    POSITIVE_NUMBER, 1.0, Builder::rateFactor, c -> c.pacing().rateFactor()),
            opt(null, "--seed", "N", "seed of the deterministic sample values", PLAN,
                    WHOLE_NUMBER, 1L, Builder::seed, c -> c.plan().seed()),
            opt(null, "--values", "opennms|random|counter", "what the samples hold (bytes per sample on disk depend "
                    + "on it): opennms = OpenNMS's metrics:stress, group x attribute + a counter % 100 as GAUGE; "
                    + "random = hashed doubles in [0, 1000) as GAUGE; counter = a monotonic counter per series as "
                    + "COUNTER, as interface octets (a rate per series x the elapsed seconds); all a function of "
                    + "--seed and the sample, so a read-back checks each", PLAN,
                    ValueType.oneOf(ValueModel.class), ValueModel.OPENNMS, Builder::values, c -> c.plan().values()),
            opt(null, "--resource-ids", "node|foreign-source", "the resources' ids, as OpenNMS's "
                    + "org.opennms.rrd.storeByForeignSource sets them: node = snmp:<node>:tap<i>:group<g> (OpenNMS's "
                    + "default, false); foreign-source = snmp:fs:STRESS:<node>:tap<i>:group<g> (true, as OpenNMS's "
                    + "Newts docs recommend: two more index rows per group resource)", PLAN,
                    ValueType.oneOf(ResourceIds.class), ResourceIds.NODE, Builder::resourceIds, c -> c.plan().resourceIds()),
            derived(null, "--duration", "DURATION", "how long to generate, e.g. 90s, 10m", PACING,
                    DURATION, "until interrupted", Builder::duration, c -> c.pacing().duration()),
            derived(null, "--rate-steps", "RATE:DURATION,...", "a stepped profile instead of one rate and --duration, "
                    + "e.g. 50k:30m,80k:30m,100k:30m: the whole plan's samples/s (all instances together) held for "
                    + "each duration in turn; every step is reported and judged (--sla) on its own", PACING,
                    ValueType.RATE_STEPS, "one rate", Builder::rateSteps, c -> c.pacing().rateSteps()),
            new OptionDef(null, "--instance", "I/N", "generate instance I's share of the plan (0-based, of N): "
                    + "the nodes with node % N = I, same names, values and schedule, so N instances together write "
                    + "exactly what one would", PLAN, INSTANCE_ENV,
                    new OptionDef.Typed<>(ValueType.INSTANCE, null, "0/1, the whole plan", Builder::instance,
                            c -> new Instance(c.plan().instance(), c.plan().instances()))),
            opt(null, "--instances", "N", "instances sharing the plan; with it, the index can come from --instance I, "
                    + INSTANCE_ENV + " or a Kubernetes Indexed Job's " + JOB_INDEX_ENV, PLAN,
                    POSITIVE_INT, 1, Builder::instances, c -> c.plan().instances()),
            derived(null, "--start-at", "TIME", "anchor the schedule at this time (ISO-8601 such as 2026-11-23T16:00:00Z, "
                    + "or epoch seconds) so that instances on several machines line up; waits until then, and an "
                    + "instance that starts late (by 5 minutes or one --interval at most) catches up, its lateness "
                    + "counted as schedule lag", PACING,
                    ValueType.INSTANT, "now", Builder::startAt, c -> c.pacing().startAt()),
            // --- pipeline
            opt(null, "--writer", "opennms|pipelined|tss[,tss]", "the writer model: opennms = OpenNMS's NewtsWriter (one ring of "
                    + "events, two per group commit, synchronous workers writing literal batches of --max-batch-size "
                    + "and indexing inline, waiting for it); pipelined = this tool's (a lane per writer, prepared "
                    + "token-aware asynchronous batches, the index a stage apart); both write the same rows; tss = "
                    + "OpenNMS's time series integration layer with the Prometheus remote-write plugin (one ring event "
                    + "and one remote-write request per group) into --tss-write-url; opennms,tss or pipelined,tss "
                    + "writes one collection through both paths, as OpenNMS's parallel writes do", PIPELINE,
                    ValueType.WRITER_PATHS, WriterPaths.of(Writer.OPENNMS), Builder::writers, c -> c.pipeline().writers()),
            opt(null, "--ring-size", "N", "ring buffer slots (power of two): events with --writer opennms (OpenNMS's "
                    + "org.opennms.newts.config.ring_buffer_size), group commits split evenly over the lanes with "
                    + "pipelined, one event per group with tss (its ring_buffer_size)", PIPELINE, POSITIVE_INT, 8192, Builder::ringSize, c -> c.pipeline().ringSize()),
            opt(null, "--writer-threads", "N", "ring consumers that write to the storage (OpenNMS's "
                    + "org.opennms.newts.config.writer_threads; with tss, its writer_threads)", PIPELINE,
                    POSITIVE_INT, 16, Builder::writerThreads, c -> c.pipeline().writerThreads()),
            opt(null, "--max-batch-size", "N", "--writer opennms: samples per insert request and index rows per "
                    + "batch at most (OpenNMS's org.opennms.newts.config.max_batch_size)", PIPELINE,
                    POSITIVE_INT, 16, Builder::maxBatchSize, c -> c.pipeline().maxBatchSize()),
            opt(null, "--on-full", "drop|block", "when the ring is full: drop the group commit (counted) or block the generator", PIPELINE,
                    ValueType.oneOf(OnFull.class), OnFull.DROP, Builder::onFull, c -> c.pipeline().onFull()),
            opt(null, "--max-in-flight", "N", "--writer pipelined: asynchronous write requests in flight at most", PIPELINE,
                    POSITIVE_INT, 512, Builder::maxInFlight, c -> c.pipeline().maxInFlight()),
            opt(null, "--batch-commits", "N", "--writer pipelined: group commits per write request at most: one UNLOGGED batch over their "
                    + "partitions, all on the same replica; a request is sent once the writer has taken every waiting commit", PIPELINE,
                    POSITIVE_INT, 4, Builder::batchCommits, c -> c.pipeline().batchCommits()),
            opt(null, "--drain-timeout", "DURATION", "at the end, how long to wait for the ring and in-flight writes", PIPELINE,
                    DURATION, Duration.ofSeconds(30), Builder::drainTimeout, c -> c.pipeline().drainTimeout()),
            opt(null, "--sink", "cassandra|null", "where requests end: the cluster, or nowhere (built and encoded as the "
                    + "driver's protocol frames, then counted as written): the client's own capacity, no cluster needed", PIPELINE,
                    ValueType.oneOf(Sink.class), Sink.CASSANDRA, Builder::sink, c -> c.pipeline().sink()),
            // --- tss
            derived(null, "--tss-write-url", "URL", "--writer tss: the remote-write receiver (the plugin's writeUrl), "
                    + "e.g. http://127.0.0.1:9090/api/v1/write (Prometheus, its remote-write receiver enabled), "
                    + "http://127.0.0.1:8428/api/v1/write (VictoriaMetrics), .../api/v1/push (Cortex, Mimir)", TSS,
                    ValueType.HTTP_URL, "none", Builder::tssWriteUrl, c -> c.tss().tssWriteUrl()),
            derived(null, "--tss-read-url", "URL", "--writer tss: the receiver's query API, ending in /api/v1 (the plugin's "
                    + "readUrl), for verify and the receiver's figures", TSS,
                    ValueType.HTTP_URL, "the write URL's /api/v1", Builder::tssReadUrl, c -> c.tss().tssReadUrl()),
            opt(null, "--tss-mode", "async|sync", "--writer tss: async = the released plugin (v2.1.0: store() takes one of "
                    + "4 x --tss-max-connections bulkhead permits and returns; failures counted lost, never retried); "
                    + "sync = its main branch (the writer thread waits for the answer, --tss-call-timeout)", TSS,
                    ValueType.oneOf(TssMode.class), TssMode.ASYNC, Builder::tssMode, c -> c.tss().tssMode()),
            derived(null, "--tss-org-id", "ID", "--writer tss: the plugin's organizationId, sent as X-Scope-OrgID "
                    + "(Cortex, Mimir tenants)", TSS, TEXT, "none", Builder::tssOrgId, c -> c.tss().tssOrgId()),
            opt(null, "--tss-max-connections", "N", "--writer tss: requests on the wire at most (the plugin's "
                    + "maxConcurrentHttpConnections); the bulkhead holds 4 x N calls", TSS,
                    POSITIVE_INT, TssSection.MAX_CONNECTIONS, Builder::tssMaxConnections, c -> c.tss().tssMaxConnections()),
            opt(null, "--tss-write-timeout", "DURATION", "--writer tss: a request's timeout (the plugin's writeTimeoutInMs)", TSS,
                    DURATION, Duration.ofSeconds(5), Builder::tssWriteTimeout, c -> c.tss().tssWriteTimeout()),
            opt(null, "--tss-call-timeout", "DURATION", "--writer tss with --tss-mode sync: how long a writer thread waits "
                    + "for an answer at most (the plugin's callTimeoutInMs)", TSS,
                    DURATION, Duration.ofSeconds(10), Builder::tssCallTimeout, c -> c.tss().tssCallTimeout()),
            opt(null, "--tss-external-tags-cache-size", "N", "--writer tss: the plugin's cache of external-tags records "
                    + "(externalTagsCacheSize); a series it does not hold is looked up in the key-value store, on the "
                    + "writer thread", TSS, POSITIVE_INT, 1000, Builder::tssExternalTagsCacheSize,
                    c -> c.tss().tssExternalTagsCacheSize()),
            derived(null, "--tss-external-tags-store", "URL", "--writer tss: OpenNMS's key-value store, a PostgreSQL "
                    + "(postgresql://user@host:port/db; password from " + TSS_STORE_PASSWORD_ENV + ") the plugin's "
                    + "external-tags lookups go to, each a real round trip; without it they are counted, not made", TSS,
                    TEXT, "none: lookups not made", Builder::tssExternalTagsStore, c -> c.tss().tssExternalTagsStore()),
            derived(null, "--tss-username", "USER", "--writer tss: basic-auth user for the receiver (password from "
                    + TSS_PASSWORD_ENV + ")", TSS, TEXT, "none", Builder::tssUsername, c -> c.tss().tssUsername()),
            // --- cluster
            opt(null, "--contact-points", "HOST:PORT,...", "Cassandra nodes to connect to first", CLUSTER,
                    ValueType.CONTACT_POINTS, List.of(new ContactPoint("127.0.0.1", ContactPoint.DEFAULT_PORT)),
                    Builder::contactPoints, c -> c.cluster().contactPoints()),
            derived(null, "--local-dc", "DC", "the client's data centre", CLUSTER,
                    TEXT, "inferred from the contact points", Builder::localDc, c -> c.cluster().localDc()),
            derived(null, "--username", "NAME", "user for password authentication", CLUSTER,
                    TEXT, null, Builder::username, c -> c.cluster().username()),
            new OptionDef(null, "--password", "PASSWORD",
                    "password (prefer the environment variable or --password-file: options show in ps)",
                    CLUSTER, PASSWORD_ENV, new OptionDef.Typed<>(TEXT, null, null, Builder::password, null)),
            secretFile("--password-file", "read the password from the first line of FILE", CLUSTER, Builder::password),
            derived(null, "--write-cl", "LEVEL", "write consistency level; with --writer opennms, as OpenNMS sets its "
                    + "org.opennms.newts.config.write_consistency: on each statement, so the driver honours it only for "
                    + "the terms rows sent alone, while batches go at the driver's default, LOCAL_ONE", CLUSTER,
                    TEXT, "ANY (opennms), LOCAL_ONE (pipelined)", Builder::writeConsistency,
                    c -> c.cluster().writeConsistency()),
            opt(null, "--connect-timeout", "DURATION", "give up connecting to the cluster after this long", CLUSTER,
                    DURATION, Duration.ofSeconds(20), Builder::connectTimeout, c -> c.cluster().connectTimeout()),
            derived(null, "--request-timeout", "DURATION", "a request not answered within this long fails (counted); "
                    + "OpenNMS sets none, so the Java driver's basic.request.timeout applies", CLUSTER,
                    DURATION, "2s (opennms: the driver's default), 10s (pipelined), or --driver-config's",
                    Builder::requestTimeout, c -> c.cluster().requestTimeout()),
            derived(null, "--retries", "N|driver", "send a write that timed out or found too few replicas again, up to N "
                    + "times (each retry is counted, never its samples twice); driver = the driver's retry policy "
                    + "(DefaultRetryPolicy, or --driver-config's), as OpenNMS, whose Newts session sets none", CLUSTER,
                    ValueType.RETRIES, "driver (opennms), 0 (pipelined)", Builder::retries, c -> c.cluster().retries()),
            derived(null, "--connections-per-host", "N", "connections to each node (OpenNMS's "
                    + "org.opennms.newts.config.connections-per-host, the driver's pool size; OpenNMS's "
                    + "max-connections-per-host was a driver-3 setting and maps to nothing with Newts 3)", CLUSTER,
                    POSITIVE_INT, "1 (the driver's default), or --driver-config's", Builder::connectionsPerHost,
                    c -> c.cluster().connectionsPerHost()),
            derived(null, "--max-requests-per-connection", "N", "requests in flight on one connection at most (OpenNMS's "
                    + "org.opennms.newts.config.max-requests-per-connection); more wait in the driver", CLUSTER,
                    POSITIVE_INT, "1024 (opennms), 2 x max(1024, --max-in-flight) (pipelined), or --driver-config's",
                    Builder::maxRequestsPerConnection, c -> c.cluster().maxRequestsPerConnection()),
            derived(null, "--driver-config", "FILE", "a Java driver configuration file, as OpenNMS's "
                    + "org.opennms.newts.config.driver-settings-file: its settings replace the defaults above (options "
                    + "given still win); the run's own settings (metrics, contact points, TLS, schema timeouts) stay", CLUSTER,
                    PATH, null, Builder::driverConfig, c -> c.cluster().driverConfig()),
            derived(null, "--speculative-delay", "DURATION", "start a second execution on another replica when a write "
                    + "has not answered within this long (counted)", CLUSTER,
                    DURATION, "off", Builder::speculativeDelay, c -> c.cluster().speculativeDelay()),
            flag(null, "--ssl", "connect to Cassandra over TLS (client-to-node encryption); the JDK's trusted "
                    + "certificates unless --truststore; host names are verified", CLUSTER, Builder::ssl, c -> c.cluster().ssl()),
            derived(null, "--truststore", "FILE", "certificates to trust for --ssl (JKS or PKCS12); implies --ssl", CLUSTER,
                    PATH, null, Builder::truststore, c -> c.cluster().truststore()),
            secretFile("--truststore-password-file", "the truststore's password, first line of FILE (or the environment "
                    + "variable " + TRUSTSTORE_PASSWORD_ENV + ")", CLUSTER, Builder::truststorePassword),
            derived(null, "--keystore", "FILE", "this client's key and certificate for mutual TLS; implies --ssl", CLUSTER,
                    PATH, null, Builder::keystore, c -> c.cluster().keystore()),
            secretFile("--keystore-password-file", "the keystore's password, first line of FILE (or the environment "
                    + "variable " + KEYSTORE_PASSWORD_ENV + ")", CLUSTER, Builder::keystorePassword),
            opt(null, "--compression", "none|lz4|snappy", "the driver's protocol compression (snappy holds the session "
                    + "to protocol v4); bytes sent and received are reported either way", CLUSTER,
                    ValueType.oneOf(Compression.class), Compression.NONE, Builder::compression, c -> c.cluster().compression()),
            // --- schema
            opt(null, "--keyspace", "NAME", "keyspace of the Newts tables", SCHEMA,
                    TEXT, "newts", Builder::keyspace, c -> c.schema().keyspace()),
            derived(null, "--replication", "DC:RF,...", "NetworkTopologyStrategy factors when the keyspace is created", SCHEMA,
                    ValueType.REPLICATION, "local DC with RF 1", Builder::replication, c -> c.schema().replication()),
            opt(null, "--twcs-window", "DURATION", "TimeWindowCompactionStrategy window of the samples table", SCHEMA,
                    DURATION, Duration.ofDays(7), Builder::twcsWindow, c -> c.schema().twcsWindow()),
            opt(null, "--gc-grace", "DURATION", "gc_grace_seconds of the samples table", SCHEMA,
                    DURATION, Duration.ofDays(7), Builder::gcGrace, c -> c.schema().gcGrace()),
            opt(null, "--ttl", "DURATION", "time to live of every written sample (0 = none)", SCHEMA,
                    SECONDS, Duration.ofSeconds(31_540_000L), Builder::ttl, c -> c.schema().ttl()),
            // --- index and resource cache
            flag(null, "--no-index", "write samples only: no terms, resource_attributes or resource_metrics rows", INDEX,
                    (b, v) -> b.index(!v), c -> !c.index().enabled()),
            opt(null, "--cache", "guava|redis", "where indexed resources are remembered", INDEX,
                    ValueType.oneOf(CacheKind.class), CacheKind.GUAVA, Builder::cache, c -> c.index().cache()),
            derived(null, "--cache-max-entries", "N", "bound of the in-memory (guava) cache (OpenNMS's "
                    + "org.opennms.newts.config.cache.max_entries; the field tests raised it to 2,000,000)", INDEX,
                    POSITIVE_LONG, "8,192 (opennms), 2,000,000 (pipelined)",
                    Builder::cacheMaxEntries, c -> c.index().cacheMaxEntries()),
            opt(null, "--redis", "URI", "Redis for --cache redis: redis://host:port[/db], rediss:// for TLS; "
                    + "password from the environment variable " + REDIS_PASSWORD_ENV, INDEX,
                    REDIS_URI, URI.create("redis://127.0.0.1:6379"), Builder::redisUri, c -> c.index().redisUri()),
            derived(null, "--redis-truststore", "FILE", "certificates to trust for a rediss:// Redis (JKS or PKCS12)",
                    INDEX, PATH, "the JVM's", Builder::redisTruststore, c -> c.index().redisTruststore()),
            secretFile("--redis-truststore-password-file", "the Redis truststore's password, first line of FILE",
                    INDEX, Builder::redisTruststorePassword),
            derived(null, "--redis-pool", "N", "Redis connections in the pool", INDEX,
                    POSITIVE_INT, "4 x --writer-threads (opennms), --writer-threads (pipelined)",
                    Builder::redisPool, c -> c.index().redisPool()),
            derived(null, "--redis-near-cache", "N", "--writer pipelined: entries Redis confirmed kept in this JVM too, so a warm lookup "
                    + "needs no round trip (0: every lookup asks Redis, as OpenNMS does)", INDEX,
                    NON_NEGATIVE_INT, "--cache-max-entries", Builder::redisNearCache, c -> c.index().redisNearCache()),
            new OptionDef(null, "--prime-cache", null, "before generating, load the cache from resource_metrics and "
                    + "resource_attributes: with --writer opennms, as current OpenNMS does at start (up to "
                    + "--cache-max-entries, waiting at most --priming-block)", INDEX, null,
                    new OptionDef.Typed<>(FLAG, null, "on with --writer opennms and --cache guava, else off",
                            Builder::primeCache, c -> c.index().primeCache())),
            new OptionDef(null, "--no-prime-cache", null, "start cold whatever the keyspace holds, as OpenNMS releases "
                    + "before NMS-13156 (2021) did, such as the field tests' Horizon 24", INDEX, null,
                    new OptionDef.Typed<>(FLAG, null, null, (b, v) -> b.primeCache(!v), null)),
            opt(null, "--priming-block", "DURATION", "--writer opennms: how long start-up waits for priming at most "
                    + "(OpenNMS's cache.priming.block_ms); then priming goes on beside the writers",
                    INDEX, DURATION, Duration.ofMinutes(2), Builder::primingBlock, c -> c.index().primingBlock()),
            opt(null, "--index-max-in-flight", "N|auto", "--writer pipelined: index write requests in flight at most; a resource that finds none free "
                    + "is retried once there is room (counted as deferred), one that needs more than N goes alone; auto: from " + IndexSection.INDEX_BUDGET_START
                    + ", grows while the samples keep up (their wait in the ring stays low) and halves when they fall "
                    + "behind; flat out (--on-full block, the samples behind even with the index at its least) it holds "
                    + IndexSection.INDEX_BUDGET_START, INDEX,
                    ValueType.POSITIVE_INT_OR_AUTO, IndexSection.INDEX_BUDGET_AUTO, Builder::indexMaxInFlight,
                    c -> c.index().indexMaxInFlight()),
            // --- reads alongside the writes: what OpenNMS's graphs and searches ask of Newts
            derived(null, "--read-rate", "N", "range reads per second (open loop: latency from each read's intended "
                    + "time): one resource's samples over --read-window, partition by partition as Newts lays them out; "
                    + "every value read is checked", READ, POSITIVE_NUMBER, "off", Builder::readRate, c -> c.reads().readRate()),
            opt(null, "--read-window", "DURATION", "the time range a read covers, ending at its intended time", READ,
                    DURATION, Duration.ofHours(2), Builder::readWindow, c -> c.reads().readWindow()),
            derived(null, "--read-hot", "R%:Q%", "a hot set: R% of the resources get Q% of the reads (e.g. 10%:90%)",
                    READ, ValueType.HOT_SET, "uniform", Builder::readHot, c -> c.reads().readHot()),
            derived(null, "--search-rate", "N", "index searches per second, as OpenNMS browses its resource tree: the "
                    + "children of a resource's parent (terms where _parent is its interface)", READ, POSITIVE_NUMBER, "off", Builder::searchRate, c -> c.reads().searchRate()),
            derived(null, "--freshness-probes", "N", "probes per second of write-to-readable time: a sample is polled "
                    + "(bounded, with backoff) from its intended time until a read at --read-cl returns it", READ,
                    POSITIVE_NUMBER, "off", Builder::freshnessProbes, c -> c.reads().freshnessProbes()),
            derived(null, "--freshness-dc", "DC[,DC...]", "probe through each of these DCs' own connection, the same "
                    + "samples in each: replication lag into each DC", READ, TEXT, "the local DC", Builder::freshnessDc,
                    c -> c.reads().freshnessDc()),
            opt(null, "--read-cl", "LEVEL", "read consistency level (reads, searches and probes)", READ,
                    TEXT, "LOCAL_ONE", Builder::readConsistency, c -> c.reads().readConsistency()),
            opt(null, "--read-max-in-flight", "N", "reads, searches and probes in flight at most, apart from the writes'",
                    READ, POSITIVE_INT, 64, Builder::readMaxInFlight, c -> c.reads().readMaxInFlight()),
            // --- output: where figures go, not what is measured, so a result file does not list them (-r aside)
            opt("-r", "--report", "DURATION", "time between report lines; a bare number is seconds", OUTPUT,
                    DURATION, Duration.ofSeconds(30), Builder::reportInterval, c -> c.outputs().reportInterval()),
            output("--result-json", "FILE", "write the run's totals, series and settings as JSON (docs/result-schema.json); "
                    + "compare: the comparison, figure by figure",
                    PATH, Builder::resultJson),
            output("--report-html", "FILE", "write a self-contained HTML report with charts", PATH, Builder::reportHtml),
            output("--advice-file", "FILE", "write the run's advice as OpenNMS properties: the content of "
                    + "etc/opennms.properties.d/newts.properties (docs/diagnosis.md)", PATH, Builder::adviceFile),
            output("--hdr-log", "FILE", "write the latency histograms of every interval as an HdrHistogram log",
                    PATH, Builder::hdrLog),
            output("--csv-dir", "DIR", "write every metric to CSV files in DIR, one row per report interval",
                    PATH, Builder::csvDir),
            output("--prometheus-port", "PORT", "serve the metrics on 127.0.0.1:PORT/metrics while running, in the "
                    + "format the scraper asks for (Prometheus text 0.0.4, OpenMetrics, protobuf): ours, and OpenNMS's "
                    + "Newts names as its JMX exporter names them (org_opennms_newts_*)", PORT, Builder::prometheusPort),
            new OptionDef(null, "--prometheus-linger", "DURATION", "after the run, keep --prometheus-port serving the "
                    + "final figures (metrics_stress_run_finished 1) until one scrape took them or this long passed, "
                    + "so a short run's end is not lost between two scrapes", OUTPUT, null,
                    new OptionDef.Typed<>(DURATION, Duration.ZERO, null, Builder::prometheusLinger, null)),
            new OptionDef(null, "--jmx", null, "publish the metrics as JMX MBeans: ours in the domain metrics-stress, "
                    + "and the run under OpenNMS's own Newts names (ring-buffer.*, repository.*, search.*, cache.*) "
                    + "in the domain org.opennms.newts", OUTPUT, null,
                    new OptionDef.Typed<>(FLAG, false, null, Builder::jmx, null)),
            derived(null, "--verify-after", "SHARE", "after the run, read back this share of its resources (e.g. 1%, "
                    + "all): every sample's value, every series complete but for what the run lost, their index rows; "
                    + "a mismatch exits 1", JUDGING, ValueType.SHARE, null, Builder::verifyAfter, c -> c.judging().verifyAfter()),
            derived(null, "--sla", "CRITERIA", "pass/fail criteria checked at the end, e.g. \"p99<25ms,drops=0,rate>=0.98\"; "
                    + "failing them exits 1", JUDGING, ValueType.SLA, null, Builder::sla, c -> c.judging().sla()),
            opt(null, "--node-telemetry", "local|all|off", "every --node-telemetry-every, read each node's own "
                    + "figures (system_views: thread pools, compactions, hints for each node, its write latency; JMX "
                    + "where it answers: GC, CPU, dropped mutations, commit-log waits), off the samples' path, for the "
                    + "verdict: local (the local DC's nodes), all (every DC's), off", JUDGING,
                    ValueType.oneOf(NodeTelemetryScope.class), NodeTelemetryScope.LOCAL, Builder::nodeTelemetry,
                    c -> c.judging().nodeTelemetry()),
            opt(null, "--node-telemetry-every", "DURATION", "how often the nodes are read (500ms to 60s), apart from "
                    + "the report interval: a queue that lasts is told from a burst by the share of readings that "
                    + "show it, so a 60 s run needs tens of them; each reading is bounded to 4/5 of this (1 s at "
                    + "least, 5 s at most)", JUDGING, DURATION, Duration.ofSeconds(2), Builder::nodeTelemetryEvery,
                    c -> c.judging().nodeTelemetryEvery()),
            // --- disk and retention
            flag(null, "--disk", "after the run: measure each Newts table on disk (JMX table metrics, else CQL "
                    + "estimates; embedded nodes flushed first) and project --retention per node (docs/disk-and-retention.md)",
                    DISK, Builder::disk, c -> c.disk().disk()),
            flag(null, "--flush", "flush the keyspace's memtables over JMX (--node-jmx-port on each local-DC node) "
                    + "before measuring, so the figures include what is still in memory; embedded nodes are always "
                    + "flushed", DISK, Builder::flush, c -> c.disk().flush()),
            opt(null, "--node-jmx-port", "PORT", "the JMX port of each local-DC node, for its table metrics and "
                    + "--flush; unreachable: the figures come from CQL, marked as estimates", DISK, PORT, 7199,
                    Builder::nodeJmxPort, c -> c.disk().nodeJmxPort()),
            opt(null, "--node-jmx-timeout", "DURATION", "how long each JMX call to a node (the flush, a table "
                    + "metric) is waited for; the nodes are measured at once, and one that does not answer is "
                    + "reported and measured over CQL instead", DISK, DURATION, Duration.ofSeconds(60),
                    Builder::nodeJmxTimeout, c -> c.disk().nodeJmxTimeout()),
            derived(null, "--retention", "DURATION", "how long the samples are kept, for the projection", DISK,
                    DURATION, "the keyspace's TTL (--ttl)", Builder::retention, c -> c.disk().retention()),
            derived(null, "--project-rate", "SAMPLES/S", "the rate to project the retention at", DISK,
                    POSITIVE_NUMBER, "the run's target rate", Builder::projectRate, c -> c.disk().projectRate()),
            derived(null, "--project-nodes", "N,...", "cluster sizes (nodes per DC) to project for, e.g. 4,8,16",
                    DISK, ValueType.POSITIVE_INTS, "the local DC's node count", Builder::projectNodes,
                    c -> c.disk().projectNodes()),
            derived(null, "--project-resources", "N", "resources whose index rows to project, group and interface "
                    + "resources alike, at the measured bytes per resource (the field's 50K shape: 1,800,000)", DISK,
                    POSITIVE_LONG, "the resources measured", Builder::projectResources, c -> c.disk().projectResources()),
            derived(null, "--node-disk", "GB", "a node's disk in GB (10^9 bytes): warn when the projected data "
                    + "and compaction's free space do not fit", DISK, POSITIVE_NUMBER, "not judged",
                    Builder::nodeDiskGb, c -> c.disk().nodeDiskGb()));

    /*
     * Defaults a command sets over the table's, as typed, by long name. They are part of the table:
     * the command's help shows them, docs/options.md lists them, and no front end writes them down.
     */
    /** bench: 100,000 group resources (1 M samples an interval), in a keyspace of its own. */
    public static final Map<String, String> BENCH_DEFAULTS = ordered("--nodes", "2000", "--keyspace",
            "metrics_stress_bench");
    /** bench --smoke: every phase, briefly, on a small shape; declared beside {@code --smoke}, whose help names it. */
    public static final Map<String, String> SMOKE_DEFAULTS = BenchOptionDefs.SMOKE_DEFAULTS;
    /** find-max: the criteria every step is judged by unless --sla says otherwise. */
    public static final Map<String, String> FIND_MAX_DEFAULTS = ordered("--sla",
            "drops=0,failed=0,rate>=0.98,p99<100ms");
    /** schema: the DC a keyspace is printed for when neither --local-dc nor --replication names one. */
    public static final Map<String, String> SCHEMA_DEFAULTS = ordered("--local-dc", "dc1");

    /**
     * The front ends' own options: no setter, read by the jar's command that offers them (its local
     * cluster, bench, find-max, verify and the saved-result commands). Each is declared, typed, by the
     * holder of its group ({@link BenchOptionDefs}, ...); this list gives the table's order.
     */
    private static final List<OptionDef> FRONT_ENDS = List.of(
            // --- local cluster: what --embedded starts
            LocalClusterOptionDefs.EMBEDDED.def(),
            LocalClusterOptionDefs.CASSANDRA_JAVA_HOME.def(),
            LocalClusterOptionDefs.EMBEDDED_HEAP.def(),
            LocalClusterOptionDefs.EMBEDDED_NODES.def(),
            LocalClusterOptionDefs.EMBEDDED_FAULT.def(),
            LocalClusterOptionDefs.EMBEDDED_NODE.def(),
            LocalClusterOptionDefs.EMBEDDED_AUTH.def(),
            LocalClusterOptionDefs.EMBEDDED_TLS.def(),
            LocalClusterOptionDefs.EMBEDDED_LATENCY.def(),
            LocalClusterOptionDefs.EMBEDDED_IMAGE.def(),
            LocalClusterOptionDefs.EMBEDDED_TSDB.def(),
            // --- bench (and what it shares with find-max)
            BenchOptionDefs.WARMUP_SAMPLES.def(),
            BenchOptionDefs.PHASE.def(),
            BenchOptionDefs.SMOKE.def(),
            BenchOptionDefs.NODE_PID.def(),
            BenchOptionDefs.CLIENT_ONLY.def(),
            BenchOptionDefs.SOAK.def(),
            BenchOptionDefs.COLD_LIMIT.def(),
            BenchOptionDefs.BENCH_JSON.def(),
            BenchOptionDefs.VERBOSE.def(),
            // --- find-max
            FindMaxOptionDefs.STEP_DURATION.def(),
            FindMaxOptionDefs.START_RATE.def(),
            FindMaxOptionDefs.MAX_RATE.def(),
            FindMaxOptionDefs.GROWTH.def(),
            FindMaxOptionDefs.PRECISION.def(),
            FindMaxOptionDefs.INCLUDE_COLD.def(),
            FindMaxOptionDefs.WARM_UP.def(),
            // --- tune
            TuneOptionDefs.MAX_ROUNDS.def(),
            // --- verify
            VerifyOptionDefs.FROM_RESULT.def(),
            VerifyOptionDefs.RESOURCES.def(),
            // --- disk
            DiskOptionDefs.COUNT_ROWS.def(),
            // --- sizing: size and predict
            SizingOptionDefs.FROM.def(),
            SizingOptionDefs.TARGET.def(),
            SizingOptionDefs.POINTS.def(),
            SizingOptionDefs.HEADROOM.def(),
            SizingOptionDefs.MAX_DRAIN.def(),
            SizingOptionDefs.CLUSTER_NODES.def(),
            // --- saved results: report, compare, merge
            SavedResultsOptionDefs.OUTPUT.def(),
            SavedResultsOptionDefs.PARTIAL.def(),
            SavedResultsOptionDefs.MAX_REGRESSION.def(),
            SavedResultsOptionDefs.VS.def(),
            BenchOptionDefs.REPEAT.def());

    private static final List<OptionDef> TABLE = concat(ALL, FRONT_ENDS);

    /*
     * The run's options that commands (and sizing) read or offer by themselves, typed: views of the
     * table's entries above, their value type checked when this class loads.
     */
    public static final Option<Integer> NODES = run("--nodes", POSITIVE_INT);
    public static final Option<Integer> INTERFACES = run("--interfaces", POSITIVE_INT);
    public static final Option<Integer> GROUPS = run("--groups", POSITIVE_INT);
    public static final Option<Integer> ATTRIBUTES = run("--attributes", POSITIVE_INT);
    public static final Option<Integer> STRINGS = run("--strings", NON_NEGATIVE_INT);
    public static final Option<Duration> INTERVAL = run("--interval", DURATION);
    public static final Option<Integer> RING_SIZE = run("--ring-size", POSITIVE_INT);
    public static final Option<Integer> WRITER_THREADS = run("--writer-threads", POSITIVE_INT);
    public static final Option<List<ContactPoint>> CONTACT_POINTS = run("--contact-points", ValueType.CONTACT_POINTS);
    public static final Option<String> LOCAL_DC = run("--local-dc", TEXT);
    public static final Option<String> KEYSPACE = run("--keyspace", TEXT);
    public static final Option<Replication> REPLICATION = run("--replication", ValueType.REPLICATION);
    public static final Option<Duration> TTL = run("--ttl", SECONDS);
    public static final Option<Long> CACHE_MAX_ENTRIES = run("--cache-max-entries", POSITIVE_LONG);
    public static final Option<URI> REDIS = run("--redis", REDIS_URI);
    public static final Option<Duration> REPORT = run("--report", DURATION);
    public static final Option<Path> RESULT_JSON = run("--result-json", PATH);
    public static final Option<Path> REPORT_HTML = run("--report-html", PATH);
    public static final Option<Path> ADVICE_FILE = run("--advice-file", PATH);
    public static final Option<Sla> SLA = run("--sla", ValueType.SLA);
    public static final Option<Duration> RETENTION = run("--retention", DURATION);
    public static final Option<Double> NODE_DISK = run("--node-disk", POSITIVE_NUMBER);
    // Read back from a saved result's settings (StressResult.setting) by the judges, merge and sizing.
    public static final Option<Duration> TWCS_WINDOW = run("--twcs-window", DURATION);
    public static final Option<Instance> INSTANCE = run("--instance", ValueType.INSTANCE);
    public static final Option<Integer> INSTANCES = run("--instances", POSITIVE_INT);
    public static final Option<Integer> REDIS_POOL = run("--redis-pool", POSITIVE_INT);
    public static final Option<Integer> MAX_IN_FLIGHT = run("--max-in-flight", POSITIVE_INT);
    public static final Option<WriterPaths> WRITER = declared("--writer");
    public static final Option<URI> TSS_WRITE_URL = declared("--tss-write-url");
    public static final Option<URI> TSS_READ_URL = declared("--tss-read-url");
    public static final Option<TssMode> TSS_MODE = declared("--tss-mode");
    public static final Option<String> TSS_ORG_ID = declared("--tss-org-id");
    public static final Option<Integer> TSS_MAX_CONNECTIONS = declared("--tss-max-connections");
    public static final Option<Duration> TSS_WRITE_TIMEOUT = declared("--tss-write-timeout");
    public static final Option<Duration> TSS_CALL_TIMEOUT = declared("--tss-call-timeout");
    public static final Option<Integer> TSS_EXTERNAL_TAGS_CACHE_SIZE = declared("--tss-external-tags-cache-size");
    public static final Option<Integer> MAX_BATCH_SIZE = declared("--max-batch-size");
    public static final Option<Integer> CONNECTIONS_PER_HOST = declared("--connections-per-host");
    public static final Option<Integer> MAX_REQUESTS_PER_CONNECTION = declared("--max-requests-per-connection");
    public static final Option<ResourceIds> RESOURCE_IDS = declared("--resource-ids");
    public static final Option<CacheKind> CACHE = declared("--cache");

    /**
     * Settings that only come from the environment: secrets without an option to put them in ps, and
     * the index Kubernetes gives each pod of an Indexed Job.
     */
    public record EnvSetting(String name, String help, BiConsumer<StressConfig.Builder, String> apply) {}

    private static final List<EnvSetting> ENVIRONMENT = List.of(
            new EnvSetting(PASSWORD_ENV, "Cassandra password (with --username)", (b, v) -> b.password(v)),
            new EnvSetting(REDIS_PASSWORD_ENV, "Redis password (with --cache redis)", (b, v) -> b.redisPassword(v)),
            new EnvSetting(TRUSTSTORE_PASSWORD_ENV, "truststore password (with --truststore)",
                    (b, v) -> b.truststorePassword(v)),
            new EnvSetting(TSS_PASSWORD_ENV, "the remote-write receiver's password (with --tss-username)",
                    (b, v) -> b.tssPassword(v)),
            new EnvSetting(TSS_STORE_PASSWORD_ENV, "the external-tags store's password (with --tss-external-tags-store)",
                    (b, v) -> b.tssStorePassword(v)),
            new EnvSetting(KEYSTORE_PASSWORD_ENV, "keystore password (with --keystore)", (b, v) -> b.keystorePassword(v)),
            new EnvSetting(JOB_INDEX_ENV, "this instance's index when --instances N is given without --instance "
                    + "(Kubernetes sets it in an Indexed Job)", (b, v) -> b.jobCompletionIndex(v)));

    private StressOptions() {}

    public static List<EnvSetting> environment() {
        return ENVIRONMENT;
    }

    /** Every option of a stress run: what both front ends offer, and what a result file lists. */
    public static List<OptionDef> all() {
        return ALL;
    }

    /** The whole table: a run's options, then the front ends' own (local cluster, subcommands). */
    public static List<OptionDef> table() {
        return TABLE;
    }

    /** The front ends' own options of one section, in table order. */
    public static List<OptionDef> own(OptionDef.Section section) {
        return FRONT_ENDS.stream().filter(d -> d.section() == section).toList();
    }

    /** {@code offered} with the defaults a command sets over the table's shown in place of the table's. */
    public static List<OptionDef> withDefaults(List<OptionDef> offered, Map<String, String> defaults) {
        List<OptionDef> out = new ArrayList<>();
        for (OptionDef d : offered) {
            String dflt = defaults.get(d.longName());
            out.add(dflt == null ? d : d.withDefaultShown(dflt));
        }
        return out;
    }

    /** Defaults as they would be typed: {@code --nodes 20 --interfaces 2}. */
    public static String typed(Map<String, String> defaults) {
        return CommandDefaults.typed(defaults);
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
        out.add(LOCAL_DC.def());
        return out;
    }

    /**
     * The entry of the table with this long or short name: for names that come from outside (a
     * command's defaults, a settings key). Code that means one option uses its typed constant
     * ({@link #NODES}, {@link BenchOptionDefs#SMOKE}, ...); a source scan (NoOptionByNameTest) holds the
     * last callers by string to a list that is to shrink to none.
     */
    public static OptionDef byName(String name) {
        for (OptionDef d : TABLE) {
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
                d.apply(b, v);
            }
        }
        // Secrets with no option of their own come only from the environment.
        for (EnvSetting e : ENVIRONMENT) {
            boolean attachedToOption = ALL.stream().anyMatch(d -> e.name().equals(d.envVar()));
            // A password file given on the command line wins over the environment.
            if ((e.name().equals(TRUSTSTORE_PASSWORD_ENV) && given.contains("--truststore-password-file"))
                    || (e.name().equals(KEYSTORE_PASSWORD_ENV) && given.contains("--keystore-password-file"))) {
                continue;
            }
            String v = env.get(e.name());
            if (!attachedToOption && v != null && !v.isEmpty()) {
                e.apply().accept(b, v);
            }
        }
    }

    /** Every option's typed default into a new builder: the one place defaults are set. */
    static void applyDefaults(Builder b) {
        for (OptionDef d : ALL) {
            d.applyDefault(b);
        }
    }

    private static Map<String, String> ordered(String... namesAndValues) {
        return CommandDefaults.ordered(namesAndValues);
    }

    /** The option as the table declares it, its value type taken from its declaration (a one-of type is made there). */
    @SuppressWarnings("unchecked")
    private static <T> Option<T> declared(String longName) {
        OptionDef d = byName(longName);
        return Option.of(d, (ValueType<T>) d.typed().type());
    }

    private static <T> Option<T> run(String longName, ValueType<T> type) {
        return Option.of(byName(longName), type);
    }

    private static List<OptionDef> concat(List<OptionDef> a, List<OptionDef> b) {
        List<OptionDef> out = new ArrayList<>(a);
        out.addAll(b);
        return List.copyOf(out);
    }

    private static <T> OptionDef opt(String s, String l, String label, String help, OptionDef.Section sec,
            ValueType<T> type, T dflt, BiConsumer<Builder, T> set, Function<StressConfig, T> get) {
        return new OptionDef(s, l, label, help, sec, null, new OptionDef.Typed<>(type, dflt, null, set, get));
    }

    /** An option whose default is derived from other settings, or absent, and described by {@code note}. */
    private static <T> OptionDef derived(String s, String l, String label, String help, OptionDef.Section sec,
            ValueType<T> type, String note, BiConsumer<Builder, T> set, Function<StressConfig, T> get) {
        return new OptionDef(s, l, label, help, sec, null, new OptionDef.Typed<>(type, null, note, set, get));
    }

    private static OptionDef flag(String s, String l, String help, OptionDef.Section sec,
            BiConsumer<Builder, Boolean> set, Function<StressConfig, Boolean> get) {
        return new OptionDef(s, l, null, help, sec, null, new OptionDef.Typed<>(FLAG, false, null, set, get));
    }

    private static OptionDef secretFile(String l, String help, OptionDef.Section sec, BiConsumer<Builder, String> set) {
        return new OptionDef(null, l, "FILE", help, sec, null, new OptionDef.Typed<>(SECRET_FILE, null, null, set, null));
    }

    private static <T> OptionDef output(String l, String label, String help, ValueType<T> type,
            BiConsumer<Builder, T> set) {
        return new OptionDef(null, l, label, help, OUTPUT, null, new OptionDef.Typed<>(type, null, null, set, null));
    }
}
