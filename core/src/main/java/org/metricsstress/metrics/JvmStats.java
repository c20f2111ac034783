package org.metricsstress.metrics;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/** Heap and garbage collection of this JVM, as its management beans report them. */
public final class JvmStats {
    private JvmStats() {}

    public static long heapUsedBytes() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    public static long maxHeapBytes() {
        return Runtime.getRuntime().maxMemory();
    }

    /** Collections since the JVM started, all collectors together. */
    public static long gcCount() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            n += Math.max(0, gc.getCollectionCount());
        }
        return n;
    }

    /** Milliseconds the collectors report, all together (for G1 this includes concurrent phases' pauses only). */
    public static long gcMillis() {
        long ms = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ms += Math.max(0, gc.getCollectionTime());
        }
        return ms;
    }
}
