package org.metricsstress.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.StressResult;

/**
 * One run, or several overlaid, as a single HTML page that needs nothing else to display: styles,
 * the chart library (uPlot), its script and the data inline, no fonts or images, nothing fetched.
 * It can be mailed, attached to a ticket or opened years later offline. The figures in tables are
 * HTML; the charts over time are drawn by the browser ({@link ReportCharts}).
 *
 * <p>Every string taken from the result is escaped ({@link Html#esc}): config values are whatever
 * the user typed.
 */
public final class HtmlReport {
    private HtmlReport() {}

    public static void write(StressResult result, Path file) throws IOException {
        AtomicFile.write(file, tmp -> Files.writeString(tmp, render(result), StandardCharsets.UTF_8));
    }

    /** A saved result and the name it goes by on the page (its file). */
    public record NamedResult(String name, StressResult result) {}

    /**
     * Several runs on one page: each against the first (the judged differences, as {@code compare}
     * prints them) and their charts overlaid on one time axis, each run from its own start.
     *
     * @param maxRegression the worsening allowed on a judged figure, as a fraction (0.05 = 5%)
     */
    public static void writeOverlaid(List<NamedResult> runs, double maxRegression, Path file) throws IOException {
        writeOverlaid(runs, 0, maxRegression, file);
    }

    /**
     * The runs overlaid; the first {@code runsA} are the baseline's side (compare's A), the rest B's.
     * With 0 ({@code report}'s overlay) each run is judged against the first; with sides, B's against
     * A's as {@code compare} judges them.
     */
    public static void writeOverlaid(List<NamedResult> runs, int runsA, double maxRegression, Path file) throws IOException {
        String page = Overlay.render(runs, runsA, maxRegression);
        AtomicFile.write(file, tmp -> Files.writeString(tmp, page, StandardCharsets.UTF_8));
    }

    /** The page's head: title, the styles (ours and uPlot's). */
    static void head(StringBuilder sb, String title) {
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"color-scheme\" content=\"light\">\n")
                .append("<title>").append(Html.esc(title)).append("</title>\n<style>\n").append(ReportStyle.CSS)
                .append(ReportCharts.css()).append("\n</style>\n</head>\n<body>\n");
    }

    public static String render(StressResult r) {
        List<IntervalStats> iv = r.intervals() == null ? List.of() : r.intervals().stream()
                .filter(Objects::nonNull).toList();
        StringBuilder sb = new StringBuilder(128 * 1024 + iv.size() * 2048);
        String name = r.tool() == null ? "metrics-stress" : r.tool();
        head(sb, name + " report" + (r.startedAt() == null ? "" : " " + r.startedAt()));

        Headline.header(sb, r, name);
        Headline.verdict(sb, r);
        Details.diagnosis(sb, r);
        Headline.figures(sb, r);
        Headline.audit(sb, r);
        PathsPanel.render(sb, r);
        Headline.latencyTable(sb, r);
        sb.append("<div class=\"grid2\">\n");
        Details.coldStart(sb, r);
        Details.indexAndCache(sb, r);
        sb.append("<div>\n");
        Details.failures(sb, r);
        Details.client(sb, r);
        sb.append("</div>\n</div>\n");
        Details.nodesAndEvents(sb, r);
        DiskPanel.render(sb, r.disk());

        sb.append("<h2>Over time</h2>\n");
        ReportCharts.charts(sb, List.of(new ReportCharts.Run("A", name, r)));

        sb.append("<h2>Run</h2>\n<div class=\"grid2 maps\">\n");
        RunMaps.table(sb, "Config", r.config());
        RunMaps.table(sb, "Plan", ResultJson.asMap(r.plan()));
        RunMaps.table(sb, "Cluster", ResultJson.asMap(r.cluster()));
        RunMaps.table(sb, "Environment", r.environment());
        sb.append("</div>\n");
        IntervalTable.render(sb, iv, r.client());

        sb.append("<footer>").append(Html.esc(name)).append(' ').append(Html.esc(r.version() == null ? "" : r.version()))
                .append(", result schema ").append(r.schemaVersion())
                .append(". Self-contained page: nothing here is loaded from the network.</footer>\n");
        sb.append("</body>\n</html>\n");
        return sb.toString();
    }
}
