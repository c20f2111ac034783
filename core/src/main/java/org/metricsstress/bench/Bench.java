package org.metricsstress.bench;

import org.metricsstress.report.RunReport;
import org.metricsstress.config.IndexSection;
import com.datastax.oss.driver.api.core.CqlSession;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cache.GuavaMetadataCache;
import org.metricsstress.cache.GuavaResourceCache;
import org.metricsstress.cache.CacheView;
import org.metricsstress.cache.RedisMemory;
import org.metricsstress.config.CacheKind;
import org.metricsstress.config.Compression;
import org.metricsstress.writer.Caches;
import org.metricsstress.result.ClientSummary;
import org.metricsstress.config.OnFull;
import org.metricsstress.config.Replication;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.WriterModels;
import org.metricsstress.engine.StressEngine;
import org.metricsstress.engine.NodeSettle;
import org.metricsstress.engine.Version;
import org.metricsstress.metrics.ProcessCpu;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.engine.Environment;
import org.metricsstress.result.StressResult;
import org.metricsstress.storage.CassandraConnector;
import org.metricsstress.failure.ClusterException;

/**
 * The side-by-side bench: in one process, against one node, the ceiling writer and the pipeline
 * in each of its states, each phase's samples/s and client CPU per sample set against the
 * ceiling's. Order: warm the node with the ceiling writer (a node's figures only settle after
 * millions of writes), ceiling, pipeline without indexing, with a cold Guava cache (until every
 * resource is indexed), with that cache warm, the same with LZ4, mixed with reads; then cold and
 * warm against Redis (with the near cache) and warm against Redis alone; then cold starts at half
 * the ceiling (default budget, then auto); ceiling again (how far the node drifted during the
 * bench). Ratios are to the mean of the two ceiling phases, and so is each cold phase's bound
 * ({@link SteadyState}).
 *
 * <p>The flat-out phases run at a target rate of twice the ceiling's with {@code --on-full block},
 * so the cluster (or the client) sets the pace, as it does for the ceiling writer.
 */
public final class Bench {
    /** A read rate no node answers: reads then go as fast as --read-max-in-flight lets them. */
    static final double FLAT_OUT_READS = 1_000_000;

    private final BenchSetup setup;
    private final PrintStream out;
    /** Set while the phases run. */
    private NodeSettle settle;

    public Bench(BenchSetup setup, PrintStream out) {
        this.setup = setup;
        this.out = out;
    }

    public BenchResult run() throws ClusterException, CacheUnavailableException, InterruptedException {
        // The pipelined writer's settings (its cache bound) unless a phase says otherwise: the bench
        // runs both writer models, each phase naming its own.
        StressConfig base = setup.options().get().writer(WriterModels.candidate()).build();
        StressPlan plan = StressPlan.of(base);
        out.printf(Locale.ROOT, "bench: %,d group resources x %d samples (%,d interface resources), keyspace %s;"
                        + " %s per phase%n", plan.groupResources(), plan.attributes(), plan.interfaceResources(),
                base.schema().keyspace(), seconds(setup.phase()));

        Map<String, Object> memory = MemoryFigures.measure(base, plan);
        out.printf(Locale.ROOT, "memory: %.1f heap bytes per buffered sample (full ring of %,d slots x %d samples);"
                        + " %.1f heap bytes per cached resource (guava, %,d entries)%n",
                memory.get("heapBytesPerBufferedSample"), base.pipeline().ringSize(), plan.attributes(),
                memory.get("heapBytesPerCachedResource"), memory.get("cachedResourcesMeasured"));

        try (NodeSettle settle = new NodeSettle(base, setup.settle())) {
            this.settle = settle;
            return phases(base, plan, memory);
        } finally {
            this.settle = null;
        }
    }

