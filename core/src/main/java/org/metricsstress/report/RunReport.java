package org.metricsstress.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.metricsstress.analysis.Judgement;
import org.metricsstress.analysis.SlaCheck;
import org.metricsstress.config.StressConfig;
import org.metricsstress.result.StressResult;

/**
 * The last stage of a run: the result the engine measured judged (its evidence, verdict and advice;
 * the SLA when one is given), the summary printed and the files asked for written. The engine returns
 * its result unjudged and every caller of it passes that result here, so that the engine, and the
 * pipeline under it, compile against no judge.
 */
public final class RunReport {
    private RunReport() {}

    /** {@code measured} judged, printed to {@code out} and saved as {@code config} asks; the judged result. */
    public static StressResult of(StressConfig config, StressResult measured, PrintStream out) {
        StressResult result = Judgement.of(measured);
        if (config.judging().sla() != null) {
            result = result.steps().isEmpty() ? result.withSla(SlaCheck.evaluate(config.judging().sla(), result))
                    : SlaCheck.evaluateSteps(config.judging().sla(), result);
        }
        Summary.print(result, out);
        // A run ended by an interrupt (Karaf's Ctrl-C) comes back with the flag set, and a file channel
        // closes itself when written from an interrupted thread: the files are written with it clear,
        // and it is set again for the caller.
        boolean interrupted = Thread.interrupted();
        try {
            save("result", config.outputs().resultJson(), result, ResultJson::write, out);
            save("report", config.outputs().reportHtml(), result, HtmlReport::write, out);
            save("advice", config.outputs().adviceFile(), result, AdviceFile::write, out);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return result;
    }

    /** A way to put a result in a file, e.g. {@code ResultJson::write}. */
    private interface ResultFormat {
        void write(StressResult result, Path file) throws IOException;
    }

    /** Saves {@code what} when asked for (a path given); a failure is one line, the run's result stands. */
    private static void save(String what, Path file, StressResult result, ResultFormat format, PrintStream out) {
        if (file == null) {
            return;
        }
        try {
            format.write(result, file);
            out.println(what + " written to " + file);
        } catch (IOException e) {
            out.println("could not write " + file + ": " + e.getMessage());
        }
    }
}
