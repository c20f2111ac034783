package org.metricsstress.tune;

import java.io.PrintStream;
import java.util.Locale;
import org.metricsstress.analysis.Advisor;
import org.metricsstress.analysis.PipelinedAdvisor;
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
        if (t.repeat() != null) {
            out.println("repeat        " + repeat(t.repeat()));
        }
    }

    /**
     * The round and its repeat as two runs of one configuration: their figures side by side, the
     * difference between them the run-to-run noise of these very settings.
     */
    static String repeat(Tuning.Repeat r) {
        double w1 = r.writtenPercent().get(0);
        double w2 = r.writtenPercent().get(1);
        double p1 = r.responseP99Ms().get(0);
        double p2 = r.responseP99Ms().get(1);
        String p99 = p1 < 0 || p2 < 0 ? "" : String.format(Locale.ROOT, ", response p99 %.2f and %.2f ms (%.0f%% apart)",
                p1, p2, 100 * Math.abs(p2 - p1) / Math.max(Math.min(p1, p2), 1e-9));
        return String.format(Locale.ROOT, "rounds %d and %d ran the same settings, two repeats: written %.1f%% and %.1f%% "
                + "of the target (%.1f points apart)%s; that spread is this configuration's run-to-run noise (compare "
                + "several runs per side to judge a change against it)", r.rounds().get(0), r.rounds().get(1), w1, w2,
                Math.abs(w2 - w1), p99);
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
