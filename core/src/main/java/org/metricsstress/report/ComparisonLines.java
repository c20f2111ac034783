package org.metricsstress.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.metricsstress.analysis.Comparison;
import org.metricsstress.analysis.Comparison.Basis;
import org.metricsstress.analysis.Comparison.Row;

/**
 * {@code compare} on the console: a row per figure with both sides, the change, its 95% interval and
 * the word, then what the interval rests on, what would tell the bound from noise, and the result.
 */
public final class ComparisonLines {
    private ComparisonLines() {}

    public static void print(Comparison c, PrintStream out, List<String> namesA, List<String> namesB) {
        out.printf(Locale.ROOT, "%-24s %14s %14s %8s %19s  %s%n", "figure", "A", "B", "change", "95% interval", "judged");
        for (Row r : c.rows()) {
            out.printf(Locale.ROOT, "%-24s %14s %14s %8s %19s  %s%s%n", r.figure(), value(r.a()), value(r.b()),
                    percent(r.change()), interval(r), r.word(), r.regression() ? "  REGRESSION" : "");
        }
        out.println("A = " + String.join(" ", namesA) + ", B = " + String.join(" ", namesB));
        out.println(basis(c));
        List<String> startUps = new ArrayList<>();
        for (Row r : c.rows()) {
            if (r.note() == null || r.basis() == Basis.ONE_SIDE) {
                continue;
            }
            if (r.steadyFromA() > 0 || r.steadyFromB() > 0) {
                startUps.add(r.figure() + " " + (r.steadyFromA() + 1) + "/" + (r.steadyFromB() + 1));
            } else {
                out.println("note: " + r.figure() + ": " + r.note());
            }
        }
        if (!startUps.isEmpty()) {
            out.println("start-up left out of the intervals (MSER), steady from interval A/B: " + String.join(", ", startUps));
        }
        String sizes = detectable(c);
        if (!sizes.isEmpty()) {
            out.printf(Locale.ROOT, "to tell a %s change from noise (95%%, power 80%%), per side: %s%n",
                    percent(c.maxRegression()).replace("+", ""), sizes);
        }
        if (!c.configDifferences().isEmpty()) {
            out.println("note: the runs' settings differ in: " + String.join(", ", c.configDifferences()));
        }
        out.println(result(c));
    }

    /** What the intervals rest on, in one line. */
    static String basis(Comparison c) {
        if (c.byRuns()) {
            return String.format(Locale.ROOT, "intervals: %d run(s) against %d, the runs' figures the units (run-to-run "
                    + "noise included)%s", c.runsA(), c.runsB(), c.runsA() == 1 || c.runsB() == 1
                    ? "; the side of one run is taken to be as noisy as the other" : "");
        }
        Row first = c.rows().stream().filter(r -> r.basis() == Basis.INTERVALS).findFirst().orElse(null);
        return "intervals: one run per side" + (first == null ? ""
                : String.format(Locale.ROOT, " (%d and %d report intervals%s)", first.unitsA(), first.unitsB(),
                        first.steadyFromA() > 0 || first.steadyFromB() > 0 ? " after the start-up" : ""))
                + ", their autocorrelation allowed for: the noise within a run only; for the noise from run to run "
                + "give two or more runs per side (compare A1 A2 --vs B1 B2)";
    }

    /** The result line: regressions, else none, and the figures too short to judge. */
    static String result(Comparison c) {
        String rule = String.format(Locale.ROOT, "worse, significant at 95%% and beyond %s", bound(c));
        String text = c.hasRegression()
                ? String.format(Locale.ROOT, "result: %d regression(s) (%s): %s", c.regressions().size(), rule,
                        String.join(", ", c.regressions()))
                : "result: no regression (" + rule + ")";
        if (!c.tooShort().isEmpty()) {
            text += String.format(Locale.ROOT, "; %d figure(s) not judged, too few intervals: %s", c.tooShort().size(),
                    String.join(", ", c.tooShort()));
        }
        return text;
    }

    private static String detectable(Comparison c) {
        List<String> parts = new ArrayList<>();
        for (Row r : c.rows()) {
            if (r.unitsToDetect() > 0) {
                parts.add(String.format(Locale.ROOT, "%s %,d %s", r.figure(), r.unitsToDetect(),
                        r.basis() == Basis.RUNS ? "runs" : "intervals"));
            }
        }
        return String.join(", ", parts);
    }

    static String bound(Comparison c) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * c.maxRegression());
    }

    /** The interval as the change is given: relative to A, else (A is 0) in the figure's own units. */
    static String interval(Row r) {
        return switch (r.basis()) {
            case EXACT -> "exact";
            case TOO_SHORT -> "too short";
            case BOUND_ONLY -> "one value per run";
            case ONE_SIDE -> "-";
            default -> Double.isNaN(r.relativeLow())
                    ? "[" + plain(r.low()) + ", " + plain(r.high()) + "]"
                    : "[" + percent(r.relativeLow()) + ", " + percent(r.relativeHigh()) + "]";
        };
    }

    static String percent(double fraction) {
        return Double.isNaN(fraction) ? "-" : String.format(Locale.ROOT, "%+.1f%%", 100 * fraction);
    }

    private static String plain(double v) {
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%+,.0f", v) : String.format(Locale.ROOT, "%+.2f", v);
    }

    static String value(double v) {
        if (v < 0) {
            return "-";
        }
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.3f", v);
    }
}
