package org.metricsstress.commands;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.metricsstress.api.ExitCode;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.Option;
import org.metricsstress.config.SavedResultsOptionDefs;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.Sla;
import org.metricsstress.config.StressOptions;
import org.metricsstress.report.HtmlReport;
import org.metricsstress.report.ResultJson;
import org.metricsstress.report.Summary;
import org.metricsstress.analysis.ResultMerge;
import org.metricsstress.analysis.SlaCheck;
import org.metricsstress.result.StressResult;

/**
 * {@code merge}: the results of a plan's instances added into one; its summary printed, written as
 * JSON and HTML when asked, and judged against --sla like a run.
 */
final class MergeCommand implements ToolCommand {
    static final Option<Path> REPORT_HTML = StressOptions.REPORT_HTML;
    static final Option<Sla> SLA = StressOptions.SLA;
    static final Option<Boolean> PARTIAL = SavedResultsOptionDefs.PARTIAL;

    @Override
    public String name() {
        return "merge";
    }

    @Override
    public String description() {
        return "Add the results of the instances of one plan (--instance I/N) into one result, exactly: counts and "
                + "latency histograms added, series by wall-clock interval.";
    }

    @Override
    public List<OptionDef> options() {
        // The merged result is judged and reported as a run's: the run's --sla and --report-html.
        return List.of(ReportCommand.OUTPUT.def(), REPORT_HTML.def(), SLA.def(), PARTIAL.def());
    }

    @Override
    public Positionals positionals() {
        return new Positionals("RESULT.json", true, "the instances' result files");
    }

    @Override
    public void check(Invocation in) {
        if (in.positionals().isEmpty()) {
            throw new ConfigException("merge: give the result files of the instances (merge A.json B.json ...)");
        }
        in.given().get(SLA);
        ResultFiles.requireFiles(in.positionals());
    }

    @Override
    public int run(Invocation in) {
        List<ResultMerge.Source> sources = new ArrayList<>();
        for (String file : in.positionals()) {
            sources.add(new ResultMerge.Source(file, ResultFiles.read(Path.of(file))));
        }
        Sla sla = in.given().get(SLA);
        StressResult merged;
        // Everything read from the files, judged and printed into a buffer first: a file this tool
        // accepted but cannot summarise is one line naming the files, never a stack trace.
        ByteArrayOutputStream summary = new ByteArrayOutputStream();
        try {
            merged = ResultMerge.merge(sources, in.given().get(PARTIAL));
            if (sla != null) {
                merged = merged.withSla(SlaCheck.evaluate(sla, merged));
            }
            Summary.print(merged, new PrintStream(summary, true, StandardCharsets.UTF_8));
        } catch (ConfigException e) {
            throw e;
        } catch (RuntimeException e) {
            throw ResultFiles.unusable(sources.stream().map(ResultMerge.Source::name).toList(), e);
        }
        in.out().print(summary.toString(StandardCharsets.UTF_8));
        StressResult result = merged;
        if (in.given().given(ReportCommand.OUTPUT)) {
            Path json = in.given().get(ReportCommand.OUTPUT);
            ResultFiles.write(json, p -> ResultJson.write(result, p));
            in.out().println("merged result written to " + json);
        }
        if (in.given().given(REPORT_HTML)) {
            Path html = in.given().get(REPORT_HTML);
            ResultFiles.write(html, p -> HtmlReport.write(result, p));
            in.out().println("report written to " + html);
        }
        return merged.sla() != null && !merged.sla().passed() ? ExitCode.CRITERIA_FAILED : ExitCode.OK;
    }
}
