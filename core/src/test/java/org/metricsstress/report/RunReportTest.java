package org.metricsstress.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.config.Sink;
import org.metricsstress.config.StressConfig;
import org.metricsstress.engine.StressEngine;
import org.metricsstress.result.StressResult;

/** The engine measures, RunReport judges, prints and saves: a real run into the null sink. */
class RunReportTest {

    @Test
    void theEngineReturnsItsResultUnjudgedAndRunReportJudgesPrintsAndSavesIt(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("run.json");
        StressConfig config = StressConfig.builder().nodes(4).interfaces(1).groups(2).attributes(2).strings(0)
                .interval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(1)).sink(Sink.NULL).resultJson(json).build();
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(text, true, StandardCharsets.UTF_8);

        StressResult measured = new StressEngine(config, out).execute();
        assertNull(measured.verdict(), "the engine judges nothing");
        assertFalse(Files.exists(json), "nor writes the files");
        assertFalse(text.toString(StandardCharsets.UTF_8).contains("audit "), "nor prints the summary");

        // As after Karaf's Ctrl-C: the run comes back with its thread interrupted.
        Thread.currentThread().interrupt();
        StressResult judged = RunReport.of(config, measured, out);
        assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
        assertNotNull(judged.verdict());
        assertNotNull(judged.evidence());
        assertTrue(Files.size(json) > 0, "the result file written, the interrupt notwithstanding");
        String printed = text.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("audit ") && printed.contains("result written to " + json), printed);
    }
}
