package org.metricsstress.writer.tss.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.metricsstress.writer.tss.wire.RemoteWriteEncoder;
import org.metricsstress.writer.tss.wire.Snappy;
import org.metricsstress.writer.tss.wire.SnappyBuffer;

/**
 * The whole wire against a real receiver: Debian's Prometheus 2.42 with its remote-write receiver
 * on, started here on a free port of 127.0.0.1 in a temp dir. Our encoder, our snappy and our
 * client must write what it reads back, and its refusal of an out-of-order sample must come back
 * as REFUSED with its reason. About a second; skipped only off CI without the binary.
 */
class PrometheusRemoteWriteTest {
    private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient reader = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private Path dir;
    private Process prometheus;
    private URI base;

    @BeforeEach
    void start() throws Exception {
        boolean present = Files.isExecutable(PROMETHEUS);
        Assumptions.assumeTrue(present || "true".equals(System.getenv("CI")),
                "no " + PROMETHEUS + " here (apt-get install prometheus); CI requires it");
        assertTrue(present, "CI=true needs " + PROMETHEUS);
        dir = Files.createTempDirectory("metrics-stress-prometheus-");
        Files.writeString(dir.resolve("p.yml"), "global: {}\n");
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        base = URI.create("http://127.0.0.1:" + port);
        prometheus = new ProcessBuilder(PROMETHEUS.toString(), "--config.file=" + dir.resolve("p.yml"),
                "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + port,
                "--web.enable-remote-write-receiver")
                .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!ready()) {
            if (!prometheus.isAlive() || System.nanoTime() > deadline) {
                fail("Prometheus did not get ready on " + base + ":\n" + Files.readString(dir.resolve("prometheus.log")));
            }
            Thread.sleep(50);
        }
    }

    private boolean ready() throws InterruptedException {
        try {
            return reader.send(HttpRequest.newBuilder(base.resolve("/-/ready")).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        }
    }

    @AfterEach
    void stop() throws Exception {
        if (prometheus != null) {
            prometheus.destroy();
            if (!prometheus.waitFor(10, TimeUnit.SECONDS)) {
                prometheus.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        if (dir != null) {
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    @Test
    void writesTenSeriesReadsThemBackAndHasAnOlderSampleRefused() throws Exception {
        List<Answer> answers = new CopyOnWriteArrayList<>();
        long now = System.currentTimeMillis();
        try (RemoteWriteClient client = new RemoteWriteClient(
                RemoteWriteSettings.defaults(base.resolve("/api/v1/write")), answers::add)) {
            send(client, group(now), 1);
            assertTrue(client.drain(Duration.ofSeconds(5)));
            Answer first = answers.get(0);
            assertEquals(AnswerClass.WRITTEN, first.answerClass(), first.toString());
            assertEquals(204, first.status());

            assertEquals("10", query("count({__name__=~\"metric_.*\"})").get(0).get("value").get(1).asText());
            JsonNode three = query("metric_0_3").get(0);
            assertEquals("snmp/1/tap0/group0", three.get("metric").get("resourceId").asText());
            assertEquals("gauge", three.get("metric").get("mtype").asText());
            assertEquals(1000.75, three.get("value").get(1).asDouble());

            send(client, group(now - 60_000), 2);
            assertTrue(client.drain(Duration.ofSeconds(5)));
            Answer older = answers.get(1);
            assertEquals(AnswerClass.REFUSED, older.answerClass(), older.toString());
            assertEquals(400, older.status());
            assertTrue(older.why().contains("out of order"), older.why());
            System.out.println("Prometheus refused the older sample: " + older.status() + " " + older.why());
            assertEquals(1000.75, query("metric_0_3").get(0).get("value").get(1).asDouble(), "the newer sample stays");
        }
    }

    /** One OpenNMS group of ten attributes at one time, as the plugin encodes and compresses it. */
    private static RemoteWriteEncoder group(long timeMillis) {
        RemoteWriteEncoder encoder = new RemoteWriteEncoder();
        byte[] resource = RemoteWriteEncoder.labelValue("snmp/1/tap0/group0");
        byte[] gauge = RemoteWriteEncoder.labelValue("gauge");
        for (int m = 0; m < 10; m++) {
            encoder.add(RemoteWriteEncoder.metricName("metric_0_" + m), gauge, resource, resource.length,
                    1000 + m * 0.25, timeMillis);
        }
        return encoder;
    }

    private static void send(RemoteWriteClient client, RemoteWriteEncoder encoder, int key) throws InterruptedException {
        SnappyBuffer body = new SnappyBuffer();
        new Snappy().compress(encoder.bytes(), 0, encoder.length(), body);
        client.submit(body.bytes(), body.length(), key, encoder.seriesCount(), System.nanoTime());
    }

    private JsonNode query(String promql) throws Exception {
        URI uri = base.resolve("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
        HttpResponse<String> r = reader.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        JsonNode result = JSON.readTree(r.body()).get("data").get("result");
        assertEquals(1, result.size(), promql + " -> " + r.body());
        return result;
    }
}
