package org.metricsstress.live;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.List;
import java.util.Map;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.NodeFigures;
import org.metricsstress.metrics.NodeStats;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencyKind;
import org.metricsstress.result.LatencySummary;
import java.util.concurrent.ExecutorService;
import org.HdrHistogram.Histogram;

/**
 * Serves the run's metrics on {@code http://127.0.0.1:PORT/metrics} in the Prometheus text
 * exposition format, version 0.0.4 (what Prometheus and compatible scrapers read; not the
 * OpenMetrics format), so a Grafana board ({@code docs/grafana/}) can follow a long run.
 *
 * <p>Counters and gauges come from the metric registry. Latencies are summaries whose quantiles
 * come from the HdrHistogram of the last completed report interval (0.5, 0.9, 0.99, 0.999 and 1
 * for the max), in seconds; their {@code _count} is the run's total. Beside them, the same run
 * under the names OpenNMS's JMX exporter gives OpenNMS's Newts metrics ({@link OpenNmsPrometheus}).
 * Loopback only: the endpoint
 * is for a scraper on this machine (or a tunnel), not the network.
 */
public final class PrometheusEndpoint implements AutoCloseable {
    private final HttpServer server;
    private final MetricRegistry registry;
    private final Supplier<IntervalStats> lastInterval;
    private final Supplier<Map<String, Long>> latencyCounts;
    private final NodeFigures nodes;
    private final MetricRegistry openNms;

    /** @param openNms the run's figures under OpenNMS's names, served as OpenNMS's JMX exporter names them */
    public PrometheusEndpoint(int port, MetricRegistry registry, Supplier<IntervalStats> lastInterval,
            Supplier<Map<String, Long>> latencyCounts, NodeFigures nodes, MetricRegistry openNms) throws IOException {
        this.registry = registry;
        this.openNms = openNms;
        this.nodes = nodes;
        this.lastInterval = lastInterval;
        this.latencyCounts = latencyCounts;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        server.createContext("/metrics", exchange -> {
            byte[] body = render().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.setExecutor(Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "metrics-stress-prometheus");
            t.setDaemon(true);
            return t;
        }));
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    String render() {
        return render(registry, lastInterval.get(), latencyCounts.get()) + renderNodes(nodes)
                + OpenNmsPrometheus.render(openNms);
    }

    static final String NODE_REQUESTS = "metrics_stress_node_requests_total";
    static final String NODE_WRITTEN = "metrics_stress_node_samples_written_total";
    static final String NODE_FAILED = "metrics_stress_node_failed_attempts_total";
    static final String NODE_SERVICE = "metrics_stress_node_service_seconds";

