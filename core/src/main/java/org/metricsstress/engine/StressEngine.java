package org.metricsstress.engine;

import org.metricsstress.live.LiveOutputs;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cache.CacheView;
import org.metricsstress.cache.ResourceCache;
import org.metricsstress.config.StressConfig;
import org.metricsstress.generate.Generator;
import org.metricsstress.index.CachePrimer;
import org.metricsstress.writer.Caches;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.IntervalSampler;
import org.metricsstress.metrics.HeapPeak;
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
import org.metricsstress.report.HtmlReport;
import org.metricsstress.report.ResultJson;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.RunEvent;
import org.metricsstress.result.SlaCheck;
import org.metricsstress.report.Summary;
import org.metricsstress.result.Verdicts;
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
    private CacheView callersCache;
    private boolean stopWhenIndexed;
    private final List<RunEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final CountDownLatch generationStarted = new CountDownLatch(1);
    /** How far apart the cluster's DCs were made ("dc1-dc2" to "10ms"); empty when not. */
    private Map<String, String> latency = Map.of();
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
     * make them: printed in the header, kept in the result's {@code distance}.
     */
    public StressEngine distance(Map<String, String> oneWay) {
        this.latency = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(oneWay));
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
        out.println(describe(plan));
        if (!latency.isEmpty()) {
            out.println("distance between DCs, one way: " + latency.entrySet().stream()
                    .map(e -> e.getKey() + " " + e.getValue()).collect(java.util.stream.Collectors.joining(", ")));
        }
        try (CqlSession session = CassandraConnector.connect(config);
                CacheView owned = config.index().enabled() && callersCache == null ? openCache() : null) {
            CacheView cache = config.index().enabled() ? (callersCache != null ? callersCache : owned) : null;
            Map<String, Object> cluster = prepare(session);
            CachePrimer.Primed primed = null;
            if (cache != null) {
                out.println("resource cache: " + cache.describe());
                cacheWarnings(plan);
                if (config.index().primeCache()) {
                    primed = onCluster("priming the cache from " + config.schema().keyspace(),
                            () -> new CachePrimer(session, config.schema().keyspace(), (ResourceCache) cache, out).prime());
                }
            }
            Pipeline pipeline = onCluster("preparing the writers",
                    () -> Writers.open(session, config, plan, cache, cache == null ? null : indexMetrics(plan), metrics));
            try {
                out.println(pipeline.describe());
                return generate(session, plan, cluster, cache, primed, pipeline);
            } finally {
                pipeline.close();
            }
        } finally {
            // A run that ended before generating must not keep a waiter waiting.
            generationStarted.countDown();
        }
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

    /**
     * What a user must know before go-live: a bounded cache smaller than the plan's resources
     * evicts them, so (almost) every commit is indexed again, for ever; and with OpenNMS's writer a
     * TTL of 0 makes every cache entry expire at once.
     */
    private void cacheWarnings(StressPlan plan) {
        long resources = plan.ownedGroupResources() + (plan.strings() > 0 ? plan.ownedInterfaceResources() : 0);
        if (config.index().cache() == org.metricsstress.config.CacheKind.GUAVA && resources > config.index().cacheMaxEntries()) {
            out.printf(Locale.ROOT, "warning: the plan has %,d resources and the cache holds %,d: evicted resources "
                    + "are indexed again, so every commit will be indexed again; raise "
                    + "org.opennms.newts.config.cache.max_entries (here --cache-max-entries) above %,d%n",
                    resources, config.index().cacheMaxEntries(), resources);
        }
        if (config.pipeline().writer() == org.metricsstress.config.Writer.OPENNMS && config.schema().ttl().isZero()) {
            out.println("warning: with a TTL of 0, OpenNMS's cache entries expire as they are made (3/4 of the TTL): "
                    + "every commit will be indexed again");
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
            CachePrimer.Primed primed, Pipeline pipeline) throws ClusterException {
        // Everything started from here on is inside the cleanup below: a setup step that fails (the
        // probes' session, the reads' statements, the live outputs) leaves no session or thread behind.
        CqlSession probeSession = session;
        ReadStage reads = null;
        LiveOutputs live = null;
        RingWatch ringWatch = null;
        List<Generator> generators = new ArrayList<>();
        StressResult result;
        boolean interrupted = false;
        boolean settledNormally = false;
        try {
            // Before the clock starts: a --freshness-dc that cannot be reached ends the run here, and
            // connecting to it takes nothing from the schedule.
            probeSession = config.reads().freshnessDc() == null || config.reads().freshnessProbes() == null ? session
                    : CassandraConnector.connect(config, config.reads().freshnessDc());
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
            ReadMetrics readMetrics = ReadStage.wanted(config) ? new ReadMetrics(metrics.registry()) : null;
            CqlSession probes = probeSession;
            reads = readMetrics == null ? null : onCluster("preparing the reads",
                    () -> new ReadStage(session, probes, config, plan, schedule, readMetrics));
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
            WireBytes wire = new WireBytes(session);
            long sentAtStart = wire.sent();
            long receivedAtStart = wire.received();
            long gcCountAtStart = JvmStats.gcCount();
            long gcMillisAtStart = JvmStats.gcMillis();
            HeapPeak.reset();

            List<Thread> threads = new ArrayList<>();
            java.util.concurrent.Phaser passes = plan.passBarrier() ? new java.util.concurrent.Phaser(plan.threads()) : null;
            for (int t = 0; t < plan.threads(); t++) {
                Generator g = new Generator(t, plan, schedule, ring, metrics, config.plan().seed(), passes);
                Thread th = new Thread(g, "metrics-stress-generator-" + t);
                th.setDaemon(true);
                generators.add(g);
                threads.add(th);
            }
            IntervalSampler sampler = new IntervalSampler(metrics, startNanos, schedule::targetSamplesPerSecondAt,
                    ring::occupancy, pipeline::inFlightRequests);
            if (indexMetrics != null) {
                sampler.withIndex(indexMetrics, cache::size);
            }
            live = LiveOutputs.open(config, metrics, startMillis, out);
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
            awaitStartAt(startNanos);
            threads.forEach(Thread::start);
            if (reads != null) {
                reads.start();
            }

            long reportNanos = config.outputs().reportInterval().toNanos();
            long nextReport = startNanos + reportNanos;
            int lastWarning = -10;
            boolean watchIndex = stopWhenIndexed && indexMetrics != null;
            int announcedStep = -1;
            while (true) {
                announcedStep = announceStep(schedule, announcedStep);
                long wakeAt = Math.min(nextReport, schedule.endNanos());
                if (config.pacing().rateSteps() != null && announcedStep + 1 < schedule.segments()) {
                    wakeAt = Math.min(wakeAt, schedule.segmentStartNanos(announcedStep + 1));
                }
                if (watchIndex) {
                    wakeAt = Math.min(wakeAt, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100));
                }
                long wait = wakeAt - System.nanoTime();
                try {
                    if (wait > 0 && stopRequested.await(wait, TimeUnit.NANOSECONDS)) {
                        break;
                    }
                } catch (InterruptedException e) {
                    // An interrupt (Ctrl-C in a Karaf shell) means stop: the run still drains and
                    // reports, and the interrupt is restored for the caller afterwards.
                    interrupted = true;
                    break;
                }
                long now = System.nanoTime();
                if (now >= nextReport) {
                    IntervalStats s = sampler.sample(now);
                    intervals.add(s);
                    console.line(s);
                    String warning = Verdicts.intervalWarning(s, ring.size());
                    if (warning != null && intervals.size() >= lastWarning + 10) {
                        out.println(warning);
                        lastWarning = intervals.size();
                    }
                    // After a stall (a GC pause, a starved main thread) one line covers the missed
                    // slots: several lines a few milliseconds apart would only repeat the time.
                    while (nextReport <= now) {
                        nextReport += reportNanos;
                    }
                }
                if (now >= schedule.endNanos() || (watchIndex && indexMetrics.secondsToComplete() >= 0)) {
                    break;
                }
            }

            // Commits meant before the stop (or the schedule's end) that a late generator has not
            // reached are owed: counted unsent, never silently cut off. The stop lies a moment ahead,
            // so a generator sees it before it could generate a commit past it.
            long stopAt = Math.min(System.nanoTime() + STOP_LEAD_NANOS, schedule.endNanos());
            generators.forEach(g -> g.stop(stopAt));
            // A generator waiting for room (BLOCK) finishes its commit when the writers free a
            // slot; if they do not within the drain timeout (a stuck writer), the ring is closed
            // and it gives up, its commit counted as abandoned, so the run still ends.
            if (!joinAll(threads, config.pipeline().drainTimeout().toNanos())) {
                ring.close();
                if (!joinAll(threads, GENERATORS_AFTER_CLOSE_NANOS)) {
                    out.println("generator threads still running after the ring closed: left behind; a commit one"
                            + " holds shows as unaccounted");
                }
            }
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
            if (worthALine && last.generated() + last.written() + last.dropped() + last.failed() > 0) {
                intervals.add(last);
                console.line(last);
            }
            long cpu = ProcessCpu.between(cpuAtStart, ProcessCpu.nanos());
            ringWatch.close();
            result = RunResults.of(config, plan, metrics, indexMetrics, cache, primed, cluster, schedule,
                    stopAt, generationEnd, settled, drained, cpu, wire.sent() - sentAtStart, wire.received() - receivedAtStart, gcCountAtStart, gcMillisAtStart, intervals, events, readMetrics, ringWatch, ring.size(), ledger,
                    latency);
            settledNormally = true;
        } finally {
            if (!settledNormally) {
                // Something threw, in setting up or mid-run: leave no thread, endpoint or MBean of ours behind.
                long stopAt = System.nanoTime() + STOP_LEAD_NANOS; // an abort: what is owed no longer matters
                generators.forEach(g -> g.stop(stopAt));
                pipeline.abort();
            }
            if (ringWatch != null) {
                ringWatch.close();
            }
            if (live != null) {
                live.close();
            }
            if (reads != null) {
                reads.close(); // and the probes' session with it
            } else if (probeSession != session) {
                probeSession.close();
            }
        }
        if (config.judging().sla() != null) {
            result = result.steps().isEmpty() ? result.withSla(SlaCheck.evaluate(config.judging().sla(), result))
                    : SlaCheck.evaluateSteps(config.judging().sla(), result);
        }
        if (config.judging().verifyAfter() != null) {
            result = result.withVerify(readBack(session, result));
        }
        Summary.print(result, out);
        writeFile("result", config.outputs().resultJson(), result, ResultJson::write);
        writeFile("report", config.outputs().reportHtml(), result, HtmlReport::write);
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

    /**
     * With {@code --start-at}: says how long until the start, every report interval while waiting,
     * or how late this instance is (its generators then catch up, and the lateness shows as schedule
     * lag). A stop while waiting ends the wait; the run then generates nothing.
     */
    private void awaitStartAt(long startNanos) {
        if (config.pacing().startAt() == null) {
            return;
        }
        long late = System.nanoTime() - startNanos;
        if (late > TimeUnit.SECONDS.toNanos(1)) {
            out.printf(Locale.ROOT, "started %.1f s after --start-at %s: catching up; the lateness counts as schedule lag%n",
                    late / 1e9, config.pacing().startAt());
            return;
        }
        long step = config.outputs().reportInterval().toNanos();
        long left;
        while ((left = startNanos - System.nanoTime()) > TimeUnit.MILLISECONDS.toNanos(200)) {
            out.printf(Locale.ROOT, "waiting for --start-at %s: %.0f s to go%n", config.pacing().startAt(), Math.ceil(left / 1e9));
            try {
                // Wake a little before the start: the generators park until their intended times themselves.
                if (stopRequested.await(Math.min(step, left - TimeUnit.MILLISECONDS.toNanos(100)), TimeUnit.NANOSECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                stop();
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * With --rate-steps: a step that has begun since the last call becomes an event (printed,
     * kept in the result, marked on the report's charts). Returns the last step announced.
     */
    private int announceStep(Schedule schedule, int announced) {
        if (config.pacing().rateSteps() == null) {
            return announced;
        }
        int now = schedule.segmentAt(System.nanoTime());
        if (System.nanoTime() < schedule.segmentStartNanos(0)) {
            return announced;
        }
        for (int k = announced + 1; k <= now; k++) {
            org.metricsstress.config.RateSteps.Step step = config.pacing().rateSteps().steps().get(k);
            event(String.format(Locale.ROOT, "step %d of %d: %s%s", k + 1, schedule.segments(),
                    org.metricsstress.config.RateSteps.describe(step), config.plan().instances() > 1
                            ? String.format(Locale.ROOT, " (this instance: %,.0f)",
                                    schedule.targetSamplesPerSecondAt(schedule.segmentStartNanos(k)))
                            : ""));
        }
        return Math.max(announced, now);
    }

    private String describe(StressPlan plan) {
        String shape = String.format(Locale.ROOT, "plan: %,d nodes x %d interfaces x %d groups x %d attributes = %,d samples",
                plan.nodes(), plan.interfaces(), plan.groups(), plan.attributes(), plan.samplesPerInterval());
        String pace = config.pacing().rateSteps() != null
                ? String.format(Locale.ROOT, " per interval, paced by the steps %s (%ds in all)", config.pacing().rateSteps(),
                        config.totalDuration().toSeconds())
                : String.format(Locale.ROOT, " every %.3gs -> %,.0f samples/s target", plan.pacingNanos() / 1e9,
                        plan.planSamplesPerSecond());
        return shape + pace + String.format(Locale.ROOT, "; %,d group resources, %,d interface resources; %s; %s",
                plan.groupResources(), plan.interfaceResources(), plan.burst() ? "burst pacing (-b)"
                        : plan.pacing() == org.metricsstress.config.Pacing.NODES
                                ? "OpenNMS's pacing (a node's collection at once, a barrier at each pass)" : "spread pacing",
                config.pacing().rateSteps() != null ? "stepped"
                        : config.pacing().duration() == null ? "until interrupted" : "for " + config.pacing().duration().toSeconds() + "s")
                + (plan.instance().partial() ? String.format(Locale.ROOT,
                        "%ninstance %s: nodes n with n %% %d = %d: %,d nodes, %,d group resources, %s",
                        plan.instance(), plan.instance().count(), plan.instance().index(), plan.ownedNodes(),
                        plan.ownedGroupResources(), config.pacing().rateSteps() != null ? "its share of each step"
                                : String.format(Locale.ROOT, "%,.0f samples/s target", plan.samplesPerSecond())) : "");
    }

    /** Whole seconds from {@code start} to {@code at} (System.nanoTime()), or -1 when {@code at} is 0 (not yet). */
    private static long secondsSince(long start, long at) {
        return at == 0 ? -1 : Math.max(0, at - start) / 1_000_000_000L;
    }

    /**
     * How long generators get to end once the ring is closed: each sees the close or its stop
     * within 100 ms; one that has not ended by then will not, and the run must still end.
     */
    static final long GENERATORS_AFTER_CLOSE_NANOS = TimeUnit.SECONDS.toNanos(10);

    /**
     * Joins every thread, for at most {@code boundNanos} in all; an interrupt does not end the wait
     * (generators must be gone before the drain starts). True if all have ended.
     */
    static boolean joinAll(List<Thread> threads, long boundNanos) {
        long deadline = boundNanos == Long.MAX_VALUE ? Long.MAX_VALUE : System.nanoTime() + boundNanos;
        for (Thread t : threads) {
            while (t.isAlive()) {
                long left = deadline == Long.MAX_VALUE ? 0 : deadline - System.nanoTime();
                if (deadline != Long.MAX_VALUE && left <= 0) {
                    return false;
                }
                try {
                    t.join(deadline == Long.MAX_VALUE ? 0 : Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                } catch (InterruptedException e) {
                    // Keep joining: generators stop within 100 ms of stop() unless a full ring holds them.
                }
            }
        }
        return true;
    }

}
