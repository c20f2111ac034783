package org.metricsstress.microbench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.MetricRegistry;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.ref.Reference;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.GraphLayout;

/**
 * The heap per entry of OpenNMS's cache, as jol sums the object graph, is what the JVM really
 * spends: the live heap after a full collection grows by the same bytes, within 10 %, when that
 * many entries are made. (The model in core's {@code OpenNmsCacheHeap} is fitted to jol's sums.)
 * A fifth of the bench's plan: jol walks the graph at some 60 us an object (46 s for the whole
 * plan's 10,000 entries, on a 2-core machine), and 2,000 entries, 6 MB, are still a thousand times
 * what one full collection leaves behind as noise.
 */
class OpenNmsCacheHeapAfterGcTest {
    private static final MemoryMXBean MEMORY = ManagementFactory.getMemoryMXBean();

    private static long liveHeapAfterGc() throws InterruptedException {
        long used = Long.MAX_VALUE;
        // Several collections: the last reading is taken when one more no longer frees anything.
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(50);
            long now = MEMORY.getHeapMemoryUsage().getUsed();
            if (now >= used) {
                return Math.min(now, used);
            }
            used = now;
        }
        return used;
    }

    @Test
    void jolsBytesPerEntryAreTheLiveHeapsWithinTenPercent() throws InterruptedException {
        OpenNmsCacheHeapBench.Shape shape = new OpenNmsCacheHeapBench.Shape(10, 2, true, 0, false);
        int nodes = OpenNmsCacheHeapBench.NODES / 5;
        int entries = nodes * OpenNmsCacheHeapBench.INTERFACES * OpenNmsCacheHeapBench.GROUPS;

        // A first small cache, thrown away, so the classes' own statics (made once, at first use, and
        // not reachable from the cache) are in the heap before the first reading, not counted per entry.
        OpenNmsCacheHeapBench.feed(shape, new OpenNmsCacheHeapBench.SearchableCache(
                OpenNmsCacheHeapBench.MAX_ENTRIES, new MetricRegistry()), false, 1);
        long before = liveHeapAfterGc();
        OpenNmsCacheHeapBench.SearchableCache live =
                new OpenNmsCacheHeapBench.SearchableCache(OpenNmsCacheHeapBench.MAX_ENTRIES, new MetricRegistry());
        OpenNmsCacheHeapBench.feed(shape, live, false, nodes);
        long after = liveHeapAfterGc();
        // The same object graph the bench sums (the cache, its radix tree, their meters).
        long jolBytes = GraphLayout.parseInstance(live).totalSize();
        Reference.reachabilityFence(live);

        double jolPerEntry = (double) jolBytes / entries;
        double heapPerEntry = (double) (after - before) / entries;
        System.out.printf("OpenNMS's cache, %,d group entries of -a 10, 6-element ids: jol %.0f bytes per entry, "
                + "live heap after GC %.0f bytes per entry (%.1f%%)%n", entries, jolPerEntry, heapPerEntry,
                100 * heapPerEntry / jolPerEntry);
        assertTrue(jolPerEntry > 1000, "an entry holds ten metric names and sixteen attributes: " + jolPerEntry);
        assertTrue(Math.abs(heapPerEntry - jolPerEntry) <= 0.10 * jolPerEntry,
                "jol " + jolPerEntry + " bytes per entry, heap after GC " + heapPerEntry);
    }
}
