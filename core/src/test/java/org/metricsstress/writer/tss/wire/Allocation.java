package org.metricsstress.writer.tss.wire;

import java.lang.management.ManagementFactory;

/** Bytes the current thread allocates while a piece of code runs (HotSpot's per-thread counter). */
final class Allocation {
    private Allocation() {
    }

    static long bytesAllocatedBy(Runnable code) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        code.run();
        return threads.getThreadAllocatedBytes(id) - before;
    }
}
