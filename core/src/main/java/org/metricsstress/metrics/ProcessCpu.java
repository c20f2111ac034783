package org.metricsstress.metrics;

import java.lang.management.ManagementFactory;
import javax.management.ObjectName;

/** CPU time of this whole JVM (harness, driver, JIT and GC), as the operating system counts it. */
public final class ProcessCpu {
    private ProcessCpu() {}

    private static final ObjectName OS = objectName();

    /**
     * Process CPU time in nanoseconds, or -1 where the JVM cannot tell. Read as an MBean attribute
     * rather than through {@code com.sun.management}, which a bundle inside OSGi may not see.
     */
    public static long nanos() {
        try {
            Object v = ManagementFactory.getPlatformMBeanServer().getAttribute(OS, "ProcessCpuTime");
            return v instanceof Long l ? l : -1;
        } catch (Exception e) {
            return -1;
        }
    }

    private static ObjectName objectName() {
        try {
            return new ObjectName(ManagementFactory.OPERATING_SYSTEM_MXBEAN_NAME);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /**
     * CPU time used between two readings of {@link #nanos()}, or -1 when either could not be read:
     * an unknown figure, never a 0 that looks like an idle client.
     */
    public static long between(long startNanos, long endNanos) {
        return startNanos < 0 || endNanos < 0 ? -1 : endNanos - startNanos;
    }

    /** CPU used over a wall-clock span, as a percentage of all cores (100 = every core busy); -1 if unknown. */
    public static double percentOfCores(long cpuNanos, long wallNanos) {
        if (cpuNanos < 0 || wallNanos <= 0) {
            return -1;
        }
        return 100.0 * cpuNanos / wallNanos / cores();
    }
}
