package org.metricsstress.live;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import io.prometheus.metrics.model.snapshots.SummarySnapshot.SummaryDataPointSnapshot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.NodeFigures;
import org.metricsstress.metrics.NodeStats;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.NodeTelemetry;
import org.metricsstress.result.LatencyKind;
import org.metricsstress.result.LatencySummary;

/**
 * Serves the run's metrics on {@code http://127.0.0.1:PORT/metrics} through Prometheus's official
 * Java client (its {@code HTTPServer} and exposition formats), so a Grafana board
 * ({@code docs/grafana/}) can follow a long run. The client picks the format the scraper asks for:
 * the classic text format (0.0.4) by default, OpenMetrics 1.0 or the protobuf format by the
 * {@code Accept} header, as Prometheus negotiates; gzip when accepted.
 *
 * <p>Nothing is kept in the client's own metric objects: at each scrape one collector reads the
 * figures the run keeps anyway. Counters and gauges come from the Dropwizard registry (its names,
 * {@code metrics-stress.samples.written} as {@code metrics_stress_samples_written_total}).
 * Latencies are one summary whose quantiles come from the HdrHistogram of the last completed report
 * interval (0.5, 0.9, 0.99, 0.999 and 1 for the max), in seconds; their {@code _count} is the run's
 * total. Beside them, the same run under the names OpenNMS's JMX exporter gives OpenNMS's Newts
 * metrics ({@link OpenNmsPrometheus}). Loopback only: the endpoint is for a scraper on this machine
 * (or a tunnel), not the network.
 */
public final class PrometheusEndpoint implements AutoCloseable {
    private final HTTPServer server;
    private final ExecutorService executor;
    private final PrometheusRegistry prometheus = new PrometheusRegistry();
    /** Set once the run's figures are final; a scrape of them then counts the latch down. */
    private volatile boolean finished;
    private final CountDownLatch finalScrape = new CountDownLatch(1);
    /** The nodes' own latest readings, once the run reads them ({@link #nodeSide}). */
    private volatile Supplier<Map<String, Map.Entry<String, NodeTelemetry.Reading>>> nodeSide = Map::of;

