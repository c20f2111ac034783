package org.metricsstress.cluster.distance;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.metricsstress.config.ConfigException;

/**
 * How far apart the data centres of a local cluster are, as {@code --embedded-latency
 * "dc1-dc2=2ms,dc1-dc3=3ms~0.5ms,dc2-*=1ms"} gives it: a one-way delay (and a jitter) per pair of
 * DCs, the same both ways. A pair not given is 0 ms apart; a DC is never apart from itself.
 */
public final class LatencyMatrix {
    /** Beyond a second one way, Cassandra's own timeouts (2 s writes) decide everything. */
    static final long MAX_MICROS = 1_000_000;

    private static final Pattern DELAY = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|us|s)");
    private static final String OPTION = "--embedded-latency";

    private final List<String> dcs;
    private final Map<String, Delay> pairs;

    private LatencyMatrix(List<String> dcs, Map<String, Delay> pairs) {
        this.dcs = List.copyOf(dcs);
        this.pairs = pairs;
    }

    /** Every DC at 0 ms from every other. */
    public static LatencyMatrix none(Collection<String> dcs) {
        return new LatencyMatrix(new ArrayList<>(dcs), new LinkedHashMap<>());
    }

    /**
     * One delay per pair, or a one-line reason: an unknown DC, a DC paired with itself, a pair
     * given twice, a delay without a unit or with a jitter larger than itself.
     */
    public static LatencyMatrix parse(String text, Collection<String> dcNames) {
        List<String> dcs = new ArrayList<>(dcNames);
        if (text == null || text.isBlank()) {
            throw new ConfigException(OPTION + ": empty; give DC-DC=DELAY pairs, e.g. dc1-dc2=2ms");
        }
        if (dcs.size() < 2) {
            throw new ConfigException(OPTION + ": needs two data centres or more in --embedded-nodes, e.g. dc1:1,dc2:1");
        }
        Map<String, Delay> wild = new LinkedHashMap<>();
        Map<String, Delay> exact = new LinkedHashMap<>();
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            int eq = p.indexOf('=');
            if (eq <= 0 || eq == p.length() - 1) {
                throw new ConfigException(OPTION + ": '" + p + "' is not DC-DC=DELAY, e.g. dc1-dc2=2ms");
            }
            String[] ends = ends(p.substring(0, eq).trim(), dcs);
            Delay delay = Delay.parse(p.substring(eq + 1).trim());
            if (ends[0].equals(ends[1]) && !ends[0].equals("*")) {
                throw new ConfigException(OPTION + ": '" + p + "' pairs " + ends[0]
                        + " with itself; a DC's own nodes are never delayed");
            }
            boolean wildcard = ends[0].equals("*") || ends[1].equals("*");
            for (String a : dcs) {
                for (String b : dcs) {
                    if (a.equals(b) || dcs.indexOf(a) > dcs.indexOf(b) || !matches(ends, a, b)) {
                        continue;
                    }
                    String key = key(a, b, dcs);
                    if (wildcard) {
                        wild.put(key, delay);
                    } else if (exact.put(key, delay) != null) {
                        throw new ConfigException(OPTION + ": the pair " + key + " is given twice");
                    }
                }
            }
        }
        // A pair named exactly wins over a wildcard, in whatever order they were written.
        Map<String, Delay> pairs = new LinkedHashMap<>();
        for (String a : dcs) {
            for (String b : dcs) {
                if (dcs.indexOf(a) < dcs.indexOf(b)) {
                    String key = key(a, b, dcs);
                    Delay d = exact.containsKey(key) ? exact.get(key) : wild.get(key);
                    if (d != null) {
                        pairs.put(key, d);
                    }
                }
            }
        }
        return new LatencyMatrix(dcs, pairs);
    }

    /** The two ends of {@code spec}: DC names may hold '-' themselves, so every split is tried. */
    private static String[] ends(String spec, List<String> dcs) {
        List<String[]> found = new ArrayList<>();
        for (int i = spec.indexOf('-'); i > 0; i = spec.indexOf('-', i + 1)) {
            String a = spec.substring(0, i).trim();
            String b = spec.substring(i + 1).trim();
            if ((a.equals("*") || dcs.contains(a)) && (b.equals("*") || dcs.contains(b))) {
                found.add(new String[] {a, b});
            }
        }
        if (found.size() == 1) {
            return found.get(0);
        }
        if (found.size() > 1) {
            throw new ConfigException(OPTION + ": '" + spec + "' splits into DC names more than one way");
        }
        if (spec.indexOf('-') <= 0) {
            throw new ConfigException(OPTION + ": '" + spec + "' is not a pair DC-DC, e.g. dc1-dc2 or dc1-*");
        }
        throw new ConfigException(OPTION + ": '" + spec + "' names a data centre not in --embedded-nodes (has "
                + String.join(", ", dcs) + ")");
    }

    private static boolean matches(String[] ends, String a, String b) {
        return (end(ends[0], a) && end(ends[1], b)) || (end(ends[0], b) && end(ends[1], a));
    }

    private static boolean end(String spec, String dc) {
        return spec.equals("*") || spec.equals(dc);
    }

    private static String key(String a, String b, List<String> order) {
        return order.indexOf(a) <= order.indexOf(b) ? a + "-" + b : b + "-" + a;
    }

    /** The delay one way between {@code a} and {@code b}: zero within a DC and for pairs not given. */
    public Delay between(String a, String b) {
        if (a.equals(b)) {
            return Delay.ZERO;
        }
        return pairs.getOrDefault(key(a, b, dcs), Delay.ZERO);
    }

    /** Every pair of distinct DCs in layout order, "dc1-dc2" to "10ms~0.5ms" (pairs not given at "0ms"). */
    public Map<String, String> describe() {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < dcs.size(); i++) {
            for (int j = i + 1; j < dcs.size(); j++) {
                out.put(dcs.get(i) + "-" + dcs.get(j), between(dcs.get(i), dcs.get(j)).toString());
            }
        }
        return out;
    }

    public List<String> dcs() {
        return dcs;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder();
        describe().forEach((k, v) -> b.append(b.length() > 0 ? ", " : "").append(k).append(' ').append(v));
        return b.toString();
    }

    /**
     * A one-way delay and a jitter, in microseconds: each chunk is held {@code micros} plus a value
     * drawn evenly from [-jitter, +jitter].
     */
    public record Delay(long micros, long jitterMicros) {
        public static final Delay ZERO = new Delay(0, 0);

        static Delay parse(String text) {
            int tilde = text.indexOf('~');
            long base = micros(tilde < 0 ? text : text.substring(0, tilde).trim(), text);
            long jitter = tilde < 0 ? 0 : micros(text.substring(tilde + 1).trim(), text);
            if (jitter > base) {
                throw new ConfigException(OPTION + ": '" + text + "' has a jitter larger than its delay;"
                        + " a message cannot arrive before it was sent");
            }
            return new Delay(base, jitter);
        }

        private static long micros(String value, String whole) {
            Matcher m = DELAY.matcher(value);
            if (!m.matches()) {
                throw new ConfigException(OPTION + ": '" + whole + "' is not a delay such as 2ms, 500us, 1.5ms"
                        + " or 2ms~0.5ms (a jitter)");
            }
            double n = Double.parseDouble(m.group(1));
            double micros = switch (m.group(2)) {
                case "s" -> n * 1_000_000;
                case "ms" -> n * 1_000;
                default -> n;
            };
            if (micros > MAX_MICROS) {
                throw new ConfigException(OPTION + ": '" + whole + "' is over 1s one way");
            }
            return Math.round(micros);
        }

        public boolean isZero() {
            return micros == 0 && jitterMicros == 0;
        }

        /** A delay for one chunk, in nanoseconds; {@code unit} is a value drawn evenly from [0, 1). */
        public long nanos(double unit) {
            return 1000 * (micros + Math.round((unit * 2 - 1) * jitterMicros));
        }

        @Override
        public String toString() {
            return format(micros) + (jitterMicros > 0 ? "~" + format(jitterMicros) : "");
        }

        private static String format(long micros) {
            if (micros % 1000 == 0) {
                return micros / 1000 + "ms";
            }
            return (micros / 1000.0) + "ms";
        }
    }
}
