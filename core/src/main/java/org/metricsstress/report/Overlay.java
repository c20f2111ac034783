package org.metricsstress.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.metricsstress.analysis.Comparison;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;

/**
 * The page of several runs: which they are, how each differs from the first on the figures
 * {@code compare} judges (a regression beyond the bound marked), the settings they differ in, and the
 * charts with every run on one time axis, each from its own start.
 */
final class Overlay {
    private Overlay() {}

    static String render(List<HtmlReport.NamedResult> runs, double maxRegression) {
        return render(runs, 0, maxRegression);
    }

    /**
     * With sides ({@code runsA} the baseline's, the rest the candidate's), one section judges B's side
     * against A's; with {@code runsA} 0, each run is judged against the first.
     */
    static String render(List<HtmlReport.NamedResult> runs, int runsA, double maxRegression) {
        if (runs.size() < 2) {
            throw new IllegalArgumentException("an overlay needs two runs or more, not " + runs.size());
        }
        List<ReportCharts.Run> tagged = new ArrayList<>();
        for (int k = 0; k < runs.size(); k++) {
            tagged.add(new ReportCharts.Run(tag(k), runs.get(k).name(), runs.get(k).result()));
        }
        String tool = runs.get(0).result().tool() == null ? "metrics-stress" : runs.get(0).result().tool();
        StringBuilder sb = new StringBuilder(256 * 1024);
        HtmlReport.head(sb, tool + ": " + runs.size() + " runs overlaid");
        sb.append("<header><h1>").append(Html.esc(tool)).append(": ").append(runs.size()).append(" runs overlaid</h1>\n")
                .append("<div class=\"sub\">Each run is drawn from its own start; A is the baseline.</div></header>\n");

        sb.append("<h2>Runs</h2>\n<div class=\"scroll\"><table class=\"num\" id=\"runs\"><thead><tr><th>run</th>")
                .append("<th class=\"what\">file</th><th class=\"what\">started</th><th>target/s</th><th>written/s</th>")
                .append("<th>p99 ms</th><th>dropped</th><th>failed</th><th class=\"what\">verdict</th></tr></thead><tbody>\n");
        for (ReportCharts.Run run : tagged) {
            StressResult r = run.result();
            Verdict v = r.verdict();
            sb.append("<tr><td>").append(Html.esc(run.tag())).append("</td><td class=\"what\">").append(Html.esc(run.name()))
                    .append("</td><td class=\"what\">").append(Html.esc(r.startedAt())).append("</td><td>")
                    .append(Numbers.rate(r.targetSamplesPerSecond())).append("</td><td>")
                    .append(Numbers.rate(r.writtenSamplesPerSecond())).append("</td><td>")
                    .append(r.responseLatency() == null ? "–" : Numbers.ms(r.responseLatency().p99Ms())).append("</td><td>")
                    .append(Numbers.count(r.dropped())).append("</td><td>").append(Numbers.count(r.failed()))
                    .append("</td><td class=\"what\"><strong>").append(Html.esc(v == null ? "" : v.kind()))
                    .append("</strong> ").append(Html.esc(v == null ? "" : v.message())).append("</td></tr>\n");
        }
        sb.append("</tbody></table></div>\n");

        if (runsA > 0 && runs.size() > 2) {
            List<ReportCharts.Run> sideA = tagged.subList(0, runsA);
            List<ReportCharts.Run> sideB = tagged.subList(runsA, tagged.size());
            comparison(sb, side(sideA), side(sideB), Comparison.of(sideA.stream().map(ReportCharts.Run::result).toList(),
                    sideB.stream().map(ReportCharts.Run::result).toList(), maxRegression));
        } else {
            for (int k = 1; k < tagged.size(); k++) {
                comparison(sb, tagged.get(0).tag(), tagged.get(k).tag(),
                        Comparison.of(tagged.get(0).result(), tagged.get(k).result(), maxRegression));
            }
        }

        sb.append("<h2>Over time</h2>\n");
        ReportCharts.charts(sb, tagged);
        sb.append("<footer>").append(Html.esc(tool)).append(' ')
                .append(Html.esc(runs.get(0).result().version() == null ? "" : runs.get(0).result().version()))
                .append(". Self-contained page: nothing here is loaded from the network.</footer>\n</body>\n</html>\n");
        return sb.toString();
    }

    /** B against A, figure by figure, as {@code compare} judges them. */
    private static void comparison(StringBuilder sb, String a, String b, Comparison c) {
        String id = "compare-" + a.replace("+", "") + "-" + b.replace("+", "");
        sb.append("<h2>").append(Html.esc(b)).append(" against ").append(Html.esc(a)).append("</h2>\n");
        sb.append("<div class=\"verdict ").append(c.hasRegression() ? "bad" : "ok").append("\" id=\"").append(id)
                .append("-result\"><div class=\"msg\">");
        if (c.hasRegression()) {
            sb.append("<strong>").append(c.regressions().size()).append(" regression(s)</strong> (")
                    .append(Html.esc(ComparisonLines.rule(c))).append("): ").append(Html.esc(String.join(", ", c.regressions())));
        } else {
            sb.append("<strong>no regression</strong> (").append(Html.esc(ComparisonLines.rule(c))).append(")");
        }
        sb.append("</div><div class=\"sub\">").append(Html.esc(ComparisonLines.basis(c))).append("</div>");
        if (!c.tooShort().isEmpty()) {
            sb.append("<div class=\"sub\">Not judged, too few intervals: ").append(Html.esc(String.join(", ", c.tooShort())))
                    .append("</div>");
        }
        if (!c.configDifferences().isEmpty()) {
            sb.append("<div class=\"sub\">The runs' settings differ in: ").append(Html.esc(String.join(", ", c.configDifferences())))
                    .append("</div>");
        }
        sb.append("</div>\n<div class=\"scroll\"><table class=\"num\" id=\"").append(id).append("\"><thead><tr><th>figure</th><th>")
                .append(Html.esc(a)).append("</th><th>").append(Html.esc(b))
                .append("</th><th>change</th><th>95% interval</th><th class=\"what\">judged</th><th class=\"what\">of</th></tr></thead><tbody>\n");
        for (Comparison.Row row : c.rows()) {
            sb.append("<tr").append(row.regression() ? " class=\"bad\"" : "").append("><td>").append(Html.esc(row.figure()))
                    .append("</td><td>").append(value(row.a())).append("</td><td>").append(value(row.b())).append("</td><td>")
                    .append(Double.isNaN(row.change()) ? "–" : String.format(Locale.ROOT, "%+.1f%%", 100 * row.change()))
                    .append("</td><td>").append(Html.esc(ComparisonLines.interval(row)))
                    .append("</td><td class=\"what\">").append(row.regression() ? "<strong>regression</strong>: " : "")
                    .append(Html.esc(row.word())).append(row.note() == null ? "" : " <span class=\"sub\">(" + Html.esc(row.note()) + ")</span>")
                    .append("</td><td class=\"what\">").append(Html.esc(row.quantity())).append("</td></tr>\n");
        }
        sb.append("</tbody></table></div>\n");
    }

    /** A side's runs by their tags: {@code A+B+C}. */
    private static String side(List<ReportCharts.Run> runs) {
        return String.join("+", runs.stream().map(ReportCharts.Run::tag).toList());
    }

    static String tag(int k) {
        return k < 26 ? String.valueOf((char) ('A' + k)) : "R" + (k + 1);
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }

    /** As {@code compare} prints it: "-" where a run did not measure the figure. */
    private static String value(double v) {
        if (v < 0) {
            return "–";
        }
        return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.3f", v);
    }
}
