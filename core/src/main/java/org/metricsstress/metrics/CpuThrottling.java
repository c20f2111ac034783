package org.metricsstress.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How long a CPU quota of the kernel's cgroups (a pod's CPU limit) held this process back, from
 * {@code cpu.stat} of its own cgroup and of each cgroup above it: cgroup v2's {@code throttled_usec},
 * v1's {@code throttled_time} (ns). A quota on any of them holds the process, so the most any of them
 * was throttled is the figure.
 *
 * <p>The kernel adds up the throttled time of each CPU the cgroup had work queued on (with two busy
 * threads under a 15 % quota, 10 s of wall clock gave 18.4 s throttled on a 2-CPU machine, kernel 6.18,
 * v1): it is divided by the CPUs this process may run on for time held back by the wall clock. Where
 * only some of them had work queued that under-counts, which errs toward the wall clock.
 */
public final class CpuThrottling {
    private static final Path ROOT = Path.of("/sys/fs/cgroup");
    /** No cgroup with throttling figures: never held back. */
    public static final CpuThrottling NONE = new CpuThrottling(List.of(), 1);

    private final List<Path> stats;
    private final int cpus;

    CpuThrottling(List<Path> stats, int cpus) {
        this.stats = List.copyOf(stats);
        this.cpus = Math.max(1, cpus);
    }

    /** This process's cgroups with a {@code cpu.stat} that has throttling figures; {@link #NONE} where there are none (not Linux). */
    public static CpuThrottling ofThisProcess() {
        try {
            String cgroups = Files.readString(Path.of("/proc/self/cgroup"));
            Known known = last;
            // The same cgroups as the last time: the same files (each wait of the node watch asks).
            // A process moved into another cgroup while it runs (a quota put on it) is looked up anew.
            if (known != null && known.cgroups.equals(cgroups)) {
                return known.throttling;
            }
            CpuThrottling found = of(cgroups);
            if (found != NONE) {
                // None found may be a file not readable this once: looked up again the next time.
                last = new Known(cgroups, found);
            }
            return found;
        } catch (IOException | RuntimeException e) {
            return NONE;
        }
    }

    /** This process's cgroups as they were last looked up, and what was found in them. */
    private record Known(String cgroups, CpuThrottling throttling) {}

    private static volatile Known last;

    private static CpuThrottling of(String cgroups) {
        try {
            List<Path> found = new ArrayList<>();
            for (Path p : statFiles(cgroups, ROOT)) {
                if (Files.isReadable(p) && throttledNanos(Files.readString(p)) >= 0) {
                    found.add(p);
                }
            }
            int cpus = cpusIn(statusField(Files.readString(Path.of("/proc/self/status")), "Cpus_allowed_list"));
            return found.isEmpty() ? NONE : new CpuThrottling(found, cpus > 0 ? cpus : ProcessCpu.cores());
        } catch (IOException | RuntimeException e) {
            return NONE;
        }
    }

    /** Whether any cgroup's figures are read: false means {@link Since#heldBackNanos()} is always 0. */
    public boolean known() {
        return !stats.isEmpty();
    }

    /**
     * The least share of a core a quota on these cgroups allows (0.15 for 15 %); {@link Double#POSITIVE_INFINITY}
     * where none is set. v2's {@code cpu.max} ("15000 100000", or "max 100000"), v1's {@code cpu.cfs_quota_us}
     * (-1: none) over {@code cpu.cfs_period_us}.
     */
    public double quotaCores() {
        double least = Double.POSITIVE_INFINITY;
        for (Path stat : stats) {
            Path dir = stat.getParent();
            try {
                if (Files.isReadable(dir.resolve("cpu.max"))) {
                    least = Math.min(least, coresOf(Files.readString(dir.resolve("cpu.max"))));
                } else if (Files.isReadable(dir.resolve("cpu.cfs_quota_us"))) {
                    least = Math.min(least, coresOf(Files.readString(dir.resolve("cpu.cfs_quota_us")),
                            Files.readString(dir.resolve("cpu.cfs_period_us"))));
                }
            } catch (IOException | RuntimeException e) {
                // a cgroup whose quota cannot be read sets none this process can know of
            }
        }
        return least;
    }

    /** Cores a v2 {@code cpu.max} allows; infinite for "max". */
    static double coresOf(String cpuMax) {
        String[] f = cpuMax.trim().split("\\s+");
        if (f[0].equals("max")) {
            return Double.POSITIVE_INFINITY;
        }
        return (double) Long.parseLong(f[0]) / (f.length > 1 ? Long.parseLong(f[1]) : 100_000L);
    }

    /** Cores a v1 quota and period allow; infinite for a quota of -1. */
    static double coresOf(String quotaMicros, String periodMicros) {
        long quota = Long.parseLong(quotaMicros.trim());
        return quota < 0 ? Double.POSITIVE_INFINITY : (double) quota / Long.parseLong(periodMicros.trim());
    }

    /** From now on: the readings to count from. */
    public Since since() {
        return new Since(read());
    }

    /** Time held back since a reading, by the wall clock, and the quota's periods that held it back. */
    public final class Since {
        private final Stat[] start;

        private Since(Stat[] start) {
            this.start = start;
        }

        /** Nanoseconds this process was held back by a quota since {@link #since()}, per CPU. */
        public long heldBackNanos() {
            return heldBack(start, read(), cpus);
        }

