package org.metricsstress.report;

import java.io.PrintStream;
import java.util.Locale;
import org.metricsstress.metrics.IntervalStats;

/**
 * The periodic report: one line per interval, under a header repeated every screenful so a long
 * run stays readable in a terminal or a log.
 */
public final class ConsoleReport {
    static final int HEADER_EVERY = 25;
    private static final String FORMAT = "%8s %12s %12s %10s %9s %7s %7s %9s %8s %10s %9s %9s %9s %9s %5s%n";

    private final PrintStream out;
    private int lines;

    public ConsoleReport(PrintStream out) {
        this.out = out;
    }

    public void header() {
        out.printf(Locale.ROOT, FORMAT, "time", "generated/s", "written/s", "dropped", "failed", "ring",
                "inflight", "index/s", "indexed", "cache", "p50 ms", "p99 ms", "p99.9 ms", "max ms", "cpu%");
    }

    public void line(IntervalStats s) {
        if (lines % HEADER_EVERY == 0) {
            header();
        }
        lines++;
        out.printf(Locale.ROOT, FORMAT,
                String.format(Locale.ROOT, "%.0fs", s.elapsedSeconds()),
                Numbers.rate(s.generatedPerSecond()),
                Numbers.rate(s.writtenPerSecond()),
                Numbers.count(s.droppedTotal()),
                Numbers.count(s.failedTotal()),
                Numbers.count(s.ringOccupancy()),
                Numbers.count(s.inFlightRequests()),
                s.indexRows() < 0 ? "-" : Numbers.rate(s.indexRowsPerSecond()),
                s.indexedPercent() < 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", s.indexedPercent()),
                s.cacheSize() < 0 ? "-" : Numbers.count(s.cacheSize()),
                Numbers.ms(s.response().p50()),
                Numbers.ms(s.response().p99()),
                Numbers.ms(s.response().p999()),
                Numbers.ms(s.response().max()),
                s.cpuPercent() < 0 ? "-" : String.format(Locale.ROOT, "%.0f", s.cpuPercent()));
        out.flush();
    }
}