    private BenchResult phases(StressConfig base, StressPlan plan, Map<String, Object> memory)
            throws ClusterException, CacheUnavailableException, InterruptedException {
        List<BenchPhase> phases = new ArrayList<>();
        Map<String, Object> findings = new LinkedHashMap<>();
        long[] nextTimestamp = {System.currentTimeMillis() - Duration.ofDays(1).toMillis()};
        double warmupSeconds;
        try (CqlSession session = CassandraConnector.connect(base)) {
            applySchema(session, base);
            CeilingWriter ceiling = new CeilingWriter(session, base, plan).stoppedBy(setup.stop());
            out.printf(Locale.ROOT, "warm-up: %,d samples with the ceiling writer...%n", setup.warmupSamples());
            long t0 = System.nanoTime();
            nextTimestamp[0] = ceiling.write(setup.warmupSamples(), Long.MAX_VALUE, nextTimestamp[0]);
            warmupSeconds = (System.nanoTime() - t0) / 1e9;
            out.printf(Locale.ROOT, "warm-up: %,d written, %,d failed in %.1fs (%,.0f samples/s)%n",
                    ceiling.written(), ceiling.failed(), warmupSeconds, ceiling.written() / warmupSeconds);
            ceiling.resetCounts();
            phases.add(report(ceilingPhase(ceiling, "ceiling", nextTimestamp)));
        }
        double ceilingRate = phases.get(0).samplesPerSecond();
        // Flat out: twice what the ceiling managed, blocking on a full ring rather than dropping.
        double perInterval = plan.samplesPerInterval() / (double) base.pacing().interval().toSeconds();
        double rateFactor = Math.max(2 * ceilingRate, 1000) / perInterval;
        double halfCeiling = 0.5 * ceilingRate / perInterval;

        phases.add(report(pipelinePhase("pipeline-no-index", "our pipeline, --no-index",
                builder().index(false).rateFactor(rateFactor).duration(setup.phase()), null, false, ceilingRate)));
        try (GuavaResourceCache cache = new GuavaResourceCache(base.index().cacheMaxEntries())) {
            phases.add(report(pipelinePhase("pipeline-cold-index",
                    "our pipeline, guava cache empty: every resource new, until all are indexed",
                    builder().index(true).rateFactor(rateFactor).duration(setup.coldLimit()), cache, true, ceilingRate)));
            phases.add(report(pipelinePhase("pipeline-warm-index",
                    "our pipeline, the same cache now warm",
                    builder().index(true).rateFactor(rateFactor).duration(setup.phase()), cache, false, ceilingRate)));
            phases.add(report(pipelinePhase("pipeline-warm-lz4",
                    "the same, with the driver's LZ4 protocol compression",
                    builder().index(true).rateFactor(rateFactor).duration(setup.phase()).compression(Compression.LZ4),
                    cache, false, ceilingRate)));
            // Half the ceiling's rate, so the node has room; reads as fast as their own in-flight bound lets them.
            phases.add(report(pipelinePhase("pipeline-mixed",
                    "our pipeline at half the ceiling, warm cache, with range reads flat out",
                    builder().index(true).rateFactor(halfCeiling).duration(setup.phase()).readRate(FLAT_OUT_READS),
                    cache, false, ceilingRate)));
        }
        if (setup.redis() != null) {
            redisPhases(base, rateFactor, ceilingRate, phases, findings);
        }
        // A cold start as users meet it: a fixed rate below the ceiling, the default ring dropping when
        // full; with the run's index budget, and beside it the other kind (fixed if that is auto, auto if fixed).
        int other = base.index().indexMaxInFlight() == IndexSection.INDEX_BUDGET_AUTO
                ? IndexSection.INDEX_BUDGET_START : IndexSection.INDEX_BUDGET_AUTO;
        for (int budget : new int[] {base.index().indexMaxInFlight(), other}) {
            String shown = budget == IndexSection.INDEX_BUDGET_AUTO ? "auto" : String.valueOf(budget);
            try (GuavaResourceCache cache = new GuavaResourceCache(base.index().cacheMaxEntries())) {
                String name = budget == base.index().indexMaxInFlight() ? "cold-start" : "cold-start-" + shown;
                phases.add(report(pipelinePhase(name, String.format(Locale.ROOT, "a cold start at half the ceiling, "
                                + "--on-full drop, index budget %s, until every resource is indexed", shown),
                        setup.options().get().writer(WriterModels.candidate()).reportInterval(Duration.ofSeconds(5)).index(true)
                                .rateFactor(halfCeiling).duration(setup.coldLimit()).indexMaxInFlight(budget),
                        cache, true, ceilingRate)));
            }
        }
        openNmsPhases(base, rateFactor, halfCeiling, ceilingRate, phases);
        try (CqlSession session = CassandraConnector.connect(base)) {
            CeilingWriter ceiling = new CeilingWriter(session, base, plan).stoppedBy(setup.stop());
            phases.add(report(ceilingPhase(ceiling, "ceiling-again", nextTimestamp)));
        }

        BenchPhase first = phases.get(0);
        BenchPhase last = phases.get(phases.size() - 1);
        double meanRate = (first.samplesPerSecond() + last.samplesPerSecond()) / 2;
        double meanPerCpu = (first.samplesPerClientCpuSecond() + last.samplesPerClientCpuSecond()) / 2;
        List<BenchPhase> relative = new ArrayList<>();
        for (BenchPhase p : phases) {
            BenchPhase r = p.relativeTo(meanRate, meanPerCpu);
            // The bound of a cold phase against both ceilings' mean, as every ratio here.
            relative.add(r.secondsToIndexed() < 0 ? r
                    : r.withIndexing(r.secondsToIndexed(), SteadyState.boundSeconds(r.indexRowsWritten(), r.written(), meanRate)));
        }
        findings.putAll(comparisons(relative, meanRate, memory));
        Map<String, Object> described = new LinkedHashMap<>();
        described.put("nodes", plan.nodes());
        described.put("interfaces", plan.interfaces());
        described.put("groups", plan.groups());
        described.put("attributes", plan.attributes());
        described.put("strings", plan.strings());
        described.put("groupResources", plan.groupResources());
        described.put("interfaceResources", plan.interfaceResources());
        described.put("keyspace", base.schema().keyspace());
        described.put("contactPoints", base.cluster().contactPoints().toString());
        described.put("writerThreads", base.pipeline().writerThreads());
        described.put("maxInFlight", base.pipeline().maxInFlight());
        described.put("ringSize", base.pipeline().ringSize());
        described.put("phaseSeconds", setup.phase().toMillis() / 1000.0);
        described.put("pipelineTargetRate", rateFactor * perInterval);
        described.put("coldStartRate", halfCeiling * perInterval);
        described.put("warmupSamples", setup.warmupSamples());
        described.put("warmupSeconds", warmupSeconds);
        described.put("redis", setup.redis() == null ? "none" : setup.redis().toString());
        return new BenchResult(2, StressEngine.TOOL, Version.get(),
                Environment.capture(Version.get(), Version.gitCommit(), Version.driver()), described, relative, memory,
                findings);
    }

