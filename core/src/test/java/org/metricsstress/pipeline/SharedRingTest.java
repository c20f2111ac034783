package org.metricsstress.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.OnFull;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.StressMetrics;

/** OpenNMS's ring with our worker pool: every event once, two per commit, and every sample counted once. */
class SharedRingTest {

    /** Publishes {@code commits} commits of {@code samples} samples, counting drops as the generator does. */
    private static void publish(SharedRing ring, StressMetrics metrics, int commits, int samples) {
        Lane lane = ring.laneFor(0);
        for (int k = 0; k < commits; k++) {
            metrics.generated(samples, 0);
            long seq = lane.claim();
            if (seq < 0) {
                metrics.dropped(samples);
                lane.afterDrop(k, System.nanoTime(), 0);
                continue;
            }
            GroupCommit slot = lane.slot(seq);
            slot.resourceKey = k;
            slot.intendedNanos = System.nanoTime();
            slot.sampleCount = samples;
            slot.indexOnly = false;
            lane.publish(seq);
        }
    }

    @Test
    void everyCommitIsTwoEventsAndEachIsHandledByExactlyOneWorker() {
        StressMetrics metrics = new StressMetrics();
        Map<Integer, AtomicInteger> samples = new ConcurrentHashMap<>();
        Map<Integer, AtomicInteger> strings = new ConcurrentHashMap<>();
        Map<String, Boolean> threads = new ConcurrentHashMap<>();
        GroupCommitHandler.Factory handlers = () -> c -> {
            threads.put(Thread.currentThread().getName(), true);
            (c.indexOnly ? strings : samples).computeIfAbsent(c.resourceKey, k -> new AtomicInteger()).incrementAndGet();
            if (!c.indexOnly) {
                metrics.written(c.sampleCount);
            }
        };
        SharedRing ring = new SharedRing(64, 3, 4, OnFull.BLOCK, handlers, metrics);
        publish(ring, metrics, 20_000, 3);
        assertTrue(ring.drain(10, TimeUnit.SECONDS));
        assertEquals(20_000, samples.size());
        assertEquals(20_000, strings.size());
        samples.values().forEach(n -> assertEquals(1, n.get()));
        strings.values().forEach(n -> assertEquals(1, n.get()));
        assertEquals(60_000, metrics.counts().written());
        assertEquals(0, metrics.counts().unaccounted());
        assertTrue(threads.size() > 1, "several workers took events: " + threads.keySet());
        assertEquals(64, ring.size());
    }

