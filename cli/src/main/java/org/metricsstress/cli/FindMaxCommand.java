package org.metricsstress.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.metricsstress.api.ExitCode;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.capacity.CapacitySearch;
import org.metricsstress.capacity.EngineStepRunner;
import org.metricsstress.capacity.FindMax;
import org.metricsstress.capacity.FindMaxJson;
import org.metricsstress.capacity.FindMaxResult;
import org.metricsstress.capacity.PlanRate;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.Sla;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import org.metricsstress.failure.ClusterException;
import picocli.CommandLine.ParseResult;

/**
 * {@code metrics-stress find-max}: the highest rate the cluster sustains (see {@link FindMax}).
 * Offers the shape, pipeline, cluster, schema and index options of a stress run, minus what each
 * step decides (its rate factor, duration and report interval; the cache is warmed by the search,
 * not primed), plus {@code --sla} (the criteria every step is judged by) and {@code --result-json}
 * (one file for the whole search), and its own options.
 *
 * <p>{@code --sla} and {@code --result-json} are the table's own options, so they parse and are
 * spelled as for a run; the search reads them from the built configuration and clears them from
 * every step's (a step has no criteria or file of its own).
 */
final class FindMaxCommand {
    /**
     * Options find-max does not offer. Each step sets its rate and length itself (--rate-factor,
     * --duration, and --rate-steps, a stepped profile of the user's own); the warm-up fills the cache,
     * so it is not primed (--prime-cache); a step starts when the one before has ended, not at a set
     * time (--start-at); and one process searches, so a share of the plan paced by another process's
     * search would mean nothing (--instance, --instances).
     */
    static final Set<String> DECIDED_BY_FIND_MAX = Set.of("--duration", "--rate-factor", "--rate-steps",
            "--prime-cache", "--no-prime-cache", "--priming-block", "--start-at", "--instance", "--instances");

    /** The criteria of every step: the table's --sla, with find-max's default shown. */
    static final OptionDef SLA = StressOptions.withDefaults(List.of(StressOptions.byName("--sla")),
            StressOptions.FIND_MAX_DEFAULTS).get(0);
    static final OptionDef RESULT_JSON = StressOptions.byName("--result-json");

    static final OptionDef STEP_DURATION = StressOptions.byName("--step-duration");
    static final OptionDef START_RATE = StressOptions.byName("--start-rate");
    static final OptionDef MAX_RATE = StressOptions.byName("--max-rate");
    static final OptionDef GROWTH = StressOptions.byName("--growth");
    static final OptionDef PRECISION = StressOptions.byName("--precision");
    static final OptionDef INCLUDE_COLD = StressOptions.byName("--include-cold");
    static final OptionDef COLD_LIMIT = StressOptions.byName("--cold-limit");
    static final OptionDef VERBOSE = StressOptions.byName("--verbose");
    /** find-max's own options, all from the table: its section, then the cold limit and the output it shares with bench. */
    static final List<OptionDef> OWN = own();

    private static List<OptionDef> own() {
        List<OptionDef> own = new ArrayList<>(StressOptions.own(OptionDef.Section.CAPACITY));
        own.addAll(List.of(COLD_LIMIT, VERBOSE));
        return List.copyOf(own);
    }

    /** Two report intervals at least, for the backlog's two halves (a step reports every twelfth, at least every 1 s). */
    private static final Duration SHORTEST_STEP = Duration.ofSeconds(2);

    private FindMaxCommand() {}

    static List<OptionDef> offered() {
        List<OptionDef> out = CliContext.runOptionsBut(DECIDED_BY_FIND_MAX);
        out.add(SLA);
        out.add(RESULT_JSON);
        return out;
    }

    /** The search as the options ask for it, checked: what {@link #validate} checks and {@link #run} runs. */
    record Search(FindMax.Settings settings, Path resultJson, boolean verbose) {}

    /**
     * Checks every option, the plan-dependent bounds too, so a mistake fails in one line before
     * seconds are spent on a node. {@code options} needs no contact point of an embedded node yet.
     */
    static void validate(ParseResult parsed, Main.Configured options) {
        search(parsed, options);
    }

