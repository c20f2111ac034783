package org.metricsstress.metrics;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The heap left after each collection, the lowest of a window kept: with a full collection in the
 * window (the soak forces one at each window's end), the live set, whose trend over a soak
 * heap-used-at-any-moment hides under the garbage between collections. A leak shows as a rising
 * window minimum.
 */
public final class HeapAfterGc implements NotificationListener, AutoCloseable {
    private final AtomicLong windowMin = new AtomicLong(Long.MAX_VALUE);
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final Set<String> heapPools = new HashSet<>();

    public HeapAfterGc() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                heapPools.add(pool.getName());
            }
        }
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter e) {
                e.addNotificationListener(this, null, null);
                emitters.add(e);
            }
        }
    }

    @Override
    public void handleNotification(Notification n, Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        long used = 0;
        // The map has every pool, metaspace and code cache too: only the heap's are counted.
        for (Map.Entry<String, MemoryUsage> e : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            if (heapPools.contains(e.getKey())) {
                used += e.getValue().getUsed();
            }
        }
        windowMin.accumulateAndGet(used, Math::min);
    }

    /** The lowest after-collection usage since the last call; -1 when no collection happened. */
    public long takeWindowMin() {
        long v = windowMin.getAndSet(Long.MAX_VALUE);
        return v == Long.MAX_VALUE ? -1 : v;
    }

    @Override
    public void close() {
        for (NotificationEmitter e : emitters) {
            try {
                e.removeNotificationListener(this);
            } catch (ListenerNotFoundException ignored) {
                // Already gone.
            }
        }
    }
}
