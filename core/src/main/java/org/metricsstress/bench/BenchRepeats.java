package org.metricsstress.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metricsstress.stats.MedianInterval;

/**
 * {@code bench --repeat N}: each ratio over the N benches, as a median with a distribution-free
 * interval ({@link MedianInterval}): every phase's samples/s to the ceiling's, and every finding that
 * is a ratio (warm Redis to Guava, OpenNMS's writer to the pipelined one, a cold start to its bound).
 * Each bench sets its phases against its own ceiling, so the node's drift between benches stays out
 * of the ratios; their spread is what is left of the noise.
 */
public final class BenchRepeats {
    private BenchRepeats() {}

    /** By name: the phases' ratios ({@code <phase> x ceil}), then the findings' ratios, each over the benches that have it. */
    public static Map<String, MedianInterval> of(List<BenchResult> benches) {
        Map<String, MedianInterval> out = new LinkedHashMap<>();
        values(benches).forEach((k, v) -> out.put(k, MedianInterval.of(v.stream().mapToDouble(Double::doubleValue).toArray())));
        return out;
    }

    /** Every bench's value of each ratio, by name. */
    private static Map<String, List<Double>> values(List<BenchResult> benches) {
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (BenchResult b : benches) {
            for (BenchPhase p : b.phases()) {
                values.computeIfAbsent(p.name() + " x ceil", k -> new ArrayList<>()).add(p.ratioToCeiling());
            }
            if (b.findings() != null) {
                b.findings().forEach((k, v) -> {
                    if (v instanceof Double d && Double.isFinite(d) && d >= 0) {
                        values.computeIfAbsent(k, x -> new ArrayList<>()).add(d);
                    }
                });
            }
        }
        return values;
    }

    /** As the bench's JSON holds them: per ratio its median, interval, level and every bench's value. */
    public static Map<String, Object> json(List<BenchResult> benches) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("benches", benches.size());
        Map<String, Object> ratios = new LinkedHashMap<>();
        Map<String, List<Double>> each = values(benches);
        of(benches).forEach((k, mi) -> {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("median", mi.median());
            r.put("interval", List.of(mi.low(), mi.high()));
            r.put("level", mi.level());
            r.put("values", each.get(k));
            ratios.put(k, r);
        });
        m.put("ratios", ratios);
        return m;
    }

    public static void print(List<BenchResult> benches, PrintStream out) {
        out.printf(Locale.ROOT, "%nover %d benches, each ratio's median with its interval for the median:%n", benches.size());
        of(benches).forEach((k, m) -> out.printf(Locale.ROOT, "  %-40s %8.3f  [%.3f, %.3f] %3.0f%%  (%d benches)%n", k,
                m.median(), m.low(), m.high(), 100 * m.level(), m.n()));
        out.println("  the level is the interval's confidence: 3 benches give 75%, 5 give 94%, 6 give 97% (order "
                + "statistics, no assumption on the spread)");
    }
}
