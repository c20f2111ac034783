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
 * For example {@code org_opennms_newts_repository_samples_inserted_count{type="meters"}}.
 *
 * <p>Values are what the MBeans of Dropwizard's JmxReporter hold with its defaults, as OpenNMS
 * builds it: rates per second, durations in milliseconds.
 */
final class OpenNmsPrometheus {
    private static final double NANOS_PER_MILLI = 1_000_000.0;

    private OpenNmsPrometheus() {}

    /** The Prometheus name of attribute {@code attribute} of the bean named {@code dropwizardName}. */
    static String name(String dropwizardName, String attribute) {
        String raw = OpenNmsNames.DOMAIN + "_" + dropwizardName + "_" + attribute;
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

    /** Every attribute of every bean as one untyped family (the exporter's default), the bean's type its label. */
    static List<MetricSnapshot> snapshots(MetricRegistry registry) {
        List<MetricSnapshot> out = new ArrayList<>();
        for (Map.Entry<String, Gauge> e : registry.getGauges().entrySet()) {
            Object v = e.getValue().getValue();
            if (v instanceof Number n) {
                // JmxReporter's gauge bean has two attributes holding the number: Value and Number.
                sample(out, e.getKey(), "Value", "gauges", n.doubleValue());
                sample(out, e.getKey(), "Number", "gauges", n.doubleValue());
            }
        }
        for (Map.Entry<String, Meter> e : registry.getMeters().entrySet()) {
            rates(out, e.getKey(), "meters", e.getValue());
        }
        for (Map.Entry<String, Timer> e : registry.getTimers().entrySet()) {
            String name = e.getKey();
            Timer t = e.getValue();
            rates(out, name, "timers", t);
            Snapshot s = t.getSnapshot();
            sample(out, name, "Min", "timers", s.getMin() / NANOS_PER_MILLI);
            sample(out, name, "Max", "timers", s.getMax() / NANOS_PER_MILLI);
            sample(out, name, "Mean", "timers", s.getMean() / NANOS_PER_MILLI);
            sample(out, name, "StdDev", "timers", s.getStdDev() / NANOS_PER_MILLI);
            sample(out, name, "50thPercentile", "timers", s.getMedian() / NANOS_PER_MILLI);
            sample(out, name, "75thPercentile", "timers", s.get75thPercentile() / NANOS_PER_MILLI);
            sample(out, name, "95thPercentile", "timers", s.get95thPercentile() / NANOS_PER_MILLI);
            sample(out, name, "98thPercentile", "timers", s.get98thPercentile() / NANOS_PER_MILLI);
            sample(out, name, "99thPercentile", "timers", s.get99thPercentile() / NANOS_PER_MILLI);
            sample(out, name, "999thPercentile", "timers", s.get999thPercentile() / NANOS_PER_MILLI);
        }
        return out;
    }

    private static void rates(List<MetricSnapshot> out, String name, String type, Metered m) {
        sample(out, name, "Count", type, m.getCount());
        sample(out, name, "MeanRate", type, m.getMeanRate());
        sample(out, name, "OneMinuteRate", type, m.getOneMinuteRate());
        sample(out, name, "FiveMinuteRate", type, m.getFiveMinuteRate());
        sample(out, name, "FifteenMinuteRate", type, m.getFifteenMinuteRate());
    }

    private static void sample(List<MetricSnapshot> out, String dropwizardName, String attribute, String type, double value) {
        out.add(UnknownSnapshot.builder().name(name(dropwizardName, attribute))
                .help(attribute + " of " + OpenNmsNames.DOMAIN + ":name=" + dropwizardName + ",type=" + type
                        + " (OpenNMS's name; metrics-stress figures: docs/reports.md)")
                .dataPoint(UnknownDataPointSnapshot.builder().labels(Labels.of("type", type)).value(value).build()).build());
    }
}
