package org.metricsstress.bench;

import java.lang.ref.Reference;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.metricsstress.cache.GuavaResourceCache;
import org.metricsstress.cache.HeapUsed;
import org.metricsstress.config.OnFull;
import org.metricsstress.config.StressConfig;
import org.metricsstress.index.ResourceFingerprints;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.LaneRing;
import org.metricsstress.plan.StressPlan;

/**
 * Heap figures measured, not guessed: heap used after full collections before and after building
 * the structure, divided by what it holds. Ring slots are allocated up front, so a ring's heap is
 * the same empty or full; the figure is per sample a full ring buffers.
 */
final class MemoryFigures {
    /** Entries for the cache measurement: the default --cache-max-entries, the size the target is set for. */
    static final int CACHE_ENTRIES = 2_000_000;

    private MemoryFigures() {}

    static Map<String, Object> measure(StressConfig config, StressPlan plan) {
        return measure(config, plan, CACHE_ENTRIES);
    }

    /** As {@link #measure(StressConfig, StressPlan)}, the cache measured holding {@code cacheEntries}. */
    static Map<String, Object> measure(StressConfig config, StressPlan plan, int cacheEntries) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("heapBytesPerBufferedSample", bytesPerBufferedSample(config.pipeline().ringSize(), plan.attributes()));
        m.put("ringSlots", config.pipeline().ringSize());
        m.put("samplesPerSlot", plan.attributes());
        long[] groupValues = new long[plan.groups()];
        for (int g = 0; g < plan.groups(); g++) {
            groupValues[g] = ResourceFingerprints.cacheValueOf(plan, plan.resourceKey(0, 0, g));
        }
        long interfaceValue = ResourceFingerprints.cacheValueOf(plan, plan.groupResources());
        int groups = plan.groups();
        // The plan's mix: per interface, one interface entry after its groups' entries.
        m.put("heapBytesPerCachedResource", GuavaResourceCache.measureBytesPerEntry(cacheEntries,
                i -> i % (groups + 1) == groups ? interfaceValue : groupValues[(int) (i % (groups + 1))]));
        m.put("heapBytesPerCachedResourceDistinctValues", GuavaResourceCache.measureBytesPerEntry(cacheEntries));
        m.put("cachedResourcesMeasured", cacheEntries);
        return m;
    }

    /**
     * Rings built for one measurement: a single ring (about 1 MB at the defaults) is the size of
     * what else the JVM frees or keeps between two readings (seen: -11.9 bytes per sample once,
     * right after a bench phase had closed its driver session); eight drown that noise.
     */
    static final int RINGS_MEASURED = 8;

    static double bytesPerBufferedSample(int slots, int samplesPerSlot) {
        // The metrics' histograms are a few MB whatever the ring's size: not the ring's cost.
        StressMetrics metrics = new StressMetrics();
        long before = settledHeap();
        LaneRing[] rings = new LaneRing[RINGS_MEASURED];
        for (int i = 0; i < rings.length; i++) {
            rings[i] = new LaneRing(slots, samplesPerSlot, 1, 1, OnFull.DROP, () -> c -> { }, null, metrics);
        }
        long after = HeapUsed.afterGc();
        for (LaneRing ring : rings) {
            ring.drain(5, TimeUnit.SECONDS);
        }
        Reference.reachabilityFence(rings);
        return (double) (after - before) / ((long) RINGS_MEASURED * slots * samplesPerSlot);
    }

    /** Heap after GC once two readings agree within 64 KB (at most 10 tries): what came before has settled. */
    private static long settledHeap() {
        long last = HeapUsed.afterGc();
        for (int i = 0; i < 10; i++) {
            long now = HeapUsed.afterGc();
            if (Math.abs(now - last) < 64 * 1024) {
                return Math.min(now, last);
            }
            last = now;
        }
        return last;
    }
}
