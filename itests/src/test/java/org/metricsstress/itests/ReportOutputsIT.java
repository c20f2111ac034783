package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import javax.management.ObjectName;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.Sla;
import org.metricsstress.config.StressConfig;
import org.metricsstress.api.StressRun;
import org.metricsstress.result.StressResult;
import io.prometheus.metrics.expositionformats.generated.com_google_protobuf_4_36_2.Metrics;

/** Every output of a run, checked by the tools that consume it, against a real Cassandra node. */
@ExtendWith(CassandraExtension.class)
class ReportOutputsIT {

    private static final String PROTOBUF =
            "application/vnd.google.protobuf;proto=io.prometheus.client.MetricFamily;encoding=delimited";

    /** A protobuf scrape read with the Prometheus client's own generated classes: sample name (and labels) to value. */
    private static Map<String, Double> fromProtobuf(byte[] body) throws java.io.IOException {
        Map<String, Double> out = new java.util.TreeMap<>();
        try (java.io.InputStream in = new java.io.ByteArrayInputStream(body)) {
            Metrics.MetricFamily f;
            while ((f = Metrics.MetricFamily.parseDelimitedFrom(in)) != null) {
                for (Metrics.Metric m : f.getMetricList()) {
                    String labels = m.getLabelList().stream().sorted(java.util.Comparator.comparing(Metrics.LabelPair::getName))
                            .map(l -> l.getName() + "=\"" + l.getValue() + "\"")
                            .collect(java.util.stream.Collectors.joining(",", "{", "}"));
                    String l = m.getLabelCount() == 0 ? "" : labels;
                    switch (f.getType()) {
                        case COUNTER -> out.put(f.getName() + (f.getName().endsWith("_total") ? "" : "_total") + l,
                                m.getCounter().getValue());
                        case GAUGE -> out.put(f.getName() + l, m.getGauge().getValue());
                        case UNTYPED -> out.put(f.getName() + l, m.getUntyped().getValue());
                        case SUMMARY -> out.put(f.getName() + "_count" + l, (double) m.getSummary().getSampleCount());
                        default -> { }
                    }
                }
            }
        }
        return out;
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void resultHdrLogCsvJmxAndPrometheusAreWhatTheirReadersExpect(CassandraServer server, @TempDir Path dir)
            throws Exception {
        int port = freePort();
        StressConfig config = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace("it_outputs").nodes(20).interfaces(2).groups(5).attributes(10).strings(1)
                .interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(6))
                .resultJson(dir.resolve("result.json")).hdrLog(dir.resolve("latency.hlog")).csvDir(dir.resolve("csv"))
                .prometheusPort(port).prometheusLinger(Duration.ofSeconds(60)).jmx(true)
                .sla(Sla.parse("--sla", "drops=0,failed=0,p99<60s,rate>=0.5"))
                .build();

        AtomicReference<StressResult> result = new AtomicReference<>();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Thread run = new Thread(() -> {
            try {
                result.set(new StressRun(config, new PrintStream(console, true, StandardCharsets.UTF_8)).execute().result());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        run.start();

        // While it runs: a Prometheus scrape and the JMX beans.
        String scrape = null;
        Set<ObjectName> beans = Set.of();
        HttpClient http = HttpClient.newHttpClient();
        for (int i = 0; i < 100 && run.isAlive(); i++) {
            Thread.sleep(100);
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                beans = ManagementFactory.getPlatformMBeanServer().queryNames(new ObjectName("metrics-stress:*"), null);
                if (r.statusCode() == 200 && r.body().contains("metrics_stress_latency_seconds{kind=\"response\",quantile=\"0.99\"}")) {
                    scrape = r.body();
                    break;
                }
            } catch (java.io.IOException notYet) {
                // the endpoint opens once the cluster is connected
            }
        }
        // At the end: the endpoint lingers until one scrape took the final figures (run_finished 1).
        Map<String, Double> last = Map.of();
        for (int i = 0; i < 1200 && run.isAlive() && last.getOrDefault("metrics_stress_run_finished", 0.0) == 0.0; i++) {
            Thread.sleep(50);
            try {
                HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                        .header("Accept", PROTOBUF).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofByteArray());
                last = fromProtobuf(r.body());
            } catch (java.io.IOException closed) {
                break;
            }
        }
        run.join(120_000);
        System.out.println(console.toString(StandardCharsets.UTF_8));
        StressResult r = result.get();
        assertNotNull(r, "the run failed");

        assertNotNull(scrape, "no Prometheus scrape with latency quantiles");
        // The final scrape, read with the Prometheus client's own (protobuf) parser, holds the result's figures.
        assertEquals(1.0, last.get("metrics_stress_run_finished"), "no scrape of the final figures: " + last);
        assertEquals((double) r.generated(), last.get("metrics_stress_samples_generated_total"));
        assertEquals((double) r.written(), last.get("metrics_stress_samples_written_total"));
        assertEquals((double) r.dropped(), last.get("metrics_stress_samples_dropped_total"));
        assertEquals((double) r.failed(), last.get("metrics_stress_samples_failed_total"));
        assertEquals((double) r.groupCommitsGenerated(), last.get("metrics_stress_group_commits_generated_total"));
        assertEquals((double) r.writeRequests(), last.get("metrics_stress_writes_requests_total"));
        assertEquals((double) r.responseLatency().count(), last.get("metrics_stress_latency_seconds_count{kind=\"response\"}"));
        assertEquals((double) r.index().rowsWritten(), last.get("metrics_stress_index_rows_written_total"));
        assertEquals((double) r.written(), last.get("org_opennms_newts_repository_samples_inserted_count{type=\"meters\"}"));
        assertTrue(scrape.contains("# TYPE metrics_stress_samples_written_total counter"), scrape);
        assertTrue(scrape.matches("(?s).*\\nmetrics_stress_samples_written_total \\d+\\.0\\n.*"), scrape);
        assertTrue(scrape.contains("# TYPE metrics_stress_latency_seconds summary"), scrape);
        assertFalse(beans.isEmpty(), "no MBeans in the metrics-stress domain");
        assertTrue(beans.stream().anyMatch(n -> n.toString().contains("samples.written")), beans.toString());

        // The result file validates against the documented schema.
        ObjectMapper mapper = new ObjectMapper();
        JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                .getSchema(Files.readString(Path.of(System.getProperty("metrics-stress.result-schema"))));
        JsonNode json = mapper.readTree(dir.resolve("result.json").toFile());
        Set<ValidationMessage> errors = schema.validate(json);
        assertEquals(Set.of(), errors, "result.json does not match docs/result-schema.json");
        assertEquals(org.metricsstress.result.StressResult.SCHEMA_VERSION, json.get("schemaVersion").asInt());
        assertTrue(json.get("sla").get("passed").asBoolean(), json.get("sla").toString());
        assertFalse(json.get("intervals").isEmpty());

        // The HDR log holds every response measured: HdrHistogram's own reader adds up to the total.
        long total = 0;
        try (HistogramLogReader reader = new HistogramLogReader(dir.resolve("latency.hlog").toFile())) {
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if ("response".equals(h.getTag())) {
                    total += ((org.HdrHistogram.Histogram) h).getTotalCount();
                }
            }
        }
        assertEquals(r.responseLatency().count(), total);
        assertEquals(r.groupCommitsGenerated(), total, "every commit written once, none dropped");

        // CSV: one file per metric, a row per interval.
        Path written = dir.resolve("csv").resolve("metrics-stress.samples.written.csv");
        assertTrue(Files.exists(written), "missing " + written);
        List<String> rows = Files.readAllLines(written);
        assertTrue(rows.size() >= 3, rows.toString());
        assertEquals(String.valueOf(r.written()), rows.get(rows.size() - 1).split(",")[1]);

        // After the run the JMX beans are gone again: nothing of the run stays registered.
        assertTrue(ManagementFactory.getPlatformMBeanServer().queryNames(new ObjectName("metrics-stress:*"), null).isEmpty());
    }

    @Test
    void aFailingSlaSaysWhich(CassandraServer server) throws Exception {
        StressConfig config = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace("it_sla").nodes(10).interfaces(1).groups(1).attributes(1).strings(0)
                .interval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(2)).index(false)
                .sla(Sla.parse("--sla", "p99<1us,drops=0"))
                .build();
        org.metricsstress.api.Outcome outcome = new StressRun(config,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).execute();
        StressResult r = outcome.result();
        assertEquals(org.metricsstress.api.ExitCode.CRITERIA_FAILED, outcome.exitCode(), "a failed SLA fails the run");
        assertTrue(outcome.problem().startsWith("SLA failed: response.p99 is "), outcome.problem());
        assertFalse(r.sla().passed());
        assertEquals(1, r.sla().failures().size());
        assertTrue(r.sla().failures().get(0).startsWith("response.p99 is "), r.sla().failures().toString());
    }
}
