package org.metricsstress.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Pass/fail criteria for a run, e.g. {@code p99<25ms,drops=0,rate>=0.98}.
 *
 * <pre>
 * sla       = criterion { "," criterion }
 * criterion = metric op number [unit]
 * op        = "&lt;" | "&lt;=" | "&gt;" | "&gt;=" | "=" | "=="
 * metric    = latency | "drops" | "failed" | "unsent" | "rate" | "cpu" | "index.time"
 * latency   = [ "response." | "service." | "queue." | "lag." | "read." | "read.service." | "search." | "freshness." ]
 *             ( "p50" | "p90" | "p99" | "p99.9" | "max" | "mean" )
 * unit      = "us" | "ms" | "s"  (latencies and index.time; default ms for latencies, s for index.time)
 *           | "%"               (rate and cpu; rate is written/target, so 0.98 and 98% agree)
 * </pre>
 *
 * A latency without a prefix is the response time (intended to acknowledged). {@code drops},
 * {@code failed} and {@code unsent} (never generated: the generators were behind at the end) count samples; {@code cpu} is the client's CPU in % of its cores;
 * {@code index.time} is the seconds until every resource was indexed (a run that never got there
 * fails any bound on it).
 */
public record Sla(String expression, List<Criterion> criteria) {
    private static final Pattern CRITERION = Pattern.compile(
            "\\s*([a-z.]+?[0-9.]*[a-z]*)\\s*(<=|>=|==|<|>|=)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(us|ms|s|%)?\\s*");
    private static final List<String> LATENCIES = List.of("p50", "p90", "p99", "p99.9", "max", "mean");
    private static final List<String> PREFIXES = List.of("response", "service", "queue", "lag", "read", "read.service",
            "search", "freshness");

    /** One bound: the measured value of {@code metric} must satisfy {@code op threshold}. */
    public record Criterion(String text, String metric, String op, double threshold) {
        public boolean holds(double value) {
            return switch (op) {
                case "<" -> value < threshold;
                case "<=" -> value <= threshold;
                case ">" -> value > threshold;
                case ">=" -> value >= threshold;
                default -> value == threshold;
            };
        }
    }

    public static Sla parse(String option, String text) {
        List<Criterion> out = new ArrayList<>();
        // -1 keeps empty parts, so "p99<5ms,," is an error rather than one criterion.
        for (String part : text.split(",", -1)) {
            Matcher m = CRITERION.matcher(part.toLowerCase(Locale.ROOT));
            if (!m.matches()) {
                throw new ConfigException(option + ": '" + part.trim() + "' is not metric op value (e.g. p99<25ms, drops=0, rate>=0.98)");
            }
            String metric = normalise(option, m.group(1));
            String op = m.group(2).equals("==") ? "=" : m.group(2);
            double value = Double.parseDouble(m.group(3));
            String unit = m.group(4);
            out.add(new Criterion(part.trim(), metric, op, scale(option, part.trim(), metric, value, unit)));
        }
        return new Sla(text.trim(), List.copyOf(out));
    }

    /** Latencies become {@code <prefix>.<percentile>}; the rest stay as written. */
    private static String normalise(String option, String metric) {
        String prefix = "response";
        String name = metric;
        for (String p : PREFIXES) {
            if (metric.startsWith(p + ".")) {
                prefix = p;
                name = metric.substring(p.length() + 1);
            }
        }
        if (LATENCIES.contains(name)) {
            return prefix + "." + name;
        }
        if (List.of("drops", "failed", "unsent", "rate", "cpu", "index.time").contains(metric)) {
            return metric;
        }
        throw new ConfigException(option + ": unknown metric '" + metric
                + "' (p50 p90 p99 p99.9 max mean, with optional service./queue./lag./read./read.service./search./freshness. "
                + "prefix; drops failed unsent rate cpu index.time)");
    }

    /** Brings the threshold to the unit the result uses: ms for latencies, s for index.time, ratio for rate. */
    private static double scale(String option, String text, String metric, double value, String unit) {
        boolean latency = metric.contains(".p") || metric.endsWith(".max") || metric.endsWith(".mean");
        if (metric.equals("index.time")) {
            return switch (unit == null ? "s" : unit) {
                case "s" -> value;
                case "ms" -> value / 1000;
                default -> throw new ConfigException(option + ": '" + text + "': index.time takes s or ms");
            };
        }
        if (latency) {
            return switch (unit == null ? "ms" : unit) {
                case "ms" -> value;
                case "s" -> value * 1000;
                case "us" -> value / 1000;
                default -> throw new ConfigException(option + ": '" + text + "': a latency takes us, ms or s");
            };
        }
        if (metric.equals("rate")) {
            if ("%".equals(unit)) {
                return value / 100;
            }
            if (unit != null) {
                throw new ConfigException(option + ": '" + text + "': rate is a ratio (0.98) or a percentage (98%)");
            }
            return value;
        }
        if (unit != null && !(metric.equals("cpu") && unit.equals("%"))) {
            throw new ConfigException(option + ": '" + text + "': " + metric + " takes no unit");
        }
        return value;
    }
}
