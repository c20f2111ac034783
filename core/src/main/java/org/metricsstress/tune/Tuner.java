package org.metricsstress.tune;

import org.metricsstress.report.RunReport;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.config.Sink;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.WriterModel;
import org.metricsstress.engine.NodeSettle;
import org.metricsstress.stop.StopRequest;
import org.metricsstress.engine.StressEngine;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.result.Advice;
import org.metricsstress.analysis.Advisor;
import org.metricsstress.analysis.PipelinedAdvisor;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Tuning;
import org.metricsstress.result.Verdict;

/**
 * {@code tune}: advice proven by a run. Runs the plan with the user's settings, applies the advice
 * a run can apply (the cache's bound, the ring, the workers, the driver's pool; with the pipelined
 * writer its own options, the in-flight bound too), runs again, and so on for at most
 * {@code maxRounds} runs; stops when a run keeps up, when the cluster itself is the limit (no
 * OpenNMS setting fixes that), or when there is no advice left that a run can apply. A round that
 * ended before its backlog was written is followed by a longer one, with the same settings when
 * it had no advice.
 *
 * <p>A round that kept up is not taken on its word: the same settings run once more, and only a
 * repeat that keeps up too ends the tune as kept up (one run at 98% can be luck, or a node that
 * happened to be idle). A repeat that falls behind goes on tuning from its own advice, or says the
 * settings did not hold. The repeat may go one round past {@code maxRounds}. Between rounds the
 * nodes settle as bench settles them between phases ({@link NodeSettle}): without a rest the bench
 * measured a third of its throughput lost, and rounds are compared with one another as phases are.
 *
 * <p>Every round starts from a cold cache (this tool's Guava cache is new for each run, and the
 * cache is not primed): the worst case, OpenNMS's first start or a restart of a release that does
 * not prime. Settings that ride that out ride out a primed restart too.
 */
public final class Tuner {
    /** A run of one configuration: the engine, or a test's own. */
    public interface Runner {
        StressResult run(StressConfig config) throws ClusterException, CacheUnavailableException;
    }

    /**
     * What a round can set, by the option an advice names ({@link Advice#option()}): every advice
     * with another, or none, is said as advice a run cannot apply.
     */
    private static final Map<String, BiConsumer<StressConfig.Builder, String>> SETTERS = Map.of(
            "--cache-max-entries", (b, v) -> b.cacheMaxEntries(Long.parseLong(v)),
            "--ring-size", (b, v) -> b.ringSize(Integer.parseInt(v)),
            "--writer-threads", (b, v) -> b.writerThreads(Integer.parseInt(v)),
            "--max-in-flight", (b, v) -> b.maxInFlight(Integer.parseInt(v)),
            "--connections-per-host", (b, v) -> b.connectionsPerHost(Integer.parseInt(v)),
            "--max-requests-per-connection", (b, v) -> b.maxRequestsPerConnection(Integer.parseInt(v)));

    /** The option each applied advice's property is set by (OpenNMS's property, or the pipelined writer's option). */
    private final Map<String, String> optionOf = new LinkedHashMap<>();

    /** What happens between two rounds: the nodes settled, or a test's own. */
    public interface Settle extends AutoCloseable {
        /** Waits until the nodes {@code next} runs against are settled; the seconds it took. */
        double await(StressConfig next) throws ClusterException, InterruptedException;

        @Override
        void close();
    }

    /** The longest a round is made to last. */
    static final Duration LONGEST_ROUND = Duration.ofMinutes(10);

    private final Supplier<StressConfig.Builder> options;
    private final int maxRounds;
    private final Runner runner;
    private final Settle settle;
    private final PrintStream out;
    private StopRequest stop = new StopRequest();

    /**
     * Rounds with the nodes settled between them as bench settles them ({@link #settleNodes}, at
     * most {@link NodeSettle#LONGEST}).
     *
     * @param options a fresh builder of the user's options each call
     * @param out     where each round's line and the table go
     */
    public Tuner(Supplier<StressConfig.Builder> options, int maxRounds, Runner runner, PrintStream out) {
        this(options, maxRounds, runner, settleNodes(NodeSettle.LONGEST), out);
    }

