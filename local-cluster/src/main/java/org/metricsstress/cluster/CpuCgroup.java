package org.metricsstress.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A CPU quota of the kernel's cgroups that this process makes, holds processes it started in, and
 * removes: cgroup v1's CFS quota ({@code cpu.cfs_quota_us}) where a writable cpu hierarchy is
 * mounted, else cgroup v2's {@code cpu.max}. A process held is moved back to the cgroup it came
 * from on {@link #close()}, so the group is empty and can be removed. A process can also be
 * started inside it ({@link #startingInside(List)}); that one must have exited before the group
 * can be removed.
 */
public final class CpuCgroup implements AutoCloseable {
    static final Path V1 = Path.of("/sys/fs/cgroup/cpu");
    static final Path V2 = Path.of("/sys/fs/cgroup");
    /** The quota's period: the kernel's default; a quota is a share of it on one core. */
    static final long PERIOD_MICROS = 100_000;

    private final Path dir;
    private final Path root;
    private final boolean v2;
    /** Each process held, with the cgroup (relative to {@link #root}) it came from. */
    private final Map<Long, String> held = new LinkedHashMap<>();

    private CpuCgroup(Path dir, Path root, boolean v2) {
        this.dir = dir;
        this.root = root;
        this.v2 = v2;
    }

    /** Why no CPU quota can be made on this machine, in one line; null when one can. */
    public static String unavailable() {
        if (v1Usable()) {
            return null;
        }
        List<String> tried = new ArrayList<>();
        tried.add(V1 + " is no writable cgroup v1 cpu hierarchy");
        try {
            Path controllers = V2.resolve("cgroup.controllers");
            if (!Files.exists(controllers)) {
                tried.add(V2 + " is no cgroup v2 hierarchy");
            } else if (!Files.readString(controllers).contains("cpu")) {
                tried.add(V2 + " offers no cpu controller");
            } else if (!Files.isWritable(V2)) {
                tried.add(V2 + " is not writable by this user (uid " + uid() + ")");
            } else {
                return null;
            }
        } catch (IOException | SecurityException e) {
            tried.add(e.getMessage());
        }
        return "no CPU quota can be made here: " + String.join("; ", tried);
    }

    private static boolean v1Usable() {
        return Files.isWritable(V1) && Files.exists(V1.resolve("cpu.cfs_quota_us"));
    }

    private static String uid() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("Uid:"))
                    .map(l -> l.split("\\s+")[1]).findFirst().orElse("?");
        } catch (IOException e) {
            return "?";
        }
    }

    /**
     * A new cgroup {@code name} whose processes get {@code percent} of one core between them
     * (150: one and a half cores), or why it cannot be made.
     */
    public static CpuCgroup make(String name, int percent) throws LocalClusterException {
        String why = unavailable();
        if (why != null) {
            throw new LocalClusterException(why);
        }
        long quota = PERIOD_MICROS * percent / 100;
        boolean v2 = !v1Usable();
        Path root = v2 ? V2 : V1;
        Path dir = root.resolve(name);
        try {
            if (v2) {
                enableCpuForChildren(root);
            }
            Files.createDirectories(dir);
            if (v2) {
                Files.writeString(dir.resolve("cpu.max"), quota + " " + PERIOD_MICROS);
            } else {
                Files.writeString(dir.resolve("cpu.cfs_period_us"), Long.toString(PERIOD_MICROS));
                Files.writeString(dir.resolve("cpu.cfs_quota_us"), Long.toString(quota));
            }
            return new CpuCgroup(dir, root, v2);
        } catch (IOException | SecurityException e) {
            deleteQuietly(dir);
            throw new LocalClusterException("cannot make the CPU quota " + dir + ": " + e.getMessage(), e);
        }
    }

    /** cgroup v2 gives a child the cpu controller only once its parent hands it down. */
    private static void enableCpuForChildren(Path parent) throws IOException {
        Path subtree = parent.resolve("cgroup.subtree_control");
        if (!Files.readString(subtree).contains("cpu")) {
            Files.writeString(subtree, "+cpu");
        }
    }

    /** Puts process {@code pid} (all its threads, and those it starts later) under the quota. */
    public void hold(long pid) throws LocalClusterException {
        try {
            String from = cgroupOf(pid);
            Files.writeString(dir.resolve("cgroup.procs"), Long.toString(pid));
            held.put(pid, from);
        } catch (IOException | SecurityException e) {
            throw new LocalClusterException("cannot put pid " + pid + " in " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * {@code command} as it must be spawned to run inside this group from its first instruction, as a
     * container starts inside its pod's CPU limit (see {@link #startingInside(Path, List)}).
     */
    public List<String> startingInside(List<String> command) {
        return startingInside(dir, command);
    }

    /**
     * {@code command} behind a shell that puts itself in the cgroup {@code group}, then execs it: the
     * command keeps the shell's pid (the one its spawner knows) and is in the group before it runs
     * anything. A JVM must start so to see its quota: it finds its cgroup once, at start-up (JDK 17's
     * container support), and then sizes its pools and reports {@code ProcessCpuLoad} against it (two
     * busy threads in a 30% quota: 0.97, one available processor); one moved in later reports the
     * machine's cores. Should the shell not get into the group, it exits 1 without running the
     * command, its complaint on its standard error.
     */
    public static List<String> startingInside(Path group, List<String> command) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command to start inside " + group);
        }
        List<String> cmd = new ArrayList<>(command.size() + 4);
        cmd.add("/bin/sh");
        cmd.add("-c");
        // $0 is the group's cgroup.procs, "$@" the command; $$ is the shell's pid, which exec keeps.
        cmd.add("echo $$ > \"$0\" && exec \"$@\"");
        cmd.add(group.resolve("cgroup.procs").toString());
        cmd.addAll(command);
        return cmd;
    }

    /** The cgroup {@code pid} is in now for this hierarchy's controller, as /proc says it ("/" for the root). */
    private String cgroupOf(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "cgroup"), StandardCharsets.UTF_8)) {
            String[] f = line.split(":", 3);
            if (f.length == 3 && (v2 ? f[0].equals("0") && f[1].isEmpty() : List.of(f[1].split(",")).contains("cpu"))) {
                return f[2];
            }
        }
        return "/";
    }

    /** CPU time the held processes spent under the quota, and how often the kernel held them back. */
    public String throttled() {
        try {
            Map<String, String> stat = new LinkedHashMap<>();
            for (String line : Files.readAllLines(dir.resolve("cpu.stat"))) {
                String[] kv = line.split(" ");
                if (kv.length == 2) {
                    stat.put(kv[0], kv[1]);
                }
            }
            return "throttled in " + stat.getOrDefault("nr_throttled", "?") + " of " + stat.getOrDefault("nr_periods", "?")
                    + " periods";
        } catch (IOException e) {
            return "cpu.stat unreadable: " + e.getMessage();
        }
    }

    public Path dir() {
        return dir;
    }

    public String kind() {
        return v2 ? "cgroup v2 cpu.max" : "cgroup v1 cfs quota";
    }

    /**
     * Moves every process still alive back where it came from and removes the group; what could
     * not be undone comes back in one line (null: all undone), since the kernel removes nothing on
     * its own.
     */
    public String release() {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<Long, String> e : held.entrySet()) {
            if (!Files.exists(Path.of("/proc", Long.toString(e.getKey())))) {
                continue;
            }
            Path back = root.resolve(e.getValue().replaceFirst("^/", "")).resolve("cgroup.procs");
            try {
                Files.writeString(back, Long.toString(e.getKey()));
            } catch (IOException | SecurityException ex) {
                problems.add("pid " + e.getKey() + " not moved back to " + back + ": " + ex.getMessage());
            }
        }
        held.clear();
        try {
            Files.deleteIfExists(dir);
        } catch (IOException | SecurityException e) {
            problems.add("cgroup " + dir + " not removed: " + e.getMessage());
        }
        return problems.isEmpty() ? null : String.join("; ", problems);
    }

    @Override
    public void close() {
        release();
    }

    private static void deleteQuietly(Path dir) {
        try {
            Files.deleteIfExists(dir);
        } catch (IOException | SecurityException e) {
            // nothing was put in it; a leftover empty group costs nothing but its name
        }
    }
}
