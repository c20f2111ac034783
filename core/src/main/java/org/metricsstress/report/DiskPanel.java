package org.metricsstress.report;

import java.util.Locale;
import org.metricsstress.result.DiskSummary;
import org.metricsstress.result.RetentionProjection;

/** The HTML report's "Disk and retention" panel: the tables per copy, then the projection per cluster size. */
final class DiskPanel {
    private DiskPanel() {}

    static void render(StringBuilder sb, DiskSummary d) {
        if (d == null) {
            return;
        }
        sb.append("<section><h2>Disk and retention</h2>\n<p class=\"note\">")
                .append(Html.esc("keyspace " + d.keyspace() + " in " + d.localDc() + ": " + d.nodesMeasured() + " of "
                        + d.nodes() + " nodes, RF " + d.replicationFactor() + ", " + (d.flushed() ? "flushed" : "not flushed")
                        + "; per copy of the data; source " + d.source()))
                .append("</p>\n<table class=\"num\" id=\"disk\"><thead><tr><th>table</th><th>bytes/copy</th>"
                        + "<th>SSTables</th><th>compression</th><th>rows/copy</th><th>bytes/row</th><th>source</th>"
                        + "</tr></thead><tbody>\n");
        for (DiskSummary.TableDisk t : d.tables()) {
            sb.append("<tr><td>").append(Html.esc(t.table())).append("</td><td>")
                    .append(Html.esc(RetentionProjection.bytes(t.bytesPerCopy()))).append("</td><td>")
                    .append(t.sstables() == null ? "-" : t.sstables()).append("</td><td>")
                    .append(t.compressionRatio() == null ? "-" : String.format(Locale.ROOT, "%.3f", t.compressionRatio()))
                    .append("</td><td>").append(t.rows() == null ? "-" : Numbers.count(t.rows())).append("</td><td>")
                    .append(t.bytesPerRow() == null ? "-" : String.format(Locale.ROOT, "%.1f", t.bytesPerRow()))
                    .append("</td><td>").append(Html.esc(t.estimate() ? t.source() + " (estimate)" : t.source()))
                    .append("</td></tr>\n");
        }
        sb.append("</tbody></table>\n<table class=\"kv\" id=\"disk-figures\"><tbody>\n");
        if (d.bytesPerSample() != null) {
            Html.kv(sb, "bytes per sample", String.format(Locale.ROOT, "%.1f (samples table, one copy)", d.bytesPerSample()));
        }
        if (d.bytesPerResource() != null) {
            Html.kv(sb, "bytes per resource", String.format(Locale.ROOT, "%.0f (index tables, one copy)",
                    d.bytesPerResource()));
        }
        RetentionProjection p = d.projection();
        if (p != null) {
            Html.kv(sb, "retention", String.format(Locale.ROOT, "%d s at %s samples/s%s: %s per copy", p.retentionSeconds(),
                    Numbers.rate(p.samplesPerSecond()), p.rateSource() == null ? "" : " (" + p.rateSource() + ")",
                    RetentionProjection.bytes(p.bytesPerCopy())));
            Html.kv(sb, "TWCS windows", p.windowsLive() + " live at once, " + p.windowSeconds() + " s each, "
                    + RetentionProjection.bytes(p.windowBytes()) + " per copy");
        }
        sb.append("</tbody></table>\n");
        if (p != null) {
            sb.append("<table class=\"num\" id=\"retention\"><thead><tr><th>nodes</th><th>per node</th>"
                    + "<th>at peak</th><th>free for compaction</th><th>uncompressed at peak</th></tr></thead><tbody>\n");
            for (RetentionProjection.NodeShare n : p.perNode()) {
                sb.append("<tr><td>").append(n.nodes()).append("</td><td>")
                        .append(Html.esc(RetentionProjection.bytes(n.bytesPerNode()))).append("</td><td>")
                        .append(Html.esc(RetentionProjection.bytes(n.peakBytesPerNode()))).append("</td><td>")
                        .append(Html.esc(RetentionProjection.bytes(n.compactionFreeBytes()))).append("</td><td>")
                        .append(n.uncompressedBytesPerNode() == null ? "-"
                                : Html.esc(RetentionProjection.bytes(n.uncompressedBytesPerNode())))
                        .append("</td></tr>\n");
            }
            sb.append("</tbody></table>\n");
            for (String w : p.warnings()) {
                sb.append("<p class=\"note\">warning: ").append(Html.esc(w)).append("</p>\n");
            }
        }
        for (String n : d.notes()) {
            sb.append("<p class=\"note\">").append(Html.esc(n)).append("</p>\n");
        }
        sb.append("</section>\n");
    }
}
