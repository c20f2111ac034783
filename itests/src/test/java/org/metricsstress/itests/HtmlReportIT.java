package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.NodeTelemetry;
import org.metricsstress.result.CacheSummary;
import org.metricsstress.result.ColdStart;
import org.metricsstress.result.Distance;
import org.metricsstress.result.RunEvent;
import org.metricsstress.result.ClientSummary;
import org.metricsstress.report.HtmlReport;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.SlaResult;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;

/**
 * The HTML report as a browser shows it: Debian's chromium, headless, opens the file offline (no
 * network: the page fetches nothing), runs its scripts, dumps the DOM it built and takes a
 * screenshot. A page that only looks right as a string (a script error, a chart of zero size, uPlot
 * not drawing) fails here: every chart must hold uPlot's canvas, and the browser's console must stay
 * silent (chromium logs each console message and uncaught error to stderr as {@code CONSOLE}).
 *
 * <p>The pages and the screenshots are kept in {@code itests/target/html-report-it/} to look at.
 */
class HtmlReportIT {
    /** The charts of a run with an index and no workers' time (the workers' chart needs it). */
    private static final List<String> CHARTS = List.of("chart-rate", "chart-latency", "chart-service", "chart-queue",
            "chart-lag", "chart-ring", "chart-index", "chart-client", "chart-node-mutation", "chart-node-transport",
            "chart-node-flush", "chart-node-compactions", "chart-node-hints", "chart-node-write", "chart-node-gc", "chart-node-cpu",
            "chart-node-read");
    private static final String VERDICT =
            "the cluster wrote 99.8% of the target rate; 66,000 samples dropped (ring full) while the index was cold";
    private static final long TIMEOUT_SECONDS = 90;

