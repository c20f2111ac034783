package org.metricsstress.cache;

import java.lang.management.ManagementFactory;

/**
 * Heap in use after full collections: the basis of the heap-per-entry measurements (cache entries
 * here, ring slots in the bench). Calls System.gc(), so never on a hot path.
 */
public final class HeapUsed {
    private HeapUsed() {}

    public static long afterGc() {
        long used = Long.MAX_VALUE;
        // Several rounds: one collection may leave garbage a concurrent phase or a finalizer freed late.
        for (int i = 0; i < 4; i++) {
            System.gc();
            used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