    /**
     * Per coordinator node, labelled {@code node} and {@code dc}: requests, samples written, failed
     * attempts by class. A node appears at its first request; "none" holds failures no node was
     * named for.
     */
    static String renderNodes(NodeFigures figures) {
        List<NodeStats> all = figures == null ? List.of() : figures.all();
        if (all.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(1024);
        family(sb, NODE_REQUESTS, "counter", "request attempts answered or failed, by coordinator node");
        for (NodeStats n : all) {
            sb.append(NODE_REQUESTS).append(labels(n)).append(' ').append(n.requests()).append('\n');
        }
        family(sb, NODE_WRITTEN, "counter", "samples acknowledged, by coordinator node");
        for (NodeStats n : all) {
            sb.append(NODE_WRITTEN).append(labels(n)).append(' ').append(n.samplesWritten()).append('\n');
        }
        family(sb, NODE_SERVICE, "summary", "service time in seconds (sent to acknowledged) of the requests each "
                + "coordinator node acknowledged, over the run so far (HdrHistogram)");
        for (NodeStats n : all) {
            Histogram h = n.serviceTotal();
            String l = labels(n);
            String inner = l.substring(1, l.length() - 1);
            for (double q : new double[] {0.5, 0.99}) {
                sb.append(NODE_SERVICE).append('{').append(inner).append(",quantile=\"").append(q == 0.5 ? "0.5" : "0.99")
                        .append("\"} ").append(String.format(Locale.ROOT, "%.6f",
                                h.getTotalCount() == 0 ? 0.0 : h.getValueAtPercentile(q * 100) / 1e6)).append('\n');
            }
            sb.append(NODE_SERVICE).append("_count").append(l).append(' ').append(h.getTotalCount()).append('\n');
        }
        family(sb, NODE_FAILED, "counter", "failed request attempts by coordinator node and failure class");
        for (NodeStats n : all) {
            for (ErrorClass c : ErrorClass.values()) {
                String l = labels(n);
                sb.append(NODE_FAILED).append(l, 0, l.length() - 1).append(",class=\"")
                        .append(c.name().toLowerCase(Locale.ROOT)).append("\"} ").append(n.failedAttempts(c)).append('\n');
            }
        }
        return sb.toString();
    }

    private static String labels(NodeStats n) {
        return "{node=\"" + n.node() + "\",dc=\"" + (n.dc() == null ? "" : n.dc()) + "\"}";
    }

    /**
     * The text a scrape gets: every family with its HELP and TYPE lines, counters as
     * {@code _total}, a sample's failure class as a label of one family, latencies as one summary
     * family with the kind as a label.
     */
    static String render(MetricRegistry registry, IntervalStats last, Map<String, Long> latencyCounts) {
        StringBuilder sb = new StringBuilder(8192);
        StringBuilder byClass = new StringBuilder();
        for (Map.Entry<String, Counter> e : registry.getCounters().entrySet()) {
            String key = e.getKey();
            if (key.startsWith(FAILED_CLASS_PREFIX)) {
                byClass.append(FAILED_BY_CLASS).append("{class=\"").append(key.substring(FAILED_CLASS_PREFIX.length()))
                        .append("\"} ").append(e.getValue().getCount()).append('\n');
                continue;
            }
            String name = name(key) + "_total";
            family(sb, name, "counter", MetricHelp.of(key));
            sb.append(name).append(' ').append(e.getValue().getCount()).append('\n');
        }
        if (byClass.length() > 0) {
            family(sb, FAILED_BY_CLASS, "counter", "samples that failed, by failure class");
            sb.append(byClass);
        }
        for (Map.Entry<String, Gauge> e : registry.getGauges().entrySet()) {
            // Latency gauges are for JMX and CSV; here the summary family below serves them.
            if (e.getKey().startsWith(StressMetrics.PREFIX + "latency.")) {
                continue;
            }
            Object v = e.getValue().getValue();
            if (v instanceof Number n) {
                String name = name(e.getKey());
                family(sb, name, "gauge", MetricHelp.of(e.getKey()));
                sb.append(name).append(' ').append(n).append('\n');
            }
        }
        if (last != null) {
            family(sb, LATENCY, "summary", "latency in seconds by kind (response: intended to acknowledged; service: "
                    + "sent to acknowledged; queue: intended to picked up; schedule_lag: intended to generated); "
                    + "quantiles over the last report interval (HdrHistogram), count over the run");
            summary(sb, LatencyKind.RESPONSE, last.response(), latencyCounts);
            summary(sb, LatencyKind.SERVICE, last.service(), latencyCounts);
            summary(sb, LatencyKind.QUEUE, last.queue(), latencyCounts);
            summary(sb, LatencyKind.SCHEDULE_LAG, last.scheduleLag(), latencyCounts);
        }
        return sb.toString();
    }

    static final String FAILED_BY_CLASS = "metrics_stress_samples_failed_by_class_total";
    static final String LATENCY = "metrics_stress_latency_seconds";
    private static final String FAILED_CLASS_PREFIX = StressMetrics.PREFIX + "samples.failed.";

    private static void family(StringBuilder sb, String name, String type, String help) {
        sb.append("# HELP ").append(name).append(' ').append(help).append('\n');
        sb.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private static void summary(StringBuilder sb, LatencyKind kind, LatencySummary l, Map<String, Long> counts) {
        String labels = "kind=\"" + kind.label() + "\"";
        quantile(sb, labels, "0.5", l.p50Ms());
        quantile(sb, labels, "0.9", l.p90Ms());
        quantile(sb, labels, "0.99", l.p99Ms());
        quantile(sb, labels, "0.999", l.p999Ms());
        quantile(sb, labels, "1", l.maxMs());
        sb.append(LATENCY).append("_count{").append(labels).append("} ")
                .append(counts.getOrDefault(kind.tag(), 0L)).append('\n');
    }

    private static void quantile(StringBuilder sb, String labels, String q, double ms) {
        sb.append(LATENCY).append('{').append(labels).append(",quantile=\"").append(q).append("\"} ")
                .append(String.format(Locale.ROOT, "%.6f", ms / 1000)).append('\n');
    }

    /** {@code metrics-stress.samples.written} becomes {@code metrics_stress_samples_written}. */
    static String name(String dropwizard) {
        return dropwizard.replaceAll("[^A-Za-z0-9_]", "_");
    }

    @Override
    public void close() {
        server.stop(0);
        ((ExecutorService) server.getExecutor()).shutdownNow();
    }
}