    /** @param settle what happens between two rounds; closed when the rounds end */
    public Tuner(Supplier<StressConfig.Builder> options, int maxRounds, Runner runner, Settle settle, PrintStream out) {
        this.options = options;
        this.maxRounds = maxRounds;
        this.runner = runner;
        this.settle = settle;
        this.out = out;
    }

    /**
     * The nodes settled as bench settles them before a phase: a rest, then until no flush or
     * compaction runs or waits in the node's {@code system_views.thread_pools}, {@code longest} at
     * most, the rest included ({@link NodeSettle}). One session, opened at the first settle, serves
     * every round. A run with no cluster ({@code --sink null}) has nothing to settle.
     */
    public static Settle settleNodes(Duration longest) {
        return new Settle() {
            private NodeSettle nodes;

            @Override
            public double await(StressConfig next) throws ClusterException, InterruptedException {
                if (next.pipeline().sink() == Sink.NULL) {
                    return 0;
                }
                if (nodes == null) {
                    nodes = new NodeSettle(next, longest);
                }
                return nodes.await();
            }

            @Override
            public void close() {
                if (nodes != null) {
                    nodes.close();
                }
            }
        };
    }

    /** Runs of the engine, each round's own report lines and summary to {@code runLog}. */
    public static Runner engine(PrintStream runLog) {
        return engine(runLog, new StopRequest());
    }

    /** Runs of the engine, each one ended early by {@code stop} (Karaf's Ctrl-C). */
    public static Runner engine(PrintStream runLog, StopRequest stop) {
        return config -> RunReport.of(config, new StressEngine(config, runLog).stoppedBy(stop).execute(), runLog);
    }

    /** No round starts once {@code stop} is requested (the round in progress ends through its runner). */
    public Tuner stoppedBy(StopRequest stop) {
        this.stop = stop;
        return this;
    }

    /** The rounds; the result returned is the last round's, with the rounds in its {@code tune} section. */
    public StressResult run() throws ClusterException, CacheUnavailableException {
        try (Settle between = settle) {
            return rounds();
        }
    }

