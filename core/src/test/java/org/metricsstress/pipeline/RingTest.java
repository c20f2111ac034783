package org.metricsstress.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.OnFull;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.StressMetrics;

class RingTest {

    /**
     * A handler that waits for a gate, then counts every sample as written. What it finds wrong is
     * counted for the test thread to assert: an assertion thrown on a writer thread would only be
     * caught by the sample stage and counted as a failed commit.
     */
    private static final class GatedHandler implements GroupCommitHandler.Factory {
        final CountDownLatch gate = new CountDownLatch(1);
        /** Counted down when a writer first reaches the gate. */
        final CountDownLatch entered = new CountDownLatch(1);
        final StressMetrics metrics;
        final Set<Integer> keys = ConcurrentHashMap.newKeySet();
        final AtomicInteger commits = new AtomicInteger();
        final AtomicInteger deliveredTwice = new AtomicInteger();

        GatedHandler(StressMetrics metrics) {
            this.metrics = metrics;
        }

        @Override
        public GroupCommitHandler newHandler() {
            return c -> {
                entered.countDown();
                try {
                    gate.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                if (!keys.add(c.resourceKey)) {
                    deliveredTwice.incrementAndGet();
                }
                commits.incrementAndGet();
                metrics.written(c.sampleCount);
            };
        }
    }

    private static boolean publish(Ring ring, StressMetrics metrics, int key) {
        metrics.generated(3, 0);
        Lane lane = ring.laneFor(key);
        long seq = lane.claim();
        if (seq < 0) {
            metrics.dropped(3);
            return false;
        }
        GroupCommit slot = lane.slot(seq);
        slot.resourceKey = key;
        slot.sampleCount = 3;
        slot.intendedNanos = System.nanoTime();
        lane.publish(seq);
        return true;
    }

    @Test
    void dropPolicyCountsWhatDoesNotFitAndWritesTheRest() {
        StressMetrics metrics = new StressMetrics();
        GatedHandler handler = new GatedHandler(metrics);
        LaneRing ring = new LaneRing(8, 3, 2, 100, OnFull.DROP, handler, null, metrics);
        int accepted = 0;
        for (int k = 0; k < 100; k++) {
            if (publish(ring, metrics, k)) {
                accepted++;
            }
        }
        // Both writers hold one slot each while blocked in the handler; the ring's 8 slots are the bound.
        assertTrue(accepted >= 8 && accepted <= 10, "accepted " + accepted);
        assertEquals((100 - accepted) * 3L, metrics.counts().dropped());
        handler.gate.countDown();
        assertTrue(ring.drain(10, TimeUnit.SECONDS));
        assertEquals(0, metrics.counts().failed(), "handler failed: " + metrics.counts().failed(org.metricsstress.metrics.ErrorClass.OTHER));
        assertEquals(accepted, handler.commits.get());
        assertEquals(300, metrics.counts().generated());
        assertEquals(0, metrics.counts().unaccounted());
    }

