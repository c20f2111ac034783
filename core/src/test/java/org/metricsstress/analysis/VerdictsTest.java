package org.metricsstress.analysis;

import org.metricsstress.live.ClientBehindWarning;

import org.metricsstress.result.Advice;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.Verdict;

import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.StressResult;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Verdicts from recorded evidence: each names the resource its run's figures point at. */
public class VerdictsTest {
    private static final int RING = 8192;
    /** Generators 2 s late (p99). */
    private static final LatencySummary LATE = new LatencySummary(100, 500, 1500, 2000, 2100, 2200, 800);

    /**
     * The README's first run: OpenNMS's defaults, 12,000 resources through an 8,192-entry cache.
     * The node answers in about 5 ms all along; every worker waits on index writes.
     */
    public static StressResult readmeRun() {
        RecordedRun run = new RecordedRun();
        for (int i = 0; i < 12; i++) {
            run.interval(8_000, 42_000, 0, RING, 9_000, 4.8 + (i % 3) * 0.2, 0.99, 0.80, 0.15, 0.01, 60_000);
        }
        return run.index(811_679, 0, 45_862, 9_568, 12_000, -1).cache("guava", 37_818, 0, 0).coldStart(5.2, RING, -1)
                .build();
    }

    @Test
    void theReadmeRunIsTheCachesLimitNotTheClusters() {
        StressResult r = readmeRun();
        Verdict v = r.verdict();
        assertEquals("CACHE_TOO_SMALL", v.kind(), v.message());
        assertTrue(v.message().contains("8,192 entries for the plan's 12,000 resources, so indexing never ends"), v.message());
        assertTrue(v.message().contains("36,294"), "re-indexed resources named: " + v.message());
        assertTrue(v.message().startsWith("while indexing (the index never completed)"), v.message());
        Advice cache = r.advice().get(Advisor.CACHE_MAX_ENTRIES);
        assertNotNull(cache, "the cache is advised: " + r.advice());
        assertTrue(Long.parseLong(cache.value()) >= 12_000, cache.value());
        assertEquals("--cache-max-entries", cache.option());
        assertNotNull(r.advice().get(Advisor.HEAP), "the heap the cache takes is advised with it");
        assertNull(r.advice().get(Advisor.NODES), "no nodes are advised for a cache too small");
        assertTrue(r.advice().containsKey(Advisor.RING_BUFFER_SIZE), "the ring to ride out the cold start: " + r.advice());
    }

    @Test
    void serviceTimesTenTimesTheirLightLoadWithTimeoutsAreTheCluster() {
        RecordedRun run = new RecordedRun().set("cache-max-entries", 2_000_000).failed("timeout", 3_000);
        run.interval(50_000, 0, 0, 100, 0, 2.0, 0.5, 0.1, 0.8, 0.01, 10_000);
        for (int i = 0; i < 8; i++) {
            run.interval(20_000, 27_000, i == 0 ? 3_000 : 0, RING, 5_000, 40 + i, 0.99, 0.05, 0.9, 0.0, 4_000);
        }
        StressResult r = run.index(1_000, 0, 12_000, 12_000, 12_000, 1).cache("guava", 0, 0, 0).build();
        Verdict v = r.verdict();
        assertEquals("CLUSTER_BEHIND", v.kind(), v.message());
        assertTrue(v.message().contains("times this run's light-load 2.00 ms"), v.message());
        assertTrue(v.message().contains("timeout 3,000"), v.message());
        assertNotNull(r.advice().get(Advisor.NODES), "the cluster's size is advised: " + r.advice());
        assertNull(r.advice().get(Advisor.RING_BUFFER_SIZE), "a bigger ring only delays a cluster's deficit");
    }

    @Test
    void fastUnavailableFailuresWithAnEmptyRingAndLateGeneratorsAreNotTheClient() {
        RecordedRun run = new RecordedRun().set("cache-max-entries", 2_000_000).lag(LATE).failed("unavailable", 30_000);
        for (int i = 0; i < 6; i++) {
            run.interval(0, 0, 5_000, 3, 0, 0.3, 0.2, 0.0, 0.9, 0.0, 1_000);
        }
        StressResult r = run.index(100, 100, 0, 0, 12_000, -1).cache("guava", 0, 0, 0).build();
        assertNotEquals("CLIENT_BOUND", r.verdict().kind(), r.verdict().message());
        assertEquals("CLUSTER_BEHIND", r.verdict().kind(), r.verdict().message());
        assertTrue(r.verdict().message().contains("unavailable 30,000"), r.verdict().message());
        Advice nodes = r.advice().get(Advisor.NODES);
        assertNotNull(nodes);
        assertTrue(nodes.reason().contains("replicas were down"), nodes.reason());
    }

