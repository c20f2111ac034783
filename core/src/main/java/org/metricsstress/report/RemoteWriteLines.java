package org.metricsstress.report;

import java.io.PrintStream;
import java.util.Locale;
import org.metricsstress.result.RemoteWriteSummary;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.WriterPath;

/**
 * The TSS path in the summary: its requests and answers, the bulkhead and the wire, the
 * external-tags lookups and the receiver's own figures; and, for a parallel write, every path side
 * by side with its own audit and verdict.
 */
final class RemoteWriteLines {
    private RemoteWriteLines() {}

    static void path(PrintStream out, RemoteWriteSummary rw) {
        out.printf(Locale.ROOT, "remote write  %s mode to %s: %s requests %s; on the wire at most %d of %d (%.1f on "
                + "average)%s%n", rw.mode(), rw.writeUrl(), Numbers.count(rw.requests()), rw.answersByStatus(),
                rw.peakInFlight(), rw.maxInFlight(), rw.meanInFlight(),
                rw.bulkheadPermits() > 0 ? ", bulkhead of " + rw.bulkheadPermits() + " permits" : "");
        if (rw.firstRefusal() != null) {
            out.println("  refused     " + rw.firstRefusal());
        }
        RemoteWriteSummary.ExternalTagsSummary t = rw.externalTags();
        if (t != null) {
            out.printf(Locale.ROOT, "external tags cache of %s: %s hits, %s misses; %s%n", Numbers.count(t.cacheSize()),
                    Numbers.count(t.cacheHits()), Numbers.count(t.cacheMisses()), t.store() == null
                            ? Numbers.count(t.notMade()) + " store reads not made (no --tss-external-tags-store)"
                            : String.format(Locale.ROOT, "%s reads of the store at %s, %.2f ms each; %s records written",
                                    Numbers.count(t.storeReads()), t.store(), t.meanReadMillis(),
                                    Numbers.count(t.writes())));
        }
        RemoteWriteSummary.ReceiverSummary rs = rw.receiver();
        if (rs == null) {
            out.println("receiver      its /metrics not read");
        } else {
            out.printf(Locale.ROOT, "receiver      %s: %s samples stored, %s series, out of order %s, out of bounds %s, "
                    + "slow inserts %s; CPU %s; %d readings (%d failed)%n", rs.kind(), Numbers.count(rs.samplesAppended()),
                    Numbers.count(rs.seriesPeak()), known(rs.outOfOrder()), known(rs.outOfBounds()),
                    known(rs.slowInserts()), rs.cpuSeconds() < 0 ? "unknown"
                            : String.format(Locale.ROOT, "%.1f s", rs.cpuSeconds()), rs.readings(), rs.failedReadings());
        }
    }

    /** A parallel write's paths side by side, each with its own verdict; nothing for one path. */
    static void paths(PrintStream out, StressResult r) {
        if (r.writers().size() < 2) {
            return;
        }
        out.println("paths         each path's own audit and verdict (--writer " + r.setting(
                org.metricsstress.config.StressOptions.WRITER) + ")");
        out.printf(Locale.ROOT, "  %-10s %12s %12s %10s %10s %10s  %s%n", "path", "generated", "written", "dropped",
                "failed", "unsent", "audit");
        for (WriterPath p : r.writers()) {
            out.printf(Locale.ROOT, "  %-10s %12s %12s %10s %10s %10s  %s%n", p.name(), Numbers.count(p.generated()),
                    Numbers.count(p.written()), Numbers.count(p.dropped()), Numbers.count(p.failed()),
                    Numbers.count(p.unsent()), p.unaccounted() == 0 ? "BALANCED" : "OFF BY " + Numbers.count(p.unaccounted()));
        }
        for (WriterPath p : r.writers()) {
            if (p.verdict() != null) {
                out.printf(Locale.ROOT, "verdict %-5s %s: %s%n", p.name(), p.verdict().kind(), p.verdict().message());
            }
        }
        for (int i = 1; i < r.writers().size(); i++) {
            WriterPath p = r.writers().get(i);
            if (p.remoteWrite() != null) {
                path(out, p.remoteWrite());
            }
            if (p.verdict() != null) {
                p.verdict().evidence().forEach(e -> out.println("  evidence    " + e));
            }
        }
    }

    private static String known(long n) {
        return n < 0 ? "n/a" : Numbers.count(n);
    }
}
