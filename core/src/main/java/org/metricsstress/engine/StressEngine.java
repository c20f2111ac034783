package org.metricsstress.engine;

import org.metricsstress.newts.ResourceNames;
import org.metricsstress.live.LiveOutputs;
import org.metricsstress.live.OpenNmsNames;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cache.CacheView;
import org.metricsstress.cache.ResourceCache;
import org.metricsstress.config.StressConfig;
import org.metricsstress.index.CachePrimer;
import org.metricsstress.opennms.MetadataPrimer;
import org.metricsstress.cache.MetadataCache;
import java.util.function.Supplier;
import org.metricsstress.writer.Caches;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.IntervalSampler;
import org.metricsstress.metrics.HeapPeak;
import org.metricsstress.result.Distance;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.metrics.JvmStats;
import org.metricsstress.metrics.ProcessCpu;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.Pipeline;
import org.metricsstress.pipeline.Ring;
import org.metricsstress.writer.Writers;
import org.metricsstress.plan.Schedule;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.report.ConsoleReport;
import org.metricsstress.report.AdviceFile;
import org.metricsstress.report.HtmlReport;
import org.metricsstress.report.ResultJson;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.RunEvent;
import org.metricsstress.result.SlaCheck;
import org.metricsstress.report.Summary;
import org.metricsstress.storage.CassandraConnector;
import org.metricsstress.storage.ClusterSetup;
import org.metricsstress.storage.WireBytes;
import org.metricsstress.verify.ReadBack;
import org.metricsstress.read.ReadStage;
import org.metricsstress.metrics.ReadMetrics;
import org.metricsstress.failure.ClusterException;

/**
 * One stress run, start to finish: connect, put the schema in place, start the writers and the
 * generators, report every interval, stop at the end of the duration or on {@link #stop()}, drain,
 * and settle every sample as written, dropped or failed. Front ends reach it through
 * {@code api.StressRun}; the bench uses it directly for its hooks ({@link #withCache},
 * {@link #stopWhenIndexed}). Nothing here knows how it was started.
 */
public final class StressEngine {
    public static final String TOOL = "metrics-stress";

    /** How far ahead of the moment it is asked for a stop lies: longer than a generator's early start. */
    private static final long STOP_LEAD_NANOS = 1_000_000;

    private final StressConfig config;
    private final PrintStream out;
    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private final StressMetrics metrics = new StressMetrics();
    private IndexMetrics indexMetrics;
    /** --disk: the keyspace measured before generation; null without --disk or when that failed. */
    private org.metricsstress.result.DiskSummary diskBefore;
    private CacheView callersCache;
    private boolean stopWhenIndexed;
    private final List<RunEvent> events = new CopyOnWriteArrayList<>();
    private final CountDownLatch generationStarted = new CountDownLatch(1);
    /** How far apart the cluster's DCs were made ("dc1-dc2" to "10ms"); empty when not. */
    private Map<String, String> latency = Map.of();
    /** Reads what the relays that make the distance have done so far; null when none run here. */
    private Supplier<Distance.Relays> relayMeter;
    /** System.nanoTime() of the first intended commit; valid once {@link #generationStarted} is open. */
    private volatile long startNanos;

    public StressEngine(StressConfig config, PrintStream out) {
        this.config = config;
        this.out = out;
    }

    /** Ends generation early (Ctrl-C, a Karaf interrupt); the run still drains and reports. Idempotent. */
    public void stop() {
        stopRequested.countDown();
    }

    /**
     * Waits until generation starts (connected, schema in place, threads about to run); true when it
     * has, false on timeout or when the run ended before generating.
     */
    public boolean awaitGeneration(long timeout, TimeUnit unit) throws InterruptedException {
        return generationStarted.await(timeout, unit) && startNanos != 0;
    }

    /** Seconds since generation started, negative before. */
    public double secondsIntoRun() {
        long start = startNanos;
        return start == 0 ? -1 : (System.nanoTime() - start) / 1e9;
    }

