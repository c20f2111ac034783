package org.metricsstress.report;

import org.metricsstress.analysis.VerdictsTest;

import org.metricsstress.result.CacheSummary;
import org.metricsstress.result.Facts;
import org.metricsstress.result.ClientSummary;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.SlaResult;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;

class HtmlReportTest {

    /** {@code n} intervals of 10 s; every 100th has a latency spike, so downsampling has peaks to keep. */
    static List<IntervalStats> intervals(int n, boolean indexOn) {
        List<IntervalStats> out = new ArrayList<>();
        long total = 0;
        for (int i = 1; i <= n; i++) {
            double spike = i % 100 == 50 ? 100 : 1;
            LatencySummary resp = new LatencySummary(1000, 1.2 * spike, 2 * spike, 5 * spike, 9 * spike, 20 * spike, 1.5);
            LatencySummary lag = new LatencySummary(1000, 0.01, 0.02, 0.05, 0.1, 0.3 * spike, 0.02);
            total += 10_000;
            out.add(org.metricsstress.result.ResultFixtures.interval(i * 10.0, 10, 1000, 10_000, 9_990, 10, 0, total, total - 10L * i, 10L * i, 0,
                    i % 7, 0, 20, resp, resp, LatencySummary.EMPTY, lag, 12.5 + i % 5, 200L << 20, 1, 3.0,
                    indexOn ? Math.max(0, 3000 - i * 100) : -1, indexOn ? Math.min(100, i * 4) : -1,
                    indexOn ? Math.min(1000, i * 40) : -1));
        }
        return out;
    }

    static StressResult result(List<IntervalStats> intervals, boolean indexOn, Map<String, Object> config) {
        long generated = 1_000_000;
        return org.metricsstress.result.ResultFixtures.result(StressResult.SCHEMA_VERSION, "metrics-stress", "1.2.3",
                Map.of("javaVersion", "17", "cores", 8), config, Facts.plan(5000),
                Facts.cluster("test-cluster", 3), "2026-11-21T00:00:00Z", intervals.size() * 10.0, 0.5, 1000,
                990, generated, 999_000, 900, 100, Map.of("timeout", 60L, "overloaded", 40L, "other", 0L), 0, true, 10_000,
                9, 2000, 10_000, new LatencySummary(1000, 1.2, 2, 5, 9, 2000, 1.5), new LatencySummary(1000, 1, 1.5, 4, 8, 30, 1.1),
                new LatencySummary(1000, 0.05, 0.1, 0.4, 2, 10, 0.07), new LatencySummary(1000, 0.01, 0.02, 0.05, 0.1, 0.3, 0.02),
                org.metricsstress.result.ResultFixtures.client(12.5, 7.5, 8, 1.5, 1L << 30, 300L << 20, 3, 12),
                indexOn ? new IndexSummary(true, 2200, 1300, 0, 100, 3, 7, 0, 100, 100, 120, 800, 1000, 0, 0, 0)
                        : IndexSummary.DISABLED,
                indexOn ? new CacheSummary("guava", "guava, at most 10 entries", 100, 50, 100, 0, 0, 100, 1.0 / 3, 0) : null,
                new Verdict("CLUSTER_BEHIND", "the cluster wrote 99.0% of the target rate; 900 samples dropped"),
                new SlaResult("p99<25ms", false, List.of("dropped 900 > 0")), intervals);
    }

    static StressResult result(int n) {
        return result(intervals(n, true), true, config());
    }