    @Test
    void aRunWhoseIndexRequestsAllFailedDidNotKeepUp() {
        RecordedRun run = new RecordedRun().set("cache-max-entries", 2_000_000);
        for (int i = 0; i < 6; i++) {
            run.interval(50_000, 0, 0, 10, 0, 1.0, 0.3, 0.5, 0.4, 0.0, 10_000);
        }
        StressResult r = run.index(20_000, 20_000, 0, 0, 12_000, -1).cache("guava", 0, 0, 0).build();
        assertNotEquals("KEPT_UP", r.verdict().kind(), r.verdict().message());
        assertTrue(r.verdict().message().contains("20,000 of 20,000 index requests failed"), r.verdict().message());
    }

    /**
     * A local cluster writes a distance with a jitter as "10ms~1ms": 10 ms one way, each chunk held
     * 10 ms give or take up to 1 ms, evenly. The median request waits the base, so the round trip a
     * p50 is measured against is 20 ms, not the 202 ms of the digits run together ("101").
     */
    @Test
    void aDistanceWithAJitterIsItsBaseDelayNotItsDigitsRunTogether() {
        RecordedRun run = new RecordedRun().set("cache-max-entries", 2_000_000).distance(Map.of("dc1-dc2", "10ms~1ms"));
        for (int i = 0; i < 6; i++) {
            run.interval(40_000, 10_000, 0, RING, 100, 150, 0.5, 0.0, 0.9, 0.0, 8_000);
        }
        Verdict v = run.build().verdict();
        assertEquals("CLUSTER_BEHIND", v.kind(), v.message());
        assertTrue(v.message().contains("it answered slowly: service p50 150.0 ms (20 ms of it the distance between DCs)"),
                v.message());

        RecordedRun far = new RecordedRun().set("cache-max-entries", 2_000_000).distance(Map.of("dc1-dc2", "30ms~5ms"));
        for (int i = 0; i < 6; i++) {
            far.interval(40_000, 10_000, 0, RING, 100, 150, 0.5, 0.0, 0.9, 0.0, 8_000);
        }
        Verdict within = far.build().verdict();
        assertNotEquals("CLUSTER_BEHIND", within.kind(), "150 ms is within 100 ms of a 60 ms round trip: "
                + within.message());
    }

    /** A cache big enough, every resource indexed after 12 s, and every report interval kept up. */
    private static RecordedRun keptUpInEveryInterval() {
        RecordedRun run = new RecordedRun().set("cache-max-entries", 20_000);
        for (int i = 0; i < 6; i++) {
            run.interval(50_000, 0, 0, 20, 0, 3.0, 0.6, 0.3, 0.6, 0.0, 10_000);
        }
        return run;
    }

    private static StressResult indexed(RecordedRun run) {
        return run.index(10_000, 0, 12_000, 12_000, 12_000, 12).cache("guava", 0, 0, 0).build();
    }

    /**
     * What no report interval holds is still the run's: samples owed when generation stopped, drops
     * and failures of a drain too short for a line. They belong to the end of the run, the steady
     * state, which then did not keep up, and neither did the run.
     */
    @Test
    void aRunThatOwesOrLostAnythingOutsideItsIntervalsDidNotKeepUp() {
        Verdict clean = indexed(keptUpInEveryInterval()).verdict();
        assertEquals("KEPT_UP", clean.kind(), clean.message());
        assertEquals("KEPT_UP", clean.steadyState().kind(), "the two stretches are judged apart here");

        Verdict owing = indexed(keptUpInEveryInterval().unsent(5_000)).verdict();
        assertNotEquals("KEPT_UP", owing.kind(), owing.message());
        assertTrue(owing.message().contains("5,000 samples never sent (the generators were behind when the run ended)"),
                owing.message());
        assertNotEquals("KEPT_UP", owing.steadyState().kind(), "the debt is the end's: " + owing.steadyState().message());
        assertEquals("KEPT_UP", owing.coldStart().kind(), "the cold start owes nothing: " + owing.coldStart().message());

        Verdict drained = indexed(keptUpInEveryInterval().afterLastInterval(0, 2_000, 0)).verdict();
        assertNotEquals("KEPT_UP", drained.kind(), drained.message());
        assertNotEquals("KEPT_UP", drained.steadyState().kind(), drained.steadyState().message());
        assertTrue(drained.steadyState().message().contains("2,000 samples dropped"), drained.steadyState().message());

        Verdict abandoned = indexed(keptUpInEveryInterval().afterLastInterval(0, 0, 1_000).failed("abandoned", 1_000))
                .verdict();
        assertNotEquals("KEPT_UP", abandoned.kind(), abandoned.message());
        assertTrue(abandoned.steadyState().message().contains("1,000 failed"), abandoned.steadyState().message());
    }

    /**
     * The cluster timed out a fifth of the cold start's samples and none after it, where bursts
     * outran the ring while the workers had time to spare. Each stretch is judged by its own
     * refusals: the cold start was the cluster's, the steady state the ring's, and the ring is what
     * lasts.
     */
    private static StressResult timeoutsOnlyInTheColdStart(boolean perInterval) {
        RecordedRun run = new RecordedRun().set("cache-max-entries", 20_000).failed("timeout", 20_000);
        if (perInterval) {
            run.intervalFailuresAs("timeout");
        }
        for (int i = 0; i < 2; i++) {
            run.interval(40_000, 0, 10_000, 20, 0, 3.0, 0.6, 0.3, 0.6, 0.0, 8_000);
        }
        for (int i = 0; i < 4; i++) {
            run.interval(49_000, 1_000, 0, 100, 40, 3.0, 0.4, 0.1, 0.8, 0.0, 10_000);
        }
        return run.index(10_000, 0, 12_000, 12_000, 12_000, 12).cache("guava", 0, 0, 0).build();
    }