    /**
     * Cold and warm against Redis, as the Guava phases, then warm with Redis alone (no near copy),
     * the way OpenNMS asks it; and Redis's own memory per entry.
     */
    private void redisPhases(StressConfig base, double rateFactor, double ceilingRate, List<BenchPhase> phases,
            Map<String, Object> findings) throws ClusterException, CacheUnavailableException, InterruptedException {
        StressConfig redisConfig = setup.options().get().writer(WriterModels.candidate()).cache(CacheKind.REDIS)
                .redisUri(setup.redis()).build();
        RedisMemory.Reading empty = RedisMemory.clear(Caches.redisSettings(redisConfig));
        try (CacheView cache = Caches.open(redisConfig)) {
            phases.add(report(pipelinePhase("pipeline-cold-redis",
                    "our pipeline, Redis empty (near cache too): every resource new, until all are indexed",
                    builder().index(true).cache(CacheKind.REDIS).redisUri(setup.redis()).rateFactor(rateFactor)
                            .duration(setup.coldLimit()), cache, true, ceilingRate)));
            cache.flush();
            phases.add(report(pipelinePhase("pipeline-warm-redis",
                    "our pipeline, the same Redis (and near cache) now warm",
                    builder().index(true).cache(CacheKind.REDIS).redisUri(setup.redis()).rateFactor(rateFactor)
                            .duration(setup.phase()), cache, false, ceilingRate)));
        }
        StressConfig alone = setup.options().get().writer(WriterModels.candidate()).cache(CacheKind.REDIS)
                .redisUri(setup.redis()).redisNearCache(0).build();
        try (CacheView cache = Caches.open(alone)) {
            phases.add(report(pipelinePhase("pipeline-warm-redis-only",
                    "warm Redis with no near cache: a round trip per lookup, as OpenNMS does",
                    builder().index(true).cache(CacheKind.REDIS).redisUri(setup.redis()).redisNearCache(0)
                            .rateFactor(rateFactor).duration(setup.phase()), cache, false, ceilingRate)));
        }
        RedisMemory.Reading full = RedisMemory.read(Caches.redisSettings(redisConfig));
        findings.put("redisKeys", full.keys());
        findings.put("redisUsedMemoryBytes", full.usedMemory());
        findings.put("redisBytesPerKey", full.keys() > 0
                ? (double) (full.usedMemory() - empty.usedMemory()) / full.keys() : -1);
        findings.put("redisMemoryUsageOfOneKey", full.oneKeyUsage());
        out.printf(Locale.ROOT, "redis: %,d keys, %.1f bytes per key (INFO memory's used_memory, less the empty"
                        + " server's), MEMORY USAGE of one key %d bytes%n", full.keys(),
                findings.get("redisBytesPerKey"), full.oneKeyUsage());
    }

