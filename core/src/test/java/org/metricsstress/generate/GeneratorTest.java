package org.metricsstress.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.OnFull;
import org.metricsstress.config.Pacing;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.GroupCommitHandler;
import org.metricsstress.pipeline.Lane;
import org.metricsstress.pipeline.LaneRing;
import org.metricsstress.plan.Schedule;
import org.metricsstress.config.ValueModel;
import org.metricsstress.plan.SampleValues;
import org.metricsstress.plan.StressPlan;

class GeneratorTest {

    record Seen(int key, long timestamp, long intended, double[] values) {}

    /** One generation through a ring into a list: what a run of {@code config} would write. */
    record Run(List<Seen> seen, StressMetrics metrics, Schedule schedule, long start) {}

    private static Run generate(StressConfig config, long epochMillis, Duration duration) throws Exception {
        return generate(config, (plan, start) -> new Schedule(plan, start, epochMillis, duration.toNanos()));
    }

    private static Run generate(StressConfig config, java.util.function.BiFunction<StressPlan, Long, Schedule> timing)
            throws Exception {
        StressPlan plan = StressPlan.of(config);
        StressMetrics metrics = new StressMetrics();
        List<Seen> seen = new CopyOnWriteArrayList<>();
        GroupCommitHandler.Factory handler = () -> c -> {
            seen.add(new Seen(c.resourceKey, c.timestampMillis, c.intendedNanos,
                    java.util.Arrays.copyOf(c.values, c.sampleCount)));
            metrics.written(c.sampleCount);
        };
        LaneRing ring = new LaneRing(64, plan.attributes(), 2, plan.groupResources(), OnFull.BLOCK, handler, null, metrics);
        long start = System.nanoTime() + 20_000_000L;
        Schedule schedule = timing.apply(plan, start);
        Thread[] threads = new Thread[plan.threads()];
        java.util.concurrent.Phaser passes = plan.passBarrier() ? new java.util.concurrent.Phaser(threads.length) : null;
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(new Generator(t, plan, schedule, ring, metrics, passes));
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join(10_000);
        }
        assertTrue(ring.drain(5, TimeUnit.SECONDS));
        return new Run(seen, metrics, schedule, start);
    }

    @Test
    void generatesExactlyTheScheduledCommitsWithDeterministicValues() throws Exception {
        // 3 nodes x 2 interfaces x 2 groups = 12 resources, 4 attributes, paced every 200 ms: a
        // 500 ms run covers intervals 0 and 1 fully and interval 2 up to offset 100 ms (keys 0..5).
        StressConfig config = StressConfig.builder().nodes(3).interfaces(2).groups(2).attributes(4)
                .interval(Duration.ofSeconds(2)).rateFactor(10).threads(2).seed(99).pacing(Pacing.SPREAD).build();
        Run run = generate(config, 1_700_000_000_000L, Duration.ofMillis(500));
        List<Seen> seen = run.seen();
        StressMetrics metrics = run.metrics();
        Schedule schedule = run.schedule();
        long start = run.start();

        long expected = schedule.expectedGroupCommits();
        assertEquals(30, expected);
        assertEquals(expected, seen.size());
        assertEquals(expected * 4, metrics.counts().generated());
        assertEquals(expected * 4, metrics.counts().written());
        assertEquals(expected * 2, metrics.counts().stringAttributes()); // -s defaults to 2 per group
        Map<String, Integer> perResourceAndTime = new ConcurrentHashMap<>();
        for (Seen s : seen) {
            assertTrue(s.intended() >= start && s.intended() < schedule.endNanos());
            assertEquals(schedule.timestampMillis(s.intended()), s.timestamp());
            for (int a = 0; a < 4; a++) {
                assertEquals(SampleValues.of(ValueModel.OPENNMS, 99, 2, 4).value(s.key(), a, s.timestamp()), s.values()[a]);
            }
            assertEquals(null, perResourceAndTime.put(s.key() + "@" + s.timestamp(), 1), "duplicate sample row");
        }
    }

    @Test
    void openNmsPacingGeneratesANodesCollectionAtOnceAndNodesEvenlyApart() throws Exception {
        // 3 nodes x 2 interfaces x 2 groups, paced every 200 ms: nodes at offsets 0, 66.7 and 133.3 ms,
        // each node's 4 commits at its offset. 500 ms: intervals 0 and 1 whole, interval 2 up to 100 ms
        // (nodes 0 and 1): 12 + 12 + 8 commits.
        StressConfig config = StressConfig.builder().nodes(3).interfaces(2).groups(2).attributes(4)
                .interval(Duration.ofSeconds(2)).rateFactor(10).threads(2).seed(99).build();
        assertEquals(Pacing.NODES, config.pacing().mode(), "OpenNMS's pacing is the default");
        Run run = generate(config, 1_700_000_000_000L, Duration.ofMillis(500));
        assertEquals(32, run.schedule().expectedGroupCommits());
        assertEquals(32, run.seen().size());
        StressPlan plan = StressPlan.of(config);
        Map<Long, java.util.Set<Integer>> nodesAt = new java.util.HashMap<>();
        for (Seen s : run.seen()) {
            long offset = (s.intended() - run.start()) % 200_000_000L;
            assertEquals(plan.nodeOf(s.key()) * 200_000_000L / 3, offset, 1, "node " + plan.nodeOf(s.key()));
            nodesAt.computeIfAbsent(s.intended(), k -> new java.util.HashSet<>()).add(s.key());
        }
        // Every intended time carries one node's whole collection: its 4 group resources.
        nodesAt.values().forEach(keys -> assertEquals(4, keys.size(), "a node's burst: " + keys));
    }

    @Test
    void aPassEndsAtABarrierSoALateThreadHoldsTheOthersBack() throws Exception {
        // With the barrier, node 1's pass-2 commit waits for node 0's pass-1 commit, which waits out
        // node 0's stalled writer; without it, node 1 goes on by itself. Order, not timing, decides.
        assertTrue(nodeOneMovedOnBeforeNodeZero(false), "without the barrier node 1 does not wait");
        assertFalse(nodeOneMovedOnBeforeNodeZero(true), "with the barrier node 1 waits for node 0's pass");
    }

    /**
     * 2 nodes on 2 threads (node n on thread n % 2), one commit per node per 100 ms pass, node 1
     * 50 ms after node 0. Node 0's writer stalls 600 ms on its first commit and its lane (one slot)
     * blocks, so thread 0 finishes pass 1 only after the stall. Whether node 1's pass-2 commit
     * reached its writer before node 0's stall ended. With the barrier that cannot happen, whatever
     * the machine's load: the stall's end is recorded before the writer frees its slot, which
     * thread 0 needs before it can end its pass, which thread 1 waits for before its pass 2. (It
     * compared with the arrival of node 0's pass-1 commit once: two wake-ups racing, which a
     * loaded CI machine once ran in the other order.)
     */
    private static boolean nodeOneMovedOnBeforeNodeZero(boolean barrier) throws Exception {
        StressConfig config = StressConfig.builder().nodes(2).interfaces(1).groups(1).attributes(1).strings(0)
                .interval(Duration.ofSeconds(1)).rateFactor(10).threads(2).build();
        StressPlan plan = StressPlan.of(config);
        assertTrue(plan.passBarrier());
        StressMetrics metrics = new StressMetrics();
        long start = System.nanoTime() + 20_000_000L;
        Map<Long, Long> arrived = new ConcurrentHashMap<>();
        java.util.concurrent.atomic.AtomicBoolean stalled = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.atomic.AtomicLong stallEnded = new java.util.concurrent.atomic.AtomicLong();
        GroupCommitHandler.Factory handler = () -> c -> {
            if (c.resourceKey == 0 && stalled.compareAndSet(false, true)) {
                LockSupportSleep.millis(600);
                stallEnded.set(System.nanoTime());
            }
            arrived.put(c.intendedNanos, System.nanoTime());
            metrics.written(c.sampleCount);
        };
        LaneRing ring = new LaneRing(2, 1, 2, 2, OnFull.BLOCK, handler, null, metrics);
        Schedule schedule = new Schedule(plan, start, 1_700_000_000_000L, 700_000_000L);
        java.util.concurrent.Phaser passes = barrier ? new java.util.concurrent.Phaser(2) : null;
        Thread[] threads = new Thread[2];
        for (int t = 0; t < 2; t++) {
            threads[t] = new Thread(new Generator(t, plan, schedule, ring, metrics, passes));
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join(10_000);
        }
        assertTrue(ring.drain(5, TimeUnit.SECONDS));
        assertEquals(schedule.expectedGroupCommits(), metrics.counts().written(), "every commit written");
        long nodeOnePassTwo = arrived.get(schedule.intendedNanos(2, 1));
        return nodeOnePassTwo < stallEnded.get();
    }

    @Test
    void aLateGeneratorStoppedAtTheEndOwesWhatItHadNotReachedAndCountsIt() throws Exception {
        // 200 commits every 100 ms for 400 ms, into a writer that takes 2 ms a commit through a
        // blocking ring of 2 slots: the generator falls behind. Stopped at the schedule's end, it
        // must account for every commit the schedule meant: generated or unsent, none vanishing.
        StressConfig config = StressConfig.builder().nodes(100).interfaces(1).groups(2).attributes(3).strings(0)
                .interval(Duration.ofSeconds(1)).rateFactor(10).pacing(Pacing.SPREAD).build();
        StressPlan plan = StressPlan.of(config);
        StressMetrics metrics = new StressMetrics();
        org.metricsstress.metrics.LossLedger ledger = metrics.trackLosses(plan.groupResources());
        GroupCommitHandler.Factory slow = () -> c -> {
            LockSupportSleep.millis(2);
            metrics.written(c.sampleCount);
        };
        LaneRing ring = new LaneRing(2, 3, 1, plan.groupResources(), OnFull.BLOCK, slow, null, metrics);
        long start = System.nanoTime() + 20_000_000L;
        Schedule schedule = new Schedule(plan, start, 1_700_000_000_000L, 400_000_000L);
        Generator g = new Generator(0, plan, schedule, ring, metrics, null);
        Thread t = new Thread(g);
        t.start();
        while (System.nanoTime() < schedule.endNanos()) {
            Thread.sleep(5);
        }
        g.stop(schedule.endNanos());
        ring.close();
        t.join(5_000);
        assertFalse(t.isAlive());
        ring.abandonRest(5, TimeUnit.SECONDS);
        long expected = schedule.expectedGroupCommits();
        assertEquals(800, expected);
        assertTrue(metrics.counts().groupCommitsUnsent() > 100, "the generator was behind: " + metrics.counts().groupCommitsUnsent());
        assertEquals(expected, metrics.counts().groupCommitsGenerated() + metrics.counts().groupCommitsUnsent(),
                "every commit the schedule meant is generated or unsent");
        assertEquals(metrics.counts().groupCommitsUnsent() * 3, metrics.counts().unsent());
        assertEquals(0, metrics.counts().unaccounted(), "what was generated is written or failed");
        // Every sample lost is charged to its own series: a read-back holds each series to it.
        assertEquals(metrics.counts().unsent() + metrics.counts().failed() + metrics.counts().dropped(),
                java.util.Arrays.stream(ledger.snapshot()).asLongStream().sum());
        // The owed commits' response times are there, the latest the longest: the tail is not cut off.
        metrics.response().takeInterval();
        org.HdrHistogram.Histogram response = metrics.response().total();
        assertTrue(response.getTotalCount() >= metrics.counts().groupCommitsUnsent(), "owed commits have response times");
        assertTrue(response.getMaxValue() > 100_000, "the latest owed commit waited longest: " + response.getMaxValue() + " us");
    }

    /**
     * A stop while generators wait at the pass barrier (OpenNMS's node pacing, the default) owes
     * everything meant before the stop that was not generated: 2 nodes on 2 threads, one commit per
     * node per 100 ms pass. Node 0's writer holds its first commit until released and its lane has
     * one slot, so thread 0 is stuck in pass 2 while thread 1 ends pass 2 and waits at the barrier.
     * The stop comes then, 10 passes after the start: whatever the machine's speed, no commit past
     * pass 2 can have been generated, and the 20 the schedule meant must be generated or unsent.
     */
    @Test
    void aStopAtThePassBarrierCountsEveryCommitMeantGeneratedOrUnsent() throws Exception {
        StressConfig config = StressConfig.builder().nodes(2).interfaces(1).groups(1).attributes(3).strings(0)
                .interval(Duration.ofSeconds(1)).rateFactor(10).threads(2).build();
        StressPlan plan = StressPlan.of(config);
        assertTrue(plan.passBarrier(), "node pacing is the default");
        StressMetrics metrics = new StressMetrics();
        java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicBoolean first = new java.util.concurrent.atomic.AtomicBoolean(true);
        GroupCommitHandler.Factory handler = () -> c -> {
            if (c.resourceKey == 0 && first.compareAndSet(true, false)) {
                held.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            metrics.written(c.sampleCount);
        };
        LaneRing ring = new LaneRing(2, 3, 2, 2, OnFull.BLOCK, handler, null, metrics);
        long start = System.nanoTime() + 20_000_000L;
        Schedule schedule = new Schedule(plan, start, 1_700_000_000_000L, TimeUnit.SECONDS.toNanos(60));
        java.util.concurrent.Phaser passes = new java.util.concurrent.Phaser(2);
        List<Generator> generators = List.of(new Generator(0, plan, schedule, ring, metrics, passes),
                new Generator(1, plan, schedule, ring, metrics, passes));
        List<Thread> threads = generators.stream().map(Thread::new).toList();
        threads.forEach(Thread::start);
        try {
            assertTrue(held.await(30, TimeUnit.SECONDS), "node 0's first commit reached its writer");
            // Thread 1 has ended pass 2 and waits for thread 0 at the barrier.
            long bound = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!(passes.getPhase() == 1 && passes.getArrivedParties() == 1) && System.nanoTime() < bound) {
                Thread.sleep(1);
            }
            assertEquals(1, passes.getPhase(), "pass 1 ended for both threads");
            assertEquals(1, passes.getArrivedParties(), "thread 1 waits at the end of pass 2");
            long stopAt = start + TimeUnit.MILLISECONDS.toNanos(1000);
            generators.forEach(g -> g.stop(stopAt));
            release.countDown();
            for (Thread t : threads) {
                t.join(30_000);
                assertFalse(t.isAlive(), "the generator ended after the stop");
            }
            assertTrue(ring.drain(30, TimeUnit.SECONDS));
            long meant = schedule.expectedGroupCommits(stopAt);
            assertEquals(20, meant, "10 passes of 2 nodes before the stop");
            assertTrue(metrics.counts().groupCommitsUnsent() >= 20 - 4, "at most passes 1 and 2 were generated: "
                    + metrics.counts().groupCommitsGenerated());
            assertEquals(meant, metrics.counts().groupCommitsGenerated() + metrics.counts().groupCommitsUnsent(),
                    "intended = generated + unsent");
            assertEquals(meant * 3, metrics.counts().generated() + metrics.counts().unsent());
            assertEquals(metrics.counts().generated(), metrics.counts().written(), "what was generated was written");
        } finally {
            release.countDown();
            generators.forEach(g -> g.stop(System.nanoTime()));
        }
    }

    /** Sleeping without a checked exception, for a sink. */
    private static final class LockSupportSleep {
        static void millis(long ms) {
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(ms));
        }
    }

    @Test
    void instancesOfOnePlanGenerateItsCommitsExactlyOnceBetweenThem() throws Exception {
        // 7 nodes over 3 instances (3, 2, 2 nodes) with 2 threads each: shares of unequal size.
        StressConfig.Builder plan = StressConfig.builder().nodes(7).interfaces(2).groups(2).attributes(3)
                .interval(Duration.ofSeconds(2)).rateFactor(10).threads(2).seed(5);
        Run whole = generate(plan.build(), 1_700_000_000_000L, Duration.ofMillis(500));
        Map<String, double[]> wholeRows = rows(whole.seen());
        Map<String, double[]> union = new java.util.HashMap<>();
        long expectedTogether = 0;
        for (int i = 0; i < 3; i++) {
            StressConfig share = plan.instance(new org.metricsstress.config.Instance(i, 3)).build();
            Run run = generate(share, 1_700_000_000_000L, Duration.ofMillis(500));
            expectedTogether += run.schedule().expectedGroupCommits();
            assertEquals(run.schedule().expectedGroupCommits(), run.seen().size(), "instance " + i);
            for (Seen s : run.seen()) {
                assertEquals(i, (s.key() / 4) % 3, "a commit of another instance's node");
                assertEquals(null, union.put(s.key() + "@" + s.timestamp(), s.values()), "generated twice");
            }
        }
        assertEquals(whole.seen().size(), expectedTogether);
        assertEquals(wholeRows.keySet(), union.keySet());
        wholeRows.forEach((k, v) -> assertTrue(java.util.Arrays.equals(v, union.get(k)), "values of " + k));
    }

    @Test
    void aSteppedProfilePacesEachStepAtItsRateAndCutsItAtItsEnd() throws Exception {
        // 4 resources x 2 samples = 8 samples per interval. Step 1: 40 samples/s = an interval every
        // 200 ms for 500 ms (intervals at 0, 200, 400; the last cut at 500: keys 0..1 of 4 at
        // offsets 0, 50). Step 2: 80 samples/s = every 100 ms for 300 ms (3 whole intervals).
        StressConfig config = StressConfig.builder().nodes(4).interfaces(1).groups(1).attributes(2).threads(2)
                .interval(Duration.ofSeconds(1)).rateSteps(org.metricsstress.config.ValueType.RATE_STEPS
                        .parse("--rate-steps", "40:500ms,80:300ms")).build();
        Run run = generate(config, (plan, start) -> Schedule.stepped(plan, start, 1_700_000_000_000L,
                config.pacing().rateSteps().steps()));
        Schedule schedule = run.schedule();
        assertEquals(2, schedule.segments());
        assertEquals(4 + 4 + 2 + 3 * 4, schedule.expectedGroupCommits());
        assertEquals(schedule.expectedGroupCommits(), run.seen().size());
        long boundary = schedule.segmentStartNanos(1);
        assertEquals(run.start() + 500_000_000L, boundary);
        assertEquals(10, run.seen().stream().filter(s -> s.intended() < boundary).count());
        assertEquals(12, run.seen().stream().filter(s -> s.intended() >= boundary).count());
        assertEquals(40.0, schedule.targetSamplesPerSecondAt(run.start()), 1e-9);
        assertEquals(80.0, schedule.targetSamplesPerSecondAt(boundary), 1e-9);
        // Each resource's samples keep strictly increasing timestamps across the step change.
        Map<Integer, Long> last = new java.util.HashMap<>();
        run.seen().stream().sorted(java.util.Comparator.comparingLong(Seen::intended)).forEach(s -> {
            Long before = last.put(s.key(), s.timestamp());
            assertTrue(before == null || s.timestamp() > before, "timestamps of resource " + s.key());
        });
    }

    private static Map<String, double[]> rows(List<Seen> seen) {
        Map<String, double[]> out = new java.util.HashMap<>();
        seen.forEach(s -> out.put(s.key() + "@" + s.timestamp(), s.values()));
        return out;
    }

    /**
     * The stop's two halves, as the engine calls them: told to stop first, the generator generates
     * nothing that was not already due, however late the stop's time is chosen and published (here
     * 100 ms, a loaded machine's delay); what fell due meanwhile is owed, and the audit is exact.
     * Chosen first and published after, the stop once let a commit intended after it be generated.
     */
    @Test
    void aStopRequestedBeforeItsTimeIsChosenGeneratesNothingThatFellDueMeanwhile() throws Exception {
        StressConfig config = StressConfig.builder().nodes(200).interfaces(10).groups(5).interval(Duration.ofSeconds(1))
                .build();
        StressPlan plan = StressPlan.of(config);
        StressMetrics metrics = new StressMetrics();
        java.util.concurrent.atomic.AtomicLong lastIntended = new java.util.concurrent.atomic.AtomicLong();
        LaneRing ring = new LaneRing(1 << 14, plan.attributes(), 1, plan.groupResources(), OnFull.DROP, () -> c -> {
            lastIntended.accumulateAndGet(c.intendedNanos, Math::max);
            metrics.written(c.sampleCount);
        }, null, metrics);
        Generator g = new Generator(0, plan, new Schedule(plan, System.nanoTime(), 0, Long.MAX_VALUE), ring, metrics, null);
        Thread t = new Thread(g);
        t.start();
        Thread.sleep(300);
        g.requestStop();
        long requested = System.nanoTime();
        Thread.sleep(100);
        long stopAt = System.nanoTime() + 1_000_000;
        g.stop(stopAt);
        t.join(2000);
        assertFalse(t.isAlive(), "generator did not stop");
        assertTrue(ring.drain(5, TimeUnit.SECONDS));
        assertTrue(metrics.counts().generated() > 0);
        // A commit may start up to the park threshold before its intended time.
        assertTrue(lastIntended.get() <= requested + Generator.PARK_THRESHOLD_NANOS,
                "generated a commit intended " + (lastIntended.get() - requested) / 1_000 + " us after the request");
        assertTrue(metrics.counts().unsent() > 0, "the 100 ms before the stop's time are owed");
        assertEquals(0, metrics.counts().unaccounted());
    }

    @Test
    void stopEndsARunWithoutEnd() throws Exception {
        StressConfig config = StressConfig.builder().nodes(10).interval(Duration.ofSeconds(1)).build();
        StressPlan plan = StressPlan.of(config);
        StressMetrics metrics = new StressMetrics();
        LaneRing ring = new LaneRing(1024, plan.attributes(), 1, plan.groupResources(), OnFull.DROP, () -> c -> metrics.written(c.sampleCount), null, metrics);
        Generator g = new Generator(0, plan, new Schedule(plan, System.nanoTime(), 0, Long.MAX_VALUE), ring, metrics, null);
        Thread t = new Thread(g);
        t.start();
        Thread.sleep(300);
        g.stop(System.nanoTime());
        t.join(2000);
        assertTrue(!t.isAlive(), "generator did not stop");
        assertTrue(ring.drain(5, TimeUnit.SECONDS));
        assertTrue(metrics.counts().generated() > 0);
        assertEquals(0, metrics.counts().unaccounted());
    }
}
