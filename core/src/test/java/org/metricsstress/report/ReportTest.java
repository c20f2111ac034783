package org.metricsstress.report;

import org.metricsstress.live.ConsoleReport;

import org.metricsstress.result.CacheSummary;
import org.metricsstress.result.Facts;
import org.metricsstress.result.ClientSummary;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.SlaResult;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;

class ReportTest {

    static StressResult result(long generated, long written, long dropped, long failed) {
        return result(generated, written, dropped, failed, org.metricsstress.result.ResultFixtures.client(1.5, 7.5, 2, 1.5, 1L << 30, 1L << 28, 3, 12));
    }

    static StressResult result(long generated, long written, long dropped, long failed, ClientSummary client) {
        LatencySummary l = new LatencySummary(3, 1, 2, 3, 4, 5, 1.5);
        IntervalStats i = org.metricsstress.result.ResultFixtures.interval(10, 10, 100, generated, written, dropped, failed, generated, written, dropped,
                failed, 5, 0, 2, l, l, l, LatencySummary.EMPTY, 12.5, 1 << 20, 1, 2.0, 40, 50.0, 1000);
        return org.metricsstress.result.ResultFixtures.result(StressResult.SCHEMA_VERSION, "metrics-stress", "dev", Map.of("javaVersion", "17"),
                Map.of("nodes", 10), Facts.plan(50),
                Facts.cluster("test", null), "2026-11-21T00:00:00Z", 10, 0.5, 100, written / 10.0, generated, written,
                dropped, failed, Map.of("timeout", failed), generated - written - dropped - failed, true, generated / 10,
                dropped / 10, 0, written / 10, new LatencySummary(3, 1, 2, 3, 4, 5, 1.5), LatencySummary.EMPTY,
                LatencySummary.EMPTY, LatencySummary.EMPTY, client,
                new IndexSummary(true, 2200, 1300, 0, 100, 3, 7, 0, 100, 100, 12.5, 800, 1000, 0, 0, 0),
                new CacheSummary("guava", "guava, at most 10 entries", 100, 50, 100, 0, 0, 100, 1.0 / 3, 0),
                new Verdict("KEPT_UP", "fine"), new SlaResult("p99<25ms", true, List.of()), List.of(i));
    }

    @Test
    void summaryShowsTheAuditAndWhetherItBalances() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Summary.print(result(1000, 980, 10, 10), new PrintStream(buf, true, StandardCharsets.UTF_8));
        String text = buf.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("audit         generated 1,000 = written 980 + dropped 10 + failed 10 : BALANCED"), text);
        assertTrue(text.contains("indexed       100 of 100 plan resources (100.0%), complete after 12.5 s; "
                + "samples written 800/s while indexing, 1,000/s after"), text);
        assertTrue(text.contains("hit ratio 33.3%"), text);
        buf.reset();
        Summary.print(result(1000, 970, 10, 10), new PrintStream(buf, true, StandardCharsets.UTF_8));
        assertTrue(buf.toString(StandardCharsets.UTF_8).contains(": OFF BY 10"));
    }

    @Test
    void resultJsonRoundTrips(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("out/result.json");
        StressResult r = result(1000, 990, 5, 5);
        ResultJson.write(r, file);
        assertTrue(Files.readString(file).contains("\"written\" : 990"));
        assertEquals(r, ResultJson.read(file));
    }

    @Test
    void aClientCpuTheJvmCouldNotReadIsUnknownNotZero() {
        assertEquals(-1, org.metricsstress.metrics.ProcessCpu.between(-1, 5_000));
        assertEquals(-1, org.metricsstress.metrics.ProcessCpu.between(5_000, -1));
        assertEquals(4_000, org.metricsstress.metrics.ProcessCpu.between(1_000, 5_000));
        assertEquals(-1, org.metricsstress.metrics.ProcessCpu.percentOfCores(-1, 1_000_000), 0);
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Summary.print(result(1000, 1000, 0, 0, org.metricsstress.result.ResultFixtures.client(-1, -1, 2, -1, 1L << 30, 1L << 28, 3, 12)),
                new PrintStream(buf, true, StandardCharsets.UTF_8));
        String text = buf.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("client        CPU unknown"), text);
        assertTrue(!text.contains("CPU 0.0 s") && !text.contains("CPU -1"), text);
    }

    /**
     * 1,799,997 of 1,800,000 resources indexed is 99.9998%: shown with one decimal it read "100.0%"
     * in the summary, the console and the HTML report while three resources were missing.
     */
    @Test
    void theIndexedShareNeverReadsAHundredPercentWhileResourcesAreMissing() throws Exception {
        assertEquals(99.9, IndexSummary.percentDone(1_799_997, 1_800_000), 0);
        assertEquals(100.0, IndexSummary.percentDone(1_800_000, 1_800_000), 0);
        assertEquals(30.0, IndexSummary.percentDone(3, 10), 0);
        StressResult r = withIndex(result(1000, 1000, 0, 0),
                new IndexSummary(true, 2200, 1300, 0, 100, 3, 7, 0, 1_799_997, 1_800_000, -1, 800, -1, 0, 0, 0));
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Summary.print(r, new PrintStream(buf, true, StandardCharsets.UTF_8));
        String text = buf.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("indexed       1,799,997 of 1,800,000 plan resources (99.9%), not complete"), text);
        String html = HtmlReport.render(r);
        assertTrue(html.contains("1,799,997 of 1,800,000 plan resources (99.9%)"), html);

        // The console line's figure comes from the interval sampler.
        org.metricsstress.metrics.StressMetrics metrics = new org.metricsstress.metrics.StressMetrics();
        org.metricsstress.metrics.IndexMetrics index = new org.metricsstress.metrics.IndexMetrics(metrics.registry(),
                metrics, 1_800_000, 0, System.nanoTime());
        for (int k = 0; k < 1_799_997; k++) {
            index.groupIndexed(k);
        }
        org.metricsstress.metrics.IntervalSampler sampler = new org.metricsstress.metrics.IntervalSampler(metrics,
                System.nanoTime(), 100, () -> 0, () -> 0);
        sampler.withIndex(index, () -> 1_799_997);
        IntervalStats s = sampler.sample(System.nanoTime());
        assertEquals(99.9, s.indexedPercent(), 0);
        buf.reset();
        new ConsoleReport(new PrintStream(buf, true, StandardCharsets.UTF_8), 60).line(s);
        String line = buf.toString(StandardCharsets.UTF_8);
        assertTrue(line.contains(" 99.9%") && !line.contains("100.0%"), line);
    }

    /** {@code r} with another index summary. */
    static StressResult withIndex(StressResult r, IndexSummary index) throws Exception {
        java.lang.reflect.RecordComponent[] parts = StressResult.class.getRecordComponents();
        Object[] values = new Object[parts.length];
        Class<?>[] types = new Class<?>[parts.length];
        for (int i = 0; i < parts.length; i++) {
            types[i] = parts[i].getType();
            values[i] = parts[i].getName().equals("index") ? index : parts[i].getAccessor().invoke(r);
        }
        return StressResult.class.getDeclaredConstructor(types).newInstance(values);
    }
}
