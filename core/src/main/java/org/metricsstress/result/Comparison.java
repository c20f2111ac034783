package org.metricsstress.result;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import java.util.function.Function;

/**
 * Two runs side by side: A is the baseline, B the candidate. A figure that got worse by more than
 * the allowed share is a regression. Which direction is worse is part of each figure's definition.
 * Counts that should be zero (drops, failures) regress when B has any and A had none.
 */
public final class Comparison {

    /** One compared figure. {@code change} is (B - A) / A, or NaN when A is 0. */
    public record Row(String figure, double a, double b, double change, boolean regression) {}

    /** {@code onlyWhenBoth}: a figure one run did not ask for (--disk) is not compared, rather than judged lost. */
    private record Figure(String name, boolean higherIsBetter, boolean judged, ToDoubleFunction<StressResult> value,
            boolean onlyWhenBoth) {
        Figure(String name, boolean higherIsBetter, boolean judged, ToDoubleFunction<StressResult> value) {
            this(name, higherIsBetter, judged, value, false);
        }
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure("written samples/s", true, true, StressResult::writtenSamplesPerSecond),
            new Figure("written / target", true, true, r -> r.targetSamplesPerSecond() > 0 ? r.writtenSamplesPerSecond() / r.targetSamplesPerSecond() : 0),
            new Figure("response p50 ms", false, false, r -> r.responseLatency().p50Ms()),
            new Figure("response p99 ms", false, true, r -> r.responseLatency().p99Ms()),
            new Figure("response p99.9 ms", false, true, r -> r.responseLatency().p999Ms()),
            new Figure("response max ms", false, false, r -> r.responseLatency().maxMs()),
            new Figure("service p99 ms", false, false, r -> r.serviceLatency().p99Ms()),
            new Figure("dropped samples", false, true, r -> r.dropped()),
            new Figure("failed samples", false, true, r -> r.failed()),
            new Figure("client CPU us/sample", false, true, r -> r.client().cpuMicrosPerSample()),
            new Figure("index complete s", false, true, r -> r.index() == null ? -1 : r.index().secondsToComplete()),
            // The read side, when a run had one: -1 (not measured) otherwise.
            new Figure("read p99 ms", false, true, r -> readLatency(r, ReadSummary::readResponse)),
            new Figure("search p99 ms", false, true, r -> readLatency(r, ReadSummary::searchResponse)),
            new Figure("freshness p99 ms", false, true, r -> readLatency(r, ReadSummary::freshness)),
            new Figure("read values not the generator's", false, true,
                    r -> r.reads() == null || r.reads().readsSent() == 0 ? -1 : r.reads().valueMismatches()),
            // On disk, per copy (--disk): more bytes per sample is a year of retention that needs more nodes.
            new Figure("disk bytes/sample", false, true, r -> r.disk() == null || r.disk().bytesPerSample() == null
                    ? -1 : r.disk().bytesPerSample(), true));

    private static double readLatency(StressResult r, Function<ReadSummary, LatencySummary> kind) {
        if (r.reads() == null) {
            return -1;
        }
        LatencySummary l = kind.apply(r.reads());
        return l.count() == 0 ? -1 : l.p99Ms();
    }

    private final List<Row> rows;
    private final List<String> configDifferences;
    private final double maxRegression;

    private Comparison(List<Row> rows, List<String> configDifferences, double maxRegression) {
        this.rows = rows;
        this.configDifferences = configDifferences;
        this.maxRegression = maxRegression;
    }

    /** @param maxRegression allowed worsening as a fraction (0.05 = 5%) */
    public static Comparison of(StressResult a, StressResult b, double maxRegression) {
        List<Row> rows = new ArrayList<>();
        for (Figure f : FIGURES) {
            double va = f.value().applyAsDouble(a);
            double vb = f.value().applyAsDouble(b);
            if (va < 0 || vb < 0) {
                if ((va < 0 && vb < 0) || f.onlyWhenBoth()) {
                    continue; // not measured in either run
                }
                // Measured in one run only (e.g. indexing never completed in B): worse if B lacks it.
                rows.add(new Row(f.name(), va, vb, Double.NaN, f.judged() && vb < 0));
                continue;
            }
            double change = va == 0 ? (vb == 0 ? 0 : Double.NaN) : (vb - va) / va;
            boolean worse = f.higherIsBetter() ? vb < va : vb > va;
            boolean regression = f.judged() && worse
                    && (va == 0 ? vb != 0 : Math.abs(change) > maxRegression);
            rows.add(new Row(f.name(), va, vb, change, regression));
        }
        return new Comparison(List.copyOf(rows), differences(a.config(), b.config()), maxRegression);
    }

    /** The settings whose values differ, or that only one run has, in name order. */
    static List<String> differences(Map<String, Object> a, Map<String, Object> b) {
        List<String> out = new ArrayList<>();
        TreeSet<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        for (String k : keys) {
            if (a.containsKey(k) != b.containsKey(k)
                    || !Objects.equals(String.valueOf(a.get(k)), String.valueOf(b.get(k)))) {
                out.add(k);
            }
        }
        return out;
    }

    public List<Row> rows() {
        return rows;
    }

    /** The settings in which the runs differ, in name order. */
    public List<String> configDifferences() {
        return configDifferences;
    }

    /** The worsening allowed on a judged figure, as a fraction (0.05 = 5%). */
    public double maxRegression() {
        return maxRegression;
    }

    public List<String> regressions() {
        return rows.stream().filter(Row::regression).map(Row::figure).toList();
    }

    public boolean hasRegression() {
        return rows.stream().anyMatch(Row::regression);
    }

    public void print(PrintStream out, String nameA, String nameB) {
        out.printf(Locale.ROOT, "%-24s %16s %16s %9s%n", "figure", "A", "B", "change");
        for (Row r : rows) {
            out.printf(Locale.ROOT, "%-24s %16s %16s %9s%s%n", r.figure(), value(r.a()), value(r.b()),
                    Double.isNaN(r.change()) ? "-" : String.format(Locale.ROOT, "%+.1f%%", 100 * r.change()),
                    r.regression() ? "  REGRESSION" : "");
        }
        out.println("A = " + nameA + ", B = " + nameB);
        if (!configDifferences.isEmpty()) {
            out.println("note: the runs' settings differ in: " + String.join(", ", configDifferences));
        }
        if (hasRegression()) {
            out.printf(Locale.ROOT, "result: %d regression(s) beyond %.1f%%: %s%n", regressions().size(),
                    100 * maxRegression, String.join(", ", regressions()));
        } else {
            out.printf(Locale.ROOT, "result: no regression beyond %.1f%%%n", 100 * maxRegression);
        }
    }

    private static String value(double v) {
        if (v < 0) {
            return "-";
        }
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.3f", v);
    }
}
