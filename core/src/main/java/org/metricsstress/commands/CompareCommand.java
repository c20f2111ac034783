package org.metricsstress.commands;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.metricsstress.api.ExitCode;
import org.metricsstress.api.Tool;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.Option;
import org.metricsstress.config.SavedResultsOptionDefs;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressOptions;
import org.metricsstress.report.ComparisonJson;
import org.metricsstress.report.ComparisonLines;
import org.metricsstress.analysis.Comparison;
import org.metricsstress.result.StressResult;

/**
 * {@code compare}: saved results side by side, each figure's change with its 95% interval; exit 1
 * when B regressed, significantly and beyond the bound (docs/reports.md).
 */
final class CompareCommand implements ToolCommand {
    static final Option<List<Path>> VS = SavedResultsOptionDefs.VS;
    static final Option<Double> MAX_REGRESSION = SavedResultsOptionDefs.MAX_REGRESSION;
    static final Option<Path> RESULT_JSON = StressOptions.RESULT_JSON;

    /** --max-regression's default, for pages that judge runs without a compare command's options. */
    static double defaultRegressionBound() {
        return MAX_REGRESSION.defaultValue();
    }

    @Override
    public String name() {
        return "compare";
    }

    @Override
    public String description() {
        return "Compare saved results side by side, each figure's change with its 95% interval: better, worse or "
                + "within noise; exit 1 if B regressed, significantly and beyond the bound (docs/reports.md). One run "
                + "per side (A B), or several (A1 A2 --vs B1 B2).";
    }

    @Override
    public List<OptionDef> options() {
        return List.of(VS.def(), MAX_REGRESSION.def(), ReportCommand.OUTPUT.def(), RESULT_JSON.def());
    }

    @Override
    public Positionals positionals() {
        return new Positionals("A.json", false, "A (the baseline) then B (the candidate); with --vs, A's runs");
    }

    /** compare's sides from its command line. */
    record Sides(List<String> a, List<String> b) {
        List<String> all() {
            List<String> all = new ArrayList<>(a);
            all.addAll(b);
            return all;
        }
    }

    static Sides sides(Invocation in) {
        List<String> given = in.positionals();
        if (in.given().given(VS)) {
            List<String> b = in.given().get(VS).stream().map(String::valueOf).toList();
            if (given.isEmpty()) {
                throw new ConfigException("compare: give A's result files before --vs (compare A1 A2 --vs B1 B2)");
            }
            return new Sides(given, b);
        }
        if (given.size() != 2) {
            throw new ConfigException("compare: give two result files, A (the baseline) and B (compare A.json B.json), "
                    + "or several runs per side (compare A1 A2 --vs B1 B2); got " + given.size());
        }
        return new Sides(List.of(given.get(0)), List.of(given.get(1)));
    }

    @Override
    public void check(Invocation in) {
        in.given().get(MAX_REGRESSION);
        ResultFiles.requireFiles(sides(in).all());
    }

    @Override
    public int run(Invocation in) {
        Sides sides = sides(in);
        double bound = in.given().get(MAX_REGRESSION);
        List<StressResult> a = sides.a().stream().map(f -> ResultFiles.read(Path.of(f))).toList();
        List<StressResult> b = sides.b().stream().map(f -> ResultFiles.read(Path.of(f))).toList();
        Comparison c;
        ByteArrayOutputStream table = new ByteArrayOutputStream();
        try {
            c = Comparison.of(a, b, bound);
            ComparisonLines.print(c, new PrintStream(table, true, StandardCharsets.UTF_8), sides.a(), sides.b());
        } catch (RuntimeException e) {
            throw ResultFiles.unusable(sides.all(), e);
        }
        in.out().print(table.toString(StandardCharsets.UTF_8));
        if (in.given().given(RESULT_JSON)) {
            Path json = in.given().get(RESULT_JSON);
            ResultFiles.write(json, p -> ComparisonJson.write(ComparisonJson.of(c, sides.a(), sides.b(),
                    "metrics-stress", Tool.version()), p));
            in.out().println("comparison written to " + json);
        }
        if (in.given().given(ReportCommand.OUTPUT)) {
            Path html = in.given().get(ReportCommand.OUTPUT);
            List<StressResult> runs = new ArrayList<>(a);
            runs.addAll(b);
            ReportCommand.overlaid(sides.all().stream().map(Path::of).toList(), runs, sides.a().size(), bound, html);
            in.out().println("report written to " + html);
        }
        return c.hasRegression() ? ExitCode.CRITERIA_FAILED : ExitCode.OK;
    }
}