    @Test
    void eachStretchIsJudgedByItsOwnRefusals() {
        StressResult r = timeoutsOnlyInTheColdStart(true);
        Verdict v = r.verdict();
        assertEquals("CLUSTER_BEHIND", v.coldStart().kind(), v.coldStart().message());
        assertTrue(v.coldStart().message().contains("it refused 20,000 samples (timeout 20,000)"), v.coldStart().message());
        assertEquals("RING_TOO_SMALL", v.steadyState().kind(), "no timeout after the cold start: "
                + v.steadyState().message());
        assertEquals("RING_TOO_SMALL", v.kind(), "the steady state's limit is the one that lasts: " + v.message());
        assertNull(r.advice().get(Advisor.NODES), "the steady state asks for no nodes: " + r.advice());

        // A result written before the intervals kept their classes: the whole run's count, as before.
        Verdict old = timeoutsOnlyInTheColdStart(false).verdict();
        assertEquals("CLUSTER_BEHIND", old.steadyState().kind(), old.steadyState().message());
    }

    /**
     * The lookups of OpenNMS's writer against a Redis paused 50 ms at a time (DEBUG SLEEP 0.05 in a
     * loop), as InlineIndexer times them (an update's questions about its resource, three a sample,
     * ten samples): measured with 16 threads, 798 of 1,913 over 100 ms.
     */
    private static final LatencySummary STALLED = new LatencySummary(1_913, 61.3, 112.3, 173.3, 415, 415, 70);

    @Test
    void aPausedRedisIsTheCachesFault() {
        // What OpenNMS's writer records with Redis slowed, not down: no lookup failed, many were
        // slow, and its 16 workers spent 93% of their busy time asking the cache.
        RecordedRun run = new RecordedRun().set("cache", "redis").set("redis-pool", 64);
        for (int i = 0; i < 6; i++) {
            run.interval(5_000, 45_000, 0, RING, 8_000, 1.5, 1.0, 0.02, 0.05, 0.93, 2_000);
        }
        StressResult r = run.index(1_000, 0, 100, 100, 12_000, -1).cache("redis", 0, 798, 0, STALLED).build();
        Verdict v = r.verdict();
        assertEquals("CACHE_SLOW", v.kind(), v.message());
        assertTrue(v.message().contains("798 lookups over 100 ms (lookups p50 61.3 ms p99 173 ms of 1,913), 0 failed"),
                v.message());
        assertTrue(v.evidence().stream().anyMatch(l -> l.startsWith("cache: redis") && l.endsWith(
                "798 slow lookups, 0 errors; lookups p50 61.3 ms p99 173 ms of 1,913")), v.evidence().toString());
        Advice redis = r.advice().get(Advisor.REDIS);
        assertNotNull(redis, "Redis is advised: " + r.advice());
        assertNull(redis.option(), "no run can apply it");
        assertEquals("173", redis.current());
        assertTrue(redis.reason().contains("its pool (64 connections for 16 workers) and whether it is up"), redis.reason());
        assertTrue(redis.reason().contains("holding the workers 93% of their busy time"), redis.reason());
        assertNull(r.advice().get(Advisor.RING_BUFFER_SIZE), "a bigger ring only delays a stalled Redis");
        assertNull(r.advice().get(Advisor.WRITER_THREADS), "more workers would wait on the same Redis");
    }

    @Test
    void aPausedRedisHoldingTheWorkersIsTheCachesThoughTheClusterTimedOutAFewBesideIt() {
        // From CI: the suites' shared node, loaded by the parallel classes, timed out 80 of 12,000
        // samples (here 1% of those generated, ten times the share that names a cluster) while a Redis kept asleep held OpenNMS's workers 80% of their busy time.
        RecordedRun run = new RecordedRun().set("cache", "redis").set("redis-pool", 64).failed("timeout", 3_000);
        for (int i = 0; i < 6; i++) {
            run.interval(5_000, 45_000, 500, RING, 8_000, 1.5, 1.0, 0.10, 0.10, 0.80, 2_000);
        }
        Verdict v = run.index(1_000, 0, 100, 100, 12_000, -1).cache("redis", 0, 798, 0, STALLED).build().verdict();
        assertEquals("CACHE_SLOW", v.kind(), v.message());
        assertTrue(v.message().contains("the cluster's side beside it, as this client saw it: it refused 3,000 samples"),
                v.message());

        // The same refusals with the workers waiting on their writes, not the cache: the cluster's.
        RecordedRun writes = new RecordedRun().set("cache", "redis").set("redis-pool", 64).failed("timeout", 3_000);
        for (int i = 0; i < 6; i++) {
            writes.interval(5_000, 45_000, 500, RING, 8_000, 1.5, 1.0, 0.40, 0.40, 0.20, 2_000);
        }
        v = writes.index(1_000, 0, 100, 100, 12_000, -1).cache("redis", 0, 798, 0, STALLED).build().verdict();
        assertEquals("CLUSTER_BEHIND", v.kind(), v.message());
    }

