package org.metricsstress.report;

import java.io.PrintStream;
import java.util.Locale;
import org.metricsstress.result.DiskSummary;
import org.metricsstress.result.RetentionProjection;

/** The summary's disk and retention lines: the tables on disk per copy, then the projection per cluster size. */
public final class DiskLines {
    private DiskLines() {}

    /**
     * @param wireBytesPerSample the run's bytes sent per sample written, for the side by side; negative unknown
     */
    public static void print(PrintStream out, DiskSummary d, double wireBytesPerSample) {
        if (d == null) {
            return;
        }
        out.printf(Locale.ROOT, "disk          keyspace %s in %s: %d of %d nodes measured, RF %d, %s; source %s%n",
                d.keyspace(), d.localDc(), d.nodesMeasured(), d.nodes(), d.replicationFactor(),
                d.flushed() ? "flushed" : "not flushed", d.source());
        out.printf(Locale.ROOT, "  %-20s %12s %12s %9s %12s %14s %10s  %s%n", "table", "bytes/copy", "run added",
                "sstables", "compression", "rows/copy", "bytes/row", "source");
        for (DiskSummary.TableDisk t : d.tables()) {
            out.printf(Locale.ROOT, "  %-20s %12s %12s %9s %12s %14s %10s  %s%n", t.table(),
                    RetentionProjection.bytes(t.bytesPerCopy()),
                    t.bytesPerCopyBefore() == null ? "-" : RetentionProjection.bytes(t.addedBytesPerCopy()),
                    t.sstables() == null ? "-" : t.sstables(),
                    t.compressionRatio() == null ? "-" : String.format(Locale.ROOT, "%.3f", t.compressionRatio()),
                    t.rows() == null ? "-" : Numbers.count(t.rows()),
                    t.bytesPerRow() == null ? "-" : String.format(Locale.ROOT, "%.1f", t.bytesPerRow()),
                    t.estimate() ? t.source() + " (estimate)" : t.source());
        }
        if (d.bytesPerSample() != null) {
            out.printf(Locale.ROOT, "disk/sample   %.1f bytes per sample on disk (samples table, one copy)%s%n",
                    d.bytesPerSample(), wireBytesPerSample > 0
                            ? String.format(Locale.ROOT, "; %.1f bytes per sample on the wire", wireBytesPerSample) : "");
        }
        if (d.bytesPerResource() != null) {
            out.printf(Locale.ROOT, "disk/resource %.0f bytes per resource in the index tables (one copy, %s resources)%n",
                    d.bytesPerResource(), Numbers.count(d.resources()));
        }
        RetentionProjection p = d.projection();
        if (p != null) {
            out.printf(Locale.ROOT, "retention     %s at %s samples/s (%s), %.1f B/sample: %s per copy (index %s); %d "
                    + "TWCS windows of %s live at once, %s each%n", days(p.retentionSeconds()),
                    Numbers.rate(p.samplesPerSecond()), rateSource(p), p.bytesPerSample(), RetentionProjection.bytes(p.bytesPerCopy()),
                    RetentionProjection.bytes(p.indexBytes()), p.windowsLive(), days(p.windowSeconds()),
                    RetentionProjection.bytes(p.windowBytes()));
            for (RetentionProjection.NodeShare n : p.perNode()) {
                out.printf(Locale.ROOT, "  %3d nodes     RF %d: %s per node, %s at peak, %s free for compaction%s%n",
                        n.nodes(), p.replicationFactor(), RetentionProjection.bytes(n.bytesPerNode()),
                        RetentionProjection.bytes(n.peakBytesPerNode()), RetentionProjection.bytes(n.compactionFreeBytes()),
                        n.uncompressedBytesPerNode() == null ? "" : "; uncompressed "
                                + RetentionProjection.bytes(n.uncompressedBytesPerNode()) + " at peak");
            }
            for (String w : p.warnings()) {
                out.println("warning       " + w);
            }
        }
        for (String n : d.notes()) {
            out.println("disk note     " + n);
        }
    }

    private static String rateSource(RetentionProjection p) {
        return RetentionProjection.RATE_GIVEN.equals(p.rateSource()) ? "--project-rate"
                : RetentionProjection.RATE_TARGET.equals(p.rateSource()) ? "the run's target" : "the run's written rate";
    }

    private static String days(long seconds) {
        return seconds % 86_400 == 0 ? seconds / 86_400 + "d" : seconds % 3600 == 0 ? seconds / 3600 + "h"
                : seconds + "s";
    }
}
