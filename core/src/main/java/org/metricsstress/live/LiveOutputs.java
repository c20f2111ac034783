package org.metricsstress.live;

import com.codahale.metrics.CsvReporter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.jmx.JmxReporter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.IntervalSampler;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencyKind;
import org.metricsstress.metrics.StressMetrics;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a run publishes while it runs, besides the console: the HdrHistogram interval log, CSV
 * files, the Prometheus endpoint. Each is optional; all see the same interval figures, and the
 * last interval's latency percentiles are also registered as gauges so that CSV files carry them.
 */
public final class LiveOutputs implements IntervalSampler.IntervalListener, AutoCloseable {
    private final AtomicReference<IntervalStats> last = new AtomicReference<>();
    private final Map<String, Long> latencyCounts = new ConcurrentHashMap<>();
    private HdrLog hdrLog;
    private Path hdrLogPath;
    private PrintStream out;
    private boolean hdrLogFailureSaid;
    private CsvReporter csv;
    private PrometheusEndpoint prometheus;
    private JmxReporter jmx;
    private final List<JmxReporter> openNmsJmx = new ArrayList<>();
    private OpenNmsNames openNms;
    /** --prometheus-linger, once the run's figures are final ({@link #runSettled}); zero before. */
    private Duration linger = Duration.ZERO;
    private Duration lingerWhenSettled = Duration.ZERO;

    /** The JMX domain users find the metrics under (jconsole, VisualVM, a JMX exporter). */
    static final String JMX_DOMAIN = "metrics-stress";

    /**
     * Opens what the configuration asks for; a failure to open one is reported and the run goes on
     * without it. {@code openNms}: the run's figures under OpenNMS's names, published beside ours.
     */
    /** Serves the nodes' own latest readings beside the run's (Prometheus), when an endpoint is open. */
    public void nodeSide(java.util.function.Supplier<Map<String, Map.Entry<String,
            org.metricsstress.result.NodeTelemetry.Reading>>> latest) {
        if (prometheus != null) {
            prometheus.nodeSide(latest);
        }
    }

    public static LiveOutputs open(StressConfig config, StressMetrics metrics, OpenNmsNames openNms, long startEpochMillis,
            PrintStream out) {
        LiveOutputs o = new LiveOutputs();
        o.openNms = openNms;
        try {
            return o.start(config, metrics, startEpochMillis, out);
        } catch (RuntimeException | Error e) {
            o.close(); // the outputs already started (a CSV reporter's thread, an MBean) go with it
            throw e;
        }
    }

    private LiveOutputs start(StressConfig config, StressMetrics metrics, long startEpochMillis, PrintStream out) {
        LiveOutputs o = this;
        o.out = out;
        o.lingerWhenSettled = config.outputs().prometheusLinger();
        for (LatencyKind kind : new LatencyKind[] {LatencyKind.RESPONSE, LatencyKind.SERVICE, LatencyKind.QUEUE}) {
            for (String p : new String[] {"p50", "p99", "p999", "max"}) {
                metrics.gauge("latency." + kind.tag() + "." + p + "-us", () -> o.percentileMicros(kind, p));
            }
        }
        if (config.outputs().hdrLog() != null) {
            try {
                o.hdrLog = new HdrLog(config.outputs().hdrLog(), startEpochMillis);
                o.hdrLogPath = config.outputs().hdrLog();
            } catch (IOException e) {
                out.println("cannot write --hdr-log " + config.outputs().hdrLog() + ": " + e.getMessage());
            }
        }
        if (config.outputs().csvDir() != null) {
            try {
                Files.createDirectories(config.outputs().csvDir());
                o.csv = CsvReporter.forRegistry(metrics.registry()).convertDurationsTo(TimeUnit.MILLISECONDS)
                        .build(config.outputs().csvDir().toFile());
                o.csv.start(config.outputs().reportInterval().toMillis(), TimeUnit.MILLISECONDS);
            } catch (IOException e) {
                out.println("cannot write --csv-dir " + config.outputs().csvDir() + ": " + e.getMessage());
            }
        }
        if (config.outputs().jmx()) {
            o.jmx = JmxReporter.forRegistry(metrics.registry()).inDomain(JMX_DOMAIN).build();
            o.jmx.start();
            // OpenNMS's reporter is built with the defaults too (durations in ms, rates per second),
            // so a JMX client of OpenNMS reads the same units here.
            for (Map.Entry<String, MetricRegistry> d : openNms.registries().entrySet()) {
                JmxReporter reporter = JmxReporter.forRegistry(d.getValue()).inDomain(d.getKey()).build();
                o.openNmsJmx.add(reporter);
                reporter.start();
            }
            out.println("JMX: metrics in domain '" + JMX_DOMAIN + "', OpenNMS's names in '"
                    + String.join("', '", openNms.registries().keySet()) + "'");
        }
        if (config.outputs().prometheusPort() > 0) {
            try {
                o.prometheus = new PrometheusEndpoint(config.outputs().prometheusPort(), metrics.registry(), o.last::get,
                        () -> Map.copyOf(o.latencyCounts), metrics.nodes(), openNms.registries());
                out.println("Prometheus metrics on http://127.0.0.1:" + o.prometheus.port() + "/metrics");
            } catch (IOException e) {
                out.println("cannot serve --prometheus-port " + config.outputs().prometheusPort() + ": " + e.getMessage());
            }
        }
        return o;
    }

    private long percentileMicros(LatencyKind kind, String p) {
        IntervalStats s = last.get();
        if (s == null) {
            return 0;
        }
        var l = s.latency(kind);
        double ms = switch (p) {
            case "p50" -> l.p50Ms();
            case "p99" -> l.p99Ms();
            case "p999" -> l.p999Ms();
            default -> l.maxMs();
        };
        return Math.round(ms * 1000);
    }

    @Override
    public void interval(IntervalStats stats, Map<String, Histogram> histograms) {
        for (Map.Entry<String, Histogram> e : histograms.entrySet()) {
            latencyCounts.merge(e.getKey(), e.getValue().getTotalCount(), Long::sum);
        }
        last.set(stats);
        openNms.catchUp();
        if (hdrLog != null) {
            hdrLog.interval(stats, histograms);
            sayIfHdrLogFailed();
        }
    }

    /** Once: a log that could not be written is said to be incomplete, not left silently truncated. */
    private void sayIfHdrLogFailed() {
        if (!hdrLogFailureSaid && hdrLog.failed()) {
            hdrLogFailureSaid = true;
            out.println("could not write --hdr-log " + hdrLogPath + " (a write failed: disk full?): the log is incomplete");
        }
    }

    /**
     * The run settled normally: its figures are final, so closing may linger for a last scrape of them
     * (--prometheus-linger). A run that threw closes without lingering.
     */
    public void runSettled() {
        linger = lingerWhenSettled;
    }

    @Override
    public void close() {
        if (csv != null) {
            csv.report(); // the final figures, after the drain
            csv.stop();
        }
        if (prometheus != null) {
            try {
                prometheus.finish(linger);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // stop lingering: the run is being stopped
            }
            prometheus.close();
        }
        if (jmx != null) {
            jmx.stop();
        }
        openNmsJmx.forEach(JmxReporter::stop);
        if (hdrLog != null) {
            hdrLog.close();
            sayIfHdrLogFailed();
        }
    }
}
