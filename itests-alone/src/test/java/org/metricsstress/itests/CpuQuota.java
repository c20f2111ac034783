package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/** A CPU quota of the kernel's cgroups for the processes put in it; removed (empty) at the end. */
record CpuQuota(Path dir, boolean v2) {
    static CpuQuota make(String name, long quotaMicros, long periodMicros) throws IOException {
        Path v1 = Path.of("/sys/fs/cgroup/cpu");
        Path v2root = Path.of("/sys/fs/cgroup");
        List<String> tried = new ArrayList<>();
        try {
            if (Files.isWritable(v1) && Files.exists(v1.resolve("cpu.cfs_quota_us"))) {
                Path d = Files.createDirectories(v1.resolve(name));
                Files.writeString(d.resolve("cpu.cfs_period_us"), Long.toString(periodMicros));
                Files.writeString(d.resolve("cpu.cfs_quota_us"), Long.toString(quotaMicros));
                return new CpuQuota(d, false);
            }
            tried.add(v1 + " (no writable cpu controller)");
            if (Files.exists(v2root.resolve("cgroup.controllers"))
                    && Files.readString(v2root.resolve("cgroup.controllers")).contains("cpu")) {
                Path d = Files.createDirectories(v2root.resolve(name));
                Files.writeString(d.resolve("cpu.max"), quotaMicros + " " + periodMicros);
                return new CpuQuota(d, true);
            }
            tried.add(v2root + " (no cgroup v2 with the cpu controller)");
        } catch (IOException | SecurityException e) {
            tried.add(e.toString());
        }
        String why = "no CPU quota can be made here: " + String.join("; ", tried);
        if ("true".equals(System.getenv("CI"))) {
            throw new AssertionError(why + " (under CI a fault that cannot be made fails the run)");
        }
        Assumptions.assumeTrue(false, why);
        return null;
    }

    /**
     * The jar as {@link Jar#start} runs it, but in this cgroup before its first instruction: a shell
     * puts itself in, then becomes the JVM ({@code exec} keeps the process, and so its cgroup).
     */
    Process startHeld(Path workDir, String output, List<String> args) throws IOException {
        Path jar = Path.of(System.getProperty("metrics-stress.jar"));
        assertTrue(Files.isRegularFile(jar), "build the cli module first: " + jar);
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", "echo $$ > \"$0\" && exec \"$@\"",
                dir.resolve("cgroup.procs").toString(), ProcessHandle.current().info().command().orElse("java"),
                ClusterRuns.QUICK_JIT, "-jar", jar.toString()));
        cmd.addAll(args);
        return new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(workDir.resolve(output).toFile()).start();
    }

    void hold(long pid) throws IOException {
        Files.writeString(dir.resolve("cgroup.procs"), Long.toString(pid));
    }

    void remove() {
        try {
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a process still in it keeps it; the kernel removes nothing on its own, so say so
            System.out.println("cgroup " + dir + " not removed: " + e.getMessage());
        }
    }
}
