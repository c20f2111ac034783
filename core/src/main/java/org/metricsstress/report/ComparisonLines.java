package org.metricsstress.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.metricsstress.analysis.Comparison;
import org.metricsstress.analysis.Comparison.Basis;
import org.metricsstress.analysis.Comparison.Row;
import org.metricsstress.stats.DetectableChange;
import org.metricsstress.stats.FamilyCorrection;

/**
 * {@code compare} on the console: a row per figure with both sides, the change, its 95% interval, the
 * word and what quantity they are all of, then what the interval rests on, the family's verdict, what
 * the rule would need to flag a worsening of twice the bound, and the result.
 */
public final class ComparisonLines {
    private ComparisonLines() {}

    public static void print(Comparison c, PrintStream out, List<String> namesA, List<String> namesB) {
        out.printf(Locale.ROOT, "%-24s %14s %14s %8s %19s  %-26s %s%n", "figure", "A", "B", "change", "95% interval",
                "judged", "of");
        for (Row r : c.rows()) {
            out.printf(Locale.ROOT, "%-24s %14s %14s %8s %19s  %-26s %s%n", r.figure(), value(r.a()), value(r.b()),
                    percent(r.change()), interval(r), r.word() + (r.regression() ? "  REGRESSION" : ""), r.quantity());
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
        if (c.familySize() > 0) {
            out.println(family(c));
        }
        String sizes = detectable(c);
        if (!sizes.isEmpty()) {
            out.printf(Locale.ROOT, "for this rule to flag a true %s worsening (twice the bound) 80%% of the time, per "
                    + "side: %s%n", percent(DetectableChange.TRUE_OVER_BOUND * c.maxRegression()).replace("+", ""), sizes);
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
                + ", their autocorrelation and their quarters' means allowed for: the noise within a run only, up to "
                + "a quarter of the run slow; for slower drifts and the noise from run to run give two or more runs "
                + "per side (compare A1 A2 --vs B1 B2)";
    }

    /** What the whole verdict's false-alarm rate is, and over which figures. */
    static String family(Comparison c) {
        List<String> worse = c.worseForTheFamily();
        return String.format(Locale.ROOT, "the verdict: identical runs come out a regression at most %.0f%% of the time "
                + "(Holm over the %d judged figures with an interval, each tested one-sided for worse): %s",
                100 * FamilyCorrection.LEVEL, c.familySize(), worse.isEmpty() ? "none worse at that level"
                        : "worse at that level: " + String.join(", ", worse));
    }

    /**
     * The rule a regression meets, in words: its own test, then the family's (a figure significant on
     * its own but not once the family is allowed for is no regression).
     */
    static String rule(Comparison c) {
        return String.format(Locale.ROOT, "worse, significant at 95%% and beyond %s) with the family's correction "
                + "(Holm over %d figures, the verdict's false alarms at most %.0f%%", bound(c), c.familySize(),
                100 * FamilyCorrection.LEVEL);
    }

    /** The result line: regressions, else none, and the figures too short to judge. */
    static String result(Comparison c) {
        String rule = rule(c);
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
