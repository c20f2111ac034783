package org.metricsstress.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The whole machine's CPU time, busy and all, from the kernel's own count ({@code /proc/stat}'s
 * first line): on one machine this client and the nodes it loads share the cores, so only the
 * machine's idle time says whether the CPU itself was the limit (docs/diagnosis.md, "the machine").
 * Elsewhere than Linux nothing is known, said as -1.
 */
public final class MachineCpu {
    private static final Path STAT = Path.of("/proc/stat");

    private MachineCpu() {}

    /** The machine's CPU time so far, in the kernel's ticks: busy and total; null where it cannot be read. */
    public record Ticks(long busy, long total) {
        /** The machine's busy share between {@code before} and this, in % of all its cores; -1 when unknown. */
        public double busyPercentSince(Ticks before) {
            if (before == null || total <= before.total) {
                return -1;
            }
            return 100.0 * (busy - before.busy) / (total - before.total);
        }
    }

    public static Ticks now() {
        try {
            return parse(Files.readAllLines(STAT).get(0));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * "cpu user nice system idle iowait irq softirq steal guest guest_nice": idle and iowait are the
     * time no task ran (iowait is idle with a disk request outstanding); guest time is already in
     * user, so it is not counted twice.
     */
    static Ticks parse(String line) {
        String[] f = line.trim().split("\\s+");
        if (!"cpu".equals(f[0]) || f.length < 5) {
            return null;
        }
        long total = 0;
        int fields = Math.min(f.length, 9);
        for (int i = 1; i < fields; i++) {
            total += Long.parseLong(f[i]);
        }
        long idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0);
        return new Ticks(total - idle, total);
    }
}
