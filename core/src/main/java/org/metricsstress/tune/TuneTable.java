package org.metricsstress.tune;

import java.io.PrintStream;
import java.util.Locale;
import org.metricsstress.result.Advisor;
import org.metricsstress.result.PipelinedAdvisor;
import org.metricsstress.result.Tuning;

/** The rounds of a tune as a table: settings, verdict, written against the target, drops, the cold start. */
public final class TuneTable {
    private TuneTable() {}

    public static void print(Tuning t, PrintStream out) {
        out.println();
        out.println("=== metrics-stress tune ===");
        // The pipelined writer's rounds hold its own options, its in-flight bound among them.
        boolean pipelined = t.rounds().stream().anyMatch(r -> r.settings().containsKey(PipelinedAdvisor.MAX_IN_FLIGHT));
        out.printf(Locale.ROOT, "%5s %13s %11s %8s%s  %-16s %8s %10s %8s %10s %10s%n", "round", "cache entries", "ring",
                pipelined ? "lanes" : "threads", pipelined ? String.format(Locale.ROOT, " %9s", "in flight") : "",
                "verdict", "written", "dropped", "failed", "indexed at", "ring full");
        for (Tuning.Round r : t.rounds()) {
            out.printf(Locale.ROOT, "%5d %13s %11s %8s%s  %-16s %7.1f%% %,10d %,8d %10s %10s%s%n", r.round(),
                    setting(r, Advisor.CACHE_MAX_ENTRIES, PipelinedAdvisor.CACHE_MAX_ENTRIES),
                    setting(r, Advisor.RING_BUFFER_SIZE, PipelinedAdvisor.RING_SIZE),
                    setting(r, Advisor.WRITER_THREADS, PipelinedAdvisor.WRITER_THREADS),
                    pipelined ? String.format(Locale.ROOT, " %9s", r.settings().get(PipelinedAdvisor.MAX_IN_FLIGHT)) : "",
                    r.verdict(), r.writtenPercent(), r.dropped(), r.failed(),
                    seconds(r.indexedAtSeconds()), r.ringFullAtSeconds() < 0 ? "never" : seconds(r.ringFullAtSeconds()),
                    r.repeatOf() > 0 ? "  repeat of " + r.repeatOf() : "");
        }
        out.println("outcome       " + t.outcome());
    }

    /** A round's setting under OpenNMS's property, or the pipelined writer's option. */
    private static String setting(Tuning.Round r, String property, String option) {
        String v = r.settings().get(property);
        return v != null ? v : r.settings().get(option);
    }

    private static String seconds(double s) {
        return s < 0 ? "never" : String.format(Locale.ROOT, "%.1f s", s);
    }
}