    @Test
    void underDropTheAuditIsExactAndDroppedIndexEventsAreCounted() {
        StressMetrics metrics = new StressMetrics();
        // Workers held until every commit is offered, on a small ring: sample events and index-only
        // events find it full, however fast the workers (a sleep in them once decided it).
        CountDownLatch offered = new CountDownLatch(1);
        GroupCommitHandler.Factory handlers = () -> c -> {
            try {
                offered.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (!c.indexOnly) {
                if (c.resourceKey % 7 == 0) {
                    metrics.failed(c.sampleCount, ErrorClass.TIMEOUT);
                } else {
                    metrics.written(c.sampleCount);
                }
            }
        };
        SharedRing ring = new SharedRing(16, 5, 2, OnFull.DROP, handlers, metrics);
        publish(ring, metrics, 5_000, 5);
        offered.countDown();
        assertTrue(ring.drain(30, TimeUnit.SECONDS));
        assertTrue(metrics.counts().dropped() > 0, "the ring filled");
        assertTrue(metrics.counts().failed() > 0);
        assertTrue(metrics.firstRingFullNanos() > 0);
        assertEquals(25_000, metrics.counts().generated());
        assertEquals(metrics.counts().generated(),
                metrics.counts().written() + metrics.counts().dropped() + metrics.counts().failed());
    }

    @Test
    void anIndexOnlyEventThatFindsTheRingFullIsDroppedAndCounted() throws Exception {
        StressMetrics metrics = new StressMetrics();
        CountDownLatch hold = new CountDownLatch(1);
        CountDownLatch held = new CountDownLatch(1);
        GroupCommitHandler.Factory sinks = () -> c -> {
            if (c.indexOnly) {
                held.countDown();
                try {
                    hold.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        // One worker, held on the first commit's index-only event (its sample event done): of a
        // ring of 8, 7 slots are left, an odd number, so the fourth commit after it takes the last
        // slot with its sample event and its index-only event finds none.
        SharedRing ring = new SharedRing(8, 1, 1, OnFull.DROP, sinks, metrics);
        publish(ring, metrics, 1, 1);
        assertTrue(held.await(30, TimeUnit.SECONDS));
        publish(ring, metrics, 4, 1);
        assertEquals(0, metrics.counts().dropped(), "every sample event found room");
        assertEquals(1, metrics.counts().indexEventsDropped(), "the last index-only event did not");
        // A full ring drops the next commit's sample event; its index-only event is still offered,
        // as OpenNMS's persister offers it, finds the ring full too, and is counted.
        publish(ring, metrics, 1, 1);
        assertEquals(1, metrics.counts().dropped());
        assertEquals(2, metrics.counts().indexEventsDropped(), "the dropped commit's index-only event was offered and dropped");
        hold.countDown();
        assertTrue(ring.drain(5, TimeUnit.SECONDS));
    }

    @Test
    void aStuckWorkerLeavesItsEventToItselfAndTheRestIsAbandonedOnce() throws Exception {
        StressMetrics metrics = new StressMetrics();
        CountDownLatch stuck = new CountDownLatch(1);
        CountDownLatch inside = new CountDownLatch(1);
        GroupCommitHandler.Factory handlers = () -> c -> {
            if (!c.indexOnly && c.resourceKey == 0) {
                inside.countDown();
                try {
                    stuck.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (!c.indexOnly) {
                metrics.written(c.sampleCount);
            }
        };
        // One worker: the stuck event holds up everything behind it.
        SharedRing ring = new SharedRing(64, 2, 1, OnFull.DROP, handlers, metrics);
        publish(ring, metrics, 20, 2);
        assertTrue(inside.await(30, TimeUnit.SECONDS));
        assertFalse(ring.drain(200, TimeUnit.MILLISECONDS), "a stuck worker cannot drain");
        ring.abandonRest(300, TimeUnit.MILLISECONDS);
        assertEquals(38, metrics.counts().failed(ErrorClass.ABANDONED), "19 commits never handed to the stuck worker");
        assertEquals(2, metrics.counts().unaccounted(), "the stuck worker's own commit, not yet settled");
        stuck.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (metrics.counts().unaccounted() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(0, metrics.counts().unaccounted(), "counted once, by the worker that had it");
        assertEquals(2, metrics.counts().written());
    }

    @Test
    void theSweepDoesNotCountASlotClaimedButNotYetPublishedWithItsLastLapsContent() throws Exception {
        StressMetrics metrics = new StressMetrics();
        CountDownLatch stuck = new CountDownLatch(1);
        CountDownLatch inside = new CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean holdNext = new java.util.concurrent.atomic.AtomicBoolean();
        GroupCommitHandler.Factory handlers = () -> c -> {
            if (!c.indexOnly && holdNext.get()) {
                inside.countDown();
                try {
                    stuck.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (!c.indexOnly) {
                metrics.written(c.sampleCount);
            }
        };
        SharedRing ring = new SharedRing(8, 2, 1, OnFull.DROP, handlers, metrics);
        // A first lap: 4 commits (8 events) written, so every slot holds a commit of 2 samples.
        publish(ring, metrics, 4, 2);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (metrics.counts().written() < 8 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(8, metrics.counts().written());
        holdNext.set(true);
        publish(ring, metrics, 1, 2);
        assertTrue(inside.await(5, TimeUnit.SECONDS));
        // A generator claims a slot and has not published it yet.
        long claimed = ring.laneFor(0).claim();
        assertTrue(claimed >= 0);
        ring.abandonRest(300, TimeUnit.MILLISECONDS);
        assertEquals(0, metrics.counts().failed(ErrorClass.ABANDONED),
                "the unpublished slot still holds the last lap's written commit: nothing to abandon");
        stuck.countDown();
    }
}
