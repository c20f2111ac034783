package org.metricsstress.commands;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.metricsstress.api.ExitCode;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.Option;
import org.metricsstress.config.SavedResultsOptionDefs;
import org.metricsstress.config.OptionDef;
import org.metricsstress.report.HtmlReport;
import org.metricsstress.result.StressResult;

/** {@code report}: the HTML page of a saved result; of several, one page with their charts overlaid. */
final class ReportCommand implements ToolCommand {
    static final Option<Path> OUTPUT = SavedResultsOptionDefs.OUTPUT;

    @Override
    public String name() {
        return "report";
    }

    @Override
    public String description() {
        return "Make the HTML report of a saved result (--result-json); of several, one page with their charts "
                + "overlaid and each judged against the first.";
    }

    @Override
    public List<OptionDef> options() {
        return List.of(OUTPUT.def());
    }

    @Override
    public Positionals positionals() {
        return new Positionals("RESULT.json", true, "the result file(s); the first is the baseline");
    }

    @Override
    public void check(Invocation in) {
        if (in.positionals().isEmpty()) {
            throw new ConfigException("report: give the result file(s) (report RUN.json [MORE.json ...])");
        }
        ResultFiles.requireFiles(in.positionals());
    }

    @Override
    public int run(Invocation in) {
        List<Path> files = in.positionals().stream().map(Path::of).toList();
        List<StressResult> results = files.stream().map(ResultFiles::read).toList();
        Path first = files.get(0);
        Path html = in.given().given(OUTPUT) ? in.given().get(OUTPUT)
                : first.resolveSibling(first.getFileName().toString().replaceFirst("\\.json$", "")
                        + (files.size() > 1 ? "-overlaid" : "") + ".html");
        if (files.size() == 1) {
            try {
                HtmlReport.write(results.get(0), html);
            } catch (IOException e) {
                throw new ConfigException("cannot write " + html + ": " + e.getMessage());
            } catch (RuntimeException e) {
                throw ResultFiles.unusable(List.of(first.toString()), e);
            }
        } else {
            overlaid(files, results, 0, CompareCommand.defaultRegressionBound(), html);
        }
        in.out().println("report written to " + html);
        return ExitCode.OK;
    }

    /** The runs' page with their charts overlaid: the first {@code runsA} are A (0: each against the first). */
    static void overlaid(List<Path> files, List<StressResult> results, int runsA, double bound, Path html) {
        List<HtmlReport.NamedResult> runs = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            runs.add(new HtmlReport.NamedResult(files.get(i).toString(), results.get(i)));
        }
        try {
            HtmlReport.writeOverlaid(runs, runsA, bound, html);
        } catch (IOException e) {
            throw new ConfigException("cannot write " + html + ": " + e.getMessage());
        } catch (RuntimeException e) {
            throw ResultFiles.unusable(files.stream().map(Path::toString).toList(), e);
        }
    }
}