    private StressResult rounds() throws ClusterException, CacheUnavailableException {
        Map<String, String> applied = new LinkedHashMap<>();
        List<Tuning.Round> rounds = new ArrayList<>();
        StressResult last = null;
        String outcome = null;
        boolean held = false;
        Duration longer = null;
        // The round whose settings this one runs again, to see that they hold; 0 for settings of its own.
        int repeatOf = 0;
        for (int n = 1; outcome == null; n++) {
            StressConfig config = configure(applied, longer);
            if (n > 1 && (stop.requested() || !settled(config, n))) {
                outcome = (stop.requested() ? "stopped" : "interrupted") + " before round " + n;
                break;
            }
            out.printf(Locale.ROOT, "tune round %d %s: %s%s%n", n, n <= maxRounds ? "of at most " + maxRounds
                    : "(past --max-rounds " + maxRounds + ": a repeat)", describe(settings(config)),
                    repeatOf > 0 ? String.format(Locale.ROOT, " (round %d's settings again: it kept up, and must keep up "
                            + "twice)", repeatOf) : "");
            last = runner.run(config);
            Verdict v = last.verdict();
            Map<String, String> next = applicable(last);
            Duration extended = longerRound(config, last);
            // Kept up with a cache too small for the plan is not done: the next round takes its advice.
            boolean keptUp = v != null && v.keptUp();
            String lasting = v == null ? "INCONCLUSIVE" : lasting(v);
            boolean outOfRounds = n >= maxRounds;
            String didNotHold = repeatOf > 0 && !keptUp ? String.format(Locale.ROOT, "round %d kept up, its repeat "
                    + "(round %d) did not: the settings did not hold; ", repeatOf, n) : "";
            boolean repeatNext = false;
            if (keptUp && (next.isEmpty() || outOfRounds)) {
                if (repeatOf == 0) {
                    // The tune would end here: the same settings once more first, to see that they hold.
                    repeatNext = true;
                } else {
                    held = true;
                    String twice = String.format(Locale.ROOT, "round %d and its repeat, round %d", repeatOf, n);
                    outcome = next.isEmpty() ? "kept up (" + twice + ")"
                            : "kept up, with the cache still smaller than the plan (" + twice + "; out of rounds, "
                                    + "--max-rounds " + maxRounds + ")";
                }
            } else if (keptUp) {
                // Kept up through a cache too small for the plan: a round of the cache advised follows.
            } else if ("CLUSTER_BEHIND".equals(lasting)) {
                outcome = didNotHold + "the cluster is the limit: no OpenNMS setting fixes that (see the advice on the "
                        + "cluster)";
            } else if (next.isEmpty() && extended == null) {
                // With a round too short to write its backlog, the same settings run again, longer.
                outcome = didNotHold + "no advice a run can apply (" + (v == null ? "no verdict" : v.kind()) + ")";
            } else if (outOfRounds) {
                outcome = didNotHold + "out of rounds (--max-rounds " + maxRounds + ")";
            }
            boolean stop = outcome != null;
            rounds.add(round(n, config, last, stop || repeatNext ? Map.of() : next, repeatOf));
            out.printf(Locale.ROOT, "tune round %d: %s, wrote %.1f%% of the target%s%n", n,
                    v == null ? "no verdict" : v.kind(), percent(last), stop ? ""
                            : "; next: " + (repeatNext ? "the same settings again, to see that they hold"
                                    : (didNotHold.isEmpty() ? "" : didNotHold) + (next.isEmpty() ? "the same settings"
                                            : describe(next))));
            List<Advice> unapplied = notApplicable(last);
            if (!unapplied.isEmpty()) {
                out.printf(Locale.ROOT, "tune round %d: advice a run cannot apply: %s%n", n, describeAdvice(unapplied));
            }
            if (stop) {
                break;
            }
            if (repeatNext) {
                repeatOf = n;
                continue;
            }
            repeatOf = 0;
            applied.putAll(next);
            for (String property : next.keySet()) {
                optionOf.put(property, last.advice().get(property).option());
            }
            if (extended != null) {
                longer = extended;
                out.printf(Locale.ROOT, "tune: the run ended before its backlog was written (%,d samples abandoned); the "
                        + "next round lasts %d s, twice the cold start this one projected (%.0f s) and 10 s more%n",
                        abandoned(last), longer.toSeconds(), last.evidence().coldStartSeconds());
            }
        }
        Tuning tuning = new Tuning(List.copyOf(rounds), outcome, held);
        TuneTable.print(tuning, out);
        return last.withTune(tuning);
    }