    @Test
    void thePipelinedWriterKeepsUpThroughThePausedRedisAndShowsItsLatency() {
        // The pipelined writer's lookups are beside the samples' path: its sample writers' clock holds
        // none of them, and the samples keep up while the index stage waits on Redis.
        RecordedRun run = new RecordedRun().set("writer", "pipelined").set("cache", "redis");
        for (int i = 0; i < 6; i++) {
            run.interval(50_000, 0, 0, 20, 0, 1.5, 0.3, 0.0, 1.0, 0.0, 50_000);
        }
        StressResult r = run.index(1_000, 0, 12_000, 12_000, 12_000, 22).cache("redis", 0, 9_000, 0,
                new LatencySummary(20_000, 60, 110, 170, 400, 415, 70)).build();
        Verdict v = r.verdict();
        assertEquals("KEPT_UP", v.kind(), v.message());
        assertTrue(v.evidence().stream().anyMatch(l -> l.equals("cache: redis, unbounded entries for 12,000 plan "
                + "resources; 0 evictions, 0 re-indexed, 9,000 slow lookups, 0 errors; lookups p50 60.0 ms p99 170 ms of "
                + "20,000")), v.evidence().toString());
        assertNull(r.advice().get(Advisor.REDIS), "a run that kept up is advised nothing of Redis");
    }

    @Test
    void aFewSlowLookupsOnABusyLoadMachineAreNotRedisesFault() {
        // Redis undisturbed on a loaded 2-core machine: 16 of 17,017 lookups over 100 ms (measured);
        // the workers saturated, a third of their time on the cache: more workers, not another Redis.
        RecordedRun run = new RecordedRun().set("cache", "redis");
        for (int i = 0; i < 6; i++) {
            run.interval(30_000, 20_000, 0, RING, 4_000, 1.5, 0.97, 0.0, 0.64, 0.34, 6_000);
        }
        StressResult r = run.index(1_000, 0, 12_000, 12_000, 12_000, 1).cache("redis", 0, 16, 0,
                new LatencySummary(17_017, 2.9, 9.0, 18.8, 60, 130, 3.5)).build();
        assertEquals("WRITER_BOUND", r.verdict().kind(), r.verdict().message());
        assertNull(r.advice().get(Advisor.REDIS), r.advice().toString());
    }

    /**
     * The found run: OpenNMS's 16 workers on one node through a driver pool of {@code connections}
     * x {@code maxRequests}. The pool refused samples and index requests ("No connection was
     * available", the node's connection open); the node answered in 2 ms all along.
     */
    public static StressResult exhaustedPool(int connections, int maxRequests) {
        RecordedRun run = new RecordedRun().set("cache-max-entries", 20_000).set("connections-per-host", connections)
                .set("max-requests-per-connection", maxRequests).failed("pool", 77_750);
        for (int i = 0; i < 6; i++) {
            run.interval(37_000, 0, i == 0 ? 12_750 : 13_000, 100, 0, 2.0, 0.6, 0.5, 0.45, 0.01, 10_000);
        }
        return run.index(100_000, 9_000, 12_000, 12_000, 12_000, 5).indexRefusedByPool(9_000)
                .cache("guava", 0, 0, 0).build();
    }

    @Test
    void anExhaustedDriverPoolIsThePoolNotTheCluster() {
        StressResult r = exhaustedPool(1, 64);
        Verdict v = r.verdict();
        assertEquals("POOL_TOO_SMALL", v.kind(), v.message());
        assertTrue(v.message().contains("this client's connection pool is the limit, not the cluster: 77,750 samples and "
                + "9,000 index requests found no free request slot on the node's connections"), v.message());
        assertTrue(v.message().contains("against 1 connection x 64 requests = 64 a node"), v.message());
        assertTrue(v.evidence().contains("pool: 77,750 samples and 9,000 index requests refused (failure class pool); up "
                + "to 16 requests in flight per node at the report lines, against 1 connection x 64 requests = 64 a node"),
                v.evidence().toString());
        assertNull(r.advice().get(Advisor.NODES), "no nodes for a pool too small: " + r.advice());
        assertNull(r.advice().get(Advisor.RING_BUFFER_SIZE), r.advice().toString());
        Advice pool = r.advice().get(Advisor.MAX_REQUESTS_PER_CONNECTION);
        assertNotNull(pool, r.advice().toString());
        // 16 workers x 18 requests a new resource's update (10 metrics and 6 path elements: 16 terms,
        // one attribute batch, one metric batch) on one node, at 80%: 360; at least the driver's 1,024.
        assertEquals("1024", pool.value());
        assertEquals("64", pool.current());
        assertEquals("--max-requests-per-connection", pool.option());
        assertTrue(pool.reason().contains("OpenNMS's 16 workers keep up to 288 in flight per node (18 requests each"),
                pool.reason());
    }

