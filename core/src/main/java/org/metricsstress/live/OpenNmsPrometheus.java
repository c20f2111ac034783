package org.metricsstress.live;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.Meter;
import com.codahale.metrics.Metered;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Snapshot;
import com.codahale.metrics.Timer;
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

    static String render(MetricRegistry registry) {
        StringBuilder sb = new StringBuilder(4096);
        for (Map.Entry<String, Gauge> e : registry.getGauges().entrySet()) {
            Object v = e.getValue().getValue();
            if (v instanceof Number n) {
                // JmxReporter's gauge bean has two attributes holding the number: Value and Number.
                sample(sb, e.getKey(), "Value", "gauges", n.doubleValue());
                sample(sb, e.getKey(), "Number", "gauges", n.doubleValue());
            }
        }
        for (Map.Entry<String, Meter> e : registry.getMeters().entrySet()) {
            rates(sb, e.getKey(), "meters", e.getValue());
        }
        for (Map.Entry<String, Timer> e : registry.getTimers().entrySet()) {
            String name = e.getKey();
            Timer t = e.getValue();
            rates(sb, name, "timers", t);
            Snapshot s = t.getSnapshot();
            sample(sb, name, "Min", "timers", s.getMin() / NANOS_PER_MILLI);
            sample(sb, name, "Max", "timers", s.getMax() / NANOS_PER_MILLI);
            sample(sb, name, "Mean", "timers", s.getMean() / NANOS_PER_MILLI);
            sample(sb, name, "StdDev", "timers", s.getStdDev() / NANOS_PER_MILLI);
            sample(sb, name, "50thPercentile", "timers", s.getMedian() / NANOS_PER_MILLI);
            sample(sb, name, "75thPercentile", "timers", s.get75thPercentile() / NANOS_PER_MILLI);
            sample(sb, name, "95thPercentile", "timers", s.get95thPercentile() / NANOS_PER_MILLI);
            sample(sb, name, "98thPercentile", "timers", s.get98thPercentile() / NANOS_PER_MILLI);
            sample(sb, name, "99thPercentile", "timers", s.get99thPercentile() / NANOS_PER_MILLI);
            sample(sb, name, "999thPercentile", "timers", s.get999thPercentile() / NANOS_PER_MILLI);
        }
        return sb.toString();
    }

    private static void rates(StringBuilder sb, String name, String type, Metered m) {
        sample(sb, name, "Count", type, m.getCount());
        sample(sb, name, "MeanRate", type, m.getMeanRate());
        sample(sb, name, "OneMinuteRate", type, m.getOneMinuteRate());
        sample(sb, name, "FiveMinuteRate", type, m.getFiveMinuteRate());
        sample(sb, name, "FifteenMinuteRate", type, m.getFifteenMinuteRate());
    }

    private static void sample(StringBuilder sb, String dropwizardName, String attribute, String type, double value) {
        String name = name(dropwizardName, attribute);
        sb.append("# HELP ").append(name).append(' ').append(attribute).append(" of ").append(OpenNmsNames.DOMAIN)
                .append(":name=").append(dropwizardName).append(",type=").append(type)
                .append(" (OpenNMS's name; metrics-stress figures: docs/reports.md)\n");
        sb.append("# TYPE ").append(name).append(" untyped\n");
        sb.append(name).append("{type=\"").append(type).append("\"} ").append(number(value)).append('\n');
    }

    /** Whole numbers as integers (counts, sizes), others as Java writes a double: both Prometheus' syntax. */
    private static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }
}