    /**
     * Ten minutes at 50,000 samples/s (1,000 nodes x 10 interfaces x 5 groups x 10 attributes every
     * 10 s), reported every 10 s. The first 150 s index 60,000 resources from a cold cache: the ring
     * fills and drops samples; two latency spikes later on; the drain at the end.
     */
    static StressResult realisticResult() {
        List<IntervalStats> iv = new ArrayList<>();
        long gen = 0;
        long wr = 0;
        long dr = 0;
        long fl = 0;
        long cache = 0;
        Random rnd = new Random(7);
        for (int i = 1; i <= 60; i++) {
            boolean cold = i <= 15;
            boolean spike = i == 27 || i == 44;
            long generated = 500_000;
            long dropped = cold && i >= 4 && i <= 11 ? 6_000 + 2_000L * (i % 3) : 0;
            long failed = spike ? 120 : 0;
            long written = generated - dropped - failed;
            gen += generated;
            wr += written;
            dr += dropped;
            fl += failed;
            cache = Math.min(60_000, cache + (cold ? 4_000 : 0));
            double j = 1 + 0.15 * rnd.nextGaussian();
            double base = cold ? 6 : 1.1;
            double p99 = (spike ? 180 : base * 4) * Math.abs(j);
            LatencySummary resp = new LatencySummary(50_000, base * Math.abs(j), base * 2, p99, p99 * 2.5,
                    spike ? 2_400 : p99 * 6, base * 1.3);
            LatencySummary svc = new LatencySummary(50_000, 0.9, 1.6, spike ? 60 : 3.5 * Math.abs(j), 9, 30, 1.1);
            LatencySummary queue = new LatencySummary(50_000, cold ? 2 : 0.02, cold ? 4 : 0.05, cold ? 12 : 0.3,
                    cold ? 30 : 1, spike ? 1_900 : cold ? 80 : 4, cold ? 2.4 : 0.04);
            LatencySummary lag = new LatencySummary(50_000, 0.01, 0.02, 0.06 * Math.abs(j), 0.2,
                    i % 13 == 0 ? 8 : 1.5 * Math.abs(j), 0.015);
            long ring = cold ? Math.min(8192, 900L * i) : 20 + rnd.nextInt(60);
            long heap = (180L + (i * 37L) % 260) << 20;
            iv.add(org.metricsstress.result.ResultFixtures.interval(i * 10.0, 10, 50_000, generated, written, dropped, failed, gen, wr, dr, fl, ring, 0,
                    cold ? 512 : 40 + rnd.nextInt(30), resp, svc, queue, lag, 28 + 6 * rnd.nextDouble() + (cold ? 10 : 0),
                    heap, i % 4 == 0 ? 1 : 0, i % 4 == 0 ? 6 + (spike ? 40 : 0) : 0, cold ? 120_000 - 6_000L * i : 0,
                    Math.min(100, i * 100.0 / 15), cache));
        }
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("nodes", 1000);
        config.put("interfaces", 10);
        config.put("groups", 5);
        config.put("attributes", 10);
        config.put("interval", "10s");
        config.put("ring-size", 8192);
        config.put("writer-threads", 16);
        config.put("contact-points", "10.0.0.1:9042,10.0.0.2:9042,10.0.0.3:9042");
        config.put("username", "stress");
        config.put("password-set", true);
        config.put("cache", "guava");
        org.metricsstress.result.PlanFacts plan = new org.metricsstress.result.PlanFacts(50_000L, 10_000L, 500_000L,
                null, null, null, null, null, null, null);
        org.metricsstress.result.ClusterFacts cluster = new org.metricsstress.result.ClusterFacts("prod-like", 3, "dc1",
                List.of("5.0.2"), null, null, null, null);
        Map<String, Object> env = Map.of("toolVersion", "0.1.0", "javaVersion", "17.0.15", "cores", 8);
        StressResult r = org.metricsstress.result.ResultFixtures.result(StressResult.SCHEMA_VERSION, "metrics-stress", "0.1.0", env, config, plan, cluster,
                "2026-11-21T09:00:00Z", 600, 2.5, 50_000, wr / 600.0, gen, wr, dr, fl,
                Map.of("timeout", fl, "overloaded", 0L), 0, true, gen / 10, dr / 10, 2 * gen / 10, gen / 10,
                new LatencySummary(3_000_000, 1.3, 3.1, 24, 180, 2_400, 2.1),
                new LatencySummary(3_000_000, 0.9, 1.6, 4.2, 30, 410, 1.1),
                new LatencySummary(3_000_000, 0.03, 0.4, 12, 60, 1_900, 0.6),
                new LatencySummary(3_000_000, 0.01, 0.02, 0.07, 0.3, 8, 0.015),
                org.metricsstress.result.ResultFixtures.client(1_150, 24, 8, 0.39, 2L << 30, 520L << 20, 15, 142),
                new IndexSummary(true, 1_800_000, 120_000, 0, 60_000, 1_200, 300, 0, 60_000, 60_000, 150, 47_800, 50_000,
                        0, 0, 0),
                new CacheSummary("guava", "guava, at most 2,000,000 entries", 60_000, 2_940_000, 61_200, 0, 0, 60_000,
                        0.98, 0),
                new Verdict("CLUSTER_BEHIND", VERDICT), new SlaResult("p99<50ms,dropped=0", false,
                        List.of("dropped 66,000 > 0")), iv);
        // A node killed at 265 s and the cold start as the engine records it: the ring full at 31 s,
        // every resource indexed at 150 s, the ring below 10% again at 162 s.
        return new StressResult(r.schemaVersion(), r.tool(), r.version(), r.environment(), r.config(), r.plan(),
                r.cluster(), r.startedAt(), r.generationSeconds(), r.drainSeconds(), r.targetSamplesPerSecond(),
                r.writtenSamplesPerSecond(), r.generated(), r.written(), r.dropped(), r.failed(), r.failedByClass(),
                r.unaccounted(), r.drained(), r.groupCommitsGenerated(), r.groupCommitsDropped(),
                r.stringAttributesGenerated(), r.writeRequests(), r.responseLatency(), r.serviceLatency(),
                r.queueLatency(), r.scheduleLag(), r.client(), r.index(), r.cache(), r.verdict(), r.sla(), r.intervals(),
                StressResult.WriteAttempts.NONE, List.of(),
                List.of(new RunEvent(265, "kill dc1 (127.0.0.3 pid 4242): SIGKILL")), List.of(), null, null, null,
                new ColdStart(31, 8192, 8192, 162, 150, 66_000, 47_800, 95.6), r.generated(), 0, null, Distance.NONE,
                null, null, null, null, nodes(), null, java.util.List.of());
    }

