package org.metricsstress.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A real cgroup on this machine holding a real busy process: its CPU time under the quota, from the
 * kernel's own count (the process's total CPU time), then freed: back in the cgroup it came from. Skipped, with the reason,
 * where the machine allows no cgroup (under CI that fails instead).
 */
class CpuCgroupTest {

    @Test
    void aBusyProcessHeldToTenPercentGetsAtMostATenthOfACoreAndIsFreedAfter() throws Exception {
        String why = CpuCgroup.unavailable();
        if (why != null && "true".equals(System.getenv("CI"))) {
            throw new AssertionError(why + " (under CI a fault that cannot be made fails the run)");
        }
        Assumptions.assumeTrue(why == null, why);
        Process busy = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try {
            String before = cpuLine(busy.pid());
            CpuCgroup g = CpuCgroup.make("metrics-stress-test-" + ProcessHandle.current().pid(), 10);
            Path dir = g.dir();
            double held;
            try {
                g.hold(busy.pid());
                TimeUnit.MILLISECONDS.sleep(300); // the quota's first periods: the process may have been mid-slice
                held = coresOver(busy, Duration.ofSeconds(2));
                assertTrue(g.throttled().startsWith("throttled in "), g.throttled());
                assertFalse(g.throttled().startsWith("throttled in 0 "), "the kernel held it back: " + g.throttled());
            } finally {
                assertNull(g.release(), "released cleanly");
            }
            double free = coresOver(busy, Duration.ofSeconds(1));
            System.out.printf(Locale.ROOT, "busy loop: %.3f cores under a 10%% quota (%s), %.3f cores after%n", held,
                    g.kind(), free);
            // The quota is a ceiling the kernel keeps however loaded the machine is. What the freed loop
            // gets after depends on that load (0.05 cores in a clean-clone CI run with three modules
            // building beside it), so it is printed, not asserted: the release is proven below by the
            // kernel's own record, the loop back in its first cgroup and the group gone.
            assertTrue(held < 0.15, "held to a tenth of a core: " + held);
            assertFalse(Files.exists(dir), "the group is removed: " + dir);
            assertEquals(before, cpuLine(busy.pid()), "back in the cgroup it came from");
        } finally {
            busy.destroyForcibly();
            busy.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aCommandStartedInsideTheGroupIsInItUnderItsOwnPidAndTheGroupGoesOnceItExits() throws Exception {
        String why = CpuCgroup.unavailable();
        Assumptions.assumeTrue(why == null, why);
        CpuCgroup g = CpuCgroup.make("metrics-stress-test-start-" + ProcessHandle.current().pid(), 20);
        Path dir = g.dir();
        Process p = null;
        try {
            p = new ProcessBuilder(g.startingInside(List.of("sleep", "30"))).start();
            long pid = p.pid();
            // The shell joins the group and execs at once; give it a moment to be sleep.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!cmdline(pid).equals("sleep 30") && System.nanoTime() < deadline) {
                TimeUnit.MILLISECONDS.sleep(20);
            }
            assertEquals("sleep 30", cmdline(pid), "exec kept the pid the spawner knows");
            String line = cpuLine(pid);
            assertTrue(line.endsWith(":/" + dir.getFileName()), "in the group from its start: " + line);
            assertEquals(Long.toString(pid), Files.readString(dir.resolve("cgroup.procs")).trim());
        } finally {
            if (p != null) {
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
            assertNull(g.release(), "removed once its process exited");
        }
        assertFalse(Files.exists(dir), "the group is removed: " + dir);
    }

    @Test
    void theShellJoinsTheGroupThenExecsTheCommandWordForWord() {
        assertEquals(List.of("/bin/sh", "-c", "echo $$ > \"$0\" && exec \"$@\"", "/g/cgroup.procs", "echo", "a b", "$HOME"),
                CpuCgroup.startingInside(Path.of("/g"), List.of("echo", "a b", "$HOME")));
    }

    private static String cmdline(long pid) throws Exception {
        return Files.readString(Path.of("/proc", Long.toString(pid), "cmdline")).replace('\0', ' ').trim();
    }

    /** The cores {@code p} used over {@code window}, by the kernel's count of its CPU time. */
    private static double coresOver(Process p, Duration window) throws InterruptedException {
        long cpu0 = p.info().totalCpuDuration().orElseThrow().toNanos();
        long t0 = System.nanoTime();
        TimeUnit.NANOSECONDS.sleep(window.toNanos());
        long cpu1 = p.info().totalCpuDuration().orElseThrow().toNanos();
        return (cpu1 - cpu0) / (double) (System.nanoTime() - t0);
    }

    /** The process's line for the cpu controller (v1) or the unified hierarchy (v2) in /proc/PID/cgroup. */
    private static String cpuLine(long pid) throws Exception {
        List<String> lines = Files.readAllLines(Path.of("/proc", Long.toString(pid), "cgroup"));
        return lines.stream().filter(l -> List.of(l.split(":", 3)[1].split(",")).contains("cpu")).findFirst()
                .orElse(lines.stream().filter(l -> l.startsWith("0::")).findFirst().orElse(""));
    }
}