    @Test
    void thePipelinedWritersPoolIsAdvisedInThisToolsOptions() {
        RecordedRun run = new RecordedRun().set("writer", "pipelined").set("cache-max-entries", 20_000)
                .set("max-requests-per-connection", 64).set("max-in-flight", 512).failed("pool", 6_000);
        for (int i = 0; i < 6; i++) {
            run.interval(49_000, 0, 1_000, 100, 0, 2.0, 0.6, 0.0, 1.0, 0.0, 49_000);
        }
        StressResult r = run.index(1_000, 0, 12_000, 12_000, 12_000, 5).cache("guava", 0, 0, 0).build();
        assertEquals("POOL_TOO_SMALL", r.verdict().kind(), r.verdict().message());
        Advice pool = r.advice().get(Advisor.TOOL_MAX_REQUESTS_PER_CONNECTION);
        assertNotNull(pool, r.advice().toString());
        assertEquals("2048", pool.value(), "this writer's own default: 2 x max(1,024, --max-in-flight)");
        assertNull(r.advice().get(Advisor.MAX_REQUESTS_PER_CONNECTION), "no OpenNMS property for this tool's writer");
    }

    @Test
    void aPoolFilledByAClusterThatTimedOutMoreIsTheClusters() {
        // Requests the client gave up on keep their stream ids until the node answers: a slow
        // cluster fills the pool too, and its own refusals outnumber the pool's.
        RecordedRun run = new RecordedRun().set("cache-max-entries", 20_000).failed("pool", 3_000)
                .failed("timeout", 30_000);
        run.interval(50_000, 0, 0, 100, 0, 2.0, 0.5, 0.1, 0.8, 0.01, 10_000);
        for (int i = 0; i < 5; i++) {
            run.interval(40_000, 0, 6_600, 100, 0, 40, 0.9, 0.1, 0.8, 0.0, 8_000);
        }
        StressResult r = run.index(1_000, 0, 12_000, 12_000, 12_000, 1).cache("guava", 0, 0, 0).build();
        assertEquals("CLUSTER_BEHIND", r.verdict().kind(), r.verdict().message());
    }

    /** A cache big enough: the cold start holds the workers on index writes, the steady state keeps up. */
    public static StressResult coldStartRun(int ringSize) {
        RecordedRun run = new RecordedRun().set("cache-max-entries", 20_000).set("ring-size", ringSize);
        // 10,000 samples/s is 2,000 events/s; cold, the workers take 1,000/s (16 / 16 ms).
        for (int i = 0; i < 4; i++) {
            run.interval(25_000, 25_000, 0, ringSize, 3_000, 4.0, 0.99, 0.85, 0.10, 0.01, 5_000);
        }
        for (int i = 0; i < 8; i++) {
            run.interval(50_000, 0, 0, 20, 0, 3.0, 0.30, 0.0, 0.9, 0.02, 10_000);
        }
        return run.index(200_000, 0, 12_000, 12_000, 12_000, 20).cache("guava", 0, 0, 0).coldStart(2.0, ringSize, 20)
                .build();
    }

    /**
     * The cold start's backlog still queued when a short drain ran out (a tune round): the abandoned
     * samples make the steady state read behind, but its report lines kept up, and the ring that would
     * have held the backlog is still advised; a steady state that dropped on its own lines is not.
     */
    @Test
    void aBacklogAbandonedAtTheEndStillAsksForTheRingThatHoldsIt() {
        RecordedRun run = new RecordedRun().set("cache-max-entries", 20_000).set("ring-size", RING)
                .intervalFailuresAs("abandoned");
        for (int i = 0; i < 4; i++) {
            run.interval(25_000, 25_000, 0, RING, 3_000, 4.0, 0.99, 0.85, 0.10, 0.01, 5_000);
        }
        for (int i = 0; i < 8; i++) {
            run.interval(50_000, 0, 0, RING / 2, 0, 3.0, 0.99, 0.0, 0.9, 0.02, 10_000);
        }
        StressResult r = run.afterLastInterval(0, 0, 1_070).failed("abandoned", 1_070)
                .index(200_000, 0, 12_000, 12_000, 12_000, 20).cache("guava", 0, 0, 0).coldStart(2.0, RING, 20).build();
        Verdict v = r.verdict();
        assertNotEquals("KEPT_UP", v.steadyState().kind(), "the abandoned samples are the end's: " + v.steadyState().message());
        assertTrue(Advisor.onlyTheBacklogAbandoned(r, v.steadyState()), v.steadyState().message());
        assertNotNull(r.advice().get(Advisor.RING_BUFFER_SIZE), "the ring that holds the backlog: " + r.advice());

        RecordedRun dropping = new RecordedRun().set("cache-max-entries", 20_000).set("ring-size", RING)
                .intervalFailuresAs("abandoned");
        for (int i = 0; i < 4; i++) {
            dropping.interval(25_000, 25_000, 0, RING, 3_000, 4.0, 0.99, 0.85, 0.10, 0.01, 5_000);
        }
        for (int i = 0; i < 8; i++) {
            dropping.interval(40_000, 10_000, 0, RING, 2_000, 3.0, 0.99, 0.0, 0.9, 0.02, 10_000);
        }
        StressResult behind = dropping.afterLastInterval(0, 0, 1_070).failed("abandoned", 1_070)
                .index(200_000, 0, 12_000, 12_000, 12_000, 20).cache("guava", 0, 0, 0).coldStart(2.0, RING, 20).build();
        assertFalse(Advisor.onlyTheBacklogAbandoned(behind, behind.verdict().steadyState()),
                "it dropped on its own lines after the cold start: " + behind.verdict().steadyState().message());
    }