    /** Three nodes read every 10 s; the third stops answering from 265 s (the node killed). */
    private static NodeTelemetry nodes() {
        List<NodeTelemetry.Node> nodes = new ArrayList<>();
        Random rnd = new Random(11);
        for (int n = 1; n <= 3; n++) {
            List<NodeTelemetry.Reading> readings = new ArrayList<>();
            for (int t = 10; t <= 600; t += 10) {
                if (n == 3 && t >= 265) {
                    readings.add(NodeTelemetry.Reading.unanswered(t, "no answer within 5000 ms"));
                    continue;
                }
                boolean cold = t <= 150;
                var pools = Map.of(NodeTelemetry.MUTATION, new NodeTelemetry.Pool(cold ? 32 : 6, 32,
                        cold ? 40 + rnd.nextInt(60) : rnd.nextInt(3), 0, 0, 90_000),
                        NodeTelemetry.NATIVE_TRANSPORT, new NodeTelemetry.Pool(20, 128, rnd.nextInt(10), 0, 0, 120_000),
                        NodeTelemetry.FLUSH, new NodeTelemetry.Pool(1, 2, t % 60 == 0 ? 2 : 0, 0, 0, 1));
                readings.add(new NodeTelemetry.Reading(t, null, 3 + rnd.nextInt(20), pools, 2 + t / 100, 0,
                        Map.of("samples", new NodeTelemetry.TableWrites(16_000, 0.02, 0.1 + rnd.nextDouble(), 5_000, 0.4,
                                2.5)), 80 + rnd.nextInt(200), 55 + rnd.nextInt(30), 0, 0));
            }
            nodes.add(new NodeTelemetry.Node("10.0.0." + n + ":9042", "dc1", Map.of("concurrent_writes", "32"), readings, 8));
        }
        return new NodeTelemetry("system_views+jmx", List.of(), nodes);
    }

    /** The same run a second time, a third faster to index: what {@code compare} overlays. */
    static StressResult fasterRun() {
        StressResult r = realisticResult();
        List<IntervalStats> iv = new ArrayList<>();
        for (IntervalStats s : r.intervals()) {
            // Every interval 5 s later: the second run's report line came 5 s after the first's.
            iv.add(org.metricsstress.result.ResultFixtures.interval(s.elapsedSeconds() + 5, s.intervalSeconds(), s.targetSamplesPerSecond(), s.generated(),
                    s.written(), s.dropped() / 2, s.failed(), s.generatedTotal(), s.writtenTotal(), s.droppedTotal() / 2,
                    s.failedTotal(), s.ringOccupancy() / 2, s.ringFullEvents(), s.inFlightRequests(), s.response(),
                    s.service(), s.queue(), s.scheduleLag(), s.cpuPercent(), s.heapUsedBytes(), s.gcCount(), s.gcPauseMs(),
                    s.indexRows(), Math.min(100, s.indexedPercent() * 1.5), s.cacheSize()));
        }
        return org.metricsstress.result.ResultFixtures.result(r.schemaVersion(), r.tool(), r.version(), r.environment(), r.config(), r.plan(),
                r.cluster(), "2026-11-22T09:00:00Z", r.generationSeconds(), r.drainSeconds(), r.targetSamplesPerSecond(),
                r.writtenSamplesPerSecond(), r.generated(), r.written() + r.dropped() / 2, r.dropped() / 2, r.failed(),
                r.failedByClass(), r.unaccounted(), r.drained(), r.groupCommitsGenerated(), r.groupCommitsDropped(),
                r.stringAttributesGenerated(), r.writeRequests(), r.responseLatency(), r.serviceLatency(),
                r.queueLatency(), r.scheduleLag(), r.client(), r.index(), r.cache(), r.verdict(), r.sla(), iv);
    }

