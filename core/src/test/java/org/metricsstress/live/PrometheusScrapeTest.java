package org.metricsstress.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.prometheus.metrics.expositionformats.generated.com_google_protobuf_4_36_2.Metrics;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.NodeFigures;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;

/**
 * The endpoint over HTTP, as a scraper sees it: the client's server answers each format Prometheus
 * asks for. The Java client has no parser of the text formats, so the protobuf answer is read with the
 * client's own generated protobuf classes (its parser), and both text formats are held to the same
 * values, sample by sample, with this test's line pattern.
 */
class PrometheusScrapeTest {
    static final String PROTOBUF = "application/vnd.google.protobuf;proto=io.prometheus.client.MetricFamily;encoding=delimited";
    static final String OPENMETRICS = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*\\})? (\\S+)$");

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    static HttpResponse<byte[]> scrape(int port, String accept) throws Exception {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                .timeout(Duration.ofSeconds(10));
        if (accept != null) {
            r.header("Accept", accept);
        }
        return HttpClient.newHttpClient().send(r.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /**
     * Every sample of a protobuf scrape by the name and labels the text format gives it (labels in
     * name order): counters as {@code _total}, a summary's quantiles and {@code _count}.
     */
    static Map<String, Double> fromProtobuf(byte[] body) throws Exception {
        Map<String, Double> out = new TreeMap<>();
        try (InputStream in = new ByteArrayInputStream(body)) {
            Metrics.MetricFamily f;
            while ((f = Metrics.MetricFamily.parseDelimitedFrom(in)) != null) {
                for (Metrics.Metric m : f.getMetricList()) {
                    Map<String, String> labels = new TreeMap<>();
                    m.getLabelList().forEach(l -> labels.put(l.getName(), l.getValue()));
                    switch (f.getType()) {
                        case COUNTER -> out.put(key(f.getName().endsWith("_total") ? f.getName() : f.getName() + "_total",
                                labels), m.getCounter().getValue());
                        case GAUGE -> out.put(key(f.getName(), labels), m.getGauge().getValue());
                        case UNTYPED -> out.put(key(f.getName(), labels), m.getUntyped().getValue());
                        case SUMMARY -> {
                            for (Metrics.Quantile q : m.getSummary().getQuantileList()) {
                                Map<String, String> ql = new TreeMap<>(labels);
                                ql.put("quantile", Double.toString(q.getQuantile()));
                                out.put(key(f.getName(), ql), q.getValue());
                            }
                            out.put(key(f.getName() + "_count", labels), (double) m.getSummary().getSampleCount());
                        }
                        default -> throw new AssertionError("unexpected family type " + f.getType() + " of " + f.getName());
                    }
                }
            }
        }
        return out;
    }

    /** Every sample line of a text scrape, its labels sorted by name. */
    static Map<String, Double> fromText(String body) {
        Map<String, Double> out = new TreeMap<>();
        for (String line : body.split("\n")) {
            if (line.startsWith("#") || line.isEmpty()) {
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            assertTrue(m.matches(), "not a sample line: " + line);
            Map<String, String> labels = new TreeMap<>();
            if (m.group(2) != null) {
                for (String pair : m.group(2).substring(1, m.group(2).length() - 1).split(",")) {
                    int eq = pair.indexOf('=');
                    labels.put(pair.substring(0, eq), pair.substring(eq + 2, pair.length() - 1));
                }
            }
            out.put(key(m.group(1), labels), Double.parseDouble(m.group(3)));
        }
        return out;
    }

    private static Map<String, Double> steady(Map<String, Double> samples) {
        Map<String, Double> out = new TreeMap<>(samples);
        out.keySet().removeIf(k -> k.contains("meanrate{"));
        return out;
    }

    private static String key(String name, Map<String, String> labels) {
        return labels.isEmpty() ? name : name + labels.entrySet().stream().map(e -> e.getKey() + "=\"" + e.getValue() + "\"")
                .collect(Collectors.joining(",", "{", "}"));
    }

    @Test
    void theThreeFormatsHoldTheSameSamplesAndTheFinalScrapeIsMarked() throws Exception {
        StressMetrics metrics = new StressMetrics();
        metrics.gauge("plan.target-rate", () -> 1000);
        metrics.generated(30, 0);
        metrics.written(20);
        metrics.failed(4, ErrorClass.TIMEOUT);
        NodeFigures nodes = new NodeFigures();
        nodes.of("127.0.0.1:9042", "dc1").succeeded(20, 2_000_000);
        LatencySummary l = new LatencySummary(10, 1, 2, 3, 4, 5, 1.5);
        IntervalStats last = org.metricsstress.result.ResultFixtures.interval(1, 1, 30, 30, 20, 0, 10, 30, 20, 0, 10, 0, 0, 0, l, l, l, l, 1, 1, 0, 0,
                0, 0, 12);
        OpenNmsNames openNms = new OpenNmsNames(new OpenNmsNames.Sources(StressConfig.builder().writer(Writer.OPENNMS)
                .strings(2).build(), metrics, () -> 17, 8192, null, () -> 5));
        int port = freePort();
        try (PrometheusEndpoint endpoint = new PrometheusEndpoint(port, metrics.registry(), () -> last,
                () -> Map.of("response", 10L), nodes, openNms.registries())) {
            HttpResponse<byte[]> text = scrape(port, null);
            assertEquals("text/plain; version=0.0.4; charset=utf-8", text.headers().firstValue("Content-Type").orElse(""));
            HttpResponse<byte[]> om = scrape(port, OPENMETRICS);
            assertTrue(om.headers().firstValue("Content-Type").orElse("").startsWith("application/openmetrics-text"),
                    om.headers().toString());
            String omBody = new String(om.body(), StandardCharsets.UTF_8);
            assertTrue(omBody.endsWith("# EOF\n"), "OpenMetrics ends with # EOF");
            HttpResponse<byte[]> pb = scrape(port, PROTOBUF);
            assertTrue(pb.headers().firstValue("Content-Type").orElse("").startsWith("application/vnd.google.protobuf"),
                    pb.headers().toString());

            Map<String, Double> parsed = fromProtobuf(pb.body());
            assertEquals(30.0, parsed.get("metrics_stress_samples_generated_total"));
            assertEquals(20.0, parsed.get("metrics_stress_samples_written_total"));
            assertEquals(4.0, parsed.get("metrics_stress_samples_failed_by_class_total{class=\"timeout\"}"));
            assertEquals(0.003, parsed.get("metrics_stress_latency_seconds{kind=\"response\",quantile=\"0.99\"}"));
            assertEquals(10.0, parsed.get("metrics_stress_latency_seconds_count{kind=\"response\"}"));
            assertEquals(20.0, parsed.get("metrics_stress_node_samples_written_total{dc=\"dc1\",node=\"127.0.0.1:9042\"}"));
            assertEquals(8192.0, parsed.get("org_opennms_newts_ring_buffer_max_size_value{type=\"gauges\"}"));
            assertEquals(0.0, parsed.get("metrics_stress_run_finished"));
            // The same samples in the classic text format (but OpenNMS's meters' mean rates, which move
            // with the clock between two scrapes); OpenMetrics has the same samples.
            assertEquals(steady(parsed), steady(fromText(new String(text.body(), StandardCharsets.UTF_8))));
            Map<String, Double> fromOm = fromText(omBody);
            assertEquals(parsed.keySet(), fromOm.keySet());

            // The run ends: the final figures are served once, marked, then finish() returns.
            CompletableFuture<Void> finish = CompletableFuture.runAsync(() -> {
                try {
                    endpoint.finish(Duration.ofSeconds(60));
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            Map<String, Double> fin = fromProtobuf(scrape(port, PROTOBUF).body());
            for (int i = 0; i < 500 && fin.get("metrics_stress_run_finished") == 0.0; i++) {
                Thread.sleep(20); // until finish() has begun on its thread
                fin = fromProtobuf(scrape(port, PROTOBUF).body());
            }
            assertEquals(1.0, fin.get("metrics_stress_run_finished"));
            finish.get(); // returns without waiting out the linger: its one scrape was served
        }
    }
}