    /** Runs the search against the cluster {@code options} point at; the exit code: 0 answered, 1 no rate passed. */
    static int run(ParseResult parsed, Main.Configured options, PrintStream out)
            throws ClusterException, CacheUnavailableException, InterruptedException {
        Search search = search(parsed, options);
        FindMax.Settings s = search.settings();
        PrintStream runLog = search.verbose() ? out : new PrintStream(OutputStream.nullOutputStream());
        FindMaxResult result;
        try (EngineStepRunner runner = EngineStepRunner.open(() -> options.builder(Map.of()), s.stepDuration(),
                s.coldLimit(), runLog)) {
            result = new FindMax(s, runner, out).run();
        }
        if (search.resultJson() != null) {
            try {
                FindMaxJson.write(result, search.resultJson());
                out.println("find-max result written to " + search.resultJson());
            } catch (IOException e) {
                out.println("could not write " + search.resultJson() + ": " + e.getMessage());
            }
        }
        return result.answered() ? ExitCode.OK : ExitCode.CRITERIA_FAILED;
    }

    static Search search(ParseResult parsed, Main.Configured options) {
        Duration step = (Duration) CliContext.own(parsed, STEP_DURATION);
        if (step.compareTo(SHORTEST_STEP) < 0) {
            throw new ConfigException("--step-duration: at least " + SHORTEST_STEP.toSeconds() + "s (the backlog rule"
                    + " compares the first and the last half of a step's report intervals), got " + text(parsed,
                    STEP_DURATION));
        }
        Duration coldLimit = (Duration) CliContext.own(parsed, COLD_LIMIT);
        if (coldLimit.isZero()) {
            throw new ConfigException("--cold-limit: must be more than 0");
        }
        double growth = (Double) CliContext.own(parsed, GROWTH);
        if (!(growth >= CapacitySearch.MIN_GROWTH && growth <= CapacitySearch.MAX_GROWTH)) {
            throw new ConfigException(String.format(Locale.ROOT, "--growth: must be between %s and %s (each passing "
                    + "step multiplies the rate by it), got %s", plain(CapacitySearch.MIN_GROWTH),
                    plain(CapacitySearch.MAX_GROWTH), text(parsed, GROWTH)));
        }
        double precision = (Double) CliContext.own(parsed, PRECISION);
        boolean includeCold = (Boolean) CliContext.own(parsed, INCLUDE_COLD);

        StressConfig base = options.builder(Map.of()).build();
        if (includeCold && !base.index().enabled()) {
            throw new ConfigException("--include-cold: judges a cold resource cache; there is none with --no-index");
        }
        PlanRate plan = PlanRate.of(base);
        Double start = (Double) CliContext.own(parsed, START_RATE);
        Double max = (Double) CliContext.own(parsed, MAX_RATE);
        double startRate = start != null ? start : plan.samplesPerSecond();
        double maxRate = max != null ? max : plan.highest();
        for (OptionDef d : List.of(START_RATE, MAX_RATE)) {
            double rate = d == START_RATE ? startRate : maxRate;
            if (rate > plan.highest()) {
                throw new ConfigException(String.format(Locale.ROOT, "%s: at most %,.0f samples/s for this plan (its"
                        + " interval paced down to 1 ms), got %s", d.longName(), plan.highest(), text(parsed, d)));
            }
        }
        if (!(maxRate > startRate)) {
            throw new ConfigException(String.format(Locale.ROOT, "--max-rate: must be above --start-rate (%,.0f"
                    + " samples/s%s), got %s", startRate, start == null ? ", the plan's own rate" : "",
                    text(parsed, MAX_RATE)));
        }
        Sla sla = base.judging().sla() != null ? base.judging().sla() : Sla.parse(SLA.longName(), StressOptions.FIND_MAX_DEFAULTS.get(SLA.longName()));
        CapacitySearch.Bounds bounds = new CapacitySearch.Bounds(startRate, maxRate, growth, precision);
        int steps = CapacitySearch.maxSteps(bounds);
        if (steps > CapacitySearch.MAX_STEPS) {
            throw new ConfigException(String.format(Locale.ROOT, "find-max: x%s from %,.0f to %,.0f samples/s, then "
                    + "bisecting to %s, can take %d steps; at most %d: raise --growth or --start-rate, lower --max-rate, "
                    + "or widen --precision", plain(growth), startRate, maxRate, text(parsed, PRECISION), steps,
                    CapacitySearch.MAX_STEPS));
        }
        FindMax.Settings settings = new FindMax.Settings(bounds, step, coldLimit, base.index().enabled(), includeCold, sla,
                base.pipeline().ringSize());
        return new Search(settings, base.outputs().resultJson(), (Boolean) CliContext.own(parsed, VERBOSE));
    }

    /** 2 rather than 2.0, 1.5 as 1.5. */
    private static String plain(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }

    /** The option's text as the user gave it, or its default as help shows it. */
    private static String text(ParseResult parsed, OptionDef d) {
        String given = parsed.matchedOptionValue(d.longName(), null);
        return given != null ? given : d.defaultShown();
    }
}