    /** The nodes settled before round {@code n}; false when interrupted meanwhile (the flag kept). */
    private boolean settled(StressConfig next, int n) throws ClusterException {
        try {
            double seconds = settle.await(next);
            out.printf(Locale.ROOT, "tune: nodes settled in %.1f s before round %d%n", seconds, n);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * A round that ended before its cold start's backlog was written (samples abandoned at the
     * drain) says nothing about settings that would have written it: the next one lasts long enough
     * for the cold start to end and the ring to drain. Null when the round was long enough.
     */
    static Duration longerRound(StressConfig config, StressResult r) {
        if (abandoned(r) == 0 || r.evidence() == null || r.evidence().coldStartSeconds() <= 0) {
            return null;
        }
        long seconds = (long) Math.ceil(2 * r.evidence().coldStartSeconds()) + 10;
        Duration d = Duration.ofSeconds(Math.min(LONGEST_ROUND.toSeconds(), seconds));
        return d.compareTo(config.pacing().duration()) > 0 ? d : null;
    }

    private static long abandoned(StressResult r) {
        return r.failedByClass() == null ? 0 : r.failedByClass().getOrDefault("abandoned", 0L);
    }

    /** The user's options with the advice applied so far, and no files of the rounds' own. */
    private StressConfig configure(Map<String, String> applied, Duration longer) {
        StressConfig.Builder b = options.get().resultJson(null).reportHtml(null).adviceFile(null).primeCache(false);
        if (longer != null) {
            b.duration(longer);
        }
        for (Map.Entry<String, String> e : applied.entrySet()) {
            SETTERS.get(optionOf.get(e.getKey())).accept(b, e.getValue());
        }
        return b.build();
    }

    /** The advice a run can apply, property to value. */
    static Map<String, String> applicable(StressResult r) {
        Map<String, String> next = new LinkedHashMap<>();
        if (r.advice() == null) {
            return next;
        }
        for (Advice a : r.advice().values()) {
            if (a.option() != null && SETTERS.containsKey(a.option())) {
                next.put(a.property(), a.value());
            }
        }
        return next;
    }

    /** The advice no run can apply: the heap, the cluster's size or settings, a node, Redis; said, never applied. */
    static List<Advice> notApplicable(StressResult r) {
        List<Advice> out = new ArrayList<>();
        if (r.advice() != null) {
            for (Advice a : r.advice().values()) {
                if (a.option() == null || !SETTERS.containsKey(a.option())) {
                    out.add(a);
                }
            }
        }
        return out;
    }

    private static String describeAdvice(List<Advice> advice) {
        List<String> parts = new ArrayList<>();
        advice.forEach(a -> parts.add(a.property().replace(Advisor.PREFIX, "") + "=" + a.value()));
        return String.join(", ", parts);
    }

    private static String lasting(Verdict v) {
        return v.steadyState() != null && !"KEPT_UP".equals(v.steadyState().kind()) ? v.steadyState().kind() : v.kind();
    }

    /**
     * The settings a round ran with, in the names its model is advised in: OpenNMS's properties, or
     * this tool's options (the in-flight bound with them).
     */
    static Map<String, String> settings(StressConfig c) {
        Map<String, String> s = new LinkedHashMap<>();
        boolean newtsProperties = c.pipeline().model().advice() == WriterModel.AdviceVocabulary.NEWTS_PROPERTIES;
        s.put(newtsProperties ? Advisor.CACHE_MAX_ENTRIES : PipelinedAdvisor.CACHE_MAX_ENTRIES,
                String.valueOf(c.index().cacheMaxEntries()));
        s.put(newtsProperties ? Advisor.RING_BUFFER_SIZE : PipelinedAdvisor.RING_SIZE, String.valueOf(c.pipeline().ringSize()));
        s.put(newtsProperties ? Advisor.WRITER_THREADS : PipelinedAdvisor.WRITER_THREADS,
                String.valueOf(c.pipeline().writerThreads()));
        if (!newtsProperties) {
            s.put(PipelinedAdvisor.MAX_IN_FLIGHT, String.valueOf(c.pipeline().maxInFlight()));
        } else {
            s.put(Advisor.CONNECTIONS_PER_HOST, String.valueOf(c.cluster().connectionsPerHost()));
            s.put(Advisor.MAX_REQUESTS_PER_CONNECTION, String.valueOf(c.cluster().maxRequestsPerConnection()));
        }
        return s;
    }

    private static Tuning.Round round(int n, StressConfig config, StressResult r, Map<String, String> next,
            int repeatOf) {
        return new Tuning.Round(n, settings(config), r.verdict() == null ? "none" : r.verdict().kind(), percent(r),
                r.dropped(), r.failed(), r.index() == null ? -1 : r.index().secondsToComplete(),
                r.coldStart() == null ? -1 : r.coldStart().ringFullAtSeconds(),
                r.coldStart() == null ? -1 : r.coldStart().ringDrainedAtSeconds(), Map.copyOf(next), repeatOf,
                r.responseLatency() == null || r.responseLatency().count() == 0 ? -1 : r.responseLatency().p99Ms());
    }

    static double percent(StressResult r) {
        return r.targetSamplesPerSecond() > 0 ? 100 * r.writtenSamplesPerSecond() / r.targetSamplesPerSecond() : 0;
    }

    /** {@code cache.max_entries=15000, ring_buffer_size=65536}: the short names. */
    static String describe(Map<String, String> settings) {
        List<String> parts = new ArrayList<>();
        settings.forEach((k, v) -> parts.add(k.replace(Advisor.PREFIX, "") + "=" + v));
        return String.join(", ", parts);
    }
}
