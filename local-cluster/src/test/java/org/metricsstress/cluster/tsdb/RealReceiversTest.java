package org.metricsstress.cluster.tsdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.metricsstress.writer.tss.receiver.ReadBackPlan;
import org.metricsstress.writer.tss.receiver.ReadBackReport;
import org.metricsstress.writer.tss.receiver.ReceiverFigures;
import org.metricsstress.writer.tss.receiver.ReceiverKind;
import org.metricsstress.writer.tss.receiver.ReceiverReadBack;
import org.metricsstress.writer.tss.receiver.ReceiverReading;
import org.metricsstress.writer.tss.receiver.ReceiverSummary;
import org.metricsstress.writer.tss.receiver.ReceiverWatch;
import org.metricsstress.writer.tss.receiver.SeriesMismatch;
import org.metricsstress.writer.tss.wire.RemoteWriteEncoder;
import org.metricsstress.writer.tss.wire.Snappy;
import org.metricsstress.writer.tss.wire.SnappyBuffer;

/**
 * Debian's real Prometheus 2.42 and VictoriaMetrics 1.79, started by {@link LocalTsdb}: 50 series
 * (10 resources x 5 attributes) of 8 samples pushed by remote write, as the TSS writer sends them;
 * their own figures must count exactly those, the read-back must find every sample, and a wrong
 * expectation must be caught.
 */
class RealReceiversTest {
    private static final int RESOURCES = 10;
    private static final int ATTRIBUTES = 5;
    private static final int SAMPLES = 8;
    private static final long STEP_MILLIS = 5_000;