    /**
     * Records something that happened to the cluster (a node killed, paused, restarted): printed now,
     * kept in the result with its time, marked on the report's charts.
     */
    public void event(String text) {
        double at = Math.max(0, secondsIntoRun());
        events.add(new RunEvent(Math.round(at * 10) / 10.0, text));
        out.printf(Locale.ROOT, "event at %.1f s: %s%n", at, text);
    }

    /**
     * The cluster's DCs are this far apart, one way ("dc1-dc2" to "10ms"), as a local cluster's relays
     * make them: printed in the header, kept in the result's {@code distance}. {@code relays} reads
     * what those relays have done so far, when they run in this process (null when not): the run
     * reports what they did during it, since their CPU time is in the client's.
     */
    public StressEngine distance(Map<String, String> oneWay, Supplier<Distance.Relays> relays) {
        this.latency = Collections.unmodifiableMap(new LinkedHashMap<>(oneWay));
        this.relayMeter = relays;
        return this;
    }

    /**
     * Indexes through {@code cache} instead of opening one from the configuration; the caller keeps
     * it open across runs (the bench's warm phase reuses the cache its cold phase filled).
     */
    public StressEngine withCache(CacheView cache) {
        this.callersCache = cache;
        return this;
    }

    /**
     * Ends generation as soon as every plan resource is indexed (checked every 100 ms): a run of
     * the cold phase alone, for the bench. Without indexing it changes nothing.
     */
    public StressEngine stopWhenIndexed() {
        this.stopWhenIndexed = true;
        return this;
    }

    public StressResult execute() throws ClusterException, CacheUnavailableException {
        StressPlan plan = StressPlan.of(config);
        out.println(PlanDescription.of(config, plan));
        config.warnings().forEach(out::println);
        if (!latency.isEmpty()) {
            out.println("distance between DCs, one way: " + Distance.oneWayText(latency));
        }
        try (CqlSession session = CassandraConnector.connect(config);
                CacheView owned = config.index().enabled() && callersCache == null ? openCache() : null) {
            CacheView cache = config.index().enabled() ? (callersCache != null ? callersCache : owned) : null;
            Map<String, Object> cluster = prepare(session);
            diskBefore = config.disk().disk() ? diskBefore(session) : null;
            Supplier<CachePrimer.Primed> primed = () -> null;
            MetadataPrimer openNmsPrimer = null;
            if (cache != null) {
                out.println("resource cache: " + cache.describe());
                CacheWarnings.print(config, plan, out);
                if (config.index().primeCache() && config.pipeline().opennms()) {
                    openNmsPrimer = startOpenNmsPriming(session, plan, (MetadataCache) cache);
                    MetadataPrimer p = openNmsPrimer;
                    primed = () -> asPrimed(p.primed());
                } else if (config.index().primeCache()) {
                    CachePrimer.Primed done = onCluster("priming the cache from " + config.schema().keyspace(),
                            () -> new CachePrimer(session, config.schema().keyspace(), (ResourceCache) cache,
                                    ResourceNames.storeByForeignSource(config.plan().resourceIds().storeByForeignSource()),
                                    out).prime());
                    primed = () -> done;
                }
            }
            try (MetadataPrimer stillPriming = openNmsPrimer) {
                Pipeline pipeline = onCluster("preparing the writers",
                        () -> Writers.open(session, config, plan, cache, cache == null ? null : indexMetrics(plan), metrics));
                try {
                    out.println(pipeline.describe());
                    return generate(session, plan, cluster, cache, primed, pipeline);
                } finally {
                    pipeline.close();
                }
            }
        } finally {
            // A run that ended before generating must not keep a waiter waiting.
            generationStarted.countDown();
        }
    }