    static Map<String, Object> config() {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("nodes", 500);
        c.put("ring-size", 8192);
        c.put("keyspace", "<script>alert(1)</script>");
        c.put("password-set", true);
        return c;
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern SCRIPT = Pattern.compile("<script([^>]*)>(.*?)</script>", Pattern.DOTALL);

    /** The chart data the page embeds for its script: one entry per run. */
    static JsonNode chartData(String html) {
        Matcher m = Pattern.compile("<script type=\"application/json\" id=\"chart-data\">(.*?)</script>", Pattern.DOTALL)
                .matcher(html);
        assertTrue(m.find(), "no chart data in the page");
        try {
            return JSON.readTree(m.group(1));
        } catch (java.io.IOException e) {
            throw new AssertionError("chart data is not JSON: " + e.getMessage(), e);
        }
    }

    /** The charts' host, their data, uPlot and the script that draws them; nothing else is a script. */
    private static void assertCharts(String html, int runs) {
        assertTrue(html.contains("<div id=\"charts\"></div>"), "no charts container");
        assertEquals(runs, chartData(html).get("runs").size(), "runs in the chart data");
        Matcher m = SCRIPT.matcher(html);
        List<String> scripts = new ArrayList<>();
        while (m.find()) {
            assertFalse(m.group(1).contains("src="), "a script loaded from elsewhere: " + m.group(1));
            scripts.add(m.group(2));
        }
        assertEquals(3, scripts.size(), "scripts: the data, uPlot, the charts");
        assertTrue(scripts.get(1).contains("The MIT License"), "uPlot's licence travels with it");
        assertTrue(scripts.get(1).contains("var uPlot="), "uPlot inlined");
        assertTrue(scripts.get(2).contains("new uPlot("), "the charts' script inlined");
    }

    /** The page outside its scripts: nothing fetched, no NaN or Infinity shown. */
    private static void assertClean(String html) {
        String page = SCRIPT.matcher(html).replaceAll("");
        assertFalse(page.contains("NaN"), "NaN in output");
        assertFalse(page.contains("Infinity"), "Infinity in output");
        assertFalse(page.contains("http://"), "http:// reference in an offline page");
        assertFalse(page.contains("https://"), "https:// reference in an offline page");
        assertFalse(page.contains("<script"), "a script element left unclosed");
        assertFalse(Pattern.compile("\\b(src|href)=").matcher(page).find(), "external reference in the page");
        String data = chartData(html).toString();
        assertFalse(data.contains("NaN") || data.contains("Infinity"), "a non-number in the chart data");
    }

    @Test
    void aRunThatKeptUpWithAdviceIsHeadlinedInAmberAndOneWithoutInGreen() {
        String thrashed = HtmlReport.render(org.metricsstress.analysis.VerdictsTest.keptUpThroughACacheTooSmall(8192));
        assertTrue(thrashed.contains("<section class=\"verdict warn\" id=\"verdict\"><div class=\"kind\">KEPT UP"),
                "kept up, but the cache is advised");
        String sized = HtmlReport.render(org.metricsstress.analysis.VerdictsTest.keptUpThroughACacheTooSmall(15_000));
        assertTrue(sized.contains("<section class=\"verdict ok\" id=\"verdict\">"), "kept up, nothing advised");
    }

    @Test
    void theDiskPanelShowsTheTablesTheProjectionAndItsWarningsAndIsAbsentWithoutDisk() {
        assertFalse(HtmlReport.render(result(5)).contains("Disk and retention"));
        org.metricsstress.result.DiskSummary d = new org.metricsstress.result.DiskSummary("newts", "dc1", 3, 4, 3, true,
                "mixed", List.of(new org.metricsstress.result.DiskSummary.TableDisk("samples", "jmx", 3_000_000, 1_000_000,
                        6L, 0.25, 100_000L, 10.0), new org.metricsstress.result.DiskSummary.TableDisk("terms",
                        "cql-estimate", 3 << 20, 1 << 20, null, null, null, null)), 100_000, 50, 10.0, 20_971.52,
                org.metricsstress.result.RetentionProjection.project(50_000, 10, 1 << 20, 86_400, 86_400, 3,
                        List.of(4, 8), 0.25, null), List.of("1 of 4 nodes <unreachable>"));
        String html = HtmlReport.render(result(5).withDisk(d));
        assertTrue(html.contains("<h2>Disk and retention</h2>"), "panel");
        assertTrue(html.contains("<tr><td>samples</td><td>1.0 MB</td><td>6</td><td>0.250</td><td>100,000</td>"
                + "<td>10.0</td><td>jmx</td></tr>"), html);
        assertTrue(html.contains("<td>cql-estimate (estimate)</td>"), "estimates are marked");
        // 50,000/s x 10 B x 1 day = 43.2 GB per copy (+1 MiB index); RF 3 on 4 nodes: 3/4 of it.
        assertTrue(html.contains("<tr><td>4</td><td>32.4 GB</td>"), html);
        assertTrue(html.contains("warning: 2 TWCS windows live at once"), "the window count is warned");
        assertTrue(html.contains("1 of 4 nodes &lt;unreachable&gt;"), "notes are escaped");
        assertClean(html);
    }

    @Test
    void everyChartVerdictAuditAndTableIsThere() {
        String html = HtmlReport.render(result(60));
        assertCharts(html, 1);
        assertTrue(html.contains("CLUSTER BEHIND"), "verdict kind");
        assertTrue(html.contains("the cluster wrote 99.0% of the target rate; 900 samples dropped"), "verdict message");
        assertTrue(html.contains("audit: generated 1,000,000 = written 999,000 + dropped 900 + failed 100 : "
                + "<strong>BALANCED</strong>"), "audit line");
        assertTrue(html.contains("SLA <code>p99&lt;25ms</code>: <strong>FAILED</strong>"), "sla");
        assertTrue(html.contains("<th>timeout</th><td>60</td>"), "failures by class");
        assertTrue(html.contains("<th>schedule lag</th>"), "latency table");
        assertTrue(html.contains("test-cluster"), "cluster map");
        assertTrue(html.contains("<li data-kind=\"index\">indexed at 120.0 s</li>"), "index completion marker");
        assertTrue(html.contains("<li data-kind=\"coldstart\">first drops at 0.0 s</li>"), "first drops marked");
        assertClean(html);
    }

    @Test
    void eventsAreMarkedOnTheChartsAndNodesAndEventsTabled() {
        StressResult r = result(60);
        StressResult withEvents = new StressResult(r.schemaVersion(), r.tool(), r.version(), r.environment(), r.config(),
                r.plan(), r.cluster(), r.startedAt(), r.generationSeconds(), r.drainSeconds(), r.targetSamplesPerSecond(),
                r.writtenSamplesPerSecond(), r.generated(), r.written(), r.dropped(), r.failed(), r.failedByClass(),
                r.unaccounted(), r.drained(), r.groupCommitsGenerated(), r.groupCommitsDropped(),
                r.stringAttributesGenerated(), r.writeRequests(), r.responseLatency(), r.serviceLatency(),
                r.queueLatency(), r.scheduleLag(), r.client(), r.index(), r.cache(), r.verdict(), r.sla(), r.intervals(),
                new StressResult.WriteAttempts(3, 0, 0, Map.of("unavailable", "Not enough replicas")),
                List.of(new org.metricsstress.result.NodeSummary("127.0.0.1:9042", "dc1", 100, 1000,
                                Map.of("timeout", 0L), org.metricsstress.result.LatencySummary.EMPTY),
                        new org.metricsstress.result.NodeSummary("127.0.0.2:9042", "dc2", 7, 0,
                                Map.of("unavailable", 7L), org.metricsstress.result.LatencySummary.EMPTY)),
                List.of(new org.metricsstress.result.RunEvent(30.0, "kill dc2 (127.0.0.2 pid 77): SIGKILL")), List.of(), null, null, null,
                null, r.generated(), 0, null, org.metricsstress.result.Distance.of(Map.of("dc1-dc2", "10ms~0.5ms"),
                        "EACH_QUORUM", List.of(new org.metricsstress.result.NodeSummary("127.0.0.1:9042", "dc1", 100, 1000,
                                Map.of("timeout", 0L), r.serviceLatency())),
                        new org.metricsstress.result.Distance.Relays(12_300_000, 1.5)), null, null, null, null, null, null, java.util.List.of());
        String html = HtmlReport.render(withEvents);
        assertCharts(html, 1);
        assertTrue(html.contains("<li data-kind=\"fault\">kill dc2 at 30.0 s</li>"), "the event is marked by its verb and target");
        JsonNode marker = chartData(html).get("runs").get(0).get("markers").get(0);
        assertEquals("{\"at\":30.0,\"text\":\"kill dc2\",\"kind\":\"fault\"}", marker.toString());
        assertTrue(html.contains("kill dc2 (127.0.0.2 pid 77): SIGKILL"), "the events table has the whole line");
        assertTrue(html.contains("<th>127.0.0.2:9042</th><td>dc2</td>"), "a row per node");
        assertTrue(html.contains("7 (unavailable 7)"), "failed attempts with their class");
        assertTrue(html.contains("<th>dc1-dc2</th><td>10ms~0.5ms</td>"), "the DCs' distance, one way");
        assertTrue(html.contains("<th>EACH_QUORUM</th><td>dc1</td>"), "service time per consistency level and DC");
        assertTrue(html.contains("The delay relays moved 12.3 MB between DCs and used 1.5 s of CPU"),
                "what the relays cost the client's process");
        assertClean(html);
    }

    @Test
    void anUnbalancedAuditSaysByHowMuch() {
        StressResult r = result(5);
        StressResult off = org.metricsstress.result.ResultFixtures.result(r.schemaVersion(), r.tool(), r.version(), r.environment(), r.config(), r.plan(),
                r.cluster(), r.startedAt(), r.generationSeconds(), r.drainSeconds(), r.targetSamplesPerSecond(), r.writtenSamplesPerSecond(),
                r.generated(), r.written(), r.dropped(), r.failed(), r.failedByClass(), 42, false,
                r.groupCommitsGenerated(), r.groupCommitsDropped(), r.stringAttributesGenerated(), r.writeRequests(),
                r.responseLatency(), r.serviceLatency(), r.queueLatency(), r.scheduleLag(), r.client(), r.index(), r.cache(),
                r.verdict(), r.sla(), r.intervals());
        String html = HtmlReport.render(off);
        assertTrue(html.contains("<strong>OFF BY 42: 42 samples unaccounted for"), html);
        assertTrue(html.contains("audit bad"));
        assertTrue(html.contains("drain timed out"));
    }

    @Test
    void textFromTheResultIsEscapedAndSecretsStayOut() {
        Map<String, Object> config = config();
        config.put("redis-password", "hunter2");
        config.put("quote\"key", "a & b 'c'");
        String html = HtmlReport.render(result(intervals(3, true), true, config));
        assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "escaped config value");
        assertFalse(html.contains("<script>alert(1)</script>"));
        assertTrue(html.contains("quote&quot;key"));
        assertTrue(html.contains("a &amp; b &#39;c&#39;"));
        assertFalse(html.contains("hunter2"), "a password-like entry was rendered");
        assertTrue(html.contains("<th>password-set</th><td>true</td>"), "flags about credentials are not secrets");
        assertClean(html);
    }