    @Test
    void resourcesAreSpreadEvenlyOverTheLanesInRunsOfConsecutiveKeys() {
        StressMetrics metrics = new StressMetrics();
        GatedHandler handler = new GatedHandler(metrics);
        handler.gate.countDown();
        for (int keys : new int[] {8, 100, 1000, 100_000}) {
            LaneRing ring = new LaneRing(64, 1, 4, keys, OnFull.BLOCK, handler, null, metrics);
            java.util.Map<Lane, Integer> perLane = new java.util.IdentityHashMap<>();
            for (int k = 0; k < keys; k++) {
                perLane.merge(ring.laneFor(k), 1, Integer::sum);
                assertTrue(ring.laneFor(k) == ring.laneFor(k), "a resource always takes the same lane");
            }
            assertEquals(4, perLane.size(), keys + " keys: every lane used");
            int min = perLane.values().stream().mapToInt(Integer::intValue).min().orElseThrow();
            int max = perLane.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
            assertTrue(max - min <= 64, keys + " keys: lanes within one run of each other: " + perLane.values());
            assertEquals(64, ring.size());
            assertTrue(ring.drain(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void everyCommitGoesToExactlyOneWriter() {
        StressMetrics metrics = new StressMetrics();
        GatedHandler handler = new GatedHandler(metrics);
        handler.gate.countDown();
        LaneRing ring = new LaneRing(64, 3, 5, 10_000, OnFull.BLOCK, handler, null, metrics);
        for (int k = 0; k < 10_000; k++) {
            assertTrue(publish(ring, metrics, k));
        }
        assertTrue(ring.drain(10, TimeUnit.SECONDS));
        assertEquals(10_000, handler.commits.get());
        assertEquals(10_000, handler.keys.size());
        assertEquals(0, handler.deliveredTwice.get(), "a commit delivered twice");
        assertEquals(30_000, metrics.counts().written());
        assertEquals(0, metrics.counts().dropped());
        assertEquals(0, metrics.counts().failed());
    }

    @Test
    void blockPolicyMakesTheProducerWaitInsteadOfDropping() throws Exception {
        StressMetrics metrics = new StressMetrics();
        GatedHandler handler = new GatedHandler(metrics);
        LaneRing ring = new LaneRing(4, 3, 1, 20, OnFull.BLOCK, handler, null, metrics);
        AtomicInteger published = new AtomicInteger();
        Thread producer = new Thread(() -> {
            for (int k = 0; k < 20; k++) {
                publish(ring, metrics, k);
                published.incrementAndGet();
            }
        });
        producer.start();
        // Blocked, not merely slow to start: it found the lane full (its 4 slots and the one the
        // gated writer holds) and has published no further since.
        awaitRingFull(metrics);
        // The lane holds 4 and the shut writer 1: with the gate shut no sixth commit can be
        // published, however long one waits, so there is nothing to wait for.
        assertTrue(published.get() <= 5, "published past a full ring: " + published.get());
        assertTrue(producer.isAlive(), "producer should be blocked on a full ring");
        handler.gate.countDown();
        producer.join(10_000);
        assertFalse(producer.isAlive());
        assertTrue(ring.drain(10, TimeUnit.SECONDS));
        assertEquals(0, metrics.counts().dropped());
        assertEquals(60, metrics.counts().written());
    }

    @Test
    void abandonedSlotsAreCountedAsFailedSoTheAuditBalances() throws Exception {
        StressMetrics metrics = new StressMetrics();
        GatedHandler handler = new GatedHandler(metrics);
        LaneRing ring = new LaneRing(16, 3, 1, 10, OnFull.DROP, handler, null, metrics);
        for (int k = 0; k < 10; k++) {
            assertTrue(publish(ring, metrics, k));
        }
        // The one writer is inside the handler with the first commit: the rest is abandoned, and
        // the writer, released after the sweep (not after a sleep that raced it), writes its own.
        assertTrue(handler.entered.await(30, TimeUnit.SECONDS), "the writer took the first commit");
        assertFalse(ring.drain(200, TimeUnit.MILLISECONDS), "the gated writer cannot drain");
        ring.abandonRest(300, TimeUnit.MILLISECONDS);
        long abandoned = metrics.counts().failed(ErrorClass.ABANDONED);
        assertEquals(27, abandoned, "the 9 commits behind the gated one");
        handler.gate.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (metrics.counts().unaccounted() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(0, metrics.counts().unaccounted());
        assertEquals(30, metrics.counts().written() + abandoned);
    }

    /** Publishes from a thread of its own; under BLOCK it may wait for room. */
    private static Thread producer(Ring ring, StressMetrics metrics, int commits) {
        Thread t = new Thread(() -> {
            for (int k = 0; k < commits; k++) {
                metrics.generated(3, 0);
                Lane lane = ring.laneFor(k);
                long seq = lane.claim();
                if (seq == Lane.CLOSED) {
                    metrics.failed(3, ErrorClass.ABANDONED);
                    return;
                }
                if (seq < 0) {
                    metrics.dropped(3);
                    continue;
                }
                GroupCommit slot = lane.slot(seq);
                slot.resourceKey = k;
                slot.sampleCount = 3;
                slot.intendedNanos = System.nanoTime();
                lane.publish(seq);
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Test
    void anIndexStageThatThrowsNeverTouchesTheSampleAccount() {
        StressMetrics metrics = new StressMetrics();
        GatedHandler samples = new GatedHandler(metrics);
        samples.gate.countDown();
        AtomicInteger indexed = new AtomicInteger();
        GroupCommitHandler.Factory index = () -> c -> {
            if (indexed.incrementAndGet() % 2 == 0) {
                throw new IllegalStateException("index stage fault");
            }
        };
        LaneRing ring = new LaneRing(64, 3, 4, 1000, OnFull.BLOCK, samples, index, metrics);
        for (int k = 0; k < 1000; k++) {
            assertTrue(publish(ring, metrics, k));
        }
        assertTrue(ring.drain(10, TimeUnit.SECONDS));
        assertEquals(1000, indexed.get(), "the index stage saw every commit");
        assertEquals(500, metrics.counts().indexStageErrors());
        assertEquals(3000, metrics.counts().written(), "each sample written exactly once");
        assertEquals(0, metrics.counts().failed());
        assertEquals(0, metrics.counts().unaccounted());
    }

    @Test
    void anIndexStageThatHangsCannotHangTheRunNorBreakItsAudit() throws Exception {
        StressMetrics metrics = new StressMetrics();
        GatedHandler samples = new GatedHandler(metrics);
        samples.gate.countDown();
        CountDownLatch never = new CountDownLatch(1);
        GroupCommitHandler.Factory index = () -> c -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        LaneRing ring = new LaneRing(8, 3, 1, 100, OnFull.BLOCK, samples, index, metrics);
        Thread producer = producer(ring, metrics, 100);
        awaitRingFull(metrics);
        assertTrue(producer.isAlive(), "the hung index stage holds the lane full: the producer waits for room");
        // What the engine does at the end of a run: close the ring, then drain within a bound.
        ring.close();
        producer.join(10_000);
        assertFalse(producer.isAlive(), "a closed ring lets a waiting producer go");
        assertFalse(ring.drain(200, TimeUnit.MILLISECONDS), "the hung stage cannot drain");
        ring.abandonRest(2, TimeUnit.SECONDS);
        assertTrue(metrics.counts().written() > 0);
        assertEquals(metrics.counts().generated(),
                metrics.counts().written() + metrics.counts().dropped() + metrics.counts().failed());
        assertEquals(0, metrics.counts().unaccounted());
        never.countDown();
    }

    @Test
    void aSampleStageStuckInItsHandlerLeavesNoSlotUncountedAndNoneCountedTwice() throws Exception {
        StressMetrics metrics = new StressMetrics();
        GatedHandler samples = new GatedHandler(metrics); // the gate stays shut until the end
        LaneRing ring = new LaneRing(8, 3, 1, 100, OnFull.BLOCK, samples, null, metrics);
        Thread producer = producer(ring, metrics, 100);
        awaitRingFull(metrics);
        ring.close();
        producer.join(10_000);
        assertFalse(producer.isAlive());
        assertFalse(ring.drain(200, TimeUnit.MILLISECONDS));
        ring.abandonRest(1, TimeUnit.SECONDS);
        // The one commit inside the stuck handler is the handler's; every other slot was swept.
        long abandoned = metrics.counts().failed(ErrorClass.ABANDONED);
        assertEquals(metrics.counts().generated() - 3, metrics.counts().written() + metrics.counts().dropped() + abandoned);
        // The handler wakes up and writes its commit: that is the last sample, and no slot is counted twice.
        samples.gate.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (metrics.counts().unaccounted() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(0, metrics.counts().unaccounted());
        assertEquals(1, samples.commits.get(), "the woken writer took no swept slot");
    }

    @Test
    void aSampleHandlerWhoseEndOfBatchThrowsKeepsItsLaneRunning() {
        StressMetrics metrics = new StressMetrics();
        AtomicInteger ends = new AtomicInteger();
        GroupCommitHandler.Factory samples = () -> new GroupCommitHandler() {
            @Override
            public void write(GroupCommit c) {
                metrics.written(c.sampleCount);
            }

            @Override
            public void endOfBatch() {
                if (ends.incrementAndGet() == 1) {
                    throw new IllegalStateException("end-of-batch fault");
                }
            }
        };
        LaneRing ring = new LaneRing(8, 3, 1, 100, OnFull.BLOCK, samples, null, metrics);
        for (int k = 0; k < 100; k++) {
            assertTrue(publish(ring, metrics, k));
        }
        assertTrue(ring.drain(10, TimeUnit.SECONDS), "the lane's writer survived the throw");
        assertEquals(1, metrics.counts().sinkErrors());
        assertEquals(300, metrics.counts().written());
        assertEquals(0, metrics.counts().unaccounted());
    }

    /** Waits (bounded) until a producer has found a lane full: it is then waiting, not starting. */
    private static void awaitRingFull(StressMetrics metrics) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (metrics.counts().ringFull() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertTrue(metrics.counts().ringFull() > 0, "no producer found the ring full within 10 s");
    }

    /**
     * A handler that takes a wide commit in slices and throws after the first was taken (its request
     * settles it): the stage counts only the rest as failed. Before, it counted the whole commit,
     * so the first slice was counted twice (148 of 100 samples).
     */
    @Test
    void aHandlerThatThrowsAfterTakingPartOfACommitHasOnlyTheRestCountedFailed() {
        StressMetrics metrics = new StressMetrics();
        GroupCommitHandler.Factory samples = () -> c -> {
            c.samplesTaken = 48;
            metrics.written(48); // as the slice's request would, when it settles
            throw new IllegalStateException("the second slice cannot be built");
        };
        LaneRing ring = new LaneRing(8, 100, 1, 10, OnFull.BLOCK, samples, null, metrics);
        for (int k = 0; k < 10; k++) {
            metrics.generated(100, 0);
            Lane lane = ring.laneFor(k);
            long seq = lane.claim();
            GroupCommit slot = lane.slot(seq);
            slot.resourceKey = k;
            slot.sampleCount = 100;
            slot.intendedNanos = System.nanoTime();
            lane.publish(seq);
        }
        assertTrue(ring.drain(10, TimeUnit.SECONDS));
        assertEquals(480, metrics.counts().written());
        assertEquals(520, metrics.counts().failed(ErrorClass.OTHER));
        assertEquals(0, metrics.counts().unaccounted());
    }
}
