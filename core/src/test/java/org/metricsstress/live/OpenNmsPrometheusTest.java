package org.metricsstress.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.StressMetrics;

class OpenNmsPrometheusTest {
    /** The functions and operators the board uses: every other word of an expression is a metric name. */
    private static final Set<String> PROMQL_WORDS = Set.of("rate", "irate", "increase", "sum", "max", "min", "avg",
            "clamp_min", "clamp_max", "max_over_time", "or", "and", "unless", "bool", "offset");

    /** What the endpoint serves under OpenNMS's names for an OpenNMS-writer run that indexes. */
    static String scrape() {
        StressMetrics metrics = new StressMetrics();
        IndexMetrics index = new IndexMetrics(metrics.registry(), metrics, 10, 0, System.nanoTime());
        OpenNmsNames names = new OpenNmsNames(new OpenNmsNames.Sources(
                StressConfig.builder().writer(Writer.OPENNMS).strings(2).build(), metrics, () -> 17, 8192, index, () -> 5));
        metrics.dropped(0, 10);
        metrics.written(320);
        metrics.newtsCalls().inserted(TimeUnit.MILLISECONDS.toNanos(4));
        return PrometheusEndpoint.text(OpenNmsPrometheus.snapshots(names.registries()));
    }

    @Test
    void namesAreTheJmxExportersDefaultFormat() {
        assertEquals("org_opennms_newts_repository_samples_inserted_count", OpenNmsPrometheus.name("org.opennms.newts", "repository.samples-inserted", "Count"));
        assertEquals("org_opennms_newts_ring_buffer_max_size_value", OpenNmsPrometheus.name("org.opennms.newts", "ring-buffer.max-size", "Value"));
        assertEquals("org_opennms_newts_repository_insert_timer_99thpercentile",
                OpenNmsPrometheus.name("org.opennms.newts", "repository.insert-timer", "99thPercentile"));
        assertEquals("org_opennms_newts_cache_metric_reqs_oneminuterate", OpenNmsPrometheus.name("org.opennms.newts", "cache.metric-reqs", "OneMinuteRate"));
    }

    @Test
    void aScrapeHoldsValuesWithTheBeanTypeAsLabel() {
        String text = scrape();
        assertTrue(text.contains("\norg_opennms_newts_ring_buffer_dropped_samples_count{type=\"meters\"} 10.0\n"), text);
        assertTrue(text.contains("\norg_opennms_newts_repository_samples_inserted_count{type=\"meters\"} 320.0\n"), text);
        assertTrue(text.contains("\norg_opennms_newts_ring_buffer_size_value{type=\"gauges\"} 17.0\n"), text);
        assertTrue(text.contains("\norg_opennms_newts_ring_buffer_max_size_value{type=\"gauges\"} 8192.0\n"), text);
        assertTrue(text.contains("# TYPE org_opennms_newts_repository_samples_inserted_count untyped\n"), text);
        // Durations in milliseconds, as OpenNMS's JmxReporter converts them.
        Matcher max = Pattern.compile("\\norg_opennms_newts_repository_insert_timer_max\\{type=\"timers\"} ([0-9.E]+)\\n").matcher(text);
        assertTrue(max.find(), text);
        assertEquals(4.0, Double.parseDouble(max.group(1)), 0.01);
        assertTrue(text.contains("\norg_opennms_newts_repository_insert_timer_count{type=\"timers\"} 1.0\n"), text);
    }

    @Test
    void everyMetricTheOpenNmsDashboardQueriesIsServed() throws Exception {
        // Surefire runs in the module directory; the board is in the repository's deploy/.
        JsonNode board = new ObjectMapper().readTree(Files.readString(Path.of("..", "deploy", "grafana",
                "opennms-newts-dashboard.json")));
        Set<String> served = new HashSet<>();
        for (String line : scrape().split("\n")) {
            if (line.startsWith("# TYPE ")) {
                served.add(line.split(" ")[2]);
            }
        }
        Set<String> queried = new TreeSet<>();
        int expressions = 0;
        for (JsonNode panel : board.get("panels")) {
            for (JsonNode target : panel.path("targets")) {
                expressions++;
                String expr = target.get("expr").asText();
                // Label matchers, ranges and grouping clauses hold no metric names.
                String bare = expr.replaceAll("\\{[^}]*}", " ").replaceAll("\\[[^]]*]", " ")
                        .replaceAll("\\b(by|without|on|ignoring)\\s*\\([^)]*\\)", " ");
                Matcher m = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*").matcher(bare);
                boolean any = false;
                while (m.find()) {
                    if (PROMQL_WORDS.contains(m.group())) {
                        continue;
                    }
                    queried.add(m.group());
                    any = true;
                }
                assertTrue(any, "no metric name found in " + expr);
            }
        }
        assertTrue(expressions >= 8, "the board has too few queries: " + expressions);
        for (String name : queried) {
            assertTrue(served.contains(name), name + " is queried by the board but not served; served: " + new TreeSet<>(served));
        }
        for (String needed : new String[] {"org_opennms_newts_ring_buffer_size_value", "org_opennms_newts_ring_buffer_max_size_value",
                "org_opennms_newts_ring_buffer_dropped_samples_count", "org_opennms_newts_repository_samples_inserted_count"}) {
            assertTrue(queried.contains(needed), "the board should show " + needed + "; it queries " + queried);
        }
    }

    @Test
    void aTssRunIsScrapedUnderTheTimeSeriesDomainOnly() {
        StressMetrics metrics = new StressMetrics();
        OpenNmsNames names = new OpenNmsNames(new OpenNmsNames.Sources(StressConfig.builder().writer(Writer.TSS)
                .tssWriteUrl(java.net.URI.create("http://127.0.0.1:9090/api/v1/write")).build(), metrics, () -> 3, 8192,
                null, null));
        metrics.dropped(0, 12);
        metrics.workerClock().event(TimeUnit.MILLISECONDS.toNanos(2));
        String text = PrometheusEndpoint.text(OpenNmsPrometheus.snapshots(names.registries()));
        assertTrue(text.contains("\norg_opennms_timeseries_ring_buffer_dropped_samples_count{type=\"meters\"} 12.0\n"), text);
        assertTrue(text.contains("\norg_opennms_timeseries_ring_buffer_size_value{type=\"gauges\"} 3.0\n"), text);
        assertTrue(text.contains("\norg_opennms_timeseries_samples_write_ts_count{type=\"timers\"} 1.0\n"), text);
        assertFalse(text.contains("org_opennms_newts"), text);
    }
}