    /**
     * OpenNMS's writer on the same node: a cold start as the pipelined one's (half the ceiling's rate,
     * the default ring dropping when full, until every resource is indexed), then flat out with the
     * same cache warm. Its cache holds the plan (the field raised OpenNMS's 8,192 to 2,000,000): a
     * smaller one would never be warm.
     */
    private void openNmsPhases(StressConfig base, double rateFactor, double halfCeiling, double ceilingRate,
            List<BenchPhase> phases) throws ClusterException, CacheUnavailableException, InterruptedException {
        StressPlan plan = StressPlan.of(base);
        long entries = Math.max(WriterModels.candidate().defaultCacheMaxEntries(), plan.groupResources() + plan.interfaceResources());
        try (GuavaMetadataCache cache = new GuavaMetadataCache(entries)) {
            phases.add(report(pipelinePhase("opennms-cold", "OpenNMS's writer, its cache empty, at half the ceiling, "
                            + "--on-full drop, until every resource is indexed",
                    setup.options().get().writer(WriterModels.reference()).cacheMaxEntries(entries).primeCache(false)
                            .reportInterval(Duration.ofSeconds(5)).index(true).rateFactor(halfCeiling)
                            .duration(setup.coldLimit()), cache, true, ceilingRate)));
            phases.add(report(pipelinePhase("opennms-warm", "OpenNMS's writer, the same cache now warm, flat out",
                    setup.options().get().writer(WriterModels.reference()).cacheMaxEntries(entries).primeCache(false).onFull(OnFull.BLOCK)
                            .reportInterval(Duration.ofSeconds(5)).index(true).rateFactor(rateFactor)
                            .duration(setup.phase()), cache, false, ceilingRate)));
        }
    }

    /**
     * The bench's verdicts as ratios (Redis against Guava, OpenNMS's writer against the pipelined
     * one, LZ4 against none, each cold start against its bound), from the phases of this one run so
     * that the node's drift between runs does not enter them.
     */
    private static Map<String, Object> comparisons(List<BenchPhase> phases, double ceilingRate, Map<String, Object> memory) {
        Map<String, Object> f = new LinkedHashMap<>();
        BenchPhase warm = find(phases, "pipeline-warm-index");
        BenchPhase cold = find(phases, "pipeline-cold-index");
        BenchPhase warmRedis = find(phases, "pipeline-warm-redis");
        BenchPhase coldRedis = find(phases, "pipeline-cold-redis");
        BenchPhase redisOnly = find(phases, "pipeline-warm-redis-only");
        BenchPhase lz4 = find(phases, "pipeline-warm-lz4");
        if (warm != null && warmRedis != null) {
            f.put("warmRedisToGuava", warmRedis.samplesPerSecond() / warm.samplesPerSecond());
        }
        if (warm != null && redisOnly != null) {
            f.put("warmRedisWithoutNearCacheToGuava", redisOnly.samplesPerSecond() / warm.samplesPerSecond());
        }
        if (cold != null && coldRedis != null && cold.secondsToIndexed() > 0 && coldRedis.secondsToIndexed() > 0) {
            f.put("coldRedisToGuavaTimeToIndexed", coldRedis.secondsToIndexed() / cold.secondsToIndexed());
        }
        BenchPhase openNmsWarm = find(phases, "opennms-warm");
        if (warm != null && openNmsWarm != null) {
            f.put("warmOpenNmsToPipelined", openNmsWarm.samplesPerSecond() / warm.samplesPerSecond());
        }
        BenchPhase openNmsCold = find(phases, "opennms-cold");
        BenchPhase coldStart = find(phases, "cold-start");
        if (openNmsCold != null && coldStart != null) {
            f.put("coldStartDroppedOpenNms", openNmsCold.dropped());
            f.put("coldStartDroppedPipelined", coldStart.dropped());
        }
        if (warm != null && lz4 != null && warm.bytesSentPerSample() > 0) {
            f.put("lz4BytesToUncompressed", lz4.bytesSentPerSample() / warm.bytesSentPerSample());
        }
        for (BenchPhase p : phases) {
            if (p.name().startsWith("cold-start") && p.indexedBoundSeconds() > 0 && p.secondsToIndexed() > 0) {
                f.put(p.name() + "ToBound", p.secondsToIndexed() / p.indexedBoundSeconds());
            }
        }
        return f;
    }

    private static BenchPhase find(List<BenchPhase> phases, String name) {
        return phases.stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
    }

    /** A pipelined phase: flat out, blocking on a full ring. */
    private StressConfig.Builder builder() {
        return setup.options().get().writer(WriterModels.candidate()).onFull(OnFull.BLOCK).reportInterval(Duration.ofSeconds(5));
    }

    /** Waits for the node to settle before a phase; says how long it took. */
    private String settled() throws InterruptedException {
        return String.format(Locale.ROOT, " (node settled in %.1f s)", settle.await());
    }

