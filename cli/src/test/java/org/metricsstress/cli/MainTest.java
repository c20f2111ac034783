package org.metricsstress.cli;

import org.metricsstress.api.ExitCode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressOptions;

class MainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

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
        "--bogus", "-n abc", "-n 0", "--nodes -5", "--ring-size 1000", "--replication dc1", "--contact-points host:0",
        "--on-full maybe", "--duration 5 minutes", "-i", "--write-cl MOST", "--embedded --contact-points h:1",
        "--embedded-heap lots --embedded", "--rate-factor x",
        "verify", "verify --resources 0%", "verify --from-result none.json", "verify --duration 10s",
        "merge", "--read-hot 10%:90%", "--freshness-dc dc2", "--verify-after 0",
        "bench --warmup-samples 0", "bench --phase forever", "bench --duration 5s", "bench --node-pid x",
        "bench --embedded --node-pid 5", "bench --embedded --contact-points h:1", "bench -n 0",
        "bench --client-only --embedded", "bench --client-only --contact-points h:1", "--sink nowhere",
        "bench --soak 10m --bench-json x.json", "bench --soak 10m --client-only",
        "--sink null --read-rate 5", "--compression zip", "--index-max-in-flight none",
        "--embedded-image cassandra:5.0", "--embedded --embedded-image cassandra:5.0 --embedded-tls",
        "--embedded --embedded-fault partition_dc1_at_1s", "--embedded --embedded-image cassandra:5.0 --embedded-fault "
                + "kill_127.0.0.1_at_1s",
        "--embedded-node 127.0.0.1:heap=1G", "--embedded --embedded-node 127.0.0.2:heap=1G",
        "--embedded --embedded-nodes dc1:2 --embedded-node 127.0.0.2:tokens=4",
        "--embedded --embedded-nodes dc1:2 --embedded-node 127.0.0.2:heap=64M",
        "--embedded --embedded-nodes dc1:2 --embedded-node 127.0.0.2:commitlog=slow",
        "--embedded --embedded-image cassandra:5.0 --embedded-node 127.0.0.1:heap=1G",
        "--embedded --embedded-nodes dc1:2 --embedded-node 127.0.0.2:cpu=150%",
        "--embedded --embedded-nodes dc1:2 --embedded-node 127.0.0.2:cpu=40",
        "--embedded --embedded-image cassandra:5.0 --embedded-node 127.0.0.1:cpu=40%",
        "--embedded --embedded-fault cpu_127.0.0.1_0%_from_1s",
        "--embedded --embedded-image cassandra:5.0 --embedded-fault cpu_dc1_25%_from_1s"
    })
    void badInputIsOneLineAndExitCodeTwo(String args) {
        // '_' stands for a space inside one argument.
        assertEquals(ExitCode.USAGE, run(java.util.Arrays.stream(args.split(" ")).map(a -> a.replace('_', ' '))
                .toArray(String[]::new)));
        String e = err();
        assertEquals(1, e.lines().count(), "one line, got: " + e);
        assertTrue(e.startsWith("metrics-stress: "), e);
        assertFalse(e.contains("Exception"), e);
        assertFalse(e.contains("\tat "), e);
        assertEquals("", out());
    }

    @Test
    void unknownOptionIsNamed() {
        run("--nodez", "5");
        assertTrue(err().contains("--nodez"), err());
    }

    @Test
    void helpListsEveryOptionOfTheTableAndTheCliOnes() {
        assertEquals(ExitCode.OK, run("--help"));
        String help = out();
        for (OptionDef d : StressOptions.all()) {
            assertTrue(help.contains(d.longName()), d.longName());
            if (d.shortName() != null) {
                assertTrue(help.contains(d.shortName() + ", " + d.longName()), d.shortName());
            }
        }
        assertTrue(help.contains("--embedded"));
        assertTrue(help.contains("schema"));
        assertTrue(help.contains("(default: 8192)"));
    }

    @Test
    void schemaPrintsCqlWithoutConnecting() {
        assertEquals(ExitCode.OK, run("schema", "--keyspace", "ts", "--replication", "Main:3,DR:3", "--twcs-window", "1d"));
        String cql = out();
        assertTrue(cql.contains("CREATE KEYSPACE IF NOT EXISTS ts WITH replication = "
                + "{'class': 'NetworkTopologyStrategy', 'Main': 3, 'DR': 3}"), cql);
        assertTrue(cql.contains("CREATE TABLE IF NOT EXISTS ts.samples"));
        assertTrue(cql.contains("'compaction_window_unit': 'DAYS', 'compaction_window_size': '1'"));
        assertTrue(cql.contains("CREATE TABLE IF NOT EXISTS ts.resource_metrics"));
    }

    @Test
    void schemaRejectsStressOnlyOptions() {
        assertEquals(ExitCode.USAGE, run("schema", "-n", "5"));
    }

    @Test
    void unreachableClusterFailsWithinBoundAndNamesContactPoints() {
        String closed = ClosedPort.address();
        int code = run("--contact-points", closed, "--connect-timeout", "5s", "--duration", "5s");
        assertEquals(ExitCode.CLUSTER, code, err());
        assertTrue(err().contains(closed), err());
        assertEquals(1, err().lines().count(), err());
        // A refused connection is said to be one, not waited out until the connect timeout.
        assertFalse(err().contains("no answer within"), err());
    }

    /**
     * verify reads back a run that has happened: its --start-at is past by definition, and the
     * run's start-time rules (already over, too late) refused it before it could connect.
     */
    @Test
    void verifyByTheRunsOptionsTakesAStartLongPast() {
        String closed = ClosedPort.address();
        String twoHoursAgo = java.time.Instant.now().minusSeconds(7_200).toString();
        int code = run("verify", "--start-at", twoHoursAgo, "--duration", "60s", "--contact-points",
                closed, "--connect-timeout", "2s");
        assertEquals(ExitCode.CLUSTER, code, "got as far as connecting: " + err());
    }

    @Test
    void theOptionReferenceIsTheOneTheTableMakes() throws Exception {
        // Surefire runs in the module directory; docs/ is at the root of the reactor.
        String doc = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "options.md"));
        int begin = doc.indexOf(OptionsTable.BEGIN);
        int end = doc.indexOf(OptionsTable.END);
        assertTrue(begin >= 0 && end > begin, "docs/options.md lacks the generated option table markers");
        String table = doc.substring(begin + OptionsTable.BEGIN.length() + 1, end);
        if (!table.equals(OptionsTable.markdown())) {
            // The page as it should be, to copy over: the hand-written parts kept, the reference regenerated.
            java.nio.file.Path fixed = java.nio.file.Path.of("target", "options.md");
            java.nio.file.Files.writeString(fixed, doc.substring(0, begin + OptionsTable.BEGIN.length() + 1)
                    + OptionsTable.markdown() + doc.substring(end));
            assertEquals(OptionsTable.markdown(), table, "docs/options.md differs from the option table; "
                    + "the regenerated page is in cli/" + fixed + ": cp cli/target/options.md docs/options.md");
        }
        for (OptionDef d : StressOptions.table()) {
            assertTrue(table.contains("`" + d.longName() + "`") || table.contains(", " + d.longName() + "`"),
                    d.longName());
        }
        for (StressOptions.EnvSetting e : StressOptions.environment()) {
            assertTrue(doc.contains(e.name()), "docs/options.md lacks " + e.name());
        }
    }

    @Test
    void helpShowsEveryDefinitionWithItsDefault() {
        assertEquals(ExitCode.OK, run("--help"));
        // picocli wraps long descriptions: compare with runs of white space folded.
        String help = out().replaceAll("\\s+", " ");
        for (OptionDef d : OptionsTable.offered()) {
            String expected = d.helpWithDefault().replaceAll("\\s+", " ");
            assertTrue(help.contains(expected), d.longName() + ": " + expected + "\n" + help);
        }
    }

    @Test
    void aResultOfAnotherSchemaVersionIsRefusedInOneLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path file = savedResult(dir, "old.json", 10);
        String text = java.nio.file.Files.readString(file);
        java.nio.file.Files.writeString(file, text.replaceFirst("\"schemaVersion\"\\s*:\\s*\\d+", "\"schemaVersion\" : 1"));
        assertEquals(ExitCode.USAGE, run("report", file.toString()));
        assertEquals(1, err().lines().count(), err());
        assertTrue(err().contains("schemaVersion 1; this version of the tool reads "
                + org.metricsstress.result.StressResult.OLDEST_READABLE + " to "
                + org.metricsstress.result.StressResult.SCHEMA_VERSION), err());
    }

    /** A saved result with the figures compare reads; p99 is the knob. */
    private static java.nio.file.Path savedResult(java.nio.file.Path dir, String name, double p99) throws Exception {
        var l = new org.metricsstress.result.LatencySummary(100, p99 / 2, p99, p99, p99, p99, p99 / 2);
        // 20 one-second intervals, p99 a few percent either side: enough for compare's intervals.
        java.util.List<org.metricsstress.result.IntervalStats> intervals = new java.util.ArrayList<>();
        for (int t = 0; t < 20; t++) {
            double p = p99 * (1 + 0.03 * Math.sin(2.4 * t));
            var li = new org.metricsstress.result.LatencySummary(100, p / 2, p, p, p, p, p / 2);
            intervals.add(org.metricsstress.result.ResultFixtures.interval(t + 1, 1, 100, 100, 100, 0, 0, 100L * (t + 1),
                    100L * (t + 1), 0, 0, 0, 0, 1, li, li, li, li, 10, 1, 0, 0, -1, -1, 0));
        }
        var r = org.metricsstress.result.ResultFixtures.result(org.metricsstress.result.StressResult.SCHEMA_VERSION, "metrics-stress", "dev", Map.of(), Map.of("nodes", 1),
                org.metricsstress.result.PlanFacts.NONE, org.metricsstress.result.ClusterFacts.NONE, "2026-11-21T00:00:00Z", 20, 0, 100, 100, 2000, 2000, 0, 0, Map.of(), 0, true, 100, 0,
                0, 100, l, l, l, l, org.metricsstress.result.ResultFixtures.client(1, 1, 2, 1, 1, 1, 0, 0),
                org.metricsstress.result.IndexSummary.DISABLED, null,
                new org.metricsstress.result.Verdict("KEPT_UP", "ok"), null, intervals);
        java.nio.file.Path file = dir.resolve(name);
        org.metricsstress.report.ResultJson.write(r, file);
        return file;
    }

    /** Instance {@code index}/{@code count} of a plan of {@code nodes} nodes, with its histograms. */
    private static java.nio.file.Path savedInstance(java.nio.file.Path dir, String name, int index, int count,
            int nodes) throws Exception {
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
        h.recordValueWithCount(5_000, 100);
        var l = org.metricsstress.result.LatencySummary.of(h);
        Map<String, Object> config = Map.of("nodes", nodes, "instance", index + "/" + count, "instances", count,
                "report", "1s");
        var r = org.metricsstress.result.ResultFixtures.result(org.metricsstress.result.StressResult.SCHEMA_VERSION,
                "metrics-stress", "dev", Map.of(), config, org.metricsstress.result.PlanFacts.NONE,
                org.metricsstress.result.ClusterFacts.NONE, "2026-11-21T00:00:00Z", 10, 0, 100, 100,
                1000, 1000, 0, 0, Map.of(), 0, true, 100, 0, 0, 100, l, l, l, l,
                org.metricsstress.result.ResultFixtures.client(1, 1, 2, 1, 1, 1, 0, 0),
                org.metricsstress.result.IndexSummary.DISABLED, null,
                new org.metricsstress.result.Verdict("KEPT_UP", "ok"), null, java.util.List.of());
        java.nio.file.Path file = dir.resolve(name);
        org.metricsstress.report.ResultJson.write(r, file);
        return file;
    }

    @Test
    void mergeAddsTheInstancesAndRefusesWhatIsNotOnePlanInOneLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        String a = savedInstance(dir, "a.json", 0, 2, 10).toString();
        String b = savedInstance(dir, "b.json", 1, 2, 10).toString();
        String other = savedInstance(dir, "other.json", 1, 2, 20).toString();
        String merged = dir.resolve("merged.json").toString();
        assertEquals(ExitCode.OK, run("merge", a, b, "-o", merged, "--sla", "drops=0"), err() + out());
        assertTrue(out().contains("samples       generated 2,000, written 2,000"), out());
        assertEquals(2000, org.metricsstress.report.ResultJson.read(java.nio.file.Path.of(merged)).written());
        assertEquals(ExitCode.CRITERIA_FAILED, run("merge", a, b, "--sla", "p99<1ms"));

        for (String[] wrong : new String[][] {{a, other}, {a, a}, {a}, {a, dir.resolve("none.json").toString()},
                {a, b, "--sla", "p99 fast"}}) {
            java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("merge"));
            args.addAll(java.util.List.of(wrong));
            err.reset();
            assertEquals(ExitCode.USAGE, run(args.toArray(new String[0])), String.join(" ", wrong));
            assertEquals(1, err().lines().count(), err());
            assertFalse(err().contains("\tat "), err());
        }
        assertEquals(ExitCode.USAGE, run("merge", a, other));
        assertTrue(err().contains("is not an instance of the same plan as " + a + ": nodes is 20, not 10"), err());
        assertEquals(ExitCode.USAGE, run("merge", a));
        assertTrue(err().contains("instance 1/2 missing"), err());
    }

    @Test
    void compareExitsOneOnARegressionAndZeroWithout(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        String a = savedResult(dir, "a.json", 10).toString();
        String same = savedResult(dir, "same.json", 10.2).toString();
        String worse = savedResult(dir, "worse.json", 20).toString();
        assertEquals(ExitCode.OK, run("compare", a, same));
        assertTrue(out().contains("result: no regression (worse, significant at 95% and beyond 5.0%)"), out());
        assertEquals(ExitCode.CRITERIA_FAILED, run("compare", a, worse, "--max-regression", "10%"));
        assertTrue(out().contains("REGRESSION"), out());
        assertEquals(ExitCode.USAGE, run("compare", a, worse, "--max-regression", "lots"));
        // Several runs per side, and the comparison as JSON: per figure both sides, the change, its interval.
        java.nio.file.Path json = dir.resolve("compare.json");
        assertEquals(ExitCode.OK, run("compare", a, same, "--vs", a, same, "--result-json", json.toString()));
        assertTrue(out().contains("intervals: 2 run(s) against 2"), out());
        var figures = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.toFile()).get("figures");
        var p99 = java.util.stream.StreamSupport.stream(figures.spliterator(), false)
                .filter(f -> f.get("figure").asText().equals("response p99 ms")).findFirst().orElseThrow();
        assertEquals(2, p99.get("ci95").size(), p99.toString());
        assertEquals("runs", p99.get("basis").asText());
        assertFalse(p99.get("significant").asBoolean(), p99.toString());
        assertEquals(0.0, p99.get("change").asDouble(), 1e-9);
        assertFalse(java.nio.file.Files.readString(json).contains("NaN"));
        // Missing, extra or wrong sides: one line, exit 2, nothing read.
        for (String[] wrong : new String[][] {{a}, {a, same, worse}, {"--vs", a}, {a, "--vs"}}) {
            java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("compare"));
            args.addAll(java.util.List.of(wrong));
            err.reset();
            assertEquals(ExitCode.USAGE, run(args.toArray(new String[0])), String.join(" ", wrong));
            assertEquals(1, err().lines().count(), err());
            assertFalse(err().contains("\tat "), err());
        }
    }

    @Test
    void savedResultCommandsRejectMissingOrForeignFilesInOneLine(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path foreign = java.nio.file.Files.writeString(dir.resolve("x.json"), "{\"hello\": 1}");
        assertEquals(ExitCode.USAGE, run("report", dir.resolve("none.json").toString()));
        assertEquals(ExitCode.USAGE, run("compare", foreign.toString(), foreign.toString()));
        assertEquals(2, err().lines().count(), err());
        assertFalse(err().contains("\tat "));
    }

    @Test
    void reportMakesTheHtmlOfASavedResult(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path result = savedResult(dir, "run.json", 10);
        assertEquals(ExitCode.OK, run("report", result.toString()));
        String html = java.nio.file.Files.readString(dir.resolve("run.html"));
        assertTrue(html.contains("<script type=\"application/json\" id=\"chart-data\">"), "no chart data in the report");
        assertTrue(html.contains("var uPlot="), "uPlot not inlined");
    }

    /**
     * A cache of 10 entries for 4,000 resources re-indexes on every commit: the first round cannot keep
     * up and its advice (a larger cache) is applied in a second. Both rounds on one page.
     */
    @Test
    void tuneDrawsItsRoundsSideBySide(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path page = dir.resolve("tune.html");
        // Round 1 must fall behind on any machine, --sink null included (a quiet one kept up at 40,000
        // samples/s): each second's 4,000 commits at once (-b) into a ring of 16 events, every commit
        // indexed again through a 10-entry cache, drops.
        run("tune", "--sink", "null", "-n", "400", "-f", "2", "-g", "5", "-a", "10", "-s", "2", "-i", "1", "-b",
                "--ring-size", "16", "--duration", "3s", "--max-rounds", "2", "--cache-max-entries", "10",
                "--report-html", page.toString());
        assertTrue(out().contains("tune round 2 of at most 2"), out());
        assertTrue(out().contains("report written to " + page), out());
        String html = java.nio.file.Files.readString(page);
        assertTrue(html.contains("<td class=\"what\">round 1</td>") && html.contains("<td class=\"what\">round 2</td>"),
                "both rounds in the runs' table");
        assertTrue(html.contains("<h2>B against A</h2>"), "round 2 judged against round 1");
        assertTrue(html.contains("The runs' settings differ in: cache-max-entries"), "what tune changed");
    }

    @Test
    void compareAndReportOverlaySeveralRunsOnOnePage(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        String a = savedResult(dir, "a.json", 10).toString();
        String worse = savedResult(dir, "worse.json", 20).toString();
        java.nio.file.Path page = dir.resolve("ab.html");
        assertEquals(ExitCode.CRITERIA_FAILED, run("compare", a, worse, "-o", page.toString()));
        assertTrue(out().contains("report written to " + page), out());
        String html = java.nio.file.Files.readString(page);
        assertTrue(html.contains("<h2>B against A</h2>"), "the judged differences");
        assertTrue(html.contains("<strong>regression</strong>"), "the regression marked");
        assertEquals(ExitCode.OK, run("report", a, worse, a));
        String three = java.nio.file.Files.readString(dir.resolve("a-overlaid.html"));
        assertTrue(three.contains("<h2>C against A</h2>"), "every run against the first");
    }
}
