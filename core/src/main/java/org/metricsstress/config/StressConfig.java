package org.metricsstress.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a run needs to know, validated once, in sections that match the help's headings:
 * each section is a record that declares its settings once and checks them in its own constructor;
 * this record adds the rules that span sections. Built only through {@link Builder}, which the
 * option table ({@link StressOptions}) fills from any front end. Defaults follow the OpenNMS
 * {@code metrics:stress} command where it has the option.
 *
 * <p>Passwords never leave the sections that hold them: they are excluded from JSON and from
 * {@link #toString()}.
 */
public record StressConfig(
        PlanSection plan,
        PacingSection pacing,
        PipelineSection pipeline,
        ClusterSection cluster,
        SchemaSection schema,
        IndexSection index,
        ReadSection reads,
        OutputSection outputs,
        JudgingSection judging,
        DiskSection disk,
        TssSection tss) {

    /** How late an instance may start after {@code --start-at} at least (one interval if that is longer). */
    public static final Duration MAX_START_LATENESS = Duration.ofMinutes(5);

    /** The rules that span sections. */
    public StressConfig {
        if (pacing.rateSteps() != null) {
            for (RateSteps.Step step : pacing.rateSteps().steps()) {
                if (plan.samplesPerInterval() * 1e9 / step.samplesPerSecond() < 1_000_000) {
                    throw new ConfigException("--rate-steps: " + RateSteps.describe(step) + " paces the plan's "
                            + "intervals under 1ms apart (two samples of a resource in one millisecond); "
                            + "make the plan larger or the rate lower");
                }
            }
        }
        pipeline.models().forEach(m -> m.check(plan, pipeline));
        if (pipeline.writers().paths().contains(Writer.TSS) && pipeline.sink() == Sink.CASSANDRA
                && tss.tssWriteUrl() == null) {
            throw new ConfigException("--writer " + pipeline.writers().text() + ": give the receiver with --tss-write-url "
                    + "URL (the plugin's writeUrl), or --embedded-tsdb prometheus|victoriametrics for a throwaway local one");
        }
        if (!pipeline.model().writesToCassandra()) {
            // The path writes no Newts rows: what reads or measures them has nothing to read.
            String paths = pipeline.writers().text();
            refuseWithout(paths, "--read-rate", reads.readRate() != null);
            refuseWithout(paths, "--search-rate", reads.searchRate() != null);
            refuseWithout(paths, "--freshness-probes", reads.freshnessProbes() != null);
            refuseWithout(paths, "--disk", disk.disk());
        }
        if (pipeline.sink() == Sink.NULL) {
            // --sink null ends before the network: nothing that needs a cluster's answer (reads, a
            // read-back, priming the cache, a second DC's connection) can run without one.
            refuseWithNullSink("--read-rate", reads.readRate() != null);
            refuseWithNullSink("--search-rate", reads.searchRate() != null);
            refuseWithNullSink("--freshness-probes", reads.freshnessProbes() != null);
            refuseWithNullSink("--verify-after", judging.verifyAfter() != null);
            refuseWithNullSink("--prime-cache", index.primeCache());
            refuseWithNullSink("--disk", disk.disk());
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Settings away from their defaults that this run's writer model does not use, in words (said at start). */
    public List<String> warnings() {
        return IgnoredOptions.warnings(this);
    }

    /**
     * Whether the run reaches a Cassandra: a path writes Newts and the sink is the cluster. A run
     * of {@code --writer tss} alone (or {@code --sink null}) connects to none: no contact point,
     * schema or node watch.
     */
    public boolean cassandraSide() {
        return pipeline.sink() == Sink.CASSANDRA && pipeline.models().stream().anyMatch(WriterModel::writesToCassandra);
    }

    /** True when the run goes on until it is stopped rather than for a fixed time. */
    public boolean untilStopped() {
        return pacing.untilStopped();
    }

    /** How long generation lasts: --duration, or all --rate-steps; null when until stopped. */
    public Duration totalDuration() {
        return pacing.totalDuration();
    }

    private static void refuseWithout(String paths, String option, boolean given) {
        if (given) {
            throw new ConfigException(option + ": reads or measures Newts rows in Cassandra, which --writer "
                    + paths + " does not write");
        }
    }

    private static void refuseWithNullSink(String option, boolean given) {
        if (given) {
            throw new ConfigException(option + ": needs a cluster's answers; --sink null sends nothing (leave one out)");
        }
    }

    /**
     * Mutable, unvalidated settings; {@link #build()} checks them all, section by section. Its
     * setters are the Java face of the option table; each stores its value under the name of the
     * section's record component it fills, so a setting's field is declared once, in its section
     * (SectionAssemblerTest holds every component to a setter).
     */
    public static final class Builder {
        // No initial values here: every default comes from the option table (StressOptions).
        private final Map<String, Object> values = new HashMap<>();
        // Inputs from which settings are derived, not settings themselves.
        private Instance instance;
        private String jobCompletionIndex;
        private boolean readingBack;

        private Builder() {
            StressOptions.applyDefaults(this);
        }

        private Builder put(String component, Object value) {
            values.put(component, value);
            return this;
        }

        // plan
        public Builder nodes(int v) { return put("nodes", v); }
        public Builder interfaces(int v) { return put("interfaces", v); }
        public Builder groups(int v) { return put("groups", v); }
        public Builder attributes(int v) { return put("attributes", v); }
        public Builder strings(int v) { return put("strings", v); }
        public Builder stringVariationFactor(int v) { return put("stringVariationFactor", v); }
        public Builder seed(long v) { return put("seed", v); }
        public Builder values(ValueModel v) { return put("values", v); }
        public Builder resourceIds(ResourceIds v) { return put("resourceIds", v); }
        public Builder instance(Instance v) { instance = v; return this; }
        public Builder instances(int v) { return put("instances", v); }
        /** Kubernetes' pod index: used only with --instances N and no --instance. */
        public Builder jobCompletionIndex(String v) { jobCompletionIndex = v; return this; }
        // pacing
        public Builder interval(Duration v) { return put("interval", v); }
        public Builder burst(boolean v) { return put("burst", v); }
        public Builder pacing(Pacing v) { return put("mode", v); }
        public Builder threads(int v) { return put("threads", v); }
        public Builder rateFactor(double v) { return put("rateFactor", v); }
        public Builder duration(Duration v) { return put("duration", v); }
        public Builder rateSteps(RateSteps v) { return put("rateSteps", v); }
        public Builder startAt(Instant v) { return put("startAt", v); }
        // pipeline
        public Builder writer(Writer v) { return put("writers", WriterPaths.of(v)); }
        public Builder writers(WriterPaths v) { return put("writers", v); }
        public Builder writer(WriterModel v) { return writer(v.id()); }
        public Builder ringSize(int v) { return put("ringSize", v); }
        public Builder writerThreads(int v) { return put("writerThreads", v); }
        public Builder maxBatchSize(int v) { return put("maxBatchSize", v); }
        public Builder onFull(OnFull v) { return put("onFull", v); }
        public Builder maxInFlight(int v) { return put("maxInFlight", v); }
        public Builder batchCommits(int v) { return put("batchCommits", v); }
        public Builder drainTimeout(Duration v) { return put("drainTimeout", v); }
        public Builder sink(Sink v) { return put("sink", v); }
        // tss
        public Builder tssWriteUrl(URI v) { return put("tssWriteUrl", v); }
        public Builder tssReadUrl(URI v) { return put("tssReadUrl", v); }
        public Builder tssMode(TssMode v) { return put("tssMode", v); }
        public Builder tssOrgId(String v) { return put("tssOrgId", v); }
        public Builder tssMaxConnections(int v) { return put("tssMaxConnections", v); }
        public Builder tssWriteTimeout(Duration v) { return put("tssWriteTimeout", v); }
        public Builder tssCallTimeout(Duration v) { return put("tssCallTimeout", v); }
        public Builder tssExternalTagsCacheSize(int v) { return put("tssExternalTagsCacheSize", v); }
        public Builder tssExternalTagsStore(String v) { return put("tssExternalTagsStore", v); }
        public Builder tssUsername(String v) { return put("tssUsername", v); }
        public Builder tssPassword(String v) { return put("tssPassword", v); }
        public Builder tssStorePassword(String v) { return put("tssStorePassword", v); }
        // cluster and security
        public Builder contactPoints(List<ContactPoint> v) { return put("contactPoints", List.copyOf(v)); }
        public Builder localDc(String v) { return put("localDc", v); }
        public Builder username(String v) { return put("username", v); }
        public Builder password(String v) { return put("password", v); }
        public Builder writeConsistency(String v) { return put("writeConsistency", v); }
        public Builder connectTimeout(Duration v) { return put("connectTimeout", v); }
        public Builder requestTimeout(Duration v) { return put("requestTimeout", v); }
        public Builder retries(int v) { return put("retries", v); }
        public Builder connectionsPerHost(int v) { return put("connectionsPerHost", v); }
        public Builder maxRequestsPerConnection(int v) { return put("maxRequestsPerConnection", v); }
        public Builder driverConfig(Path v) { return put("driverConfig", v); }
        public Builder speculativeDelay(Duration v) { return put("speculativeDelay", v); }
        public Builder ssl(boolean v) { return put("ssl", v); }
        public Builder truststore(Path v) { return put("truststore", v); }
        public Builder truststorePassword(String v) { return put("truststorePassword", v); }
        public Builder keystore(Path v) { return put("keystore", v); }
        public Builder keystorePassword(String v) { return put("keystorePassword", v); }
        public Builder compression(Compression v) { return put("compression", v); }
        // schema
        public Builder keyspace(String v) { return put("keyspace", v); }
        public Builder replication(Replication v) { return put("replication", v); }
        public Builder twcsWindow(Duration v) { return put("twcsWindow", v); }
        public Builder gcGrace(Duration v) { return put("gcGrace", v); }
        public Builder ttl(Duration v) { return put("ttl", v); }
        // index and cache
        public Builder index(boolean v) { return put("enabled", v); }
        public Builder cache(CacheKind v) { return put("cache", v); }
        public Builder cacheMaxEntries(long v) { return put("cacheMaxEntries", v); }
        public Builder redisUri(URI v) { return put("redisUri", v); }
        public Builder redisPassword(String v) { return put("redisPassword", v); }
        public Builder redisTruststore(Path v) { return put("redisTruststore", v); }
        public Builder redisTruststorePassword(String v) { return put("redisTruststorePassword", v); }
        public Builder redisPool(int v) { return put("redisPool", v); }
        public Builder redisNearCache(int v) { return put("redisNearCache", v); }
        public Builder primeCache(boolean v) { return put("primeCache", v); }
        public Builder primingBlock(Duration v) { return put("primingBlock", v); }
        public Builder indexMaxInFlight(int v) { return put("indexMaxInFlight", v); }
        // reads
        public Builder readRate(Double v) { return put("readRate", v); }
        public Builder readWindow(Duration v) { return put("readWindow", v); }
        public Builder readHot(HotSet v) { return put("readHot", v); }
        public Builder searchRate(Double v) { return put("searchRate", v); }
        public Builder freshnessProbes(Double v) { return put("freshnessProbes", v); }
        public Builder freshnessDc(String v) { return put("freshnessDc", v); }
        public Builder readConsistency(String v) { return put("readConsistency", v); }
        public Builder readMaxInFlight(int v) { return put("readMaxInFlight", v); }
        // outputs
        public Builder reportInterval(Duration v) { return put("reportInterval", v); }
        public Builder resultJson(Path v) { return put("resultJson", v); }
        public Builder reportHtml(Path v) { return put("reportHtml", v); }
        public Builder adviceFile(Path v) { return put("adviceFile", v); }
        public Builder hdrLog(Path v) { return put("hdrLog", v); }
        public Builder csvDir(Path v) { return put("csvDir", v); }
        public Builder prometheusPort(int v) { return put("prometheusPort", v); }
        public Builder prometheusLinger(Duration v) { return put("prometheusLinger", v); }
        public Builder jmx(boolean v) { return put("jmx", v); }
        // judging
        public Builder verifyAfter(Double v) { return put("verifyAfter", v); }
        public Builder sla(Sla v) { return put("sla", v); }
        public Builder nodeTelemetry(NodeTelemetryScope v) { return put("nodeTelemetry", v); }
        public Builder nodeTelemetryEvery(Duration v) { return put("nodeTelemetryEvery", v); }
        // disk and retention
        public Builder disk(boolean v) { return put("disk", v); }
        public Builder flush(boolean v) { return put("flush", v); }
        public Builder nodeJmxPort(int v) { return put("nodeJmxPort", v); }
        public Builder nodeJmxTimeout(Duration v) { return put("nodeJmxTimeout", v); }
        /** Node address to JMX host:port, for nodes whose JMX is not on their address (embedded nodes). */
        public Builder nodeJmx(Map<String, String> v) { return put("nodeJmx", v); }
        public Builder retention(Duration v) { return put("retention", v); }
        public Builder projectRate(Double v) { return put("projectRate", v); }
        public Builder projectNodes(List<Integer> v) { return put("projectNodes", v); }
        public Builder projectResources(Long v) { return put("projectResources", v); }
        public Builder nodeDiskGb(Double v) { return put("nodeDiskGb", v); }

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
            return values.get("password") != null;
        }

        /** Checks every section, then the rules that span them; the first setting found wrong is the one-line error. */
        public StressConfig build() {
            Map<String, Object> v = new HashMap<>(values);
            Instance share = share();
            v.put("instance", share.index());
            v.put("instances", share.count());
            PlanSection plan = SectionAssembler.assemble(PlanSection.class, v);
            PacingSection pacing = SectionAssembler.assemble(PacingSection.class, v);
            if (pacing.startAt() != null && !readingBack) {
                checkStartAt(pacing, Instant.now());
            }
            PipelineSection pipeline = SectionAssembler.assemble(PipelineSection.class, v);
            // Each writer model's own defaults (OpenNMS's with its writer, this tool's with the pipelined one).
            WriterModel model = pipeline.model();
            if (!model.writesToCassandra()) {
                v.put("enabled", false); // no Newts index: the TSS path leaves series discovery to its receiver
            }
            v.computeIfAbsent("writeConsistency", k -> model.defaultWriteConsistency());
            driverDefaults(v, pipeline);
            ClusterSection cluster = SectionAssembler.assemble(ClusterSection.class, v);
            SchemaSection schema = SectionAssembler.assemble(SchemaSection.class, v);
            v.computeIfAbsent("cacheMaxEntries", k -> model.defaultCacheMaxEntries());
            long maxEntries = (Long) v.get("cacheMaxEntries");
            v.computeIfAbsent("primeCache", k -> model.primesCacheByDefault(Boolean.TRUE.equals(v.get("enabled")),
                    (CacheKind) v.get("cache"), pipeline.sink()));
            v.computeIfAbsent("redisNearCache", k -> (int) Math.min(Integer.MAX_VALUE, Math.max(0, maxEntries)));
            v.computeIfAbsent("redisPool", k -> model.defaultRedisPool(pipeline.writerThreads()));
            IndexSection index = SectionAssembler.assemble(IndexSection.class, v);
            ReadSection reads = SectionAssembler.assemble(ReadSection.class, v);
            v.computeIfAbsent("prometheusPort", k -> OutputSection.NO_PORT);
            OutputSection outputs = SectionAssembler.assemble(OutputSection.class, v);
            JudgingSection judging = SectionAssembler.assemble(JudgingSection.class, v);
            DiskSection disk = SectionAssembler.assemble(DiskSection.class, v);
            TssSection tss = SectionAssembler.assemble(TssSection.class, v);
            return new StressConfig(plan, pacing, pipeline, cluster, schema, index, reads, outputs, judging, disk, tss);
        }

        /**
         * The driver's settings a run reports: the writer model's defaults; a --driver-config file
         * replaces those (as OpenNMS's driver-settings-file does); an option given still wins.
         */
        private static void driverDefaults(Map<String, Object> v, PipelineSection pipeline) {
            WriterModel model = pipeline.model();
            Path file = (Path) v.get("driverConfig");
            if (file != null) {
                Checks.readable("--driver-config", file);
                DriverConfigFile d = DriverConfigFile.read(file);
                v.computeIfAbsent("requestTimeout", k -> d.requestTimeout());
                v.computeIfAbsent("connectionsPerHost", k -> d.connectionsPerHost());
                v.computeIfAbsent("maxRequestsPerConnection", k -> d.maxRequestsPerConnection());
            }
            v.computeIfAbsent("requestTimeout", k -> model.defaultRequestTimeout());
            v.computeIfAbsent("retries", k -> model.defaultRetries());
            v.computeIfAbsent("connectionsPerHost", k -> ClusterSection.DRIVER_POOL_SIZE);
            model.checkRetries((Integer) v.get("retries"));
            v.computeIfAbsent("maxRequestsPerConnection", k -> model.defaultMaxRequestsPerConnection(pipeline.maxInFlight()));
        }

        /** This process's share of the plan, from --instance, --instances and the environment. */
        private Instance share() {
            int instances = (Integer) values.get("instances");
            Checks.atLeast("--instances", instances, 1);
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
            return new Instance(index, count);
        }

        /**
         * A start time must leave something to generate, not be far off (a typo in the date), and
         * not be far past: a late instance generates what it missed at once, so {@code --start-at 0}
         * (1970) would sprint through 56 years of backlog. Late by at most the longer of
         * {@link #MAX_START_LATENESS} and one interval: one collection's backlog.
         */
        private static void checkStartAt(PacingSection p, Instant now) {
            Instant startAt = p.startAt();
            Duration interval = p.interval();
            Duration length = p.totalDuration();
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
    }
}
