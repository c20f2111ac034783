package org.metricsstress.commands;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.metricsstress.api.ExitCode;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.capacity.EngineStepRunner;
import org.metricsstress.capacity.FindMax;
import org.metricsstress.capacity.FindMaxJson;
import org.metricsstress.capacity.FindMaxRepeats;
import org.metricsstress.capacity.FindMaxResult;
import org.metricsstress.capacity.SearchSettings;
import org.metricsstress.config.Option;
import org.metricsstress.config.BenchOptionDefs;
import org.metricsstress.config.LocalClusterOptionDefs;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressOptions;
import org.metricsstress.failure.ClusterException;

/**
 * {@code find-max}: the highest rate the cluster sustains (see {@link FindMax}). Offers the shape,
 * pipeline, cluster, schema and index options of a stress run, minus what each step decides (its
 * rate factor, duration and report interval; the cache is warmed by the search, not primed), plus
 * {@code --sla} (the criteria every step is judged by) and {@code --result-json} (one file for the
 * whole search), and its own options. With {@code --writer tss} it searches the TSS path's rate
 * against the receiver {@code --tss-write-url} names (or the jar's {@code --embedded-tsdb}); the
 * steps are judged alike, since the criteria and the backlog read no writer's own figures.
 *
 * <p>{@code --sla} and {@code --result-json} are the table's own options, so they parse and are
 * spelled as for a run; the search reads them from the built configuration and clears them from
 * every step's (a step has no criteria or file of its own).
 */
final class FindMaxCommand implements ToolCommand {
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
    static final OptionDef SLA = StressOptions.withDefaults(List.of(StressOptions.SLA.def()),
            StressOptions.FIND_MAX_DEFAULTS).get(0);
    static final Option<Path> RESULT_JSON = StressOptions.RESULT_JSON;
    static final Option<Boolean> VERBOSE = BenchOptionDefs.VERBOSE;
    /** Searches to run; the answer their median with its interval. */
    static final Option<Integer> REPEAT = BenchOptionDefs.REPEAT;

    @Override
    public String name() {
        return "find-max";
    }

    @Override
    public String description() {
        return "Find the highest rate the cluster sustains: steps of --step-duration at rising rates until one fails, "
                + "then bisection, each step judged by --sla and a ring backlog that does not grow; prints a table of "
                + "the steps and the answer (exit 0; 1 if no rate passed). --result-json holds every step (its "
                + "figures, judgement and whole run result) and the answer.";
    }

    @Override
    public List<OptionDef> options() {
        List<OptionDef> out = RunOptions.but(DECIDED_BY_FIND_MAX);
        // A search of the TSS path's rate (--writer tss): its receiver's options, and the throwaway
        // receiver the jar starts as it starts a node for --embedded (OpenNMS's shell refuses it).
        out.addAll(StressOptions.in(EnumSet.of(OptionDef.Section.TSS)));
        out.add(LocalClusterOptionDefs.EMBEDDED_TSDB.def());
        out.add(SLA);
        out.add(RESULT_JSON.def());
        // Its own: its section, then the cold limit and the output it shares with bench.
        out.addAll(StressOptions.own(OptionDef.Section.CAPACITY));
        out.addAll(List.of(BenchOptionDefs.COLD_LIMIT.def(), REPEAT.def(), VERBOSE.def()));
        return out;
    }

    @Override
    public boolean onOneNode() {
        return true;
    }

    /** The search as the options ask for it, checked. */
    record Search(FindMax.Settings settings, Path resultJson, boolean verbose, int repeat) {}

    /**
     * Every option, the plan-dependent bounds too; {@code options} needs no contact point of an
     * embedded node yet.
     */
    static Search search(Invocation in, Invocation.Configured options) {
        FindMax.Settings settings = SearchSettings.of(in.given(), () -> options.builder(Map.of()).build());
        return new Search(settings, options.builder(Map.of()).build().outputs().resultJson(),
                in.given().get(VERBOSE), in.given().get(REPEAT));
    }

    @Override
    public void check(Invocation in) {
        search(in, in::builder);
    }

    @Override
    public int run(Invocation in) throws ClusterException, CacheUnavailableException, InterruptedException {
        return in.onOneNode((options, nodePid) -> searches(in, options));
    }

    /** Runs the search against the cluster {@code options} point at; the exit code: 0 answered, 1 no rate passed. */
    private static int searches(Invocation in, Invocation.Configured options)
            throws ClusterException, CacheUnavailableException, InterruptedException {
        PrintStream out = in.out();
        Search search = search(in, options);
        FindMax.Settings s = search.settings();
        PrintStream runLog = search.verbose() ? out : new PrintStream(OutputStream.nullOutputStream());
        List<FindMaxResult> searches = new ArrayList<>();
        // One runner, one cache: a repeat's warm-up finds the cache warm and ends at once, as a second
        // search on a running OpenNMS would.
        try (EngineStepRunner runner = EngineStepRunner.open(() -> options.builder(Map.of()), s.stepDuration(),
                runLog).stoppedBy(in.stop())) {
            for (int k = 1; k <= search.repeat(); k++) {
                if (search.repeat() > 1) {
                    out.printf("find-max search %d of %d%n", k, search.repeat());
                }
                searches.add(new FindMax(s, runner, out).run());
            }
        }
        FindMaxRepeats repeats = new FindMaxRepeats(List.copyOf(searches));
        if (search.repeat() > 1) {
            out.println("find-max " + repeats.text());
        }
        if (search.resultJson() != null) {
            try {
                if (search.repeat() > 1) {
                    FindMaxJson.write(repeats, search.resultJson());
                } else {
                    FindMaxJson.write(searches.get(0), search.resultJson());
                }
                out.println("find-max result written to " + search.resultJson());
            } catch (IOException e) {
                out.println("could not write " + search.resultJson() + ": " + e.getMessage());
            }
        }
        return repeats.answered() ? ExitCode.OK : ExitCode.CRITERIA_FAILED;
    }
}