    /**
     * @param openNms the run's figures under OpenNMS's names, per JMX domain, served as OpenNMS's JMX
     *                exporter names them
     */
    public PrometheusEndpoint(int port, MetricRegistry registry, Supplier<IntervalStats> lastInterval,
            Supplier<Map<String, Long>> latencyCounts, NodeFigures nodes, Map<String, MetricRegistry> openNms)
            throws IOException {
        MultiCollector run = () -> {
            List<MetricSnapshot> all = new ArrayList<>(snapshots(registry, lastInterval.get(), latencyCounts.get()));
            all.addAll(nodes(nodes));
            all.addAll(NodeSidePrometheus.snapshots(nodeSide.get()));
            all.addAll(OpenNmsPrometheus.snapshots(openNms));
            boolean end = finished;
            all.add(GaugeSnapshot.builder().name(RUN_FINISHED).help("1 once the run has ended and these are its final "
                    + "figures (--prometheus-linger), 0 while it runs")
                    .dataPoint(GaugeDataPointSnapshot.builder().value(end ? 1 : 0).build()).build());
            if (end) {
                finalScrape.countDown();
            }
            return new MetricSnapshots(all);
        };
        prometheus.register(run);
        this.executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "metrics-stress-prometheus");
            t.setDaemon(true);
            return t;
        });
        try {
            this.server = HTTPServer.builder().inetAddress(InetAddress.getLoopbackAddress()).port(port)
                    .registry(prometheus).executorService(executor).buildAndStart();
        } catch (IOException | RuntimeException e) {
            executor.shutdownNow();
            throw e;
        }
    }

    public int port() {
        return server.getPort();
    }

    /**
     * The run has ended: serves its final figures, marked {@value #RUN_FINISHED} 1, until one scrape
     * has taken them (and its response is sent) or {@code linger} has passed. With 0, returns at once.
     */
    public void finish(Duration linger) throws InterruptedException {
        finished = true;
        if (linger.isZero() || !finalScrape.await(linger.toNanos(), TimeUnit.NANOSECONDS)) {
            return;
        }
        // The collector counted down before the handler wrote the response: let the handler finish.
        executor.shutdown();
        executor.awaitTermination(5, TimeUnit.SECONDS);
    }

    /** What a scrape in the classic text format gets now. */
    String render() {
        return text(prometheus.scrape());
    }

    /** Snapshots in the classic text format (0.0.4), as the client writes them. */
    static String text(MetricSnapshots snapshots) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
        try {
            PrometheusTextFormatWriter.create().write(out, snapshots);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    static String text(List<MetricSnapshot> snapshots) {
        return text(new MetricSnapshots(snapshots));
    }

    static final String RUN_FINISHED = "metrics_stress_run_finished";
    /** Serves the nodes' own figures too: per node ("host:port"), its data centre and its latest reading. */
    public void nodeSide(Supplier<Map<String, Map.Entry<String, NodeTelemetry.Reading>>> latest) {
        this.nodeSide = latest;
    }

    static final String NODE_REQUESTS = "metrics_stress_node_requests_total";
    static final String NODE_WRITTEN = "metrics_stress_node_samples_written_total";
    static final String NODE_FAILED = "metrics_stress_node_failed_attempts_total";
    static final String NODE_SERVICE = "metrics_stress_node_service_seconds";

    /**
     * Per coordinator node, labelled {@code node} and {@code dc}: requests, samples written, failed
     * attempts by class, service time over the run so far. A node appears at its first request;
     * "none" holds failures no node was named for.
     */
    static List<MetricSnapshot> nodes(NodeFigures figures) {
        List<NodeStats> all = figures == null ? List.of() : figures.all();
        if (all.isEmpty()) {
            return List.of();
        }
        CounterSnapshot.Builder requests = counter(NODE_REQUESTS, "request attempts answered or failed, by coordinator node");
        CounterSnapshot.Builder written = counter(NODE_WRITTEN, "samples acknowledged, by coordinator node");
        CounterSnapshot.Builder failed = counter(NODE_FAILED, "failed request attempts by coordinator node and failure class");
        SummarySnapshot.Builder service = SummarySnapshot.builder().name(NODE_SERVICE).help("service time in seconds (sent to "
                + "acknowledged) of the requests each coordinator node acknowledged, over the run so far (HdrHistogram)");
        for (NodeStats n : all) {
            Labels l = Labels.of("node", n.node(), "dc", n.dc() == null ? "" : n.dc());
            requests.dataPoint(CounterDataPointSnapshot.builder().labels(l).value(n.requests()).build());
            written.dataPoint(CounterDataPointSnapshot.builder().labels(l).value(n.samplesWritten()).build());
            for (ErrorClass c : ErrorClass.values()) {
                failed.dataPoint(CounterDataPointSnapshot.builder()
                        .labels(l.merge(Labels.of("class", c.name().toLowerCase(Locale.ROOT)))).value(n.failedAttempts(c)).build());
            }
            Histogram h = n.serviceTotal();
            List<Quantile> q = new ArrayList<>();
            for (double p : new double[] {0.5, 0.99}) {
                q.add(new Quantile(p, h.getTotalCount() == 0 ? 0.0 : h.getValueAtPercentile(p * 100) / 1e6));
            }
            service.dataPoint(SummaryDataPointSnapshot.builder().labels(l).quantiles(Quantiles.of(q))
                    .count(h.getTotalCount()).build());
        }
        return List.of(requests.build(), written.build(), service.build(), failed.build());
    }

    private static CounterSnapshot.Builder counter(String total, String help) {
        // The client adds "_total" itself (the text format names the family so, OpenMetrics only its samples).
        return CounterSnapshot.builder().name(total.substring(0, total.length() - "_total".length())).help(help);
    }

    /**
     * The run's own families: counters (named {@code _total} by the client), a sample's failure
     * class as a label of one counter family, gauges, latencies as one summary family with the kind
     * as a label.
     */
    static List<MetricSnapshot> snapshots(MetricRegistry registry, IntervalStats last, Map<String, Long> latencyCounts) {
        List<MetricSnapshot> out = new ArrayList<>();
        CounterSnapshot.Builder byClass = counter(FAILED_BY_CLASS, "samples that failed, by failure class");
        boolean anyClass = false;
        for (Map.Entry<String, Counter> e : registry.getCounters().entrySet()) {
            String key = e.getKey();
            if (key.startsWith(FAILED_CLASS_PREFIX)) {
                byClass.dataPoint(CounterDataPointSnapshot.builder()
                        .labels(Labels.of("class", key.substring(FAILED_CLASS_PREFIX.length())))
                        .value(e.getValue().getCount()).build());
                anyClass = true;
                continue;
            }
            out.add(CounterSnapshot.builder().name(name(key)).help(MetricHelp.of(key))
                    .dataPoint(CounterDataPointSnapshot.builder().value(e.getValue().getCount()).build()).build());
        }
        if (anyClass) {
            out.add(byClass.build());
        }
        for (Map.Entry<String, Gauge> e : registry.getGauges().entrySet()) {
            // Latency gauges are for JMX and CSV; here the summary family below serves them.
            if (e.getKey().startsWith(StressMetrics.PREFIX + "latency.")) {
                continue;
            }
            Object v = e.getValue().getValue();
            if (v instanceof Number n) {
                out.add(GaugeSnapshot.builder().name(name(e.getKey())).help(MetricHelp.of(e.getKey()))
                        .dataPoint(GaugeDataPointSnapshot.builder().value(n.doubleValue()).build()).build());
            }
        }
        if (last != null) {
            SummarySnapshot.Builder latency = SummarySnapshot.builder().name(LATENCY).help("latency in seconds by kind "
                    + "(response: intended to acknowledged; service: sent to acknowledged; queue: intended to picked up; "
                    + "schedule_lag: intended to generated); quantiles over the last report interval (HdrHistogram), "
                    + "count over the run");
            for (LatencyKind kind : List.of(LatencyKind.RESPONSE, LatencyKind.SERVICE, LatencyKind.QUEUE,
                    LatencyKind.SCHEDULE_LAG)) {
                latency.dataPoint(summary(kind, last.latency(kind), latencyCounts));
            }
            out.add(latency.build());
        }
        return out;
    }

    static final String FAILED_BY_CLASS = "metrics_stress_samples_failed_by_class_total";
    static final String LATENCY = "metrics_stress_latency_seconds";
    private static final String FAILED_CLASS_PREFIX = StressMetrics.PREFIX + "samples.failed.";

    private static SummaryDataPointSnapshot summary(LatencyKind kind, LatencySummary l, Map<String, Long> counts) {
        return SummaryDataPointSnapshot.builder().labels(Labels.of("kind", kind.label()))
                .quantiles(Quantiles.of(new Quantile(0.5, l.p50Ms() / 1000), new Quantile(0.9, l.p90Ms() / 1000),
                        new Quantile(0.99, l.p99Ms() / 1000), new Quantile(0.999, l.p999Ms() / 1000),
                        new Quantile(1, l.maxMs() / 1000)))
                .count(counts.getOrDefault(kind.tag(), 0L)).build();
    }

    /** {@code metrics-stress.samples.written} becomes {@code metrics_stress_samples_written}. */
    static String name(String dropwizard) {
        return dropwizard.replaceAll("[^A-Za-z0-9_]", "_");
    }

    @Override
    public void close() {
        server.close();
        executor.shutdownNow();
    }
}
