package org.metricsstress.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.OnFull;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.Lane;
import org.metricsstress.pipeline.LaneRing;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;

class PrometheusEndpointTest {
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{[^}]*\\})? (\\S+)$");

    /** The registry as a run fills it: the metrics objects, the ring, and the gauges the engine adds. */
    private static String scrape() {
        StressMetrics metrics = new StressMetrics();
        IndexMetrics index = new IndexMetrics(metrics.registry(), metrics, 10, 2, System.nanoTime());
        LaneRing ring = new LaneRing(64, 1, 2, 10, OnFull.DROP, () -> c -> { }, null, metrics);
        // The engine's own gauges (StressEngine.generate) and the sample writer's (which needs a session).
        metrics.gauge("plan.target-rate", () -> 1000);
        metrics.gauge("client.cpu-millis", () -> 1234);
        metrics.gauge("client.heap-used-bytes", () -> 1 << 20);
        metrics.gauge("index.cache-size", () -> 12);
        metrics.gauge("writes.in-flight", () -> 3);
        metrics.generated(30, 0);
        metrics.written(20);
        metrics.failed(4, ErrorClass.TIMEOUT);
        metrics.failed(6, ErrorClass.UNAVAILABLE);
        LatencySummary l = new LatencySummary(10, 1, 2, 3, 4, 5, 1.5);
        IntervalStats last = org.metricsstress.result.ResultFixtures.interval(1, 1, 30, 30, 20, 0, 10, 30, 20, 0, 10, 0, 0, 0, l, l, l, l, 1, 1, 0, 0,
                0, 0, 12);
        String text = PrometheusEndpoint.text(PrometheusEndpoint.snapshots(metrics.registry(), last, Map.of("response", 10L)));
        assertTrue(ring.drain(5, java.util.concurrent.TimeUnit.SECONDS));
        assertTrue(index.resourcesInPlan() > 0);
        return text;
    }

    @Test
    void everyFamilyHasHelpAndTypeAndEverySampleLineParses() {
        String text = scrape();
        Set<String> help = new HashSet<>();
        Map<String, String> type = new HashMap<>();
        for (String line : text.split("\n")) {
            if (line.startsWith("# HELP ")) {
                assertTrue(help.add(line.split(" ")[2]), "HELP twice: " + line);
            } else if (line.startsWith("# TYPE ")) {
                String[] w = line.split(" ");
                assertEquals(null, type.put(w[2], w[3]), "TYPE twice: " + line);
            } else {
                Matcher m = SAMPLE.matcher(line);
                assertTrue(m.matches(), "not a sample line: " + line);
                Double.parseDouble(m.group(3));
                String family = m.group(1).replaceAll("_(count|sum)$", "");
                if (!type.containsKey(family)) {
                    family = m.group(1);
                }
                assertTrue(help.contains(family) && type.containsKey(family), "no HELP/TYPE before " + line);
            }
        }
        assertEquals(help, type.keySet());
    }

    @Test
    void theFailureClassIsALabelNotPartOfTheName() {
        String text = scrape();
        assertTrue(text.contains("metrics_stress_samples_failed_by_class_total{class=\"timeout\"} 4.0"), text);
        assertTrue(text.contains("metrics_stress_samples_failed_by_class_total{class=\"unavailable\"} 6.0"), text);
        assertTrue(text.contains("\nmetrics_stress_samples_failed_total 10.0\n"), text);
        assertFalse(text.contains("samples_failed_timeout"), text);
    }

    @Test
    void latenciesAreOneSummaryFamilyWithTheKindAsALabel() {
        String text = scrape();
        assertTrue(text.contains("# TYPE metrics_stress_latency_seconds summary"), text);
        assertTrue(text.contains("metrics_stress_latency_seconds{kind=\"response\",quantile=\"0.99\"} 0.003\n"), text);
        assertTrue(text.contains("metrics_stress_latency_seconds{kind=\"schedule_lag\",quantile=\"1.0\"} 0.005\n"), text);
        assertTrue(text.contains("metrics_stress_latency_seconds_count{kind=\"response\"} 10"), text);
    }

    @Test
    void everyMetricTheGrafanaDashboardQueriesIsServed() throws Exception {
        // Surefire runs in the module directory; the dashboard is in the repository's docs.
        JsonNode dashboard = new ObjectMapper().readTree(Files.readString(Path.of("..", "docs", "grafana",
                "metrics-stress-dashboard.json")));
        Set<String> served = new HashSet<>();
        for (String line : scrape().split("\n")) {
            if (line.startsWith("# TYPE ")) {
                served.add(line.split(" ")[2]);
            }
        }
        Set<String> queried = new TreeSet<>();
        for (JsonNode panel : dashboard.get("panels")) {
            for (JsonNode target : panel.get("targets")) {
                Matcher m = Pattern.compile("metrics_stress_[a-z_]+").matcher(target.get("expr").asText());
                while (m.find()) {
                    queried.add(m.group());
                }
            }
        }
        assertTrue(queried.size() >= 10, "the dashboard queries too little: " + queried);
        for (String name : queried) {
            assertTrue(served.contains(name), name + " is queried by the dashboard but not served; served: " + served);
        }
    }

    @Test
    void perNodeFiguresCarryNodeAndDcLabels() {
        org.metricsstress.metrics.NodeFigures nodes = new org.metricsstress.metrics.NodeFigures();
        nodes.of("127.0.0.1:9042", "dc1").succeeded(10, 1_000_000);
        nodes.of("127.0.0.2:9042", "dc2").failed(org.metricsstress.metrics.ErrorClass.UNAVAILABLE);
        String text = PrometheusEndpoint.text(PrometheusEndpoint.nodes(nodes));
        assertTrue(text.contains("# TYPE metrics_stress_node_requests_total counter\n"), text);
        assertTrue(text.contains("metrics_stress_node_samples_written_total{dc=\"dc1\",node=\"127.0.0.1:9042\"} 10.0\n"), text);
        assertTrue(text.contains("metrics_stress_node_failed_attempts_total{class=\"unavailable\",dc=\"dc2\",node=\"127.0.0.2:9042\"} 1.0\n"), text);
        assertTrue(text.contains("metrics_stress_node_requests_total{dc=\"dc2\",node=\"127.0.0.2:9042\"} 1.0\n"), text);
        assertTrue(text.contains("metrics_stress_node_service_seconds{dc=\"dc1\",node=\"127.0.0.1:9042\",quantile=\"0.99\"} 0.001"), text);
        assertTrue(text.contains("metrics_stress_node_service_seconds_count{dc=\"dc1\",node=\"127.0.0.1:9042\"} 1\n"), text);
        assertEquals(List.of(), PrometheusEndpoint.nodes(new org.metricsstress.metrics.NodeFigures()));
    }

    @Test
    void theNodesOwnFiguresAreGaugesByNodeAndAStoppedNodeSaysOnlyThatItDidNotAnswer() {
        var pools = java.util.Map.of(org.metricsstress.result.NodeTelemetry.MUTATION,
                new org.metricsstress.result.NodeTelemetry.Pool(32, 32, 140, 0, 0, 9_000));
        var tables = java.util.Map.of("samples", new org.metricsstress.result.NodeTelemetry.TableWrites(900, 0.02, 0.25,
                300, 0.3, 1.2));
        var answered = new org.metricsstress.result.NodeTelemetry.Reading(5, null, 12, pools, 7, 2, tables, 40, 85, 0, 0);
        var stopped = org.metricsstress.result.NodeTelemetry.Reading.unanswered(5, "no answer within 4000 ms");
        java.util.Map<String, java.util.Map.Entry<String, org.metricsstress.result.NodeTelemetry.Reading>> latest =
                new java.util.LinkedHashMap<>();
        latest.put("127.0.0.1:9042", java.util.Map.entry("dc1", answered));
        latest.put("127.0.0.3:9042", java.util.Map.entry("dc1", stopped));
        String text = PrometheusEndpoint.text(NodeSidePrometheus.snapshots(latest));
        assertTrue(text.contains("metrics_stress_node_pool_pending{dc=\"dc1\",node=\"127.0.0.1:9042\",pool=\"MutationStage\"} 140.0\n"),
                text);
        assertTrue(text.contains("metrics_stress_node_compactions_pending{dc=\"dc1\",node=\"127.0.0.1:9042\"} 7.0\n"), text);
        assertTrue(text.contains("metrics_stress_node_local_write_p99_seconds{dc=\"dc1\",node=\"127.0.0.1:9042\",table=\"samples\"} 2.5E-4\n"),
                text);
        assertTrue(text.contains("metrics_stress_node_cpu_ratio{dc=\"dc1\",node=\"127.0.0.1:9042\"} 0.85\n"), text);
        assertTrue(text.contains("metrics_stress_node_telemetry_answered{dc=\"dc1\",node=\"127.0.0.3:9042\"} 0.0\n"), text);
        assertTrue(!text.contains("pool=\"MutationStage\"} 140.0\n") || !text.contains("node=\"127.0.0.3:9042\",pool"), text);
        assertEquals(List.of(), NodeSidePrometheus.snapshots(java.util.Map.of()));
    }
}
