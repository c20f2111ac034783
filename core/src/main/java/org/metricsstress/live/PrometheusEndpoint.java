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
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;

/**
 * Serves the run's metrics on {@code http://127.0.0.1:PORT/metrics} in the Prometheus text format
 * (which OpenMetrics scrapers read), so a Grafana board can follow a long run.
 *
 * <p>Counters and gauges come from the metric registry. Latencies are summaries whose quantiles
 * come from the HdrHistogram of the last completed report interval (0.5, 0.9, 0.99, 0.999 and 1
 * for the max), in seconds; their {@code _count} is the run's total. Loopback only: the endpoint
 * is for a scraper on this machine (or a tunnel), not the network.
 */
public final class PrometheusEndpoint implements AutoCloseable {
    private final HttpServer server;
    private final MetricRegistry registry;
    private final Supplier<IntervalStats> lastInterval;
    private final Supplier<Map<String, Long>> latencyCounts;

    public PrometheusEndpoint(int port, MetricRegistry registry, Supplier<IntervalStats> lastInterval,
            Supplier<Map<String, Long>> latencyCounts) throws IOException {
        this.registry = registry;
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
        StringBuilder sb = new StringBuilder(4096);
        for (Map.Entry<String, Counter> e : registry.getCounters().entrySet()) {
            String name = name(e.getKey()) + "_total";
            sb.append("# TYPE ").append(name).append(" counter\n");
            sb.append(name).append(' ').append(e.getValue().getCount()).append('\n');
        }
        for (Map.Entry<String, Gauge> e : registry.getGauges().entrySet()) {
            Object v = e.getValue().getValue();
            if (v instanceof Number n) {
                String name = name(e.getKey());
                sb.append("# TYPE ").append(name).append(" gauge\n");
                sb.append(name).append(' ').append(n).append('\n');
            }
        }
        IntervalStats last = lastInterval.get();
        Map<String, Long> counts = latencyCounts.get();
        if (last != null) {
            summary(sb, "response", last.response(), counts.getOrDefault("response", 0L));
            summary(sb, "service", last.service(), counts.getOrDefault("service", 0L));
            summary(sb, "queue", last.queue(), counts.getOrDefault("queue", 0L));
            summary(sb, "schedule_lag", last.scheduleLag(), counts.getOrDefault("schedule-lag", 0L));
        }
        return sb.toString();
    }

    private static void summary(StringBuilder sb, String what, LatencySummary l, long count) {
        String name = "metrics_stress_" + what + "_latency_seconds";
        sb.append("# HELP ").append(name).append(" ").append(what)
                .append(" latency; quantiles over the last report interval (HdrHistogram)\n");
        sb.append("# TYPE ").append(name).append(" summary\n");
        quantile(sb, name, "0.5", l.p50());
        quantile(sb, name, "0.9", l.p90());
        quantile(sb, name, "0.99", l.p99());
        quantile(sb, name, "0.999", l.p999());
        quantile(sb, name, "1", l.max());
        sb.append(name).append("_count ").append(count).append('\n');
    }

    private static void quantile(StringBuilder sb, String name, String q, double ms) {
        sb.append(name).append("{quantile=\"").append(q).append("\"} ")
                .append(String.format(Locale.ROOT, "%.6f", ms / 1000)).append('\n');
    }

    /** {@code metrics-stress.samples.written} becomes {@code metrics_stress_samples_written}. */
    static String name(String dropwizard) {
        return dropwizard.replaceAll("[^A-Za-z0-9_]", "_");
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }
}
