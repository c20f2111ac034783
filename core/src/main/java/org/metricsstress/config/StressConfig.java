package org.metricsstress.config;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Everything a run needs to know, validated once. Built only through {@link Builder}, which the
 * option table ({@link StressOptions}) fills from any front end. Defaults follow the OpenNMS
 * {@code metrics:stress} command where it has the option.
 *
 * <p>The password never leaves this object: it is excluded from JSON and from {@link #toString()}.
 */
public record StressConfig(
        // plan: the OpenNMS data shape
        int nodes,
        int interfaces,
        int groups,
        int attributes,
        int strings,
        Duration interval,
        boolean burst,
        int threads,
        int stringVariationFactor,
        double rateFactor,
        long seed,
        int instance,
        int instances,
        java.time.Instant startAt,
        Duration duration,
        RateSteps rateSteps,
        Duration reportInterval,
        Pacing pacing,
        // pipeline
        Writer writer,
        int maxBatchSize,
        int ringSize,
        int writerThreads,
        OnFull onFull,
        int maxInFlight,
        int batchCommits,
        Duration drainTimeout,
        Sink sink,
        // cluster
        List<ContactPoint> contactPoints,
        String localDc,
        String username,
        @JsonIgnore String password,
        String writeConsistency,
        Duration connectTimeout,
        Duration requestTimeout,
        int retries,
        Duration speculativeDelay,
        boolean ssl,
        Path truststore,
        @JsonIgnore String truststorePassword,
        Path keystore,
        @JsonIgnore String keystorePassword,
        Compression compression,
        // schema
        String keyspace,
        Replication replication,
        Duration twcsWindow,
        Duration gcGrace,
        Duration ttl,
        // index and resource cache
        boolean index,
        CacheKind cache,
        long cacheMaxEntries,
        java.net.URI redisUri,
        @JsonIgnore String redisPassword,
        Path redisTruststore,
        @JsonIgnore String redisTruststorePassword,
        int redisPool,
        int redisNearCache,
        boolean primeCache,
        int indexMaxInFlight,
        // reads
        Double readRate,
        Duration readWindow,
        HotSet readHot,
        Double searchRate,
        Double freshnessProbes,
        String freshnessDc,
        String readConsistency,
        int readMaxInFlight,
        // output
        Path resultJson,
        Path reportHtml,
        Path hdrLog,
        Path csvDir,
        int prometheusPort,
        boolean jmx,
        Double verifyAfter,
        Sla sla) {

    /** Partitions per unlogged batch at most: Cassandra's warning threshold. */
    public static final int MAX_BATCH_COMMITS = 10;

    static final Set<String> CONSISTENCY_LEVELS = Set.of(
            "ANY", "ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_ONE", "LOCAL_QUORUM", "EACH_QUORUM");

    /** Retries of one request at most: each can take a whole request timeout. */
    public static final int MAX_RETRIES = 10;
    /** {@code --index-max-in-flight auto} (the default): the index budget follows the samples' wait in the ring. */
    public static final int INDEX_BUDGET_AUTO = 0;
    /** Where an auto index budget starts, and what it holds once it finds the run flat out. */
    public static final int INDEX_BUDGET_START = 256;
    /** How late an instance may start after {@code --start-at} at least (one interval if that is longer). */
    public static final Duration MAX_START_LATENESS = Duration.ofMinutes(5);

    /** OpenNMS's {@code org.opennms.newts.config.cache.max_entries}: the default with its writer. */
    public static final long OPENNMS_CACHE_MAX_ENTRIES = 8_192;
    /** The pipelined writer's default: room for the field test's 1.8 M resources. */
    public static final long PIPELINED_CACHE_MAX_ENTRIES = 2_000_000;

    /** Cassandra refuses TTLs above 20 years. */
    static final long MAX_TTL_SECONDS = 630_720_000L;

    private static final Pattern CQL_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,47}");

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The keyspace's replication: {@code --replication}, or else RF 1 in {@code localDc}, the data
     * centre the client connects to. The one place that default is decided.
     */
    public Replication replicationIn(String localDc) {
        return replication != null ? replication : Replication.of(localDc, 1);
    }

    /** True when the run goes on until it is stopped rather than for a fixed time. */
    public boolean untilStopped() {
        return duration == null && rateSteps == null;
    }

    /** How long generation lasts: --duration, or all --rate-steps; null when until stopped. */
    public Duration totalDuration() {
        return rateSteps != null ? rateSteps.total() : duration;
    }

    @Override
    public String toString() {
        return "StressConfig[nodes=" + nodes + ", interfaces=" + interfaces + ", groups=" + groups
                + ", attributes=" + attributes + ", keyspace=" + keyspace + ", contactPoints=" + contactPoints
                + ", username=" + username + ", password=" + (password == null ? "none" : "(set)")
 + ", ssl=" + ssl
                + ", cache=" + cache + ", redisPassword=" + (redisPassword == null ? "none" : "(set)") + ", ...]";
    }

    /** Mutable, unvalidated settings; {@link #build()} checks them all. */
    public static final class Builder {
        // No initial values here: every default comes from the option table (StressOptions).
        int nodes;
        int interfaces;
        int groups;
        int attributes;
        int strings;
        Duration interval;
        boolean burst;
        int threads;
        int stringVariationFactor;
        double rateFactor;
        long seed;
        Instance instance;
        int instances;
        String jobCompletionIndex;
        java.time.Instant startAt;
        Duration duration;
        RateSteps rateSteps;
        Duration reportInterval;
        Pacing pacing;
        Writer writer;
        int maxBatchSize;
        int ringSize;
        int writerThreads;
        OnFull onFull;
        int maxInFlight;
        int batchCommits;
        Duration drainTimeout;
        Sink sink;
        List<ContactPoint> contactPoints;
        String localDc;
        String username;
        String password;
        String writeConsistency;
        Duration connectTimeout;
        Duration requestTimeout;
        int retries;
        Duration speculativeDelay;
        boolean ssl;
        Path truststore;
        String truststorePassword;
        Path keystore;
        String keystorePassword;
        Compression compression;
        String keyspace;
        Replication replication;
        Duration twcsWindow;
        Duration gcGrace;
        Duration ttl;
        boolean index;
        CacheKind cache;
        Long cacheMaxEntries;
        java.net.URI redisUri;
        String redisPassword;
        Path redisTruststore;
        String redisTruststorePassword;
        Integer redisPool;
        Integer redisNearCache;
        boolean primeCache;
        int indexMaxInFlight;
        Double readRate;
        Duration readWindow;
        HotSet readHot;
        Double searchRate;
        Double freshnessProbes;
        String freshnessDc;
        String readConsistency;
        int readMaxInFlight;
        Path resultJson;
        Path reportHtml;
        Path hdrLog;
        Path csvDir;
        Integer prometheusPort;
        boolean jmx;
        Double verifyAfter;
        Sla sla;


        private Builder() {
            StressOptions.applyDefaults(this);
        }

        public Builder nodes(int v) { nodes = v; return this; }
        public Builder interfaces(int v) { interfaces = v; return this; }
        public Builder groups(int v) { groups = v; return this; }
        public Builder attributes(int v) { attributes = v; return this; }
        public Builder strings(int v) { strings = v; return this; }
        public Builder interval(Duration v) { interval = v; return this; }
        public Builder burst(boolean v) { burst = v; return this; }
        public Builder threads(int v) { threads = v; return this; }
        public Builder stringVariationFactor(int v) { stringVariationFactor = v; return this; }
        public Builder rateFactor(double v) { rateFactor = v; return this; }
        public Builder seed(long v) { seed = v; return this; }
        public Builder instance(Instance v) { instance = v; return this; }
        public Builder instances(int v) { instances = v; return this; }
        /** Kubernetes' pod index: used only with --instances N and no --instance. */
        public Builder jobCompletionIndex(String v) { jobCompletionIndex = v; return this; }
        public Builder startAt(java.time.Instant v) { startAt = v; return this; }
        public Builder duration(Duration v) { duration = v; return this; }
        public Builder rateSteps(RateSteps v) { rateSteps = v; return this; }
        public Builder reportInterval(Duration v) { reportInterval = v; return this; }
        public Builder pacing(Pacing v) { pacing = v; return this; }
        public Builder writer(Writer v) { writer = v; return this; }
        public Builder maxBatchSize(int v) { maxBatchSize = v; return this; }
        public Builder ringSize(int v) { ringSize = v; return this; }
        public Builder writerThreads(int v) { writerThreads = v; return this; }
        public Builder onFull(OnFull v) { onFull = v; return this; }
        public Builder maxInFlight(int v) { maxInFlight = v; return this; }
        public Builder batchCommits(int v) { batchCommits = v; return this; }
        public Builder drainTimeout(Duration v) { drainTimeout = v; return this; }
        public Builder sink(Sink v) { sink = v; return this; }
        public Builder contactPoints(List<ContactPoint> v) { contactPoints = List.copyOf(v); return this; }
        public Builder localDc(String v) { localDc = v; return this; }
        public Builder username(String v) { username = v; return this; }
        public Builder password(String v) { password = v; return this; }
        public Builder writeConsistency(String v) { writeConsistency = v; return this; }
        public Builder connectTimeout(Duration v) { connectTimeout = v; return this; }
        public Builder requestTimeout(Duration v) { requestTimeout = v; return this; }
        public Builder retries(int v) { retries = v; return this; }
        public Builder speculativeDelay(Duration v) { speculativeDelay = v; return this; }
        public Builder ssl(boolean v) { ssl = v; return this; }
        public Builder truststore(Path v) { truststore = v; return this; }
        public Builder truststorePassword(String v) { truststorePassword = v; return this; }
        public Builder keystore(Path v) { keystore = v; return this; }
        public Builder keystorePassword(String v) { keystorePassword = v; return this; }
        public Builder compression(Compression v) { compression = v; return this; }
        public Builder keyspace(String v) { keyspace = v; return this; }
        public Builder replication(Replication v) { replication = v; return this; }
        public Builder twcsWindow(Duration v) { twcsWindow = v; return this; }
        public Builder gcGrace(Duration v) { gcGrace = v; return this; }
        public Builder ttl(Duration v) { ttl = v; return this; }
        public Builder index(boolean v) { index = v; return this; }
        public Builder cache(CacheKind v) { cache = v; return this; }
        public Builder cacheMaxEntries(long v) { cacheMaxEntries = v; return this; }
        public Builder redisUri(java.net.URI v) { redisUri = v; return this; }
        public Builder redisPassword(String v) { redisPassword = v; return this; }
        public Builder redisTruststore(Path v) { redisTruststore = v; return this; }
        public Builder redisTruststorePassword(String v) { redisTruststorePassword = v; return this; }
        public Builder redisPool(int v) { redisPool = v; return this; }
        public Builder redisNearCache(int v) { redisNearCache = v; return this; }
        public Builder primeCache(boolean v) { primeCache = v; return this; }
        public Builder indexMaxInFlight(int v) { indexMaxInFlight = v; return this; }
        public Builder readRate(Double v) { readRate = v; return this; }
        public Builder readWindow(Duration v) { readWindow = v; return this; }
        public Builder readHot(HotSet v) { readHot = v; return this; }
        public Builder searchRate(Double v) { searchRate = v; return this; }
        public Builder freshnessProbes(Double v) { freshnessProbes = v; return this; }
        public Builder freshnessDc(String v) { freshnessDc = v; return this; }
        public Builder readConsistency(String v) { readConsistency = v; return this; }
        public Builder readMaxInFlight(int v) { readMaxInFlight = v; return this; }
        public Builder resultJson(Path v) { resultJson = v; return this; }
        public Builder reportHtml(Path v) { reportHtml = v; return this; }
        public Builder hdrLog(Path v) { hdrLog = v; return this; }
        public Builder csvDir(Path v) { csvDir = v; return this; }
        public Builder prometheusPort(int v) { prometheusPort = v; return this; }
        public Builder jmx(boolean v) { jmx = v; return this; }
        public Builder verifyAfter(Double v) { verifyAfter = v; return this; }
        public Builder sla(Sla v) { sla = v; return this; }

        private boolean readingBack;

        /**
         * For {@code verify}: the configuration describes a run that has already happened, so its
         * {@code --start-at} may be long past (a run's own start-time rules do not apply).
         */
        public Builder readingBack() {
            readingBack = true;
            return this;
        }

        /** Whether a password was given by any means (option, file or environment). */
        public boolean hasPassword() {
            return password != null;
        }

        public StressConfig build() {
            atLeast("--nodes", nodes, 1);
            atLeast("--interfaces", interfaces, 1);
            atLeast("--groups", groups, 1);
            atLeast("--attributes", attributes, 1);
            atLeast("--strings", strings, 0);
            atLeast("--threads", threads, 1);
            atLeast("--string-variation-factor", stringVariationFactor, 0);
            atLeast("--writer-threads", writerThreads, 1);
            atLeast("--max-in-flight", maxInFlight, 1);
            atLeast("--batch-commits", batchCommits, 1);
            if (batchCommits > MAX_BATCH_COMMITS) {
                throw new ConfigException("--batch-commits: at most " + MAX_BATCH_COMMITS
                        + " (Cassandra warns about unlogged batches over 10 partitions), got " + batchCommits);
            }
            if ((long) nodes * interfaces * groups > Integer.MAX_VALUE) {
                throw new ConfigException("--nodes x --interfaces x --groups = "
                        + (long) nodes * interfaces * groups + " group resources; at most " + Integer.MAX_VALUE + " are supported");
            }
            Instance share = share();
            if (rateSteps != null) {
                checkRateSteps();
            }
            if (startAt != null && !readingBack) {
                checkStartAt(java.time.Instant.now());
            }
            if (interval.compareTo(Duration.ofSeconds(1)) < 0) {
                throw new ConfigException("--interval: must be at least 1s, got " + Parse.format(interval));
            }
            if (interval.toNanos() / rateFactor < 1_000_000) {
                throw new ConfigException("--rate-factor: " + rateFactor + " makes the effective interval "
                        + "shorter than 1ms, so one resource would get two samples with the same timestamp");
            }
            if (ringSize < 2 || Integer.bitCount(ringSize) != 1) {
                throw new ConfigException("--ring-size: must be a power of two of at least 2 (e.g. 8192), got " + ringSize);
            }
            if (writerThreads > 1024) {
                throw new ConfigException("--writer-threads: at most 1024, got " + writerThreads);
            }
            if (duration != null && duration.isZero()) {
                throw new ConfigException("--duration: must be more than 0 (leave it out to run until stopped)");
            }
            if (reportInterval.compareTo(Duration.ofSeconds(1)) < 0) {
                throw new ConfigException("--report: must be at least 1s, got " + Parse.format(reportInterval));
            }
            if (contactPoints.isEmpty()) {
                throw new ConfigException("--contact-points: at least one host:port is needed");
            }
            boolean opennms = writer == Writer.OPENNMS;
            // OpenNMS's defaults with its writer (write_consistency, cache.max_entries, its Redis pool
            // of writer_threads to 4 x writer_threads), this tool's with the pipelined one.
            String cl = (writeConsistency != null ? writeConsistency : opennms ? "ANY" : "LOCAL_ONE")
                    .toUpperCase(Locale.ROOT);
            if (!CONSISTENCY_LEVELS.contains(cl)) {
                throw new ConfigException("--write-cl: '" + cl + "' is not one of "
                        + String.join(", ", new java.util.TreeSet<>(CONSISTENCY_LEVELS)));
            }
            if (!CQL_NAME.matcher(keyspace).matches()) {
                throw new ConfigException("--keyspace: '" + keyspace
                        + "' is not a keyspace name (a letter, then letters, digits or _; at most 48)");
            }
            long windowMinutes = twcsWindow.toMinutes();
            if (windowMinutes < 1 || twcsWindow.toMillis() % 60_000 != 0) {
                throw new ConfigException("--twcs-window: must be whole minutes, hours or days (e.g. 7d), got "
                        + Parse.format(twcsWindow));
            }
            if (ttl.getSeconds() > MAX_TTL_SECONDS || ttl.toMillis() % 1000 != 0) {
                throw new ConfigException("--ttl: whole seconds up to 20 years (630720000s), got " + Parse.format(ttl));
            }
            if (gcGrace.toMillis() % 1000 != 0 || gcGrace.getSeconds() > Integer.MAX_VALUE) {
                throw new ConfigException("--gc-grace: whole seconds, got " + Parse.format(gcGrace));
            }
            if (localDc != null && localDc.isBlank()) {
                throw new ConfigException("--local-dc: must not be empty");
            }
            long maxEntries = cacheMaxEntries != null ? cacheMaxEntries
                    : opennms ? OPENNMS_CACHE_MAX_ENTRIES : PIPELINED_CACHE_MAX_ENTRIES;
            if (maxEntries < 1) {
                throw new ConfigException("--cache-max-entries: must be at least 1, got " + maxEntries);
            }
            atLeast("--max-batch-size", maxBatchSize, 1);
            atLeast("--index-max-in-flight", indexMaxInFlight, INDEX_BUDGET_AUTO);
            checkSink();
            int nearCache = redisNearCache != null ? redisNearCache : (int) Math.min(Integer.MAX_VALUE, maxEntries);
            atLeast("--redis-near-cache", nearCache, 0);
            int pool = redisPool != null ? redisPool : opennms ? 4 * writerThreads : writerThreads;
            atLeast("--redis-pool", pool, 1);
            if (primeCache && !index) {
                throw new ConfigException("--prime-cache: the cache is only used when indexing (leave out --no-index)");
            }
            if (prometheusPort != null && (prometheusPort > 65535 || prometheusPort < 1)) {
                throw new ConfigException("--prometheus-port: a port from 1 to 65535, got " + prometheusPort);
            }
            if (primeCache && opennms) {
                throw new ConfigException("--prime-cache: priming OpenNMS's metadata cache is not modelled; "
                        + "with --writer opennms every run starts cold, as the field's did (or use --writer pipelined)");
            }
            if (opennms && (groups + 1 > 32 || (attributes + maxBatchSize - 1) / maxBatchSize + 1 > 32)) {
                throw new ConfigException("--writer opennms: its cache model holds at most 31 groups and 31 chunks of "
                        + "--max-batch-size samples per group; got -g " + groups + ", -a " + attributes);
            }
            if (primeCache && cache == CacheKind.REDIS) {
                throw new ConfigException("--prime-cache: a Redis cache keeps its entries across runs; priming is for --cache guava");
            }
            String readCl = readConsistency.toUpperCase(Locale.ROOT);
            if (!CONSISTENCY_LEVELS.contains(readCl) || readCl.equals("ANY") || readCl.equals("EACH_QUORUM")) {
                throw new ConfigException("--read-cl: '" + readConsistency + "' is not a read consistency level ("
                        + "ONE, TWO, THREE, QUORUM, ALL, LOCAL_ONE, LOCAL_QUORUM)");
            }
            atLeast("--read-max-in-flight", readMaxInFlight, 1);
            if (freshnessDc != null && freshnessProbes == null) {
                throw new ConfigException("--freshness-dc: says where --freshness-probes read; add --freshness-probes");
            }
            if (readHot != null && readRate == null) {
                throw new ConfigException("--read-hot: shapes the reads of --read-rate; add --read-rate");
            }
            if (readWindow.toMillis() < 1000) {
                throw new ConfigException("--read-window: at least 1s, got " + Parse.format(readWindow));
            }
            atLeast("--retries", retries, 0);
            if (retries > MAX_RETRIES) {
                throw new ConfigException("--retries: at most " + MAX_RETRIES + ", got " + retries);
            }
            if (speculativeDelay != null && speculativeDelay.isZero()) {
                throw new ConfigException("--speculative-delay: must be more than 0 (leave it out for none)");
            }
            if (redisTruststore != null && !"rediss".equalsIgnoreCase(redisUri.getScheme())) {
                throw new ConfigException("--redis-truststore: only for TLS; give --redis as rediss://host:port");
            }
            if (redisTruststore != null && !java.nio.file.Files.isReadable(redisTruststore)) {
                throw new ConfigException("--redis-truststore: cannot read " + redisTruststore);
            }
            if (truststorePassword != null && truststore == null) {
                throw new ConfigException("--truststore-password-file: needs --truststore too");
            }
            if (keystorePassword != null && keystore == null) {
                throw new ConfigException("--keystore-password-file: needs --keystore too");
            }
            for (Path store : new Path[] {truststore, keystore}) {
                if (store != null && !java.nio.file.Files.isReadable(store)) {
                    throw new ConfigException((store == truststore ? "--truststore" : "--keystore") + ": cannot read "
                            + store);
                }
            }
            if (password != null && username == null) {
                throw new ConfigException("--password: needs --username too");
            }
            return new StressConfig(nodes, interfaces, groups, attributes, strings, interval, burst, threads,
                    stringVariationFactor, rateFactor, seed, share.index(), share.count(), startAt, duration, rateSteps, reportInterval,
                    pacing, writer, maxBatchSize, ringSize, writerThreads,
                    onFull, maxInFlight, batchCommits, drainTimeout, sink, contactPoints, localDc, username, password, cl,
                    connectTimeout, requestTimeout, retries, speculativeDelay,
                    ssl || truststore != null || keystore != null, truststore, truststorePassword, keystore,
                    keystorePassword, compression, keyspace, replication, twcsWindow, gcGrace, ttl, index, cache,
                    maxEntries, redisUri, redisPassword, redisTruststore, redisTruststorePassword, pool, nearCache, primeCache, indexMaxInFlight,
                    readRate, readWindow, readHot, searchRate, freshnessProbes, freshnessDc, readCl, readMaxInFlight, resultJson, reportHtml,
                    hdrLog, csvDir, prometheusPort == null ? -1 : prometheusPort, jmx, verifyAfter, sla);
        }

        /** This process's share of the plan, from --instance, --instances and the environment. */
        private Instance share() {
            atLeast("--instances", instances, 1);
            int count = instances;
            int index;
            if (instance != null) {
                if (instance.count() > 0 && instances > 1 && instance.count() != instances) {
                    throw new ConfigException("--instance " + instance + " and --instances " + instances
                            + " disagree on how many instances share the plan");
                }
                count = instance.count() > 0 ? instance.count() : instances;
                index = instance.index();
            } else if (instances > 1 && jobCompletionIndex != null) {
                if (!jobCompletionIndex.trim().matches("\\d{1,9}")) {
                    throw new ConfigException(StressOptions.JOB_INDEX_ENV + ": '" + jobCompletionIndex
                            + "' is not an instance index");
                }
                index = Integer.parseInt(jobCompletionIndex.trim());
            } else if (instances > 1) {
                throw new ConfigException("--instances " + instances + ": say which one this is with --instance I/"
                        + instances + " (0-based), " + StressOptions.INSTANCE_ENV + ", or a Kubernetes Indexed Job's "
                        + StressOptions.JOB_INDEX_ENV);
            } else {
                index = 0;
            }
            if (count < 1) {
                throw new ConfigException("--instance: N must be at least 1, got " + index + "/" + count);
            }
            if (index >= count) {
                throw new ConfigException("--instance: the index counts from 0, so it must be below " + count
                        + " (0/" + count + " to " + (count - 1) + "/" + count + "), got " + index);
            }
            if (count > nodes) {
                throw new ConfigException("--instance: " + count + " instances need at least " + count
                        + " nodes (they split the plan by node), --nodes is " + nodes);
            }
            return new Instance(index, count);
        }

        /** Steps set the rate and the length of the run themselves, each within what a plan can pace. */
        /**
         * --sink null ends before the network: nothing that needs a cluster's answer (reads, a
         * read-back, priming the cache, a second DC's connection) can run without one.
         */
        private void checkSink() {
            if (sink != Sink.NULL) {
                return;
            }
            refuseWithNullSink("--read-rate", readRate != null);
            refuseWithNullSink("--search-rate", searchRate != null);
            refuseWithNullSink("--freshness-probes", freshnessProbes != null);
            refuseWithNullSink("--verify-after", verifyAfter != null);
            refuseWithNullSink("--prime-cache", primeCache);
        }

        private static void refuseWithNullSink(String option, boolean given) {
            if (given) {
                throw new ConfigException(option + ": needs a cluster's answers; --sink null sends nothing (leave one out)");
            }
        }

        private void checkRateSteps() {
            if (duration != null) {
                throw new ConfigException("--rate-steps: the steps set how long the run lasts; leave out --duration");
            }
            if (rateFactor != 1.0) {
                throw new ConfigException("--rate-steps: the steps set the rate; leave out --rate-factor");
            }
            double perInterval = (double) nodes * interfaces * groups * attributes;
            for (RateSteps.Step step : rateSteps.steps()) {
                if (perInterval * 1e9 / step.samplesPerSecond() < 1_000_000) {
                    throw new ConfigException("--rate-steps: " + RateSteps.describe(step) + " paces the plan's "
                            + "intervals under 1ms apart (two samples of a resource in one millisecond); "
                            + "make the plan larger or the rate lower");
                }
            }
        }

        /**
         * A start time must leave something to generate, not be far off (a typo in the date), and
         * not be far past: a late instance generates what it missed at once, so {@code --start-at 0}
         * (1970) would sprint through 56 years of backlog. Late by at most the longer of
         * {@link #MAX_START_LATENESS} and one interval: one collection's backlog.
         */
        private void checkStartAt(java.time.Instant now) {
            Duration length = rateSteps != null ? rateSteps.total() : duration;
            if (length != null && !startAt.plus(length).isAfter(now)) {
                throw new ConfigException("--start-at: " + startAt + " plus the run's length " + Parse.format(length)
                        + " is already past; nothing would be generated");
            }
            Duration lateBound = interval.compareTo(MAX_START_LATENESS) > 0 ? interval : MAX_START_LATENESS;
            if (startAt.plus(lateBound).isBefore(now)) {
                throw new ConfigException("--start-at: " + startAt + " is " + Parse.format(Duration.ofSeconds(
                        Duration.between(startAt, now).getSeconds())) + " ago; an instance may start at most "
                        + Parse.format(lateBound) + " late (the longer of " + Parse.format(MAX_START_LATENESS)
                        + " and one --interval), as it generates what it missed at once");
            }
            if (startAt.isAfter(now.plus(Duration.ofDays(1)))) {
                throw new ConfigException("--start-at: " + startAt + " is more than a day ahead");
            }
        }

        private static void atLeast(String option, int value, int min) {
            if (value < min) {
                throw new ConfigException(option + ": must be at least " + min + ", got " + value);
            }
        }
    }
}
