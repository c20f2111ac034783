package org.metricsstress.tune;

import java.io.PrintStream;
import java.util.Locale;
import org.metricsstress.result.Advisor;
import org.metricsstress.result.Tuning;

/** The rounds of a tune as a table: settings, verdict, written against the target, drops, the cold start. */
public final class TuneTable {
    private TuneTable() {}

    public static void print(Tuning t, PrintStream out) {
        out.println();
        out.println("=== metrics-stress tune ===");
        out.printf(Locale.ROOT, "%5s %13s %11s %8s  %-16s %8s %10s %8s %10s %10s%n", "round", "cache entries", "ring", "threads",
                "verdict", "written", "dropped", "failed", "indexed at", "ring full");
        for (Tuning.Round r : t.rounds()) {
            out.printf(Locale.ROOT, "%5d %13s %11s %8s  %-16s %7.1f%% %,10d %,8d %10s %10s%s%n", r.round(),
                    r.settings().get(Advisor.CACHE_MAX_ENTRIES), r.settings().get(Advisor.RING_BUFFER_SIZE),
                    r.settings().get(Advisor.WRITER_THREADS), r.verdict(), r.writtenPercent(), r.dropped(), r.failed(),
                    seconds(r.indexedAtSeconds()), r.ringFullAtSeconds() < 0 ? "never" : seconds(r.ringFullAtSeconds()),
                    r.repeatOf() > 0 ? "  repeat of " + r.repeatOf() : "");
        }
        out.println("outcome       " + t.outcome());
    }

    private static String seconds(double s) {
        return s < 0 ? "never" : String.format(Locale.ROOT, "%.1f s", s);
    }
}