    @Test
    void noIntervalsStillRendersEveryChart() {
        String html = HtmlReport.render(result(List.of(), true, config()));
        assertCharts(html, 1);
        assertEquals(0, chartData(html).get("runs").get(0).get("intervals").size());
        assertTrue(html.contains("no intervals recorded"));
        assertClean(html);
    }

    @Test
    void theChartDataIsTheResultFilesIntervalsWithoutTheirHistograms(@TempDir Path dir) throws Exception {
        StressResult r = result(intervals(25, true), true, config());
        Path file = dir.resolve("result.json");
        ResultJson.write(r, file);
        JsonNode fromFile = JSON.readTree(file.toFile()).get("intervals");
        for (JsonNode interval : fromFile) {
            interval.forEach(v -> {
                if (v instanceof ObjectNode o) {
                    assertTrue(o.has("hdr"), "the file's latencies carry their histograms");
                    o.remove("hdr");
                }
            });
        }
        JsonNode embedded = chartData(HtmlReport.render(ResultJson.read(file))).get("runs").get(0).get("intervals");
        assertEquals(25, embedded.size());
        assertEquals(fromFile, embedded);
    }

    @Test
    void aLongRunsPageIsSmallerThanItsResultFile(@TempDir Path dir) throws Exception {
        StressResult r = result(5000);
        Path file = dir.resolve("result.json");
        ResultJson.write(r, file);
        String html = HtmlReport.render(r);
        assertCharts(html, 1);
        assertEquals(5000, chartData(html).get("runs").get(0).get("intervals").size(), "every interval is drawn");
        assertTrue(html.length() < Files.size(file), "page of " + html.length() + " chars, result file of "
                + Files.size(file) + " bytes");
        assertClean(html);
    }