    @Test
    void aColdStartThatHeldTheWorkersIsWriterBoundWhileIndexingAndKeptUpAfter() {
        StressResult r = coldStartRun(RING);
        Verdict v = r.verdict();
        assertEquals("WRITER_BOUND", v.kind(), v.message());
        assertTrue(v.message().startsWith("during the cold start"), v.message());
        assertTrue(v.message().contains("waiting mostly on index writes"), v.message());
        assertNotNull(v.coldStart());
        assertEquals("WRITER_BOUND", v.coldStart().kind());
        assertEquals("KEPT_UP", v.steadyState().kind(), v.steadyState().message());
        Advice ring = r.advice().get(Advisor.RING_BUFFER_SIZE);
        assertNotNull(ring, "the ring that rides out the cold start: " + r.advice());
        long value = Long.parseLong(ring.value());
        assertEquals(Long.bitCount(value), 1, "a power of two: " + value);
        // 100,000 samples dropped = 10,000 commits = 20,000 events, plus the full ring at the end of the cold start.
        assertEquals(RING + 20_000, r.evidence().ringNeeded());
        assertTrue(value >= (RING + 20_000) * Advisor.RING_MARGIN, ring.value());
        assertNull(r.advice().get(Advisor.WRITER_THREADS), "the steady state kept up: no more workers");
        assertNull(r.advice().get(Advisor.CACHE_MAX_ENTRIES), "the cache was big enough");
    }

    @Test
    void aSteadyStateThatStaysWriterBoundAsksForWorkersByLittlesLaw() {
        RecordedRun run = new RecordedRun().set("cache-max-entries", 2_000_000);
        // 2,000 events/s asked; 16 workers always busy at 12.8 ms per event take 1,250/s.
        for (int i = 0; i < 10; i++) {
            run.interval(31_250, 18_750, 0, RING, 2_000, 3.0, 1.0, 0.1, 0.8, 0.0, 6_250);
        }
        StressResult r = run.build();
        assertEquals("WRITER_BOUND", r.verdict().kind(), r.verdict().message());
        Advice threads = r.advice().get(Advisor.WRITER_THREADS);
        assertNotNull(threads, r.advice().toString());
        // 2,000 events/s x 12.8 ms = 25.6 busy workers, at 70 %: 37.
        assertEquals("37", threads.value(), threads.model());
        assertEquals(6_250.0, r.evidence().predictedSamplesPerSecond(), 1.0, "Little's law: 16 / 12.8 ms x 5 samples per event");
    }

    /**
     * The README's plan on a machine quick enough to keep up: every sample written, but an 8,192-entry
     * cache for 12,000 resources indexed evicted ones again at every collection.
     */
    public static StressResult keptUpThroughACacheTooSmall(long cacheMaxEntries) {
        RecordedRun run = new RecordedRun().set("cache-max-entries", cacheMaxEntries);
        for (int i = 0; i < 4; i++) {
            run.interval(50_000, 0, 0, 4_000, 0, 5.0, 0.7, 0.6, 0.3, 0.0, 10_000);
        }
        long again = cacheMaxEntries < 12_000 ? 8_000 : 0;
        return run.index(40_000, 0, 12_000 + again, 12_000, 12_000, 11).cache("guava", again, 0, 0)
                .coldStart(-1, 4_866, 11).build();
    }

    @Test
    void aRunThatKeptUpThroughACacheTooSmallSaysSoAndIsAdvisedTheCache() {
        StressResult r = keptUpThroughACacheTooSmall(8192);
        Verdict v = r.verdict();
        assertEquals("KEPT_UP", v.kind(), v.message());
        assertTrue(v.message().contains("but the resource cache holds 8,192 entries for the plan's 12,000 resources: "
                + "evicted resources were indexed again 8,000 times"), v.message());
        Advice cache = r.advice().get(Advisor.CACHE_MAX_ENTRIES);
        assertNotNull(cache, "the cache is advised though the run kept up: " + r.advice());
        assertEquals("15000", cache.value());
        assertNotNull(r.advice().get(Advisor.HEAP), "and the heap it takes");
        assertEquals(2, r.advice().size(), "nothing else: " + r.advice());

        StressResult sized = keptUpThroughACacheTooSmall(15_000);
        assertEquals("KEPT_UP", sized.verdict().kind());
        assertFalse(sized.verdict().message().contains("resource cache"), sized.verdict().message());
        assertTrue(sized.advice().isEmpty(), "a cache of the plan's size is advised nothing: " + sized.advice());
    }