    /** Current OpenNMS's priming: start-up waits for it at most --priming-block. */
    private MetadataPrimer startOpenNmsPriming(CqlSession session, StressPlan plan, MetadataCache cache)
            throws ClusterException {
        try {
            return MetadataPrimer.start(session, config.schema().keyspace(), cache, plan,
                    config.pipeline().maxBatchSize(), config.index().cacheMaxEntries(), config.schema().ttl().getSeconds(),
                    config.index().primingBlock(), out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while priming the cache");
        }
    }

    private static CachePrimer.Primed asPrimed(MetadataPrimer.Primed p) {
        return new CachePrimer.Primed(p.groupResources(), p.interfaceResources(), p.rowsRead(), p.seconds());
    }

    /** A step of setting up that talks to the cluster. */
    private interface ClusterStep<T> {
        T run() throws ClusterException;
    }

    /**
     * Runs {@code step}; a driver error (a node gone, a table of another shape, no permission) is
     * a {@link ClusterException} naming the step, the jar's exit code 3 and one line, not a bug.
     */
    private static <T> T onCluster(String what, ClusterStep<T> step) throws ClusterException {
        try {
            return step.run();
        } catch (DriverException e) {
            throw new ClusterException(what + " failed: " + CassandraConnector.reason(e));
        }
    }

    private CacheView openCache() throws CacheUnavailableException {
        return Caches.open(config);
    }

    private Map<String, Object> prepare(CqlSession session) throws ClusterException {
        if (config.pipeline().sink() == org.metricsstress.config.Sink.NULL) {
            return ClusterSetup.none(config, out);
        }
        return onCluster("setting up the schema of " + config.schema().keyspace(),
                () -> ClusterSetup.applySchemaAndDescribe(session, config, out));
    }

    private IndexMetrics indexMetrics(StressPlan plan) {
        if (indexMetrics == null) {
            indexMetrics = new IndexMetrics(metrics.registry(), metrics, plan.groupResources(),
                    plan.ownedGroupResources(), plan.strings() > 0 ? plan.interfaceResources() : 0,
                    plan.strings() > 0 ? plan.ownedInterfaceResources() : 0, System.nanoTime());
        }
        return indexMetrics;
    }

    private StressResult generate(CqlSession session, StressPlan plan, Map<String, Object> cluster, CacheView cache,
            Supplier<CachePrimer.Primed> primed, Pipeline pipeline) throws ClusterException {
        // Everything started from here on is inside the cleanup below: a setup step that fails (the
        // probes' session, the reads' statements, the live outputs) leaves no session or thread behind.
        // Per --freshness-dc, a session local to it; empty: probes read through the run's session.
        Map<String, CqlSession> probeSessions = new LinkedHashMap<>();
        ReadStage reads = null;
        LiveOutputs live = null;
        RingWatch ringWatch = null;
        GeneratorThreads generators = null;
        StressResult result;
        boolean interrupted = false;
        boolean settledNormally = false;
        try {
            // Before the clock starts: a --freshness-dc that cannot be reached ends the run here, and
            // connecting to it takes nothing from the schedule.
            if (config.reads().freshnessProbes() != null) {
                for (String dc : config.reads().freshnessDcs()) {
                    probeSessions.put(dc, CassandraConnector.connect(config, dc));
                }
            }
            long nowNanos = System.nanoTime();
            long nowMillis = System.currentTimeMillis();
            long startMillis;
            long startNanos;
            if (config.pacing().startAt() != null) {
                // Instances on several machines share the wall clock, not nanoTime: anchor on it.
                startMillis = config.pacing().startAt().toEpochMilli();
                startNanos = nowNanos + TimeUnit.MILLISECONDS.toNanos(startMillis - nowMillis);
            } else {
                // A short lead so every thread is running before the first intended time.
                startNanos = nowNanos + TimeUnit.MILLISECONDS.toNanos(500);
                startMillis = nowMillis + 500;
            }
            if (indexMetrics != null) {
                indexMetrics.startsAt(startNanos);
            }
            Schedule schedule = config.pacing().rateSteps() != null
                    ? Schedule.stepped(plan, startNanos, startMillis, config.pacing().rateSteps().steps())
                    : new Schedule(plan, startNanos, startMillis,
                            config.pacing().duration() == null ? Long.MAX_VALUE : config.pacing().duration().toNanos());
            ReadMetrics readMetrics = ReadStage.wanted(config)
                    ? new ReadMetrics(metrics.registry(), config.reads().freshnessDcs()) : null;
            reads = readMetrics == null ? null : onCluster("preparing the reads",
                    () -> new ReadStage(session, probeSessions, config, plan, schedule, readMetrics));
            this.startNanos = startNanos;
            generationStarted.countDown();
            // For live outputs (Prometheus, JMX, CSV): the target to draw the written rate against, and the client's own cost.
            metrics.gauge("plan.target-rate", () -> Math.round(schedule.targetSamplesPerSecondAt(System.nanoTime())));
            metrics.gauge("client.cpu-millis", () -> ProcessCpu.nanos() / 1_000_000L);
            metrics.gauge("client.heap-used-bytes", JvmStats::heapUsedBytes);
            if (cache != null) {
                metrics.gauge("index.cache-size", cache::size);
            }
            Ring ring = pipeline.ring();
            // Per series, what the run lost: a read-back holds each series to its own losses.
            org.metricsstress.metrics.LossLedger ledger = metrics.trackLosses(plan.groupResources());
            long cpuAtStart = ProcessCpu.nanos();
            Distance.Relays relaysAtStart = relayMeter == null ? null : relayMeter.get();
            WireBytes wire = new WireBytes(session);
            long sentAtStart = wire.sent();
            long receivedAtStart = wire.received();
            long driverRetriesAtStart = wire.driverRetries();
            long gcCountAtStart = JvmStats.gcCount();
            long gcMillisAtStart = JvmStats.gcMillis();
            HeapPeak.reset();

            generators = new GeneratorThreads(config, plan, schedule, ring, metrics);
            IntervalSampler sampler = new IntervalSampler(metrics, startNanos, schedule::targetSamplesPerSecondAt,
                    ring::occupancy, pipeline::inFlightRequests);
            if (indexMetrics != null) {
                sampler.withIndex(indexMetrics, cache::size);
            }
            OpenNmsNames openNms = new OpenNmsNames(new OpenNmsNames.Sources(config, metrics, ring::occupancy, ring.size(),
                    indexMetrics, cache == null ? null : cache::size));
            live = LiveOutputs.open(config, metrics, openNms, startMillis, out);
            RingWatch watch = new RingWatch(ring, metrics);
            ringWatch = watch;
            // The cold start, live: for the Prometheus endpoint and JMX while it happens.
            metrics.gauge("cold-start.ring-full-at-seconds", () -> secondsSince(startNanos, metrics.firstRingFullNanos()));
            metrics.gauge("cold-start.ring-drained-at-seconds", () -> secondsSince(startNanos, watch.drainedAtNanos()));
            metrics.gauge("cold-start.dropped-while-indexing", () -> indexMetrics != null && indexMetrics.secondsToComplete() >= 0
                    ? indexMetrics.droppedSamplesAtComplete() : metrics.samplesDropped());
            sampler.listener(live);
            ConsoleReport console = new ConsoleReport(out,
                    config.untilStopped() ? -1 : config.totalDuration().toMillis() / 1000.0);
            List<IntervalStats> intervals = new ArrayList<>();
            RunClock clock = new RunClock(config, out, stopRequested, this::event);
            clock.awaitStart(startNanos);
            generators.start();
            if (reads != null) {
                reads.start();
            }

            interrupted = clock.run(schedule, startNanos, sampler, console, ring,
                    stopWhenIndexed ? indexMetrics : null, intervals);

            // Commits meant before the stop (or the schedule's end) that a late generator has not
            // reached are owed: counted unsent, never silently cut off. The stop lies a moment ahead,
            // so a generator sees it before it could generate a commit past it.
            long stopAt = Math.min(System.nanoTime() + STOP_LEAD_NANOS, schedule.endNanos());
            generators.stop(stopAt);
            generators.awaitEnd(config.pipeline().drainTimeout().toNanos(), ring, out);
            long generationEnd = System.nanoTime();
            ringWatch.generationEnded();

            boolean drained = drain(pipeline);
            if (reads != null) {
                // Every read, search and probe sent is settled (or counted unsettled) before the figures are read.
                awaitReads(reads);
            }
            long settled = System.nanoTime();
            IntervalStats last = sampler.sample(settled);
            // The drain's own interval is often a few milliseconds: its counts are in the totals and
            // the HDR log, but a rate over so short a time would only be noise in the series.
            boolean worthALine = last.intervalSeconds() >= config.outputs().reportInterval().toMillis() / 2000.0;
            IntervalStats unlisted = null;
            if (worthALine && last.generated() + last.written() + last.dropped() + last.failed() > 0) {
                intervals.add(last);
                console.line(last);
            } else {
                unlisted = last;
            }
            long cpu = ProcessCpu.between(cpuAtStart, ProcessCpu.nanos());
            Distance.Relays relays = relaysAtStart == null ? null : relayMeter.get().since(relaysAtStart);
            ringWatch.close();
            metrics.retriedByDriver(wire.driverRetries() - driverRetriesAtStart);
            result = RunResults.of(config, plan, metrics, indexMetrics, cache, primed.get(), cluster, schedule,
                    stopAt, generationEnd, settled, drained, cpu, wire.sent() - sentAtStart, wire.received() - receivedAtStart, gcCountAtStart, gcMillisAtStart, intervals, unlisted, events, readMetrics, ringWatch, ring.size(), ledger,
                    latency, relays);
            live.runSettled(); // the figures are final: --prometheus-linger may serve them once more
            settledNormally = true;
        } finally {
            if (!settledNormally) {
                // Something threw, in setting up or mid-run: leave no thread, endpoint or MBean of ours behind.
                long stopAt = System.nanoTime() + STOP_LEAD_NANOS; // an abort: what is owed no longer matters
                if (generators != null) {
                    generators.stop(stopAt);
                }
                pipeline.abort();
            }
            if (ringWatch != null) {
                ringWatch.close();
            }
            if (live != null) {
                live.close();
            }
            if (reads != null) {
                reads.close(); // and the probes' sessions with it
            } else {
                probeSessions.values().forEach(CqlSession::close);
            }
        }
        if (config.judging().sla() != null) {
            result = result.steps().isEmpty() ? result.withSla(SlaCheck.evaluate(config.judging().sla(), result))
                    : SlaCheck.evaluateSteps(config.judging().sla(), result);
        }
        if (config.judging().verifyAfter() != null) {
            result = result.withVerify(readBack(session, result));
        }
        if (config.disk().disk()) {
            result = result.withDisk(disk(session, result));
        }
        Summary.print(result, out);
        writeFile("result", config.outputs().resultJson(), result, ResultJson::write);
        writeFile("report", config.outputs().reportHtml(), result, HtmlReport::write);
        writeFile("advice", config.outputs().adviceFile(), result, AdviceFile::write);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return result;
    }

    private void awaitReads(ReadStage reads) {
        try {
            if (!reads.awaitIdle(config.cluster().requestTimeout().toMillis() + ReadStage.probeBoundMillis())) {
                out.println("reads: some still in flight after the wait; counted as unsettled");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** --verify-after: the run's resources read back; a cluster error while reading is a finding, not a crash. */
    private org.metricsstress.result.VerifyReport readBack(CqlSession session, StressResult result) {
        try {
            return ReadBack.verify(session, config, java.time.Instant.parse(result.startedAt()).toEpochMilli(),
                    result.generationSeconds(), config.judging().verifyAfter(), org.metricsstress.verify.RunLosses.of(result.losses(),
                            StressPlan.of(config).groupResources(), result.dropped() + result.failed() + result.unsent()), out);
        } catch (DriverException e) {
            out.println("verify: reading back failed: " + CassandraConnector.reason(e));
            return new org.metricsstress.result.VerifyReport(0, 0, 0, 0, 0, 0, 0, true, 0, 0,
                    List.of(), CassandraConnector.reason(e));
        }
    }

    /**
     * --disk: what the run added to the keyspace, per copy, and its retention projected at the run's
     * target rate; a cluster error is a line, not a crash (the run's own figures stand).
     */
    private org.metricsstress.result.DiskSummary disk(CqlSession session, StressResult result) {
        // The resources this run wrote index rows for: a primed or unfinished index wrote fewer than the plan's.
        long resources = config.index().enabled() && result.index() != null ? result.index().resourcesWritten() : 0;
        try {
            return org.metricsstress.disk.DiskUsage.afterRun(session, config, new org.metricsstress.disk.DiskUsage.RunFigures(
                    result.written(), resources, result.targetSamplesPerSecond(), diskBefore, config.plan().instances()), out);
        } catch (ClusterException | DriverException e) {
            out.println("disk: measuring failed: " + (e instanceof DriverException d ? CassandraConnector.reason(d)
                    : e.getMessage()));
            return null;
        }
    }

    /**
     * --disk: the keyspace before generation (flushed as the measurement after will be), so that the
     * figures after are what this run added, not what earlier runs left in the keyspace.
     */
    private org.metricsstress.result.DiskSummary diskBefore(CqlSession session) {
        try {
            org.metricsstress.result.DiskSummary before = org.metricsstress.disk.DiskUsage.before(session, config, out);
            if (before.bytesPerCopy() > 0) {
                out.println("disk: the keyspace " + config.schema().keyspace() + " already holds "
                        + org.metricsstress.result.RetentionProjection.bytes(before.bytesPerCopy())
                        + " per copy: this run's figures are what it adds (a fresh --keyspace measures exactly)");
            }
            return before;
        } catch (ClusterException | DriverException e) {
            out.println("disk: measuring before the run failed: " + (e instanceof DriverException d
                    ? CassandraConnector.reason(d) : e.getMessage()) + "; the figures after it will be the whole keyspace's");
            return null;
        }
    }

    /** Writes a result to a file, e.g. {@code ResultJson::write}. */
    private interface ResultWriter {
        void write(StressResult result, java.nio.file.Path file) throws IOException;
    }

    /** Writes {@code what} when asked for (a path given); a failure is one line, the run's result stands. */
    private void writeFile(String what, java.nio.file.Path file, StressResult result, ResultWriter writer) {
        if (file == null) {
            return;
        }
        try {
            writer.write(result, file);
            out.println(what + " written to " + file);
        } catch (IOException e) {
            out.println("could not write " + file + ": " + e.getMessage());
        }
    }

    /**
     * Lets the pipeline finish within the drain timeout; what it could not finish by then it
     * counted as failed, so the audit still balances.
     */
    private boolean drain(Pipeline pipeline) {
        try {
            if (!pipeline.drain(config.pipeline().drainTimeout(), config.cluster().requestTimeout())) {
                out.println("drain timeout (" + config.pipeline().drainTimeout().toSeconds()
                        + "s) reached: what was still queued or in flight was abandoned");
                return false;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return metrics.unaccounted() == 0;
    }

    /** Whole seconds from {@code start} to {@code at} (System.nanoTime()), or -1 when {@code at} is 0 (not yet). */
    private static long secondsSince(long start, long at) {
        return at == 0 ? -1 : Math.max(0, at - start) / 1_000_000_000L;
    }
}
