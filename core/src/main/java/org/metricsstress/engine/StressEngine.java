package org.metricsstress.engine;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cache.CacheView;
import org.metricsstress.config.CacheKind;
import org.metricsstress.config.Sink;
import org.metricsstress.config.StressConfig;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.live.LiveOutputs;
import org.metricsstress.live.OpenNmsNames;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.IntervalSampler;
import org.metricsstress.metrics.LossLedger;
import org.metricsstress.metrics.ReadMetrics;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.Pipeline;
import org.metricsstress.pipeline.Ring;
import org.metricsstress.plan.Schedule;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.read.ReadStage;
import org.metricsstress.live.ConsoleReport;
import org.metricsstress.nodes.NodeWatch;
import org.metricsstress.result.Distance;
import org.metricsstress.result.NodeTelemetry;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.RunEvent;
import org.metricsstress.result.ClusterFacts;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.SeriesLosses;
import org.metricsstress.result.VerifyReport;
import org.metricsstress.storage.CassandraConnector;
import org.metricsstress.storage.ClusterSetup;
import org.metricsstress.stop.StopRequest;
import org.metricsstress.writer.Caches;
import org.metricsstress.writer.Writers;

/**
 * One stress run, start to finish: connect, put the schema in place, start the writers and the
 * generators, report every interval, stop at the end of the duration or on {@link #stop()}, drain,
 * and settle every sample as written, dropped or failed. Front ends reach it through
 * {@code api.StressRun}; the bench uses it directly for its hooks ({@link #withCache},
 * {@link #stopWhenIndexed}). Nothing here knows how it was started, nor how its result is judged:
 * {@link #execute()} returns it measured, and every caller passes it to {@code report.RunReport},
 * which judges, prints and saves it.
 */
public final class StressEngine {
    public static final String TOOL = "metrics-stress";

    /** How far ahead of the moment it is asked for a stop lies: longer than a generator's early start. */
    private static final long STOP_LEAD_NANOS = 1_000_000;

