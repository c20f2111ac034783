package org.metricsstress.commands;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.metricsstress.api.ExitCode;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.config.CacheKind;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.Option;
import org.metricsstress.config.TuneOptionDefs;
import org.metricsstress.config.BenchOptionDefs;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.report.AdviceFile;
import org.metricsstress.report.HtmlReport;
import org.metricsstress.report.ResultJson;
import org.metricsstress.result.StressResult;
import org.metricsstress.tune.Tuner;

/**
 * {@code tune}: runs the plan, applies the advice, runs again, until a run keeps up, the cluster is
 * the limit or --max-rounds runs are done (see {@link Tuner}). Offers a run's plan, pacing,
 * pipeline, cluster, schema and index options but those each round decides, and writes the last
 * round's result (--result-json, with the rounds) and its properties (--advice-file).
 */
final class TuneCommand implements ToolCommand {
    /**
     * Options tune does not offer: every round starts from a cold cache, so it is not primed
     * (--prime-cache; a primed round would start warm from the rounds before it), a round starts
     * when the one before has ended (--start-at), and one process tunes (--instance, --instances).
     */
    static final Set<String> DECIDED_BY_TUNE = Set.of("--prime-cache", "--no-prime-cache", "--priming-block",
            "--start-at", "--instance", "--instances");

    static final Option<Integer> MAX_ROUNDS = TuneOptionDefs.MAX_ROUNDS;
    static final Option<Boolean> VERBOSE = BenchOptionDefs.VERBOSE;

    @Override
    public String name() {
        return "tune";
    }

    @Override
    public String description() {
        return "Advice proven by a run: run the plan, apply the advice (OpenNMS's cache.max_entries, ring_buffer_size, "
                + "writer_threads), run again, until a run keeps up, the cluster is the limit or --max-rounds runs are "
                + "done; every round starts from a cold cache. Prints a table of the rounds and the properties that "
                + "kept up (--advice-file writes them; --result-json holds the last run with its rounds). Exit 0 when "
                + "the last round kept up, 1 when not (docs/diagnosis.md).";
    }

    @Override
    public List<OptionDef> options() {
        List<OptionDef> out = RunOptions.but(DECIDED_BY_TUNE);
        out.add(StressOptions.REPORT.def());
        out.add(StressOptions.RESULT_JSON.def());
        // The rounds side by side: one page with every round overlaid, each judged against the first.
        out.add(StressOptions.REPORT_HTML.def());
        out.add(StressOptions.ADVICE_FILE.def());
        out.add(MAX_ROUNDS.def());
        out.add(VERBOSE.def());
        return out;
    }

    @Override
    public boolean onOneNode() {
        return true;
    }

    @Override
    public void check(Invocation in) {
        in.given().get(MAX_ROUNDS);
        StressConfig base = in.builder(Map.of()).build();
        if (base.index().cache() == CacheKind.REDIS) {
            throw new ConfigException("--cache redis: Redis keeps its entries from one round to the next, so every round "
                    + "after the first would start warm; tune OpenNMS's in-memory cache (guava, its default)");
        }
    }

    @Override
    public int run(Invocation in) throws ClusterException, CacheUnavailableException, InterruptedException {
        return in.onOneNode((options, nodePid) -> rounds(in, options));
    }

    /** The rounds; exit 0 when the last round kept up, 1 when it did not. */
    private static int rounds(Invocation in, Invocation.Configured options)
            throws ClusterException, CacheUnavailableException {
        PrintStream out = in.out();
        int maxRounds = in.given().get(MAX_ROUNDS);
        boolean verbose = in.given().get(VERBOSE);
        StressConfig base = options.builder(Map.of()).build();
        PrintStream runLog = verbose ? out : new PrintStream(OutputStream.nullOutputStream());
        List<HtmlReport.NamedResult> rounds = new ArrayList<>();
        Tuner.Runner engine = Tuner.engine(runLog, in.stop());
        Tuner.Runner keepingRounds = config -> {
            StressResult round = engine.run(config);
            rounds.add(new HtmlReport.NamedResult("round " + (rounds.size() + 1), round));
            return round;
        };
        StressResult last = new Tuner(() -> options.builder(Map.of()), maxRounds, keepingRounds, out)
                .stoppedBy(in.stop()).run();
        if (base.outputs().resultJson() != null) {
            write(out, "tune result", () -> ResultJson.write(last, base.outputs().resultJson()),
                    base.outputs().resultJson());
        }
        Path html = base.outputs().reportHtml();
        if (html != null) {
            // The last round carries the rounds' table; a single round is a run's own report.
            rounds.set(rounds.size() - 1, new HtmlReport.NamedResult("round " + rounds.size(), last));
            write(out, "report", () -> {
                if (rounds.size() == 1) {
                    HtmlReport.write(last, html);
                } else {
                    HtmlReport.writeOverlaid(rounds, CompareCommand.defaultRegressionBound(), html);
                }
            }, html);
        }
        if (base.outputs().adviceFile() != null) {
            write(out, "properties", () -> AdviceFile.write(last, base.outputs().adviceFile()),
                    base.outputs().adviceFile());
        } else {
            out.println();
            out.print(AdviceFile.render(last));
        }
        return last.tune().keptUp() ? ExitCode.OK : ExitCode.CRITERIA_FAILED;
    }

    private interface Write {
        void run() throws IOException;
    }

    private static void write(PrintStream out, String what, Write w, Path file) {
        try {
            w.run();
            out.println(what + " written to " + file);
        } catch (IOException e) {
            out.println("could not write " + file + ": " + e.getMessage());
        }
    }
}
