package org.metricsstress.cli;

import org.metricsstress.api.ExitCode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.OptionDef;
import org.metricsstress.result.Comparison;
import org.metricsstress.report.ComparisonJson;
import org.metricsstress.report.ComparisonLines;
import org.metricsstress.report.HtmlReport;
import org.metricsstress.report.ResultJson;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.ResultMerge;
import org.metricsstress.result.SlaCheck;
import org.metricsstress.config.Sla;
import org.metricsstress.config.StressOptions;
import org.metricsstress.report.Summary;
import picocli.CommandLine.ParseResult;
import java.util.ArrayList;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** The subcommands that work on saved result files: {@code report}, {@code compare} and {@code merge}. */
final class SavedResults {
    private SavedResults() {}

    static int report(ParseResult args, PrintStream out, PrintStream err) {
        List<Path> files = ((List<?>) args.matchedPositional(0).getValue()).stream().map(f -> Path.of(String.valueOf(f)))
                .toList();
        List<StressResult> results = files.stream().map(SavedResults::read).toList();
        Path in = files.get(0);
        String target = args.matchedOptionValue("--output", null);
        Path html = target != null ? Path.of(target)
                : in.resolveSibling(in.getFileName().toString().replaceFirst("\\.json$", "")
                        + (files.size() > 1 ? "-overlaid" : "") + ".html");
        if (files.size() == 1) {
            try {
                HtmlReport.write(results.get(0), html);
            } catch (IOException e) {
                throw new ConfigException("cannot write " + html + ": " + e.getMessage());
            } catch (RuntimeException e) {
                throw unusable(List.of(in.toString()), e);
            }
        } else {
            overlaid(files, results, defaultRegressionBound(), html);
        }
        out.println("report written to " + html);
        return ExitCode.OK;
    }

    /** The runs' page with their charts overlaid, each judged against the first. */
    private static void overlaid(List<Path> files, List<StressResult> results, double bound, Path html) {
        overlaid(files, results, 0, bound, html);
    }