    private final StressConfig config;
    private final PrintStream out;
    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private final StressMetrics metrics = new StressMetrics();
    /** The counts of the path written beside the run's own (a parallel write): an audit of its own. */
    private final StressMetrics besideMetrics = new StressMetrics();
    private IndexMetrics indexMetrics;
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
     * Stopped by {@code stop} as well (a command of several runs: Karaf's Ctrl-C ends this run, and
     * one requested already ends it before it generates).
     */
    public StressEngine stoppedBy(StopRequest stop) {
        stop.watch(this::stop);
        return this;
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

    /**
     * The Redis a run of {@code config} would index through, opened as {@link #execute} opens it (its
     * PING, its one-line refusal) and closed again; nothing when the run's cache is in the JVM.
     */
    public static void reachCache(StressConfig config) throws CacheUnavailableException {
        if (!config.index().enabled() || config.index().cache() != CacheKind.REDIS) {
            return;
        }
        try (CacheView cache = Caches.open(config)) {
            // open() has PINGed it: reachable, and the password (if any) taken
        }
    }

    /**
     * A finished run read back from where its writer model wrote it, when that is not Cassandra's
     * Newts tables ({@code verify} of a TSS run); null when it is (the caller reads Cassandra).
     */
    public static VerifyReport readBackElsewhere(StressConfig config, long startMillis, double seconds, double fraction,
            SeriesLosses losses, PrintStream out) {
        return Writers.of(config).readBack(config, startMillis, seconds, fraction, losses, out);
    }

    /** The run, read back and measured as asked: the result unjudged, no summary printed, no file written. */
    public StressResult execute() throws ClusterException, CacheUnavailableException {
        StressPlan plan = StressPlan.of(config);
        out.println(PlanDescription.of(config, plan));
        config.warnings().forEach(out::println);
        if (!latency.isEmpty()) {
            out.println("distance between DCs, one way: " + Distance.oneWayText(latency));
        }
        try (CqlSession session = CassandraConnector.connect(config);
                CacheView owned = config.index().enabled() && callersCache == null ? Caches.open(config) : null) {
            CacheView cache = config.index().enabled() ? (callersCache != null ? callersCache : owned) : null;
            ClusterFacts cluster = prepare(session);
            AfterRun afterRun = new AfterRun(config, out);
            afterRun.measureDiskBefore(session);
            if (cache != null) {
                out.println("resource cache: " + cache.describe());
                CacheWarnings.print(config, plan, out);
            }
            try (Priming priming = Priming.start(session, config, plan, cache, out)) {
                Pipeline pipeline = ClusterStep.onCluster("preparing the writers",
                        () -> Writers.open(session, config, plan, cache, cache == null ? null : indexMetrics(plan), metrics));
                Pipeline beside = null;
                try {
                    out.println(pipeline.describe());
                    beside = Writers.openBeside(config, plan, besideMetrics);
                    if (beside != null) {
                        out.println("beside it, " + beside.describe());
                    }
                    return generate(session, plan, cluster, cache, priming, pipeline, beside, afterRun);
                } finally {
                    pipeline.close();
                    if (beside != null) {
                        beside.close();
                    }
                }
            }
        } finally {
            // A run that ended before generating must not keep a waiter waiting.
            generationStarted.countDown();
        }
    }

    private ClusterFacts prepare(CqlSession session) throws ClusterException {
        if (!config.cassandraSide()) {
            return ClusterSetup.none(config, out);
        }
        return ClusterStep.onCluster("setting up the schema of " + config.schema().keyspace(),
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

    private StressResult generate(CqlSession session, StressPlan plan, ClusterFacts cluster, CacheView cache,
            Priming priming, Pipeline pipeline, Pipeline beside, AfterRun afterRun) throws ClusterException {
        // Everything started from here on is inside the cleanup below: a setup step that fails (the
        // probes' session, the reads' statements, the live outputs) leaves no session or thread behind.
        // Per --freshness-dc, a session local to it; empty: probes read through the run's session.
        Map<String, CqlSession> probeSessions = new LinkedHashMap<>();
        ReadStage reads = null;
        LiveOutputs live = null;
        RingWatch ringWatch = null;
        NodeWatch nodeWatch = null;
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
            // The nodes' own side, read beside the run: it connects and takes their counters' base on
            // a thread of its own, so the start never waits for it.
            nodeWatch = NodeWatch.open(config, out);
            StartTime start = StartTime.of(config);
            long startNanos = start.nanos();
            if (indexMetrics != null) {
                indexMetrics.startsAt(startNanos);
            }
            Schedule schedule = config.pacing().rateSteps() != null
                    ? Schedule.stepped(plan, startNanos, start.epochMillis(), config.pacing().rateSteps().steps())
                    : new Schedule(plan, startNanos, start.epochMillis(),
                            config.pacing().duration() == null ? Long.MAX_VALUE : config.pacing().duration().toNanos());
            ReadMetrics readMetrics = ReadStage.wanted(config)
                    ? new ReadMetrics(metrics.registry(), config.reads().freshnessDcs()) : null;
            reads = readMetrics == null ? null : ClusterStep.onCluster("preparing the reads",
                    () -> new ReadStage(session, probeSessions, config, plan, schedule, readMetrics));
            nodeWatch.from(startNanos);
            this.startNanos = startNanos;
            generationStarted.countDown();
            LiveGauges.register(metrics, schedule, cache);
            Ring ring = pipeline.ring();
            // Per series, what the run lost: a read-back holds each series to its own losses.
            LossLedger ledger = metrics.trackLosses(plan.groupResources());
            Baseline baseline = Baseline.take(session, relayMeter);

            generators = new GeneratorThreads(config, plan, schedule, ring, metrics, beside == null ? null : beside.ring(),
                    beside == null ? null : besideMetrics);
            IntervalSampler sampler = new IntervalSampler(metrics, startNanos, schedule::targetSamplesPerSecondAt,
                    ring::occupancy, pipeline::inFlightRequests);
            if (indexMetrics != null) {
                sampler.withIndex(indexMetrics, cache::size);
            }
            OpenNmsNames openNms = new OpenNmsNames(new OpenNmsNames.Sources(config, metrics, ring::occupancy, ring.size(),
                    indexMetrics, cache == null ? null : cache::size, beside == null ? null
                            : new OpenNmsNames.Beside(besideMetrics, beside.ring()::occupancy, beside.ring().size())));
            live = LiveOutputs.open(config, metrics, openNms, start.epochMillis(), out);
            live.nodeSide(nodeWatch::latest);
            ringWatch = new RingWatch(ring, metrics);
            LiveGauges.registerColdStart(metrics, indexMetrics, ringWatch, startNanos);
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
            // reached are owed: counted unsent, never silently cut off. The generators are told before
            // the stop's time is chosen (a moment ahead), so none can generate a commit past it.
            generators.requestStop();
            long stopAt = Math.min(System.nanoTime() + STOP_LEAD_NANOS, schedule.endNanos());
            generators.stop(stopAt);
            if (beside != null) {
                generators.awaitEnd(config.pipeline().drainTimeout().toNanos(), out, ring, beside.ring());
            } else {
                generators.awaitEnd(config.pipeline().drainTimeout().toNanos(), out, ring);
            }
            Settle.Generation generation = new Settle.Generation(stopAt, System.nanoTime());
            ringWatch.generationEnded();

            Settle.Settled settled = new Settle(config, out, metrics)
                    .settle(pipeline, reads, sampler, console, intervals, generation);
            if (beside != null) {
                BesidePath.drain(beside, config, out);
            }
            Baseline.ClientCost cost = baseline.since();
            ringWatch.close();
            metrics.retriedByDriver(baseline.driverRetries());
            NodeTelemetry nodes = nodeWatch.finish();
            result = RunResults.of(new RunResults.Run(config, plan, schedule, cluster, events, latency, nodes),
                    new RunResults.Meters(metrics, indexMetrics, cache, priming.primed(), readMetrics, ledger, ringWatch,
                            ring.size()),
                    settled, cost);
            result = BesidePath.withPaths(result, config, pipeline, beside, besideMetrics);
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
                if (beside != null) {
                    beside.abort();
                }
            }
            if (ringWatch != null) {
                ringWatch.close();
            }
            if (nodeWatch != null) {
                nodeWatch.close();
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
        result = afterRun.finish(session, result);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return result;
    }
}