    @Test
    void aRingThatNeverFilledNeedsItsOwnPeak() {
        RecordedRun run = new RecordedRun().set("cache-max-entries", 2_000_000).set("ring-size", 1 << 20);
        for (int i = 0; i < 4; i++) {
            run.interval(50_000, 0, 0, 30_000 + i * 1_000, 0, 3.0, 0.5, 0.5, 0.4, 0.0, 10_000);
        }
        StressResult r = run.index(1_000, 0, 12_000, 12_000, 12_000, 15).coldStart(-1, 41_000, 15).build();
        assertEquals("KEPT_UP", r.verdict().kind(), r.verdict().message());
        assertEquals(41_000, r.evidence().ringNeeded(), "the sampled peak, above every report line's occupancy");
        assertTrue(r.advice().isEmpty(), "a run that kept up is advised nothing");
    }

    @Test
    void workersWithTimeToSpareBehindAFullRingAreBurstsTheRingCannotHold() {
        RecordedRun run = new RecordedRun().set("cache-max-entries", 2_000_000);
        for (int i = 0; i < 6; i++) {
            run.interval(49_000, 1_000, 0, 100, 40, 1.0, 0.4, 0.1, 0.8, 0.0, 10_000);
        }
        StressResult r = run.build();
        assertEquals("RING_TOO_SMALL", r.verdict().kind(), r.verdict().message());
        assertTrue(r.verdict().message().contains("filled 240 times"), r.verdict().message());
        assertTrue(r.advice().containsKey(Advisor.RING_BUFFER_SIZE), r.advice().toString());
    }

    @Test
    void burstsThatOutrunTheRingAfterTheColdStartAreTheRingsAndAskForOne() {
        RecordedRun run = new RecordedRun().set("cache-max-entries", 20_000);
        for (int i = 0; i < 3; i++) {
            run.interval(25_000, 25_000, 0, RING, 3_000, 4.0, 0.99, 0.85, 0.10, 0.01, 5_000);
        }
        for (int i = 0; i < 6; i++) {
            run.interval(49_000, 1_000, 0, 100, 40, 1.0, 0.4, 0.1, 0.8, 0.0, 10_000);
        }
        StressResult r = run.index(200_000, 0, 12_000, 12_000, 12_000, 15).cache("guava", 0, 0, 0)
                .coldStart(2.0, RING, 15).build();
        assertEquals("RING_TOO_SMALL", r.verdict().steadyState().kind(), r.verdict().steadyState().message());
        assertEquals("RING_TOO_SMALL", r.verdict().kind(), "the lasting limit names the run: " + r.verdict().message());
        assertTrue(r.advice().containsKey(Advisor.RING_BUFFER_SIZE), "a ring for the bursts: " + r.advice());
    }

    @Test
    void lateGeneratorsWithARingThatNeverFilledAreTheClientsLimit() {
        RecordedRun run = new RecordedRun().set("cache-max-entries", 2_000_000).lag(LATE);
        for (int i = 0; i < 6; i++) {
            run.interval(35_000, 0, 0, 12, 0, 1.0, 0.2, 0.1, 0.8, 0.0, 7_000);
        }
        StressResult r = run.build();
        assertEquals("CLIENT_BOUND", r.verdict().kind(), r.verdict().message());
        IntervalStats s = r.intervals().get(0);
        String warning = ClientBehindWarning.of(s, RING);
        assertNotNull(warning);
        assertTrue(warning.contains("the client is the bottleneck"), warning);
    }

    /**
     * pass-5's trial at 40,000 samples/s: a client held to 0.15 cores used 0.137 of them (91%), its
     * ring filled in bursts while the cluster answered fast, and without its quota in the model the
     * ring was named.
     */
    @Test
    void aClientAtItsCpuQuotaIsTheLimitBeforeTheRingItsStallsFill() {
        StressResult r = ringBurstsWithClientCpu(6.85).quota(0.15, 0.40).build();
        assertEquals("CLIENT_BOUND", r.verdict().kind(), r.verdict().message());
        assertTrue(r.verdict().message().contains("91% of its CPU quota of 0.15 cores"), r.verdict().message());
        assertTrue(r.verdict().message().contains("throttled it in 40% of the quota's periods"), r.verdict().message());
    }

    @Test
    void aClientThrottledInMostOfItsPeriodsIsSaturatedBelowNinetyPercentOfItsQuota() {
        StressResult r = ringBurstsWithClientCpu(6.0).quota(0.15, 0.70).build();
        assertEquals("CLIENT_BOUND", r.verdict().kind(), "80% used, throttled in 70% of the periods: "
                + r.verdict().message());
    }