    @ParameterizedTest
    @EnumSource(LocalTsdb.Kind.class)
    @Timeout(60)
    void figuresCountThePushAndTheReadBackEverySample(LocalTsdb.Kind kind) throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (LocalTsdb tsdb = LocalTsdb.start(kind, new PrintStream(printed, true))) {
            String line = printed.toString().strip();
            System.out.println(line);
            assertTrue(line.matches("embedded " + kind.label() + " \\d+\\.\\d+(\\.\\d+)? answers remote writes on 127\\.0\\.0\\.1:"
                    + tsdb.writeUrl().getPort() + " after \\d+\\.\\d s \\(pid " + tsdb.pid() + "\\)"), line);
            assertEquals(tsdb.readUrl().getPort(), tsdb.writeUrl().getPort());

            ReceiverFigures figures = new ReceiverFigures(tsdb.writeUrl(), Duration.ofSeconds(2));
            ReceiverWatch watch = new ReceiverWatch(figures, Duration.ofMillis(200), 100);
            watch.start();
            long start = (System.currentTimeMillis() / 1000) * 1000 - 60_000;
            push(tsdb, start);
            long end = start + (SAMPLES - 1) * STEP_MILLIS;

            ReceiverReadBack readBack = new ReceiverReadBack(tsdb.readUrl());
            ReadBackReport good = readBack.check(plan(start, end, Map.of(), Map.of(), Set.of()));
            assertEquals(expectedKind(kind), good.kind());
            assertEquals(List.of(), good.firstMismatches());
            assertTrue(good.matches());
            assertEquals(RESOURCES * ATTRIBUTES, good.seriesRead());
            assertEquals(RESOURCES * ATTRIBUTES * SAMPLES, good.samplesRead());
            assertEquals(ATTRIBUTES, good.queries());

            // One sample of a series expected that was never sent, one value off, one series (of metric_0_2) never written.
            String fewer = resource(3);
            long offAt = start + 2 * STEP_MILLIS;
            String ghost = "snmp/1/tap99/group0";
            ReadBackReport bad = readBack.check(plan(start, end, Map.of(fewer + "|metric_0_1", SAMPLES + 1L),
                    Map.of(resource(7) + "|metric_0_4|" + offAt, 1.0), Set.of(ghost)));
            assertEquals(3, bad.mismatchedSeries());
            Map<SeriesMismatch.Problem, SeriesMismatch> byProblem = bad.firstMismatches().stream()
                    .collect(Collectors.toMap(SeriesMismatch::problem, m -> m));
            SeriesMismatch f = byProblem.get(SeriesMismatch.Problem.FEWER_SAMPLES);
            assertEquals(List.of(fewer, "metric_0_1", (long) SAMPLES, SAMPLES + 1L),
                    List.of(f.resourceId(), f.name(), f.samplesRead(), f.expectedSamples()));
            SeriesMismatch w = byProblem.get(SeriesMismatch.Problem.WRONG_VALUES);
            assertEquals(List.of(resource(7), "metric_0_4", 1L, offAt),
                    List.of(w.resourceId(), w.name(), w.wrongValues(), w.firstWrongMillis()));
            // VictoriaMetrics keeps about 13 significant digits (507.7662857142857 reads 507.7662857142).
            double written = value(resource(7), "metric_0_4", offAt);
            assertEquals(written, w.readValue(), written * ReceiverReadBack.DEFAULT_RELATIVE_TOLERANCE);
            assertEquals(written + 1.0, w.expectedValue(), 0.0);
            SeriesMismatch m = byProblem.get(SeriesMismatch.Problem.MISSING);
            assertEquals(List.of(ghost, "metric_0_2", 0L), List.of(m.resourceId(), m.name(), m.samplesRead()));

            ReceiverSummary summary = watch.finish();
            assertEquals(expectedKind(kind), summary.kind());
            assertEquals(0, summary.failedReadings(), summary.firstFailure());
            assertEquals(RESOURCES * ATTRIBUTES * SAMPLES, summary.samplesIn(), 0.0, "samples the receiver took in: " + summary);
            assertEquals(RESOURCES * ATTRIBUTES, summary.newSeries(), 0.0, "new series");
            assertTrue(summary.cpuSeconds() >= 0 && summary.readings() >= 2, summary.toString());
            assertEquals(0, summary.failedReadings(), summary.firstFailure());
            if (kind == LocalTsdb.Kind.PROMETHEUS) {
                assertEquals(RESOURCES * ATTRIBUTES, summary.peakHeadSeries(), 0.0);
                // Created at the first append: unknown before the push, counted from zero after it.
                assertTrue(Double.isNaN(watch.readings().get(0).outOfOrder()), watch.readings().get(0).toString());
                assertEquals(0, summary.outOfOrder(), 0.0);
                assertEquals(0, summary.outOfBounds(), 0.0);
            } else {
                // A new series' first row misses VictoriaMetrics' series cache: one slow insert each.
                assertEquals(RESOURCES * ATTRIBUTES, summary.slowInserts(), 0.0);
                assertEquals(RESOURCES * ATTRIBUTES * SAMPLES, summary.rowsAddedToStorage(), 0.0);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(LocalTsdb.Kind.class)
    @Timeout(60)
    void aStalledReceiverCostsOneBoundPerReadingAndAnswersOnceResumed(LocalTsdb.Kind kind) throws Exception {
        try (LocalTsdb tsdb = LocalTsdb.start(kind, new PrintStream(new ByteArrayOutputStream()))) {
            ReceiverFigures figures = new ReceiverFigures(tsdb.readUrl(), Duration.ofMillis(300));
            assertEquals(expectedKind(kind), figures.read().kind());
            tsdb.stall();
            long t0 = System.nanoTime();
            IOException e = assertThrows(IOException.class, figures::read);
            long millis = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(millis >= 250 && millis < 2_000, millis + " ms: " + e.getMessage());
            assertTrue(e.getMessage().contains("did not answer within 300 ms"), e.getMessage());
            tsdb.resume();
            ReceiverReading after = figures.read();
            assertTrue(ReceiverReading.known(after.cpuSeconds()) && after.residentBytes() > 0, after.toString());
        }
    }

    private static ReceiverKind expectedKind(LocalTsdb.Kind kind) {
        return kind == LocalTsdb.Kind.PROMETHEUS ? ReceiverKind.PROMETHEUS : ReceiverKind.VICTORIAMETRICS;
    }

    /** Each interval one remote-write request of every series' sample, as the plugin sends a group's. */
    private static void push(LocalTsdb tsdb, long start) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        RemoteWriteEncoder encoder = new RemoteWriteEncoder();
        Snappy snappy = new Snappy();
        SnappyBuffer body = new SnappyBuffer();
        byte[] gauge = RemoteWriteEncoder.labelValue("gauge");
        for (int s = 0; s < SAMPLES; s++) {
            long ts = start + s * STEP_MILLIS;
            encoder.reset();
            for (int r = 0; r < RESOURCES; r++) {
                byte[] id = RemoteWriteEncoder.labelValue(resource(r));
                for (int a = 0; a < ATTRIBUTES; a++) {
                    String name = "metric_0_" + a;
                    encoder.add(RemoteWriteEncoder.metricName(name), gauge, id, id.length, value(resource(r), name, ts), ts);
                }
            }
            int n = snappy.compress(encoder.bytes(), 0, encoder.length(), body);
            HttpRequest request = HttpRequest.newBuilder(tsdb.writeUrl())
                    .header("Content-Encoding", "snappy").header("Content-Type", "application/x-protobuf")
                    .header("X-Prometheus-Remote-Write-Version", "0.1.0")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body.bytes(), 0, n)).build();
            HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
            assertEquals(204, answer.statusCode(), answer.body());
        }
    }

    private static ReadBackPlan plan(long start, long end, Map<String, Long> counts, Map<String, Double> offBy,
            Set<String> extraResources) {
        List<String> names = IntStream.range(0, ATTRIBUTES).mapToObj(a -> "metric_0_" + a).toList();
        List<String> ids = IntStream.range(0, RESOURCES).mapToObj(RealReceiversTest::resource).toList();
        List<String> more = new ArrayList<>(ids);
        more.addAll(extraResources);
        return new ReadBackPlan(names, "snmp/1/tap[0-9]+/group0", name -> name.equals("metric_0_2") ? more : ids,
                (id, name) -> counts.getOrDefault(id + "|" + name, (long) SAMPLES),
                (id, name, ts) -> value(id, name, ts) + offBy.getOrDefault(id + "|" + name + "|" + ts, 0.0), start, end);
    }

    private static String resource(int r) {
        return "snmp/1/tap" + r + "/group0";
    }

    /** Distinct per series and sample, with a fraction that a lossy read would change. */
    private static double value(String resourceId, String name, long ts) {
        return resourceId.hashCode() % 1000 + name.charAt(name.length() - 1) * 0.001 + (ts / 1000 % 3600) / 7.0;
    }
}
