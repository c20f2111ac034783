package org.metricsstress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.metricsstress.api.ExitCode;
import org.metricsstress.config.Sink;
import org.metricsstress.config.StressConfig;
import org.metricsstress.api.StressRun;

/** {@code size} and {@code predict} from the command line: answers, their JSON, and one line on bad input. */
class SizeCommandTest {
    @TempDir
    static Path dir;
    /** A real result of a short run into the null sink: no disk object. */
    private static Path real;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeAll
    static void aRealResult() throws Exception {
        real = dir.resolve("real.json");
        StressConfig config = StressConfig.builder().nodes(4).interfaces(1).groups(2).attributes(2).strings(0)
                .interval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(1)).sink(Sink.NULL).resultJson(real).build();
        new StressRun(config, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).execute();
        Files.writeString(dir.resolve("broken.json"), "{\"schemaVersion\": 9, \"tool\": ");
    }

    private int run(String... args) {
        return new Main(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of(), false).run(args);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "size --target 0 --points 1:100", "size --target -5 --points 1:100",
        "size --target 1000 --points 1:100 --retention 0s", "size --target 1000 --points 1:100 --node-disk 0",
        "size --target 1000 --points 1:100 --node-disk -2", "size --target 1000 --points 2:100,2:200",
        "size --target 1000 --points 2:100,three:200", "size --target 1000 --points 2:100,4:>200",
        "size --target 100000 --points 1:10000,2:15000,4:21000,8:27000", "size --target 1000 --from DIR/none.json",
        "size --target 1000 --from DIR/broken.json", "size --target 1000 --points 1:100 --headroom 1.5",
        "size --target 1000 --points 1:100 --headroom 0", "size --target 1000", "predict", "predict --from DIR/none.json",
        "predict --from DIR/broken.json"
    })
    void badInputIsOneLineAndExitCodeTwo(String args) {
        assertEquals(ExitCode.USAGE, run(args.replace("DIR", dir.toString()).split(" ")));
        String e = err();
        assertEquals(1, e.lines().count(), "one line, got: " + e);
        assertTrue(e.startsWith("metrics-stress: "), e);
        assertFalse(e.contains("Exception"), e);
        assertEquals("", out());
    }

    @Test
    void twoSizesScaleLinearlyAndTheJsonSaysWhatIsMissing() throws Exception {
        Path json = dir.resolve("size.json");
        assertEquals(ExitCode.OK, run("size", "--target", "50000", "--points", "1:12000,2:22000", "--headroom", "0.8",
                "--result-json", json.toString()), err());
        assertTrue(out().contains("linear scaling assumed"), out());
        assertTrue(out().contains("answer        6 nodes per DC, bound by throughput"), out());
        JsonNode size = new ObjectMapper().readTree(json.toFile()).get("size");
        assertEquals(6, size.get("nodesByThroughput").asInt());
        assertTrue(size.get("nodesByDisk").isNull());
        assertTrue(size.get("nodesByColdStart").isNull());
        assertEquals("throughput", size.get("binding").asText());
        assertEquals("linear", size.get("throughput").get("model").asText());
        assertTrue(size.get("disk").get("missing").asText().contains("no disk figures"));
    }

    @Test
    void threeSizesFitTheUslAndItsCoefficientsAreInTheJson() throws Exception {
        Path json = dir.resolve("usl.json");
        assertEquals(ExitCode.OK, run("size", "--target", "40000", "--points", "1:10000,2:18000,4:30000,8:42000",
                "--headroom", "1.0", "--result-json", json.toString()), err());
        JsonNode usl = new ObjectMapper().readTree(json.toFile()).get("size").get("throughput").get("usl");
        assertTrue(usl.get("lambda").asDouble() > 0 && usl.get("sigma").asDouble() >= 0 && usl.get("kappa").asDouble() >= 0,
                usl.toString());
        assertTrue(out().contains("USL fitted to 4 sizes"), out());
    }

    @Test
    void thePageSaysWhatTheJsonSaysAndNeedsNothingElse() throws Exception {
        Path json = dir.resolve("page.json");
        Path html = dir.resolve("size.html");
        assertEquals(ExitCode.OK, run("size", "--target", "30000", "--points", "1:10000,2:18000,4:30000,8:42000",
                "--headroom", "0.8", "--result-json", json.toString(), "--report-html", html.toString()), err());
        assertTrue(out().contains("size page written to " + html), out());
        JsonNode size = new ObjectMapper().readTree(json.toFile()).get("size");
        String page = Files.readString(html);
        assertTrue(page.contains(String.format("%,d nodes per DC", size.get("nodes").asInt())), "the answer headlines the page");
        assertTrue(page.contains("binding: " + size.get("binding").asText()), "and its binding constraint");
        assertTrue(page.contains("<td>42,000</td>"), "the measured points are a table");
        int start = page.indexOf("id=\"size-data\">") + "id=\"size-data\">".length();
        JsonNode data = new ObjectMapper().readTree(page.substring(start, page.indexOf("</script>", start)));
        JsonNode usl = size.get("throughput").get("usl");
        assertEquals(usl.get("lambda").asDouble(), data.get("scale").get("usl").get("lambda").asDouble(), 1e-9,
                "the chart draws the file's fit");
        assertEquals(4, data.get("scale").get("points").size());
        assertFalse(page.contains("<script src") || page.contains("<link"), "nothing is fetched: one file offline");
    }

    /** Issue 48: a target above the curve's ceiling answered "its peak is NaN at Infinity nodes". */
    @Test
    void aTargetAboveTheCeilingIsOneLineNamingIt() {
        assertEquals(ExitCode.USAGE, run("size", "--target", "100000", "--points", "1:10000,2:15000,4:21000,8:27000"));
        assertTrue(err().contains("it rises toward its ceiling lambda/sigma = 35,067 samples/s and never reaches it"), err());
        assertTrue(err().contains("but the measured points allow it") && err().contains("extrapolated"), err());
        assertFalse(err().contains("NaN") || err().contains("Infinity"), err());
    }

    /**
     * Issue 58: three points answered "no cluster size reaches 80,000 samples/s ... it peaks at 53,380
     * samples/s at 38.0 nodes", a peak 13 times the largest size measured, from points that leave no
     * degree of freedom, with no warning. The same one line now says they fit and do not predict, and
     * that the peak is extrapolated.
     */
    @Test
    void threePointsBeyondTheirPeakSayTheyFitNotPredictAndThatThePeakIsExtrapolated() {
        assertEquals(ExitCode.USAGE, run("size", "--target", "80000", "--headroom", "1.0", "--points", "1:4000,2:7800,3:11400"));
        assertEquals(1, err().lines().count(), err());
        assertFalse(err().contains("no cluster size reaches"), err());
        assertTrue(err().contains("the fitted curve reaches 80,000 samples/s (target / headroom) at no size: it peaks at "), err());
        assertTrue(err().contains("they can fit the curve, not predict from it"), err());
        assertTrue(err().contains("extrapolated: the curve's peak at "), err());
    }

    @Test
    void theIntervalIsOnTheConsoleAndBesideTheNodesInTheJson() throws Exception {
        Path json = dir.resolve("interval.json");
        assertEquals(ExitCode.OK, run("size", "--target", "40000", "--points", "1:10000,2:18000,4:30000,8:42000,16:50000",
                "--headroom", "1.0", "--result-json", json.toString()), err());
        assertTrue(out().contains("answer        7 nodes per DC, bound by throughput (throughput 7 (95% interval 7-8), "
                + "disk -, cold start -)"), out());
        assertTrue(out().contains("95% interval 7-8 nodes per DC: the sizes where the fit's 95% confidence band reaches the "
                + "need"), out());
        String text = Files.readString(json);
        assertFalse(text.contains("NaN") || text.contains("Infinity"), text);
        JsonNode size = new ObjectMapper().readTree(text).get("size");
        assertEquals("[7,8]", size.get("nodesByThroughputInterval").toString());
        assertEquals(2, size.get("throughput").get("usl").get("degreesOfFreedom").asInt());
    }

    @Test
    void threePointsClaimNoErrorAndTheJsonHasNoInterval() throws Exception {
        Path json = dir.resolve("three.json");
        assertEquals(ExitCode.OK, run("size", "--target", "20000", "--points", "1:10000,2:18000,4:30000",
                "--result-json", json.toString()), err());
        assertFalse(out().contains("error rms"), out());
        assertTrue(out().contains("the curve passes through every point: 3 points for 3 coefficients, so no error or "
                + "interval can be estimated from them"), out());
        JsonNode size = new ObjectMapper().readTree(json.toFile()).get("size");
        assertTrue(size.get("nodesByThroughputInterval").isNull());
        assertTrue(size.get("throughput").get("intervalMissing").asText().contains("no error or interval"));
        assertTrue(size.get("throughput").get("usl").get("rmsRelativeError").isNull());
    }

    @Test
    void aTypedLowerBoundIsMarkedAndAnExtrapolationWarned() throws Exception {
        Path json = dir.resolve("bound.json");
        assertEquals(ExitCode.OK, run("size", "--target", "130000", "--headroom", "1.0", "--points",
                "1:10000,2:19600,3:>=28000", "--result-json", json.toString()), err());
        assertTrue(out().contains("linear scaling assumed: measurements at two sizes only at [1 node, 2 nodes]; lower "
                + "bounds at [3 nodes]"), out());
        assertTrue(out().lines().anyMatch(l -> l.trim().startsWith("extrapolated: 14 nodes is beyond twice the largest size "
                + "measured (1-3 nodes); measure nearer the answer")), out());
        assertTrue(out().contains("; by throughput extrapolated beyond twice the largest size measured"), out());
        JsonNode points = new ObjectMapper().readTree(json.toFile()).get("size").get("throughput").get("points");
        assertTrue(points.get(2).get("atLeast").asBoolean() && !points.get(0).get("atLeast").asBoolean(), points.toString());
    }

    @Test
    void aResultWithoutADiskObjectLeavesTheDiskConstraintUnjudgedInOneLine() {
        int code = run("size", "--target", "1000", "--points", "1:2000", "--node-disk", "100", "--from", real.toString());
        assertEquals(ExitCode.OK, code, err());
        assertTrue(out().lines().anyMatch(l -> l.startsWith("disk          not judged: no disk figures")), out());
        assertFalse(out().contains("Exception"), out());
    }
}
