package org.metricsstress.report;

import java.util.List;
import org.metricsstress.result.ClientSummary;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;

/** The per-interval figures, folded away under the charts. */
final class IntervalTable {
    /** Above this many intervals the table shows every n-th one; the result JSON has all. */
    static final int MAX_TABLE_ROWS = 1000;

    private IntervalTable() {}

    static void render(StringBuilder sb, List<IntervalStats> iv, ClientSummary client) {
        if (iv.isEmpty()) {
            sb.append("<p class=\"note\">no intervals recorded</p>\n");
            return;
        }
        int stride = Math.max(1, (iv.size() + MAX_TABLE_ROWS - 1) / MAX_TABLE_ROWS);
        sb.append("<details><summary>Per-interval figures (").append(Numbers.count(iv.size())).append(" intervals")
                .append(stride > 1 ? ", one in " + stride + " shown; the result JSON has all" : "")
                .append(")</summary>\n<div class=\"scroll\"><table class=\"num small\" id=\"intervals\"><thead><tr>")
                .append("<th>time s</th><th>target/s</th><th>generated/s</th><th>written/s</th><th>dropped</th>")
                .append("<th>failed</th><th>ring</th><th>in flight</th><th>resp p50</th><th>resp p99</th>")
                .append("<th>resp p99.9</th><th>resp max</th><th>svc p99</th><th>queue p99</th><th>lag p99</th>")
                .append("<th>busy %</th><th>CPU %</th><th>heap MiB</th><th>GC ms</th><th>index rows/s</th><th>cache</th>")
                .append("</tr></thead><tbody>\n");
        for (int i = 0; i < iv.size(); i += stride) {
            IntervalStats s = iv.get(i);
            LatencySummary resp = lat(s.response());
            sb.append("<tr><td>").append(Numbers.fixedOrDash(s.elapsedSeconds(), 0)).append("</td><td>").append(Numbers.rateOrDash(s.targetSamplesPerSecond()))
                    .append("</td><td>").append(Numbers.rateOrDash(s.generatedPerSecond())).append("</td><td>")
                    .append(Numbers.rateOrDash(s.writtenPerSecond())).append("</td><td>").append(Numbers.count(s.dropped()))
                    .append("</td><td>").append(Numbers.count(s.failed())).append("</td><td>")
                    .append(Numbers.count(s.ringOccupancy())).append("</td><td>").append(Numbers.count(s.inFlightRequests()))
                    .append("</td><td>").append(latMs(resp, resp.p50Ms())).append("</td><td>").append(latMs(resp, resp.p99Ms()))
                    .append("</td><td>").append(latMs(resp, resp.p999Ms())).append("</td><td>").append(latMs(resp, resp.maxMs()))
                    .append("</td><td>").append(latMs(lat(s.service()), lat(s.service()).p99Ms()))
                    .append("</td><td>").append(latMs(lat(s.queue()), lat(s.queue()).p99Ms()))
                    .append("</td><td>").append(latMs(lat(s.scheduleLag()), lat(s.scheduleLag()).p99Ms()))
                    .append("</td><td>").append(s.workerTime().measured()
                            ? Numbers.fixedOrDash(100 * s.workerTime().busyShare(), 0) : Numbers.DASH)
                    .append("</td><td>").append(Numbers.fixedOrDash(s.cpuPercent(), 0)).append("</td><td>")
                    .append(s.heapUsedBytes() < 0 ? Numbers.DASH : Numbers.mib(s.heapUsedBytes())).append("</td><td>")
                    .append(Numbers.fixedOrDash(s.gcPauseMs(), 0)).append("</td><td>")
                    .append(s.indexRows() < 0 ? Numbers.DASH : Numbers.rateOrDash(s.indexRowsPerSecond())).append("</td><td>")
                    .append(s.cacheSize() < 0 ? Numbers.DASH : Numbers.count(s.cacheSize())).append("</td></tr>\n");
        }
        sb.append("</tbody></table></div></details>\n");
    }

    private static LatencySummary lat(LatencySummary l) {
        return l == null ? LatencySummary.EMPTY : l;
    }

    private static String latMs(LatencySummary l, double v) {
        return l.count() == 0 ? Numbers.DASH : Numbers.msOrDash(v);
    }
}