    private static void overlaid(List<Path> files, List<StressResult> results, int runsA, double bound, Path html) {
        List<HtmlReport.NamedResult> runs = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            runs.add(new HtmlReport.NamedResult(files.get(i).toString(), results.get(i)));
        }
        try {
            HtmlReport.writeOverlaid(runs, runsA, bound, html);
        } catch (IOException e) {
            throw new ConfigException("cannot write " + html + ": " + e.getMessage());
        } catch (RuntimeException e) {
            throw unusable(files.stream().map(Path::toString).toList(), e);
        }
    }

    /** --max-regression's default, for pages that judge runs without a compare command's options. */
    static double defaultRegressionBound() {
        return (Double) StressOptions.byName("--max-regression").defaultValue();
    }

    static final OptionDef VS = StressOptions.byName("--vs");
    static final OptionDef MAX_REGRESSION = StressOptions.byName("--max-regression");

    /** compare's sides from its command line, checked before any file is read. */
    record Sides(List<String> a, List<String> b) {}

    static Sides sides(ParseResult args) {
        List<String> given = args.matchedPositional(0) == null ? List.of()
                : ((List<?>) args.matchedPositional(0).getValue()).stream().map(String::valueOf).toList();
        if (args.hasMatchedOption(VS.longName())) {
            List<String> b = ((List<?>) args.matchedOption(VS.longName()).getValue()).stream().map(String::valueOf).toList();
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

    static int compare(ParseResult args, PrintStream out, PrintStream err) {
        Sides sides = sides(args);
        String given = args.matchedOptionValue(MAX_REGRESSION.longName(), null);
        double bound = (Double) (given != null ? MAX_REGRESSION.parse(given) : MAX_REGRESSION.defaultValue());
        String json = args.matchedOptionValue("--result-json", null);
        String html = args.matchedOptionValue("--output", null);
        List<StressResult> a = sides.a().stream().map(f -> read(Path.of(f))).toList();
        List<StressResult> b = sides.b().stream().map(f -> read(Path.of(f))).toList();
        List<String> all = new ArrayList<>(sides.a());
        all.addAll(sides.b());
        Comparison c;
        ByteArrayOutputStream table = new ByteArrayOutputStream();
        try {
            c = Comparison.of(a, b, bound);
            ComparisonLines.print(c, new PrintStream(table, true, StandardCharsets.UTF_8), sides.a(), sides.b());
        } catch (RuntimeException e) {
            throw unusable(all, e);
        }
        out.print(table.toString(StandardCharsets.UTF_8));
        if (json != null) {
            write(Path.of(json), p -> ComparisonJson.write(ComparisonJson.of(c, sides.a(), sides.b(),
                    "metrics-stress", org.metricsstress.api.Tool.version()), p));
            out.println("comparison written to " + json);
        }
        if (html != null) {
            List<StressResult> runs = new ArrayList<>(a);
            runs.addAll(b);
            overlaid(all.stream().map(Path::of).toList(), runs, sides.a().size(), bound, Path.of(html));
            out.println("report written to " + html);
        }
        return c.hasRegression() ? ExitCode.CRITERIA_FAILED : ExitCode.OK;
    }

    /**
     * Adds the results of a plan's instances into one; prints its summary, writes it as JSON and
     * HTML when asked, and judges it against --sla like a run.
     */
    static int merge(ParseResult args, PrintStream out) {
        if (args.matchedPositional(0) == null) {
            throw new ConfigException("merge: give the result files of the instances (merge A.json B.json ...)");
        }
        List<ResultMerge.Source> sources = new ArrayList<>();
        for (Object file : (List<?>) args.matchedPositional(0).getValue()) {
            sources.add(new ResultMerge.Source(String.valueOf(file), read(Path.of(String.valueOf(file)))));
        }
        String slaText = args.matchedOptionValue("--sla", null);
        Sla sla = slaText == null ? null : Sla.parse("--sla", slaText);
        StressResult merged;
        // Everything read from the files, judged and printed into a buffer first: a file this tool
        // accepted but cannot summarise is one line naming the files, never a stack trace.
        ByteArrayOutputStream summary = new ByteArrayOutputStream();
        try {
            merged = ResultMerge.merge(sources, args.hasMatchedOption("--partial"));
            if (sla != null) {
                merged = merged.withSla(SlaCheck.evaluate(sla, merged));
            }
            Summary.print(merged, new PrintStream(summary, true, StandardCharsets.UTF_8));
        } catch (ConfigException e) {
            throw e;
        } catch (RuntimeException e) {
            throw unusable(sources.stream().map(ResultMerge.Source::name).toList(), e);
        }
        out.print(summary.toString(StandardCharsets.UTF_8));
        StressResult result = merged;
        String json = args.matchedOptionValue("--output", null);
        if (json != null) {
            write(Path.of(json), p -> ResultJson.write(result, p));
            out.println("merged result written to " + json);
        }
        String html = args.matchedOptionValue("--report-html", null);
        if (html != null) {
            write(Path.of(html), p -> HtmlReport.write(result, p));
            out.println("report written to " + html);
        }
        return merged.sla() != null && !merged.sla().passed() ? ExitCode.CRITERIA_FAILED : ExitCode.OK;
    }

    /** Puts a result in a file, e.g. as JSON or HTML. */
    private interface FileContent {
        void write(Path file) throws IOException;
    }

    private static void write(Path file, FileContent content) {
        try {
            content.write(file);
        } catch (IOException e) {
            throw new ConfigException("cannot write " + file + ": " + e.getMessage());
        }
    }

    /**
     * A result that passed {@link #read}'s checks yet broke a command on something inside it (a
     * hand-edited figure): one line naming the files, exit 2, rather than a stack trace and exit 1.
     */
    static ConfigException unusable(List<String> files, RuntimeException e) {
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
        return new ConfigException(String.join(", ", files) + ": not a usable metrics-stress result file (" + why + ")");
    }

    static StressResult read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new ConfigException(file + ": no such file");
        }
        try {
            return ResultJson.read(file);
        } catch (IOException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
            throw new ConfigException(file + ": not a metrics-stress result file (" + why + ")");
        }
    }
}