        /**
         * The share of the quota's enforcement periods since {@link #since()} in which the kernel
         * throttled this process ({@code nr_throttled} over {@code nr_periods}: the ratio cAdvisor
         * exports as container_cpu_cfs_throttled_periods_total over container_cpu_cfs_periods_total);
         * the most of any cgroup's; -1 where no cgroup counted a period (no quota enforced).
         */
        public double throttledPeriodShare() {
            return CpuThrottling.throttledPeriodShare(start, read());
        }
    }

    /** One cgroup's {@code cpu.stat}: throttled ns, periods and throttled periods; -1 each where not read. */
    record Stat(long throttledNanos, long periods, long throttledPeriods) {
        static final Stat UNREAD = new Stat(-1, -1, -1);

        static Stat of(String cpuStat) {
            return new Stat(CpuThrottling.throttledNanos(cpuStat), field(cpuStat, "nr_periods"), field(cpuStat, "nr_throttled"));
        }
    }

    private Stat[] read() {
        Stat[] now = new Stat[stats.size()];
        for (int i = 0; i < now.length; i++) {
            try {
                now[i] = Stat.of(Files.readString(stats.get(i)));
            } catch (IOException | RuntimeException e) {
                now[i] = Stat.UNREAD;
            }
        }
        return now;
    }

    /** The most any cgroup was throttled between two readings, per CPU; an unreadable one counts none. */
    static long heldBack(Stat[] start, Stat[] now, int cpus) {
        long most = 0;
        for (int i = 0; i < start.length; i++) {
            long from = start[i].throttledNanos();
            long to = now[i].throttledNanos();
            if (from >= 0 && to >= from) {
                most = Math.max(most, to - from);
            }
        }
        return most / Math.max(1, cpus);
    }

    /** The most throttled share of periods of any cgroup that counted periods between two readings; -1 if none did. */
    static double throttledPeriodShare(Stat[] start, Stat[] now) {
        double most = -1;
        for (int i = 0; i < start.length; i++) {
            long periods = now[i].periods() - start[i].periods();
            long throttled = now[i].throttledPeriods() - start[i].throttledPeriods();
            if (start[i].periods() >= 0 && start[i].throttledPeriods() >= 0 && periods > 0 && throttled >= 0) {
                most = Math.max(most, Math.min(1, (double) throttled / periods));
            }
        }
        return most;
    }

    /** A counter of a {@code cpu.stat} by its name; -1 if absent. */
    static long field(String cpuStat, String name) {
        for (String line : cpuStat.split("\n")) {
            String[] kv = line.trim().split("\\s+");
            if (kv.length == 2 && kv[0].equals(name)) {
                return Long.parseLong(kv[1]);
            }
        }
        return -1;
    }

    /** The throttled time a {@code cpu.stat} holds, in ns: v2's throttled_usec or v1's throttled_time; -1 if neither. */
    static long throttledNanos(String cpuStat) {
        long micros = field(cpuStat, "throttled_usec");
        return micros >= 0 ? micros * 1_000 : field(cpuStat, "throttled_time");
    }

    /**
     * The {@code cpu.stat} files of the cgroups {@code /proc/self/cgroup} names, own first, then each
     * parent up to the root; v1's cpu controller (mounted as cpu,cpuacct or cpu) and v2's unified tree.
     * Inside a container whose cgroups are not namespaced the path names the host's tree, which the
     * container sees as its root: the root is always among them.
     */
    static List<Path> statFiles(String procSelfCgroup, Path root) {
        List<Path> files = new ArrayList<>();
        for (String line : procSelfCgroup.split("\n")) {
            String[] f = line.trim().split(":", 3);
            if (f.length < 3) {
                continue;
            }
            List<Path> mounts = new ArrayList<>();
            if (f[0].equals("0") && f[1].isEmpty()) {
                mounts.add(root);
            } else if (List.of(f[1].split(",")).contains("cpu")) {
                mounts.add(root.resolve(f[1]));
                mounts.add(root.resolve("cpu"));
                mounts.add(root.resolve("cpu,cpuacct"));
            }
            for (Path mount : mounts) {
                Path dir = mount;
                List<Path> chain = new ArrayList<>();
                for (String part : f[2].split("/")) {
                    if (!part.isEmpty()) {
                        dir = dir.resolve(part);
                        chain.add(0, dir.resolve("cpu.stat"));
                    }
                }
                chain.add(mount.resolve("cpu.stat"));
                for (Path p : chain) {
                    if (!files.contains(p)) {
                        files.add(p);
                    }
                }
            }
        }
        return files;
    }

    /** The value of one field of {@code /proc/self/status}; "" if absent. */
    static String statusField(String status, String name) {
        for (String line : status.split("\n")) {
            if (line.startsWith(name + ":")) {
                return line.substring(name.length() + 1).trim();
            }
        }
        return "";
    }

    /** How many CPUs a list such as {@code 0-1,4} names; 0 for none or a list that cannot be read. */
    static int cpusIn(String list) {
        int n = 0;
        try {
            for (String part : list.trim().split(",")) {
                if (part.isEmpty()) {
                    continue;
                }
                int dash = part.indexOf('-');
                n += dash < 0 ? 1 : Integer.parseInt(part.substring(dash + 1)) - Integer.parseInt(part.substring(0, dash)) + 1;
            }
        } catch (NumberFormatException e) {
            return 0;
        }
        return n;
    }
}