    @Test
    void aClientWithRoomUnderItsQuotaLeavesTheRingNamed() {
        StressResult r = ringBurstsWithClientCpu(4.0).quota(0.15, 0.02).build();
        assertEquals("RING_TOO_SMALL", r.verdict().kind(), "53% of the quota is room: " + r.verdict().message());
        StressResult unbounded = ringBurstsWithClientCpu(6.85).build();
        assertEquals("RING_TOO_SMALL", unbounded.verdict().kind(), "no quota, no quota rule: "
                + unbounded.verdict().message());
    }

    @Test
    void aRunThatKeptUpNearItsQuotaIsToldTheClientWasCloseToItsLimit() {
        // 7% of two cores is 0.14 of a 0.15-core quota: nearly all of it, though the machine was idle.
        StressResult held = keptUpWithClientCpu(7.0).quota(0.15, 0.1).build();
        assertEquals("KEPT_UP", held.verdict().kind(), held.verdict().message());
        assertTrue(held.verdict().message().contains("client CPU was at 93% of its CPU quota of 0.15 cores: close to its "
                + "own limit"), held.verdict().message());
        StressResult free = keptUpWithClientCpu(7.0).build();
        assertFalse(free.verdict().message().contains("own limit"), "no quota, 7% of the machine: "
                + free.verdict().message());
        StressResult busy = keptUpWithClientCpu(95).build();
        assertTrue(busy.verdict().message().contains("client CPU was at 95%: close to its own limit"),
                busy.verdict().message());
    }

    private static RecordedRun keptUpWithClientCpu(double cpuPercent) {
        RecordedRun run = new RecordedRun().machine(cpuPercent, -1);
        for (int i = 0; i < 6; i++) {
            run.interval(50_000, 0, 0, 20, 0, 1.5, 0.3, 0.0, 1.0, 0.0, 50_000);
        }
        return run;
    }

    /** The ring filling in bursts while the workers have room, this client at {@code cpuPercent} of its 2 cores. */
    private static RecordedRun ringBurstsWithClientCpu(double cpuPercent) {
        RecordedRun run = new RecordedRun().set("cache-max-entries", 2_000_000).machine(cpuPercent, -1);
        for (int i = 0; i < 6; i++) {
            run.interval(35_000, 2_000, 0, RING, 300, 1.0, 0.5, 0.1, 0.8, 0.0, 7_000);
        }
        return run;
    }

    @Test
    void theConsolesLiveWarningAndTheVerdictShareTheirThresholds() {
        assertEquals(Verdicts.LAG_MS, ClientBehindWarning.LAG_MS);
        assertEquals(Verdicts.RING_EMPTY_SHARE, ClientBehindWarning.RING_EMPTY_SHARE);
    }

    @Test
    void blockedGeneratorsBehindAFullRingAreNotTheClients() {
        // --on-full block: the ring filled during the interval and emptied again by its end; the
        // generators ran late because they waited for room.
        RecordedRun run = new RecordedRun().set("cache-max-entries", 2_000_000).lag(LATE);
        for (int i = 0; i < 6; i++) {
            run.interval(40_000, 0, 0, 12, 3_500, 1.0, 0.99, 0.1, 0.8, 0.0, 8_000);
        }
        StressResult r = run.build();
        assertNull(ClientBehindWarning.of(r.intervals().get(0), RING));
        assertNotEquals("CLIENT_BOUND", r.verdict().kind(), r.verdict().message());
    }

    @Test
    void anUnbalancedAuditOverridesEveryOtherVerdict() {
        StressResult judged = coldStartRun(RING);
        StressResult unbalanced = Judgement.of(org.metricsstress.result.ResultFixtures.result(judged.schemaVersion(), judged.tool(), judged.version(),
                judged.environment(), judged.config(), judged.plan(), judged.cluster(), judged.startedAt(),
                judged.generationSeconds(), judged.drainSeconds(), judged.targetSamplesPerSecond(),
                judged.writtenSamplesPerSecond(), judged.generated(), judged.written(), judged.dropped(), judged.failed(),
                judged.failedByClass(), 12, true, 0, 0, 0, 0, judged.responseLatency(), judged.serviceLatency(),
                judged.queueLatency(), judged.scheduleLag(), judged.client(), judged.index(), judged.cache(), null, null,
                judged.intervals()));
        assertEquals("AUDIT_UNBALANCED", unbalanced.verdict().kind());
        assertTrue(unbalanced.verdict().message().startsWith("12 samples unaccounted for"), unbalanced.verdict().message());
        assertTrue(unbalanced.advice().isEmpty(), "no advice from figures that cannot be trusted");
    }

    @Test
    void everyVerdictCarriesItsEvidenceLines() {
        Verdict v = readmeRun().verdict();
        assertFalse(v.evidence().isEmpty());
        assertTrue(v.evidence().stream().anyMatch(l -> l.startsWith("workers: 16, busy 99%")), v.evidence().toString());
        assertTrue(v.evidence().stream().anyMatch(l -> l.startsWith("cache: guava, at most 8,192 entries for 12,000")),
                v.evidence().toString());
        assertEquals(List.of(), new Verdict("KEPT_UP", "ok").evidence());
    }
}
