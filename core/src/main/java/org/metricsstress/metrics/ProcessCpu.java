package org.metricsstress.metrics;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/** CPU time of this whole JVM (harness, driver, JIT and GC), as the operating system counts it. */
public final class ProcessCpu {
    private ProcessCpu() {}

    /** Process CPU time in nanoseconds, or -1 where the JVM cannot tell. */
    public static long nanos() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getProcessCpuTime();
        }
        return -1;
    }

    public static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** CPU used over a wall-clock span, as a percentage of all cores (100 = every core busy). */
    public static double percentOfCores(long cpuNanos, long wallNanos) {
        if (cpuNanos < 0 || wallNanos <= 0) {
            return -1;
        }
        return 100.0 * cpuNanos / wallNanos / cores();
    }
}
