package org.metricsstress.tune;

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
import org.metricsstress.config.StressConfig;
import org.metricsstress.engine.StressEngine;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.result.Advice;
import org.metricsstress.result.Advisor;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Tuning;
import org.metricsstress.result.Verdict;

/**
 * {@code tune}: advice proven by a run. Runs the plan with the user's settings, applies the advice
 * a run can apply (the cache's bound, the ring, the workers, the driver's pool), runs again, and so
 * on for at most
 * {@code maxRounds} runs; stops when a run keeps up, when the cluster itself is the limit (no
 * OpenNMS setting fixes that), or when there is no advice left that a run can apply. A round that
 * ended before its backlog was written is followed by a longer one, with the same settings when
 * it had no advice. Advice no run can apply (the heap, the cluster's nodes, Redis) is said each
 * round, never applied.
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
            "--connections-per-host", (b, v) -> b.connectionsPerHost(Integer.parseInt(v)),
            "--max-requests-per-connection", (b, v) -> b.maxRequestsPerConnection(Integer.parseInt(v)));

    /** The longest a round is made to last. */
    static final Duration LONGEST_ROUND = Duration.ofMinutes(10);

    private final Supplier<StressConfig.Builder> options;
    private final int maxRounds;
    private final Runner runner;
    private final PrintStream out;

    /**
     * @param options a fresh builder of the user's options each call
     * @param out     where each round's line and the table go
     */
    public Tuner(Supplier<StressConfig.Builder> options, int maxRounds, Runner runner, PrintStream out) {
        this.options = options;
        this.maxRounds = maxRounds;
        this.runner = runner;
        this.out = out;
    }

    /** Runs of the engine, each round's own report lines and summary to {@code runLog}. */
    public static Runner engine(PrintStream runLog) {
        return config -> new StressEngine(config, runLog).execute();
    }

    /** The rounds; the result returned is the last round's, with the rounds in its {@code tune} section. */
    public StressResult run() throws ClusterException, CacheUnavailableException {
        Map<String, Advice> applied = new LinkedHashMap<>();
        List<Tuning.Round> rounds = new ArrayList<>();
        StressResult last = null;
        String outcome = null;
        Duration longer = null;
        for (int n = 1; n <= maxRounds; n++) {
            StressConfig config = configure(applied, longer);
            out.printf(Locale.ROOT, "tune round %d of at most %d: %s%n", n, maxRounds, describe(settings(config)));
            last = runner.run(config);
            Verdict v = last.verdict();
            Map<String, Advice> next = applicable(last);
            Duration extended = longerRound(config, last);
            // Kept up with a cache too small for the plan is not done: the next round takes its advice.
            boolean keptUp = v != null && v.keptUp();
            String lasting = v == null ? "INCONCLUSIVE" : lasting(v);
            if (keptUp) {
                if (next.isEmpty()) {
                    outcome = "kept up";
                } else if (n == maxRounds) {
                    outcome = "kept up, with the cache still smaller than the plan (out of rounds, --max-rounds "
                            + maxRounds + ")";
                }
            } else if ("CLUSTER_BEHIND".equals(lasting)) {
                outcome = "the cluster is the limit: no OpenNMS setting fixes that (see the advice on the cluster)";
            } else if (next.isEmpty() && extended == null) {
                // With a round too short to write its backlog, the same settings run again, longer.
                outcome = "no advice a run can apply (" + (v == null ? "no verdict" : v.kind()) + ")";
            } else if (n == maxRounds) {
                outcome = "out of rounds (--max-rounds " + maxRounds + ")";
            }
            boolean stop = outcome != null;
            rounds.add(round(n, config, last, stop ? Map.of() : values(next)));
            out.printf(Locale.ROOT, "tune round %d: %s, wrote %.1f%% of the target%s%n", n,
                    v == null ? "no verdict" : v.kind(), percent(last), stop ? ""
                            : "; next: " + (next.isEmpty() ? "the same settings" : describe(values(next))));
            List<Advice> unapplied = notApplicable(last);
            if (!unapplied.isEmpty()) {
                out.printf(Locale.ROOT, "tune round %d: advice a run cannot apply: %s%n", n, describeAdvice(unapplied));
            }
            if (stop) {
                break;
            }
            applied.putAll(next);
            if (extended != null) {
                longer = extended;
                out.printf(Locale.ROOT, "tune: the run ended before its backlog was written (%,d samples abandoned); the "
                        + "next round lasts %d s, twice the cold start this one projected (%.0f s) and 10 s more%n",
                        abandoned(last), longer.toSeconds(), last.evidence().coldStartSeconds());
            }
        }
        Tuning tuning = new Tuning(List.copyOf(rounds), outcome, last.verdict() != null && last.verdict().keptUp());
        TuneTable.print(tuning, out);
        return last.withTune(tuning);
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
    private StressConfig configure(Map<String, Advice> applied, Duration longer) {
        StressConfig.Builder b = options.get().resultJson(null).reportHtml(null).adviceFile(null).primeCache(false);
        if (longer != null) {
            b.duration(longer);
        }
        for (Advice a : applied.values()) {
            SETTERS.get(a.option()).accept(b, a.value());
        }
        return b.build();
    }

    /** The advice a run can apply, by property. */
    static Map<String, Advice> applicable(StressResult r) {
        Map<String, Advice> next = new LinkedHashMap<>();
        if (r.advice() == null) {
            return next;
        }
        for (Advice a : r.advice().values()) {
            if (a.option() != null && SETTERS.containsKey(a.option())) {
                next.put(a.property(), a);
            }
        }
        return next;
    }

    /** The advice no run can apply: the heap, the cluster's size, Redis; said, never applied. */
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

    private static Map<String, String> values(Map<String, Advice> advice) {
        Map<String, String> v = new LinkedHashMap<>();
        advice.forEach((property, a) -> v.put(property, a.value()));
        return v;
    }

    private static String describeAdvice(List<Advice> advice) {
        List<String> parts = new ArrayList<>();
        advice.forEach(a -> parts.add(a.property().replace(Advisor.PREFIX, "") + "=" + a.value()));
        return String.join(", ", parts);
    }

    private static String lasting(Verdict v) {
        return v.steadyState() != null && !"KEPT_UP".equals(v.steadyState().kind()) ? v.steadyState().kind() : v.kind();
    }

    /** The OpenNMS properties a round ran with. */
    static Map<String, String> settings(StressConfig c) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(Advisor.CACHE_MAX_ENTRIES, String.valueOf(c.index().cacheMaxEntries()));
        s.put(Advisor.RING_BUFFER_SIZE, String.valueOf(c.pipeline().ringSize()));
        s.put(Advisor.WRITER_THREADS, String.valueOf(c.pipeline().writerThreads()));
        s.put(Advisor.CONNECTIONS_PER_HOST, String.valueOf(c.cluster().connectionsPerHost()));
        s.put(Advisor.MAX_REQUESTS_PER_CONNECTION, String.valueOf(c.cluster().maxRequestsPerConnection()));
        return s;
    }

    private static Tuning.Round round(int n, StressConfig config, StressResult r, Map<String, String> next) {
        return new Tuning.Round(n, settings(config), r.verdict() == null ? "none" : r.verdict().kind(), percent(r),
                r.dropped(), r.failed(), r.index() == null ? -1 : r.index().secondsToComplete(),
                r.coldStart() == null ? -1 : r.coldStart().ringFullAtSeconds(),
                r.coldStart() == null ? -1 : r.coldStart().ringDrainedAtSeconds(), Map.copyOf(next));
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
