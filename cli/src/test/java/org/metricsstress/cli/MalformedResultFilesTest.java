package org.metricsstress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.metricsstress.api.ExitCode;
import org.metricsstress.config.Sink;
import org.metricsstress.config.StressConfig;
import org.metricsstress.api.StressRun;
import org.metricsstress.report.ResultJson;

/**
 * A result file that is not what this tool writes, given to {@code report}, {@code compare},
 * {@code merge} or {@code verify --from-result}: one line naming the file, exit 2, never a stack
 * trace or the SLA-failed exit 1 (nor a report made of nothing, exit 0).
 */
class MalformedResultFilesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    static Path dir;
    /** A real result of a second's run into the null sink, as instance 0/2 of its plan. */
    private static ObjectNode valid;

    @BeforeAll
    static void aRealResult() throws Exception {
        Path file = dir.resolve("real.json");
        StressConfig config = StressConfig.builder().nodes(4).interfaces(1).groups(2).attributes(2).strings(0)
                .interval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(1)).sink(Sink.NULL)
                .instance(new org.metricsstress.config.Instance(0, 2)).resultJson(file).build();
        new StressRun(config, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).execute();
        valid = (ObjectNode) JSON.readTree(file.toFile());
    }

    /** A copy of the real result as JSON with one change. */
    private static String variant(Consumer<ObjectNode> change) throws Exception {
        ObjectNode copy = valid.deepCopy();
        change.accept(copy);
        return JSON.writeValueAsString(copy);
    }

    private static String malformed(String kind) throws Exception {
        return switch (kind) {
            case "bare-schema-4" -> "{\"schemaVersion\":4}";
            case "bare-schema-5" -> "{\"schemaVersion\":5}";
            case "not-json" -> "this is not JSON";
            case "instance-x" -> variant(r -> ((ObjectNode) r.get("config")).put("instance", "x/2"));
            case "instances-x" -> variant(r -> ((ObjectNode) r.get("config")).put("instances", "two"));
            case "no-response" -> variant(r -> r.remove("responseLatency"));
            case "null-config" -> variant(r -> r.putNull("config"));
            case "started-yesterday" -> variant(r -> r.put("startedAt", "yesterday"));
            case "report-x" -> variant(r -> ((ObjectNode) r.get("config")).put("report", "soon"));
            case "no-counts" -> variant(r -> {
                r.remove("generated");
                r.remove("written");
            });
            case "no-dropped" -> variant(r -> r.remove("dropped"));
            case "null-failed" -> variant(r -> r.putNull("failed"));
            case "values-x" -> variant(r -> ((ObjectNode) r.get("config")).put("values", "gauge"));
            default -> throw new IllegalArgumentException(kind);
        };
    }

    @ParameterizedTest
    @CsvSource({
        "bare-schema-4, report", "bare-schema-4, compare", "bare-schema-4, merge", "bare-schema-4, verify",
        "bare-schema-5, report", "bare-schema-5, compare", "bare-schema-5, merge", "bare-schema-5, verify",
        "not-json, report", "not-json, merge",
        "instance-x, merge", "instance-x, verify",
        "instances-x, merge", "instances-x, verify",
        "no-response, report", "no-response, compare", "no-response, merge",
        "null-config, report", "null-config, merge", "null-config, verify",
        "started-yesterday, report", "started-yesterday, merge", "started-yesterday, verify",
        "report-x, merge", "values-x, verify",
        "no-counts, report", "no-counts, compare", "no-counts, merge", "no-counts, verify",
        "no-dropped, report", "null-failed, merge",
    })
    void isOneLineAndExit2(String kind, String command) throws Exception {
        Path bad = dir.resolve(kind + ".json");
        Files.writeString(bad, malformed(kind));
        Path good = dir.resolve("good.json");
        Files.writeString(good, JSON.writeValueAsString(valid));
        List<String> args = new ArrayList<>();
        switch (command) {
            case "report" -> args.addAll(List.of("report", bad.toString(), "-o", dir.resolve(kind + ".html").toString()));
            case "compare" -> args.addAll(List.of("compare", good.toString(), bad.toString()));
            case "merge" -> args.addAll(List.of("merge", good.toString(), bad.toString()));
            default -> args.addAll(List.of("verify", "--from-result", bad.toString(), "--contact-points", "127.0.0.1:1",
                    "--connect-timeout", "1s"));
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream stdErr = System.err;
        ByteArrayOutputStream uncaught = new ByteArrayOutputStream();
        int code;
        try {
            System.setErr(new PrintStream(uncaught, true, StandardCharsets.UTF_8));
            code = new Main(new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), false).run(args.toArray(String[]::new));
        } catch (RuntimeException e) {
            throw new AssertionError(command + " of " + kind + " threw instead of one line: " + e, e);
        } finally {
            System.setErr(stdErr);
        }
        String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(ExitCode.USAGE, code, command + " of " + kind + ":\n" + e + out.toString(StandardCharsets.UTF_8));
        assertEquals(1, e.lines().count(), e);
        assertTrue(e.contains(bad.getFileName().toString()), "the line names the file: " + e);
        assertFalse(e.contains("Exception") || e.contains("\tat "), e);
        assertFalse(Files.exists(dir.resolve(kind + ".html")), "no report made of nothing");
    }
}