    @Test
    void textThatWouldEndTheDataScriptStaysInside() {
        StressResult r = HtmlReportTest.withEvent(result(5), "</script><script>alert(1)</script> (x)");
        String html = HtmlReport.render(r);
        assertCharts(html, 1);
        assertEquals("</script><script>alert(1)</script>",
                chartData(html).get("runs").get(0).get("markers").get(0).get("text").asText());
        assertClean(html);
    }

    @Test
    void severalRunsAreOverlaidWithTheirJudgedDifferences(@TempDir Path dir) throws Exception {
        StressResult a = result(30);
        Map<String, Object> otherConfig = config();
        otherConfig.put("ring-size", 1024);
        StressResult b = withEvent(result(intervals(40, true), true, otherConfig), "kill dc1 (127.0.0.1): SIGKILL");
        Path file = dir.resolve("overlay.html");
        HtmlReport.writeOverlaid(List.of(new HtmlReport.NamedResult("a.json", a), new HtmlReport.NamedResult("b.json", b)),
                0.05, file);
        String html = Files.readString(file, StandardCharsets.UTF_8);
        assertCharts(html, 2);
        JsonNode runs = chartData(html).get("runs");
        assertEquals("A", runs.get(0).get("tag").asText());
        assertEquals("b.json", runs.get(1).get("name").asText());
        assertEquals(30, runs.get(0).get("intervals").size());
        assertEquals(40, runs.get(1).get("intervals").size());
        assertTrue(html.contains("<li data-kind=\"fault\">B: kill dc1 at 10.0 s</li>"), "markers say whose they are");
        assertTrue(html.contains("<table class=\"num\" id=\"compare-A-B\">"), "the judged differences");
        assertTrue(html.contains("The runs' settings differ in: ring-size"), "settings that differ");
        // Same figures: no regression. B's run is longer, yet its totals are the same by construction.
        assertTrue(html.contains("<strong>no regression</strong> (worse, significant at 95% and beyond 5.0%)"), html);
        assertTrue(html.contains("<th>95% interval</th>"), "each figure's interval");
        assertTrue(html.contains("one run per side (30 and 40 report intervals)"), "what the intervals rest on");
        assertClean(html);
    }

