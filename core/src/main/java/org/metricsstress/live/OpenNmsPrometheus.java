package org.metricsstress.live;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.Meter;
import com.codahale.metrics.Metered;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Snapshot;
import com.codahale.metrics.Timer;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.UnknownSnapshot;
import io.prometheus.metrics.model.snapshots.UnknownSnapshot.UnknownDataPointSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The metrics of {@link OpenNmsNames} as OpenNMS's Prometheus JMX exporter serves them: its
 * template (opennms-container, prom-jmx-exporter) includes {@code org.opennms.*:*} and names the
 * newts ring-buffer and samples-inserted beans, with the rule {@code pattern: "org.opennms.*"} and
 * no name, so the exporter's default format applies: domain, the bean's first key value
 * ({@code name}), the attribute, joined by {@code _}, every other character than letters, digits,
 * {@code :} and {@code _} made {@code _} and runs of {@code _} made one, lower-cased
 * ({@code lowercaseOutputName: true}); the other key ({@code type}) becomes a label; untyped.
 * For example {@code org_opennms_newts_repository_samples_inserted_count{type="meters"}}, or
 * {@code org_opennms_timeseries_ring_buffer_dropped_samples_count{type="meters"}} (the template's
 * {@code org.opennms.*:*} takes in the time series domain too).
 *
 * <p>Values are what the MBeans of Dropwizard's JmxReporter hold with its defaults, as OpenNMS
 * builds it: rates per second, durations in milliseconds.
 */
final class OpenNmsPrometheus {
    private static final double NANOS_PER_MILLI = 1_000_000.0;

    private OpenNmsPrometheus() {}

    /** The Prometheus name of attribute {@code attribute} of the bean named {@code dropwizardName} in {@code domain}. */
    static String name(String domain, String dropwizardName, String attribute) {
        String raw = domain + "_" + dropwizardName + "_" + attribute;
        StringBuilder sb = new StringBuilder(raw.length());
        boolean underscore = false;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            boolean legal = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ':';
            if (legal) {
                sb.append(c);
                underscore = false;
            } else if (!underscore) {
                sb.append('_');
                underscore = true;
            }
        }
        return sb.toString().toLowerCase(Locale.ROOT);
    }

    /** Every attribute of every bean of every domain, each as one untyped family (the exporter's default), the bean's type its label. */
    static List<MetricSnapshot> snapshots(Map<String, MetricRegistry> byDomain) {
        List<MetricSnapshot> out = new ArrayList<>();
        for (Map.Entry<String, MetricRegistry> d : byDomain.entrySet()) {
            snapshots(out, d.getKey(), d.getValue());
        }
        return out;
    }

    private static void snapshots(List<MetricSnapshot> out, String domain, MetricRegistry registry) {
        for (Map.Entry<String, Gauge> e : registry.getGauges().entrySet()) {
            Object v = e.getValue().getValue();
            if (v instanceof Number n) {
                // JmxReporter's gauge bean has two attributes holding the number: Value and Number.
                sample(out, domain, e.getKey(), "Value", "gauges", n.doubleValue());
                sample(out, domain, e.getKey(), "Number", "gauges", n.doubleValue());
            }
        }
        for (Map.Entry<String, Meter> e : registry.getMeters().entrySet()) {
            rates(out, domain, e.getKey(), "meters", e.getValue());
        }
        for (Map.Entry<String, Timer> e : registry.getTimers().entrySet()) {
            String name = e.getKey();
            Timer t = e.getValue();
            rates(out, domain, name, "timers", t);
            Snapshot s = t.getSnapshot();
            sample(out, domain, name, "Min", "timers", s.getMin() / NANOS_PER_MILLI);
            sample(out, domain, name, "Max", "timers", s.getMax() / NANOS_PER_MILLI);
            sample(out, domain, name, "Mean", "timers", s.getMean() / NANOS_PER_MILLI);
            sample(out, domain, name, "StdDev", "timers", s.getStdDev() / NANOS_PER_MILLI);
            sample(out, domain, name, "50thPercentile", "timers", s.getMedian() / NANOS_PER_MILLI);
            sample(out, domain, name, "75thPercentile", "timers", s.get75thPercentile() / NANOS_PER_MILLI);
            sample(out, domain, name, "95thPercentile", "timers", s.get95thPercentile() / NANOS_PER_MILLI);
            sample(out, domain, name, "98thPercentile", "timers", s.get98thPercentile() / NANOS_PER_MILLI);
            sample(out, domain, name, "99thPercentile", "timers", s.get99thPercentile() / NANOS_PER_MILLI);
            sample(out, domain, name, "999thPercentile", "timers", s.get999thPercentile() / NANOS_PER_MILLI);
        }
    }

    private static void rates(List<MetricSnapshot> out, String domain, String name, String type, Metered m) {
        sample(out, domain, name, "Count", type, m.getCount());
        sample(out, domain, name, "MeanRate", type, m.getMeanRate());
        sample(out, domain, name, "OneMinuteRate", type, m.getOneMinuteRate());
        sample(out, domain, name, "FiveMinuteRate", type, m.getFiveMinuteRate());
        sample(out, domain, name, "FifteenMinuteRate", type, m.getFifteenMinuteRate());
    }

    private static void sample(List<MetricSnapshot> out, String domain, String dropwizardName, String attribute,
            String type, double value) {
        out.add(UnknownSnapshot.builder().name(name(domain, dropwizardName, attribute))
                .help(attribute + " of " + domain + ":name=" + dropwizardName + ",type=" + type
                        + " (OpenNMS's name; metrics-stress figures: docs/reports.md)")
                .dataPoint(UnknownDataPointSnapshot.builder().labels(Labels.of("type", type)).value(value).build()).build());
    }
}
