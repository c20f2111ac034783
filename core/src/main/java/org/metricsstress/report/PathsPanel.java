package org.metricsstress.report;

import java.util.Map;
import org.metricsstress.result.RemoteWriteSummary;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.WriterPath;

/**
 * The report's write paths: every path of a parallel write side by side with its own audit and
 * verdict, and the TSS path's own figures (requests, wire, lookups, receiver) wherever it ran.
 */
final class PathsPanel {
    private PathsPanel() {}

    static void render(StringBuilder sb, StressResult r) {
        boolean several = r.writers().size() > 1;
        boolean tss = r.writers().stream().anyMatch(p -> p.remoteWrite() != null);
        if (!several && !tss) {
            return;
        }
        sb.append("<section id=\"paths\"><h2>Write paths</h2><div class=\"scroll\"><table class=\"num\">")
                .append("<thead><tr><th>path</th><th>generated</th><th>written</th><th>dropped</th><th>failed</th>")
                .append("<th>unsent</th><th>audit</th><th class=\"what\">verdict</th></tr></thead><tbody>\n");
        for (WriterPath p : r.writers()) {
            sb.append("<tr><th>").append(Html.esc(p.name())).append("</th><td>").append(Numbers.count(p.generated()))
                    .append("</td><td>").append(Numbers.count(p.written())).append("</td><td>")
                    .append(Numbers.count(p.dropped())).append("</td><td>").append(Numbers.count(p.failed()))
                    .append("</td><td>").append(Numbers.count(p.unsent())).append("</td><td>")
                    .append(p.unaccounted() == 0 ? "BALANCED" : "OFF BY " + Numbers.count(p.unaccounted()))
                    .append("</td><td class=\"what\">").append(p.verdict() == null ? ""
                            : "<strong>" + Html.esc(p.verdict().kind()) + "</strong>: " + Html.esc(p.verdict().message()))
                    .append("</td></tr>\n");
        }
        sb.append("</tbody></table></div>\n");
        for (WriterPath p : r.writers()) {
            if (p.remoteWrite() != null) {
                remoteWrite(sb, p.name(), p.remoteWrite());
            }
        }
        sb.append("</section>\n");
    }

    private static void remoteWrite(StringBuilder sb, String name, RemoteWriteSummary rw) {
        sb.append("<h3>").append(Html.esc(name)).append(": the remote-write path</h3><dl class=\"facts\">");
        fact(sb, "requests", Numbers.count(rw.requests()) + " " + answers(rw.answersByStatus()));
        fact(sb, "mode", rw.mode() + " to " + rw.writeUrl());
        fact(sb, "writer threads", rw.writerThreads() + ", busy " + Math.round(100 * rw.writerBusyShare()) + "%");
        fact(sb, "on the wire", "at most " + rw.peakInFlight() + " of " + rw.maxInFlight() + String.format(
                java.util.Locale.ROOT, ", %.1f on average", rw.meanInFlight()));
        if (rw.firstRefusal() != null) {
            fact(sb, "refused", rw.firstRefusal());
        }
        RemoteWriteSummary.ExternalTagsSummary t = rw.externalTags();
        if (t != null) {
            fact(sb, "external tags", "cache " + Numbers.count(t.cacheSize()) + ": " + Numbers.count(t.cacheHits())
                    + " hits, " + Numbers.count(t.cacheMisses()) + " misses; " + (t.store() == null
                            ? Numbers.count(t.notMade()) + " store reads not made"
                            : Numbers.count(t.storeReads()) + " store reads"));
        }
        RemoteWriteSummary.ReceiverSummary rs = rw.receiver();
        fact(sb, "receiver", rs == null ? "its /metrics not read" : rs.kind() + ": " + Numbers.count(rs.samplesAppended())
                + " samples stored, " + Numbers.count(rs.seriesPeak()) + " series, CPU "
                + (rs.cpuSeconds() < 0 ? "unknown" : String.format(java.util.Locale.ROOT, "%.1f s", rs.cpuSeconds())));
        sb.append("</dl>\n");
    }

    private static String answers(Map<String, Long> byStatus) {
        StringBuilder b = new StringBuilder("(");
        byStatus.forEach((k, v) -> b.append(b.length() > 1 ? ", " : "").append(k).append(": ").append(Numbers.count(v)));
        return b.append(')').toString();
    }

    private static void fact(StringBuilder sb, String term, String value) {
        sb.append("<dt>").append(Html.esc(term)).append("</dt><dd>").append(Html.esc(value)).append("</dd>");
    }
}
