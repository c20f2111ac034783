package org.metricsstress.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class CpuThrottlingTest {
    /** cgroup v2's cpu.stat as kernel 6.x writes it: throttled_usec in microseconds. */
    @Test
    void v2CountsThrottledMicroseconds() {
        String stat = """
                usage_usec 2207468
                user_usec 1890000
                system_usec 317468
                nr_periods 151
                nr_throttled 149
                throttled_usec 12873552
                nr_bursts 0
                burst_usec 0
                """;
        assertEquals(12_873_552_000L, CpuThrottling.throttledNanos(stat));
    }

    /** cgroup v1's (the cpu controller), as read on this machine under a 15 % quota: throttled_time in ns. */
    @Test
    void v1CountsThrottledNanoseconds() {
        String stat = "nr_periods 101\nnr_throttled 101\nthrottled_time 18382152735\nnr_bursts 0\nburst_time 0\n";
        assertEquals(18_382_152_735L, CpuThrottling.throttledNanos(stat));
    }

    /** v2's cpu.stat without the cpu controller has only the usage: no figures, not a 0. */
    @Test
    void aStatWithoutThrottlingIsUnknown() {
        assertEquals(-1, CpuThrottling.throttledNanos("usage_usec 100\nuser_usec 60\nsystem_usec 40\n"));
    }

    @Test
    void ownCgroupFirstThenEachParentUpToTheRoot() {
        Path root = Path.of("/sys/fs/cgroup");
        assertEquals(List.of(root.resolve("kubepods/pod1/c2/cpu.stat"), root.resolve("kubepods/pod1/cpu.stat"),
                root.resolve("kubepods/cpu.stat"), root.resolve("cpu.stat")),
                CpuThrottling.statFiles("0::/kubepods/pod1/c2\n", root));
    }

    @Test
    void v1TakesTheCpuControllersLineUnderEitherMountName() {
        Path root = Path.of("/sys/fs/cgroup");
        List<Path> files = CpuThrottling.statFiles("4:memory:/other\n3:cpu,cpuacct:/docker/abc\n0::/\n", root);
        assertEquals(root.resolve("cpu,cpuacct/docker/abc/cpu.stat"), files.get(0));
        assertTrue(files.contains(root.resolve("cpu/docker/abc/cpu.stat")), files.toString());
        assertTrue(files.contains(root.resolve("cpu,cpuacct/cpu.stat")), files.toString());
        assertTrue(files.stream().noneMatch(p -> p.toString().contains("other")), files.toString());
        assertTrue(files.contains(root.resolve("cpu.stat")), "v2's root of a hybrid: " + files);
    }

    @Test
    void theCpusAProcessMayRunOn() {
        String status = "Name:\tjava\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1,4\nMems_allowed_list:\t0\n";
        assertEquals("0-1,4", CpuThrottling.statusField(status, "Cpus_allowed_list"));
        assertEquals(3, CpuThrottling.cpusIn("0-1,4"));
        assertEquals(1, CpuThrottling.cpusIn("7"));
        assertEquals(0, CpuThrottling.cpusIn(""));
        assertEquals(0, CpuThrottling.cpusIn("x-y"));
    }

    /** The kernel sums the throttled time of every CPU: two CPUs throttled 9 s each held the process 9 s. */
    @Test
    void heldBackIsTheMostThrottledCgroupPerCpu() {
        assertEquals(9_000, CpuThrottling.heldBack(new CpuThrottling.Stat[] {ns(1_000), ns(500)},
                new CpuThrottling.Stat[] {ns(19_000), ns(4_500)}, 2));
        // A cgroup unread at the start, or whose counter went back (recreated), counts none.
        assertEquals(0, CpuThrottling.heldBack(new CpuThrottling.Stat[] {ns(-1), ns(5_000)},
                new CpuThrottling.Stat[] {ns(7_000), ns(100)}, 1));
    }

    /** The v1 figures read on this machine under a 15 % quota, 10 s apart: every period throttled. */
    @Test
    void throttledPeriodsAreTheMostThrottledShareOfAnyCgroupThatCountedPeriods() {
        CpuThrottling.Stat start = CpuThrottling.Stat.of("nr_periods 101\nnr_throttled 101\nthrottled_time 18382152735\n");
        CpuThrottling.Stat end = CpuThrottling.Stat.of("nr_periods 201\nnr_throttled 176\nthrottled_time 30382152735\n");
        CpuThrottling.Stat root = CpuThrottling.Stat.of("nr_periods 0\nnr_throttled 0\nthrottled_time 0\n");
        assertEquals(0.75, CpuThrottling.throttledPeriodShare(new CpuThrottling.Stat[] {start, root},
                new CpuThrottling.Stat[] {end, root}), 1e-9);
        assertEquals(-1, CpuThrottling.throttledPeriodShare(new CpuThrottling.Stat[] {root},
                new CpuThrottling.Stat[] {root}), "no period counted: no quota enforced");
        assertEquals(-1, CpuThrottling.throttledPeriodShare(new CpuThrottling.Stat[] {CpuThrottling.Stat.of("usage_usec 1\n")},
                new CpuThrottling.Stat[] {CpuThrottling.Stat.of("usage_usec 9\n")}), "v2 without the cpu controller");
    }

    private static CpuThrottling.Stat ns(long throttled) {
        return new CpuThrottling.Stat(throttled, -1, -1);
    }

    @Test
    void quotasOfBothVersionsInCores() {
        assertEquals(0.15, CpuThrottling.coresOf("15000 100000\n"), 1e-9);
        assertEquals(Double.POSITIVE_INFINITY, CpuThrottling.coresOf("max 100000\n"));
        assertEquals(0.15, CpuThrottling.coresOf("15000\n", "100000\n"), 1e-9);
        assertEquals(Double.POSITIVE_INFINITY, CpuThrottling.coresOf("-1\n", "100000\n"));
        assertEquals(2.0, CpuThrottling.coresOf("200000", "100000"), 1e-9);
    }
}
