package org.metricsstress.commands;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.metricsstress.analysis.Judgement;
import org.metricsstress.api.Outcome;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.Option;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressOptions;
import org.metricsstress.report.AdviceFile;
import org.metricsstress.report.ResultJson;
import org.metricsstress.report.Summary;
import org.metricsstress.result.StressResult;

/**
 * {@code judge}: a saved result judged again by this version's model. The verdict, evidence and
 * advice are drawn anew from the result's measured figures alone ({@link Judgement}, which never
 * reads a saved judgement), so a run recorded once can be judged by every later model: that is what
 * a corpus of recorded runs is for. The run's own criteria (its --sla, its read-back) are what it
 * measured against what it was asked, not the model's, and stay as saved.
 */
final class JudgeCommand implements ToolCommand {
    static final Option<Path> RESULT_JSON = StressOptions.RESULT_JSON;
    static final Option<Path> ADVICE_FILE = StressOptions.ADVICE_FILE;

    @Override
    public String name() {
        return "judge";
    }

    @Override
    public String description() {
        return "Judge a saved result (--result-json) again with this version's model, from its measured figures "
                + "only (never its saved verdict or advice): its summary, verdict, evidence and advice as a run prints "
                + "them; the result so judged written with --result-json, the advice with --advice-file.";
    }

    @Override
    public List<OptionDef> options() {
        return List.of(RESULT_JSON.def(), ADVICE_FILE.def());
    }

    @Override
    public Positionals positionals() {
        return new Positionals("RESULT.json", true, "the saved result to judge");
    }

    @Override
    public void check(Invocation in) {
        if (in.positionals().size() != 1) {
            throw new ConfigException("judge: give one result file (judge RUN.json), not " + in.positionals().size());
        }
        ResultFiles.requireFiles(in.positionals());
    }

    @Override
    public int run(Invocation in) {
        Path file = Path.of(in.positionals().get(0));
        StressResult saved = ResultFiles.read(file);
        StressResult judged;
        // Judged and printed into a buffer first: a file this tool accepted but cannot judge (a
        // hand-edited figure) is one line naming it, never half a summary and a stack trace.
        ByteArrayOutputStream summary = new ByteArrayOutputStream();
        try {
            judged = Judgement.of(saved);
            Summary.print(judged, new PrintStream(summary, true, StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            throw ResultFiles.unusable(List.of(file.toString()), e);
        }
        in.out().print(summary.toString(StandardCharsets.UTF_8));
        StressResult result = judged;
        if (in.given().given(RESULT_JSON)) {
            Path json = in.given().get(RESULT_JSON);
            ResultFiles.write(json, p -> ResultJson.write(result, p));
            in.out().println("result written to " + json);
        }
        if (in.given().given(ADVICE_FILE)) {
            Path advice = in.given().get(ADVICE_FILE);
            ResultFiles.write(advice, p -> AdviceFile.write(result, p));
            in.out().println("advice written to " + advice);
        }
        Outcome outcome = Outcome.of(judged);
        if (!outcome.passed()) {
            in.out().println(in.shellName() + ": " + outcome.problem());
        }
        return outcome.exitCode();
    }
}