    static StressResult withEvent(StressResult r, String event) {
        return new StressResult(r.schemaVersion(), r.tool(), r.version(), r.environment(), r.config(),
                r.plan(), r.cluster(), r.startedAt(), r.generationSeconds(), r.drainSeconds(), r.targetSamplesPerSecond(),
                r.writtenSamplesPerSecond(), r.generated(), r.written(), r.dropped(), r.failed(), r.failedByClass(),
                r.unaccounted(), r.drained(), r.groupCommitsGenerated(), r.groupCommitsDropped(),
                r.stringAttributesGenerated(), r.writeRequests(), r.responseLatency(), r.serviceLatency(),
                r.queueLatency(), r.scheduleLag(), r.client(), r.index(), r.cache(), r.verdict(), r.sla(), r.intervals(),
                StressResult.WriteAttempts.NONE, List.of(), List.of(new org.metricsstress.result.RunEvent(10.0, event)),
                List.of(), null, null, null, null, r.generated(), 0, null, org.metricsstress.result.Distance.NONE, null,
                null, null, null, null, null, java.util.List.of());
    }

    @Test
    void withIndexingOffTheIndexChartIsANote() {
        String html = HtmlReport.render(result(intervals(20, false), false, config()));
        assertCharts(html, 1);
        assertFalse(chartData(html).get("runs").get(0).get("indexOn").asBoolean(), "the index chart is left out");
        assertClean(html);
    }

    @Test
    void notMeasuredAndBrokenValuesNeverReachTheCharts() {
        LatencySummary nan = new LatencySummary(5, Double.NaN, Double.POSITIVE_INFINITY, -1, Double.NaN, Double.NaN, Double.NaN);
        List<IntervalStats> iv = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            iv.add(org.metricsstress.result.ResultFixtures.interval(i == 4 ? Double.NaN : i, i == 5 ? 0 : 1, Double.NaN, 0, 0, -3, 0, 0, 0, 0, 0, -1, 0, 0,
                    nan, null, LatencySummary.EMPTY, nan, Double.NEGATIVE_INFINITY, -1, 0, Double.NaN, -1, -1, -1));
        }
        StressResult r = result(iv, true, config());
        StressResult broken = org.metricsstress.result.ResultFixtures.result(r.schemaVersion(), null, null, null, null, null, null, null, Double.NaN,
                Double.POSITIVE_INFINITY, Double.NaN, Double.NaN, 0, 0, 0, 0, null, 0, true, 0, 0, 0, 0, null, null, null,
                null, org.metricsstress.result.ResultFixtures.client(Double.NaN, Double.NaN, 0, Double.NaN, 0, 0, 0, Double.NaN), r.index(), null, null,
                null, iv);
        for (StressResult each : List.of(r, broken)) {
            String html = HtmlReport.render(each);
            assertClean(html);
            assertCharts(html, 1);
        }
    }

    @Test
    void allZeroSeriesRender() {
        List<IntervalStats> iv = new ArrayList<>();
        for (int i = 1; i <= 30; i++) {
            iv.add(org.metricsstress.result.ResultFixtures.interval(i, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, LatencySummary.EMPTY, LatencySummary.EMPTY,
                    LatencySummary.EMPTY, new LatencySummary(10, 0, 0, 0, 0, 0, 0), 0, 0, 0, 0, 0, 0, 0));
        }
        String html = HtmlReport.render(result(iv, true, config()));
        assertCharts(html, 1);
        assertClean(html);
    }

    @Test
    void writeCreatesDirectoriesAndLeavesNoTemporaryFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("a/b/report.html");
        HtmlReport.write(result(10), file);
        String html = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertTrue(html.contains("µs"), "written as UTF-8");
        HtmlReport.write(result(3), file);
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertEquals(List.of(file), files.toList());
        }
    }
}