    private BenchPhase report(BenchPhase p) {
        out.printf(Locale.ROOT, "  %-20s %,12.0f samples/s  %6.2f us client CPU/sample  %,d written, %,d failed,"
                        + " %,d index rows, %.1fs%n", p.name(), p.samplesPerSecond(), p.clientCpuMicrosPerSample(),
                p.written(), p.failed(), p.indexRowsWritten(), p.wallSeconds());
        return p;
    }

    private BenchPhase ceilingPhase(CeilingWriter ceiling, String name, long[] nextTimestamp)
            throws InterruptedException {
        setup.startNoPhaseIfStopped(name);
        out.printf(Locale.ROOT, "%s: the minimal writer for %s%s...%n", name, seconds(setup.phase()), settled());
        long node0 = setup.nodeCpuNanos().getAsLong();
        long cpu0 = ProcessCpu.nanos();
        long t0 = System.nanoTime();
        nextTimestamp[0] = ceiling.write(Long.MAX_VALUE, setup.phase().toNanos(), nextTimestamp[0]);
        double wall = (System.nanoTime() - t0) / 1e9;
        double cpu = (ProcessCpu.nanos() - cpu0) / 1e9;
        return BenchPhase.of(name, "minimal async writer: prepared INSERT, one UNLOGGED batch per group commit, "
                        + "typed setters", wall, ceiling.written(), ceiling.failed(), 0, 0, cpu,
                nodeSeconds(node0), ceiling.serviceP99Millis(), ceiling.failed() > 0
                        ? Map.of("any", ceiling.failed()) : Map.of());
    }

    private BenchPhase pipelinePhase(String name, String description, StressConfig.Builder b,
            CacheView cache, boolean untilIndexed, double ceilingRate)
            throws ClusterException, CacheUnavailableException, InterruptedException {
        setup.startNoPhaseIfStopped(name);
        out.printf(Locale.ROOT, "%s: %s%s...%n", name, description, settled());
        StressConfig config = b.build();
        StressEngine run = new StressEngine(config, setup.runLog()).stoppedBy(setup.stop());
        if (cache != null) {
            run.withCache(cache);
        }
        if (untilIndexed) {
            run.stopWhenIndexed();
        }
        long node0 = setup.nodeCpuNanos().getAsLong();
        StressResult r = RunReport.of(config, run.execute(), setup.runLog());
        return measured(name, description, r, nodeSeconds(node0), untilIndexed, ceilingRate);
    }

    /** A phase's figures from its run's result; a cold phase also gets its time to indexed and that time's bound. */
    static BenchPhase measured(String name, String description, StressResult r, double nodeSeconds,
            boolean untilIndexed, double ceilingRate) {
        double wall = r.generationSeconds() + r.drainSeconds();
        BenchPhase p = BenchPhase.of(name, description, wall, r.written(), r.failed(),
                r.dropped(), r.index().rowsWritten(), r.client().cpuSeconds(), nodeSeconds,
                r.serviceLatency().p99Ms(), nonZero(r.failedByClass()));
        p = p.withBytesPerSample(ClientSummary.perSample(r.client().bytesSent(), r.written()));
        if (untilIndexed) {
            // The phase stops once every resource is indexed: what it wrote, it wrote meanwhile.
            p = p.withIndexing(r.index().secondsToComplete(),
                    SteadyState.boundSeconds(r.index().rowsWritten(), r.written(), ceilingRate));
        }
        return r.reads() == null ? p : p.withReads(r.reads().readsCompleted() / r.generationSeconds(),
                r.reads().readService().p99Ms());
    }

    private static Map<String, Long> nonZero(Map<String, Long> byClass) {
        Map<String, Long> m = new LinkedHashMap<>();
        byClass.forEach((k, v) -> {
            if (v != null && v > 0) {
                m.put(k, v);
            }
        });
        return m;
    }

    private double nodeSeconds(long before) {
        long now = setup.nodeCpuNanos().getAsLong();
        return before < 0 || now < 0 ? -1 : (now - before) / 1e9;
    }

    private static void applySchema(CqlSession session, StressConfig c) throws ClusterException {
        String dc = c.cluster().localDc() != null ? c.cluster().localDc() : CassandraConnector.localDatacenter(session);
        Replication wanted = c.schema().replicationIn(dc);
        CassandraConnector.applySchema(session, c.schema().keyspace(), wanted, c.schema().twcsWindow(), c.schema().gcGrace());
    }

    private static String seconds(Duration d) {
        return d.toMillis() % 1000 == 0 ? d.toSeconds() + "s" : d.toMillis() + "ms";
    }
}