    private static Path chromium() {
        for (String name : List.of("chromium", "chromium-browser")) {
            for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                Path p = Path.of(dir, name);
                if (!dir.isEmpty() && Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        return fail("chromium not found on PATH: this test renders the HTML report in a real browser. Install it with "
                + "'apt-get install -y --no-install-recommends chromium' (CI does)");
    }

    /** Runs chromium headless on a fresh profile; the flags keep it from reaching for the network. */
    private static String browse(Path browser, Path work, String tag, String... extra) throws Exception {
        Path profile = Files.createTempDirectory(work, "profile-");
        Path out = work.resolve(tag + ".out");
        Path err = work.resolve(tag + ".err");
        List<String> cmd = new ArrayList<>(List.of(browser.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars", "--user-data-dir=" + profile));
        cmd.addAll(List.of(extra));
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            boolean exited = p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (!exited) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                fail("chromium did not finish within " + TIMEOUT_SECONDS + " s: " + cmd + "\n" + tail(err));
            }
            assertEquals(0, p.exitValue(), "chromium failed: " + cmd + "\n" + tail(err));
            return Files.readString(out, StandardCharsets.UTF_8);
        } finally {
            deleteTree(profile);
        }
    }

    private static Path work() throws IOException {
        Path work = Path.of(System.getProperty("user.dir"), "target", "html-report-it").toAbsolutePath();
        Files.createDirectories(work);
        return work;
    }

    /** The DOM once the page's scripts ran, after checking the console said nothing. */
    private static String domOf(Path browser, Path work, Path page, String tag) throws Exception {
        String dom = browse(browser, work, tag, "--enable-logging=stderr", "--v=0", "--dump-dom", page.toUri().toString());
        List<String> console = Files.readAllLines(work.resolve(tag + ".err"), StandardCharsets.UTF_8).stream()
                .filter(l -> l.contains(":CONSOLE")).toList();
        assertEquals(List.of(), console, "the browser's console while opening " + page);
        assertTrue(dom.contains("<pre id=\"chart-errors\" class=\"bad\" hidden=\"\"></pre>"), "errors shown on the page");
        Matcher drawn = Pattern.compile("<div id=\"charts\" data-drawn=\"(\\d+)\" data-drawn-at-ms=\"(\\d+)\">").matcher(dom);
        assertTrue(drawn.find(), "charts not drawn");
        assertEquals(CHARTS.size(), Integer.parseInt(drawn.group(1)), "charts drawn");
        // A measurement, not a bound: what drawing the charts took in this browser on this machine.
        System.out.println(page.getFileName() + ": " + drawn.group(1) + " charts drawn " + drawn.group(2)
                + " ms after the page began loading");
        for (String id : CHARTS) {
            // uPlot's root inside the host, its canvas inside that; the markers the draw hook drew.
            Matcher m = Pattern.compile("<div class=\"chart\" id=\"" + id + "\" data-markers=\"(\\d+)\">"
                    + "<div class=\"uplot[^\"]*\"[^>]*>.*?<canvas width=\"(\\d+)\" height=\"(\\d+)\"", Pattern.DOTALL).matcher(dom);
            assertTrue(m.find(), "no uPlot canvas in #" + id);
            assertTrue(Integer.parseInt(m.group(2)) >= 600 && Integer.parseInt(m.group(3)) >= 100, "canvas of " + m.group(2)
                    + " x " + m.group(3) + " in #" + id);
            assertTrue(Integer.parseInt(m.group(1)) >= 4, m.group(1) + " markers drawn on #" + id);
        }
        assertEquals(CHARTS.size(), count(dom, "<canvas"), "canvases");
        return dom;
    }

    private static BufferedImage screenshot(Path browser, Path work, Path page, String name) throws Exception {
        Path png = work.resolve(name);
        browse(browser, work, name + "-shot", "--screenshot=" + png, "--window-size=1400,4200", page.toUri().toString());
        assertTrue(Files.isRegularFile(png), "no screenshot written");
        BufferedImage img = ImageIO.read(png.toFile());
        assertNotNull(img, "screenshot is not a PNG");
        assertEquals(1400, img.getWidth());
        // The series colours only appear if the browser drew the lines on the canvases.
        assertTrue(pixelsNear(img, 0x2563eb) > 500, "few blue chart pixels: the charts did not render");
        assertTrue(pixelsNear(img, 0x16a34a) > 500, "few green chart pixels: the charts did not render");
        assertTrue(pixelsNear(img, 0xdc2626) > 200, "few red chart pixels: the charts did not render");
        return img;
    }

    @Test
    void chromiumDrawsEveryChartWithTheFaultAndColdStartMarked() throws Exception {
        Path browser = chromium();
        Path work = work();
        Path page = work.resolve("report.html");
        HtmlReport.write(realisticResult(), page);

        String dom = domOf(browser, work, page, "report");
        assertTrue(dom.contains("CLUSTER BEHIND"), "verdict kind");
        assertTrue(dom.contains(VERDICT), "verdict message");
        assertTrue(dom.contains("BALANCED"), "audit");
        for (String marker : List.of("kill dc1 at 265.0 s", "ring full at 31.0 s", "first drops at 31.0 s",
                "indexed at 150.0 s", "ring drained at 162.0 s")) {
            assertTrue(dom.contains(">" + marker + "</li>"), "marker " + marker);
        }
        // Every chart spans the whole run, so all five markers and "generation stopped" are on each.
        assertEquals(CHARTS.size(), count(dom, "data-markers=\"5\""), "markers drawn per chart");
        screenshot(browser, work, page, "report.png");
    }

    @Test
    void chromiumDrawsTwoRunsOverlaid() throws Exception {
        Path browser = chromium();
        Path work = work();
        Path page = work.resolve("compare.html");
        HtmlReport.writeOverlaid(List.of(new HtmlReport.NamedResult("a.json", realisticResult()),
                new HtmlReport.NamedResult("b.json", fasterRun())), 0.05, page);

        String dom = domOf(browser, work, page, "compare");
        assertTrue(dom.contains("<h2>B against A</h2>"), "the judged differences");
        assertTrue(dom.contains(">A: kill dc1 at 265.0 s</li>"), "A's markers");
        assertTrue(dom.contains(">B: first drops at 35.0 s</li>"), "B's markers (B has no cold start record: its first dropping interval's start)");
        assertTrue(dom.contains("<div class=\"u-label\">B written</div>"), "B's series in the legend");
        screenshot(browser, work, page, "compare.png");
    }

    private static int pixelsNear(BufferedImage img, int rgb) {
        int n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int p = img.getRGB(x, y);
                int dr = ((p >> 16) & 0xff) - ((rgb >> 16) & 0xff);
                int dg = ((p >> 8) & 0xff) - ((rgb >> 8) & 0xff);
                int db = (p & 0xff) - (rgb & 0xff);
                if (dr * dr + dg * dg + db * db < 40 * 40) {
                    n++;
                }
            }
        }
        return n;
    }

    private static int count(String text, String what) {
        return text.split(Pattern.quote(what), -1).length - 1;
    }

    private static String tail(Path file) throws IOException {
        if (!Files.exists(file)) {
            return "";
        }
        String s = Files.readString(file, StandardCharsets.UTF_8);
        return s.length() > 4000 ? s.substring(s.length() - 4000) : s;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
