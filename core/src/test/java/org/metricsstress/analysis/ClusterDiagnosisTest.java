package org.metricsstress.analysis;

import org.metricsstress.result.Advice;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.NodeSummary;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;

import org.metricsstress.result.NodeTelemetry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.metricsstress.result.NodeTelemetry.Pool;
import org.metricsstress.result.NodeTelemetry.Reading;
import org.metricsstress.result.NodeTelemetry.TableWrites;

/**
 * The cluster's side of the verdict, decided from recorded evidence: the nodes' own readings and the
 * client's per-coordinator figures, as a run records them. Each fault's evidence names its node and
 * its part; the same run without it (the control) names none. Nothing here knows a fault's setting:
 * a node whose MutationStage limit is 1 but whose threads were not all busy is not named.
 */
public class ClusterDiagnosisTest {
    private static final int INTERVALS = 8;
    private static final double SECONDS = RecordedRun.SECONDS;
    private static final Map<String, String> SETTINGS = Map.of("concurrent_writes", "32", "memtable_flush_writers", "2",
            "compaction_throughput", "64MiB/s", "concurrent_compactors", "1", "native_transport_max_threads", "128");

    /** A healthy node's reading: a little work in every pool, answered in a few milliseconds. */
    private static Reading healthy(double at) {
        return reading(at, 3, Map.of(NodeTelemetry.MUTATION, new Pool(2, 32, 0, 0, 0, 5_000),
                NodeTelemetry.NATIVE_TRANSPORT, new Pool(8, 128, 2, 0, 0, 9_000)), 0, 0, 0, 1.5, 30);
    }

    private static Reading reading(double at, double readMs, Map<String, Pool> pools, long compactionsPending,
            long hintFiles, double gcMs, double coordinatorP50Ms, double cpu) {
        Map<String, TableWrites> tables = new HashMap<>();
        tables.put("samples", new TableWrites(1_000, 0.02, 0.1, 300, coordinatorP50Ms, coordinatorP50Ms * 4));
        tables.put("terms", new TableWrites(3_000, 0.01, 0.05, 600, coordinatorP50Ms, coordinatorP50Ms * 3));
        return new Reading(at, null, readMs, pools, compactionsPending, hintFiles, tables, gcMs, cpu, 0, 0);
    }

    private static NodeTelemetry.Node node(String address, IntFunction<Reading> at) {
        List<Reading> readings = new ArrayList<>();
        for (int i = 1; i <= INTERVALS + 1; i++) {
            readings.add(at.apply(i));
        }
        return new NodeTelemetry.Node(address + ":9042", "dc1", SETTINGS, readings, 2);
    }

    private static NodeTelemetry all(IntFunction<Reading> each) {
        return new NodeTelemetry("system_views+jmx", List.of(), List.of(node("127.0.0.1", each), node("127.0.0.2", each),
                node("127.0.0.3", each)));
    }

    private static NodeTelemetry three(IntFunction<Reading> third) {
        return new NodeTelemetry("system_views+jmx", List.of(), List.of(
                node("127.0.0.1", i -> healthy(i * SECONDS)), node("127.0.0.2", i -> healthy(i * SECONDS)),
                node("127.0.0.3", third)));
    }

    private static NodeSummary coordinator(String address, long requests, long timeouts, double p99) {
        return new NodeSummary(address + ":9042", "dc1", requests, requests * 40,
                timeouts == 0 ? Map.of() : Map.of("timeout", timeouts), new LatencySummary(requests, p99 / 4, p99 / 2,
                        p99, p99 * 1.2, p99 * 1.5, p99 / 3));
    }

    /**
     * A pipelined run on three nodes: {@code serviceP50} after the first interval, timeouts in the
     * second half when {@code timeouts} > 0 (all coordinated by the third node when {@code onThird}).
     */
    private static StressResult run(NodeTelemetry telemetry, double serviceP50, long timeouts, boolean onThird) {
        RecordedRun run = new RecordedRun().set("writer", "pipelined").set("cache-max-entries", 2_000_000)
                .telemetry(telemetry).target(8_000);
        if (timeouts > 0) {
            run.failed("timeout", timeouts);
        }
        run.interval(50_000, 0, 0, 100, 0, 2.0, 0.3, 0.0, 0.9, 0.0, 10_000);
        for (int i = 1; i < INTERVALS; i++) {
            long failed = i == INTERVALS - 1 ? timeouts : 0;
            run.interval(40_000, 0, failed, 2_000, 0, serviceP50, 0.6, 0.0, 0.9, 0.0, 8_000);
        }
        long third = onThird ? timeouts : timeouts / 3;
        run.nodes(List.of(coordinator("127.0.0.1", 5_000, (timeouts - third) / 2, 30),
                coordinator("127.0.0.2", 5_000, timeouts - third - (timeouts - third) / 2, 32),
                coordinator("127.0.0.3", 5_000, third, onThird ? 2_000 : 31)));
        return run.build();
    }

    /** Three nodes, the third stopped 1.8 s of every 2 s: it answers its own figures late, or not within the interval. */
    public static StressResult nodeStoppedMostOfTheTime() {
        NodeTelemetry t = three(i -> i % 3 == 0 ? Reading.unanswered(i * SECONDS, "no answer within 4000 ms")
                : reading(i * SECONDS, 1_700, Map.of(NodeTelemetry.MUTATION, new Pool(0, 32, 0, 0, 0, 900)), 0, 0, 0, 1.5,
                        4));
        return run(t, 90, 760, true);
    }

    @Test
    void aNodeStoppedMostOfTheTimeIsNamedAndAdvisedNotANewNode() {
        StressResult r = nodeStoppedMostOfTheTime();
        Verdict v = r.verdict();
        assertEquals("CLUSTER_BEHIND", v.kind(), v.message());
        assertTrue(v.message().contains("node 127.0.0.3:9042 (dc1) is sick"), v.message());
        assertFalse(v.message().contains("127.0.0.1:9042 (dc1) is"), v.message());
        assertNotNull(r.advice().get("node 127.0.0.3"), "the node to look at: " + r.advice());
        assertNull(r.advice().get(Advisor.NODES), "no fourth node for a sick third: " + r.advice());
        assertTrue(v.evidence().stream().anyMatch(l -> l.startsWith("node 127.0.0.3:9042 dc1: answered 6/8")),
                v.evidence().toString());
    }

    @Test
    void twoMissedReadingsOfANodeAsSlowToAnswerAsItsPeersSingleOutNone() {
        // From a control run on a loaded machine: every node took ~500 ms to answer, one missed two readings.
        IntFunction<Reading> slowAlike = i -> reading(i * SECONDS, 500, Map.of(NodeTelemetry.MUTATION,
                new Pool(2, 32, 0, 0, 0, 5_000)), 0, 0, 0, 1.5, 30);
        NodeTelemetry t = new NodeTelemetry("system_views+jmx", List.of(), List.of(node("127.0.0.1", slowAlike),
                node("127.0.0.2", slowAlike), node("127.0.0.3", i -> i == 3 || i == 6
                        ? Reading.unanswered(i * SECONDS, "no answer within 1000 ms") : slowAlike.apply(i))));
        StressResult r = run(t, 3, 0, false);
        ClusterDiagnosis.Finding f = ClusterDiagnosis.locate(r, 0, r.generationSeconds());
        assertTrue(f == null || !"sick-node".equals(f.part()), f == null ? "" : f.message());
        // A third missed reading of the same kind is the node's own: named.
        NodeTelemetry three = new NodeTelemetry("system_views+jmx", List.of(), List.of(node("127.0.0.1", slowAlike),
                node("127.0.0.2", slowAlike), node("127.0.0.3", i -> i == 2 || i == 4 || i == 6
                        ? Reading.unanswered(i * SECONDS, "no answer within 1000 ms") : slowAlike.apply(i))));
        StressResult named = run(three, 3, 0, false);
        ClusterDiagnosis.Finding g = ClusterDiagnosis.locate(named, 0, named.generationSeconds());
        assertNotNull(g, "three readings missed");
        assertEquals("sick-node", g.part(), g.message());
        assertEquals(List.of("127.0.0.3:9042"), g.nodes(), g.message());
    }

    @Test
    void theClientsFailuresSingleOutANodeThatAnsweredItsFiguresInTime() {
        StressResult r = run(three(i -> healthy(i * SECONDS)), 90, 900, true);
        Verdict v = r.verdict();
        assertEquals("CLUSTER_BEHIND", v.kind(), v.message());
        assertTrue(v.message().contains("node 127.0.0.3:9042 (dc1) is sick: 900 of the run's 900 failed attempts"),
                v.message());
        assertTrue(v.message().contains("about its share"), "its share of the requests was even: " + v.message());
    }

    @Test
    void aSaturatedMutationStageIsNamedWithConcurrentWritesFromTheNodesOwnSetting() {
        NodeTelemetry t = three(i -> reading(i * SECONDS, 4, Map.of(NodeTelemetry.MUTATION, new Pool(1, 1, 400 + i, 0, 0,
                700), NodeTelemetry.NATIVE_TRANSPORT, new Pool(20, 128, 3, 0, 0, 700)), 0, 0, 0, 1.5, 40));
        NodeTelemetry withOwnSetting = new NodeTelemetry(t.source(), t.notes(), List.of(t.nodes().get(0), t.nodes().get(1),
                new NodeTelemetry.Node("127.0.0.3:9042", "dc1", Map.of("concurrent_writes", "1"),
                        t.nodes().get(2).readings(), 2)));
        StressResult r = run(withOwnSetting, 60, 300, false);
        Verdict v = r.verdict();
        assertEquals("CLUSTER_BEHIND", v.kind(), v.message());
        assertTrue(v.message().contains("the mutation stage is saturated on node 127.0.0.3:9042 (dc1)"), v.message());
        Advice a = r.advice().get("cassandra.yaml:concurrent_writes");
        assertNotNull(a, r.advice().toString());
        assertEquals("1", a.current());
        assertEquals("16", a.value(), "8 per core of the node's 2, at least twice its 1");
        assertTrue(a.cassandraYaml());
    }

    @Test
    void aNodeTooBusyToAnswerWhoseAnsweredReadingsShowItsStageFullIsNamedByItsStage() {
        // From a CI run: one MutationStage thread; the node told its figures in 3 of 12 readings, 2 of them full.
        NodeTelemetry t = three(i -> i <= 6 ? Reading.unanswered(i * SECONDS, "no answer within 1000 ms")
                : reading(i * SECONDS, 614, Map.of(NodeTelemetry.MUTATION, i == 9 ? new Pool(0, 1, 0, 0, 0, 300)
                        : new Pool(1, 1, 491, 0, 0, 700)), 0, 0, 0, 1.5, 34));
        StressResult r = run(t, 3, 0, false);
        ClusterDiagnosis.Finding f = ClusterDiagnosis.locate(r, 0, 45);
        assertNotNull(f);
        assertEquals("mutation-stage", f.part(), f.message());
        assertEquals(List.of("127.0.0.3:9042"), f.nodes(), f.message());
        assertTrue(f.message().startsWith("the mutation stage is saturated on node 127.0.0.3:9042 (dc1): every one of "
                + "its 1 MutationStage threads"), f.message());
        assertTrue(f.message().contains("told them in 3 of 9 readings"), f.message());
        // Advised as a stage: its threads, not a look at the node.
        assertNotNull(r.advice().get("cassandra.yaml:concurrent_writes"), r.advice().toString());
        assertNull(r.advice().get("node 127.0.0.3"), r.advice().toString());
        // Stopped for most of the run: idle before the stop, one reading with the writes that reached it
        // meanwhile queued behind its 32 threads after it. Its stage did not keep it from answering.
        NodeTelemetry stopped = three(i -> i >= 3 && i <= 8 ? Reading.unanswered(i * SECONDS, "no answer within 1000 ms")
                : reading(i * SECONDS, 40, Map.of(NodeTelemetry.MUTATION, i == 9 ? new Pool(32, 32, 900, 0, 0, 9_000)
                        : new Pool(0, 32, 0, 0, 0, 300)), 0, 0, 0, 1.5, 34));
        ClusterDiagnosis.Finding g = ClusterDiagnosis.locate(run(stopped, 3, 0, false), 0, 45);
        assertNotNull(g);
        assertEquals("sick-node", g.part(), g.message());
        assertEquals(List.of("127.0.0.3:9042"), g.nodes(), g.message());
    }

    @Test
    void aStageSaturatedForPartOfTheRunWithADeepQueueIsNamed() {
        // One thread busy in 3 of the 9 readings (a cold start's burst of index rows), 129 writes queued.
        NodeTelemetry t = three(i -> reading(i * SECONDS, 4, Map.of(NodeTelemetry.MUTATION, i <= 3
                ? new Pool(1, 1, 129, 0, 0, 700) : new Pool(0, 1, 0, 0, 0, 300)), 0, 0, 0, 1.5, 30));
        ClusterDiagnosis.Finding f = ClusterDiagnosis.locate(run(t, 3, 0, false), 0, 45);
        assertNotNull(f);
        assertEquals("mutation-stage", f.part(), f.message());
        // A healthy stage's short queue at a moment when its threads were all busy is not.
        NodeTelemetry healthy = three(i -> reading(i * SECONDS, 4, Map.of(NodeTelemetry.MUTATION, i <= 3
                ? new Pool(32, 32, 20, 0, 0, 7_000) : new Pool(4, 32, 0, 0, 0, 3_000)), 0, 0, 0, 1.5, 30));
        assertNull(ClusterDiagnosis.locate(run(healthy, 3, 0, false), 0, 45));
    }

    @Test
    void aLowLimitWhoseThreadsWereNotAllBusyIsNotNamed() {
        // The limit alone proves nothing: the verdict follows what the node did, not how it was set.
        NodeTelemetry t = three(i -> reading(i * SECONDS, 4, Map.of(NodeTelemetry.MUTATION, new Pool(0, 1, 0, 0, 0, 700)),
                0, 0, 0, 1.5, 30));
        assertNull(ClusterDiagnosis.locate(run(t, 3, 0, false), 0, 40));
    }

    @Test
    void aHealthyControlRunNamesNoNodeAndKeepsUp() {
        StressResult r = run(three(i -> healthy(i * SECONDS)), 3, 0, false);
        assertEquals("KEPT_UP", r.verdict().kind(), r.verdict().message());
        assertNull(ClusterDiagnosis.locate(r, 0, r.generationSeconds()));
    }

    @Test
    void idleNodesBehindASlowServiceTimeAndLateGeneratorsAreTheClient() {
        NodeTelemetry idle = three(i -> reading(i * SECONDS, 3, Map.of(NodeTelemetry.MUTATION, new Pool(0, 32, 0, 0, 0, 300),
                NodeTelemetry.NATIVE_TRANSPORT, new Pool(1, 128, 0, 0, 0, 300)), 0, 0, 0, 0.4, 6));
        RecordedRun run = new RecordedRun().set("writer", "pipelined").set("cache-max-entries", 2_000_000).telemetry(idle)
                .lag(new LatencySummary(100, 300, 600, 745, 800, 900, 320));
        slowAfterTheFirstInterval(run);
        Verdict v = run.target(4_000).build().verdict();
        assertEquals("CLIENT_BOUND", v.kind(), v.message());
        assertTrue(v.message().contains("the nodes were idle"), v.message());
        assertTrue(v.message().contains("the time went in this client"), v.message());
    }

    @Test
    void aBurstOfFlushesAtTheStartDoesNotHideAStarvedClientButALastingBacklogIsNamed() {
        // From CI: the run's keyspace and tables made at its start flush every schema table at once;
        // one reading saw 5 flushes queued, nothing blocked, and a starved client was named the cluster's.
        IntFunction<Reading> burst = i -> reading(i * SECONDS, 3, Map.of(NodeTelemetry.MUTATION, new Pool(0, 32, 0, 0, 0,
                300), NodeTelemetry.NATIVE_TRANSPORT, new Pool(1, 128, 0, 0, 0, 300), NodeTelemetry.FLUSH,
                new Pool(1, 2, i == 1 ? 4 : 0, 0, 0, 3), NodeTelemetry.POST_FLUSH, new Pool(1, 1, i == 1 ? 1 : 0, 0, 0, 3)),
                0, 0, 0, 0.4, 6);
        RecordedRun run = new RecordedRun().set("writer", "pipelined").set("cache-max-entries", 2_000_000)
                .telemetry(three(burst)).lag(new LatencySummary(100, 300, 600, 745, 800, 900, 320));
        slowAfterTheFirstInterval(run);
        StressResult r = run.target(4_000).build();
        assertNull(ClusterDiagnosis.locate(r, 0, r.generationSeconds()));
        assertEquals("CLIENT_BOUND", r.verdict().kind(), r.verdict().message());

        // The same queue in every other reading (5 of 9) is a backlog that lasts: named, on its node.
        IntFunction<Reading> lasting = i -> reading(i * SECONDS, 3, Map.of(NodeTelemetry.FLUSH,
                new Pool(2, 2, i % 2 == 1 ? 3 : 1, 0, 0, 3)), 0, 0, 0, 1.5, 40);
        ClusterDiagnosis.Finding f = ClusterDiagnosis.locate(run(three(lasting), 3, 0, false), 0, 45);
        assertEquals("flushes", f.part(), f.message());
        assertEquals(List.of("127.0.0.3:9042"), f.nodes());
        assertTrue(f.message().contains("3 or more queued in 56% of the readings"), f.message());
    }

    @Test
    void aStarvedClientsBurstsQueueAtNativeTransportOnceButASlowNodesQueueLasts() {
        // From CI: held to 15% of a core, the client sent in bursts; its idle node had 70 requests
        // queued at one of 8 readings, and "nothing queued" named the cluster.
        IntFunction<Reading> bursts = i -> reading(i * SECONDS, 3, Map.of(NodeTelemetry.MUTATION, new Pool(0, 32, 0, 0, 0,
                300), NodeTelemetry.NATIVE_TRANSPORT, new Pool(i == 4 ? 128 : 1, 128, i == 4 ? 70 : 0, 0, 0, 300)),
                0, 0, 0, 0.4, -1);
        Verdict v = starved(three(bursts)).verdict();
        assertEquals("CLIENT_BOUND", v.kind(), v.message());
        assertTrue(v.message().contains("bursts of up to 70 requests"), v.message());

        IntFunction<Reading> lasting = i -> reading(i * SECONDS, 3, Map.of(NodeTelemetry.MUTATION, new Pool(0, 32, 0, 0, 0,
                300), NodeTelemetry.NATIVE_TRANSPORT, new Pool(128, 128, i % 3 == 0 ? 10 : 70, 0, 0, 300)), 0, 0, 0, 0.4, -1);
        v = starved(three(lasting)).verdict();
        assertEquals("CLUSTER_BEHIND", v.kind(), v.message());
    }

    /** The starved client's run: a slow service time and generators up to 0.745 s late. */
    private static StressResult starved(NodeTelemetry t) {
        RecordedRun run = new RecordedRun().set("writer", "pipelined").set("cache-max-entries", 2_000_000).telemetry(t)
                .lag(new LatencySummary(100, 300, 600, 745, 800, 900, 320));
        slowAfterTheFirstInterval(run);
        return run.target(4_000).build();
    }

    @Test
    void theSameSlowServiceWithTheNodesQueuedIsTheCluster() {
        NodeTelemetry busy = all(i -> reading(i * SECONDS, 3, Map.of(NodeTelemetry.MUTATION, new Pool(32, 32, 900, 0, 0,
                9_000), NodeTelemetry.NATIVE_TRANSPORT, new Pool(128, 128, 300, 0, 0, 9_000)), 0, 0, 0, 30, 95));
        RecordedRun run = new RecordedRun().set("writer", "pipelined").set("cache-max-entries", 2_000_000).telemetry(busy)
                .lag(new LatencySummary(100, 300, 600, 745, 800, 900, 320));
        slowAfterTheFirstInterval(run);
        StressResult r = run.target(4_000).build();
        Verdict v = r.verdict();
        assertEquals("CLUSTER_BEHIND", v.kind(), v.message());
        // Every node's CPU at 95%: the stages queue behind the CPU (the bottleneck law), so the CPU is
        // named, and no thread pool is advised (more threads only lengthen the queue).
        assertTrue(v.message().contains("every node's CPU evenly busy"), v.message());
        assertNull(r.advice().get("cassandra.yaml:concurrent_writes"), r.advice().toString());
        assertNull(r.advice().get("cassandra.yaml:native_transport_max_threads"), r.advice().toString());
    }

    /** CI's StarvedClientIT: 287 compactions pending at the stretch's last reading, 0 at every other. */
    @Test
    void aBurstOfCompactionsAtTheLastReadingIsNoBacklog() {
        NodeTelemetry burst = three(i -> reading(i * SECONDS, 3, Map.of(), i == INTERVALS + 1 ? 287 : 0, 0, 0, 1.5, 40));
        ClusterDiagnosis.Finding f = ClusterDiagnosis.locate(run(burst, 3, 0, false), 0, 45);
        assertTrue(f == null || !"compaction".equals(f.part()), String.valueOf(f));
        NodeLoad l = NodeLoad.of(burst.nodes().get(2), 0, 45);
        assertEquals(287, l.compactionsPeak(), "the burst is still its peak");
        assertEquals(0, l.compactionsLast(), "the lesser of the last two readings");
        NodeTelemetry held = three(i -> reading(i * SECONDS, 3, Map.of(), i >= INTERVALS ? 287 : 0, 0, 0, 1.5, 40));
        assertEquals(287, NodeLoad.of(held.nodes().get(2), 0, 45).compactionsLast(), "held over two readings, it counts");
    }

    @Test
    void aGrowingCompactionBacklogIsAdvisedInTheNodesOwnSpelling() {
        NodeTelemetry t = three(i -> reading(i * SECONDS, 3, Map.of(), 2L * i, 0, 0, 1.5, 40));
        ClusterDiagnosis.Finding f = ClusterDiagnosis.locate(run(t, 3, 0, false), 0, 45);
        assertNotNull(f);
        assertEquals("compaction", f.part());
        assertEquals(List.of("127.0.0.3:9042"), f.nodes());
        Map<String, Advice> out = new java.util.LinkedHashMap<>();
        NodeTelemetry fourOh = three(i -> reading(i * SECONDS, 3, Map.of(), 2L * i, 0, 0, 1.5, 40));
        StressResult r = run(new NodeTelemetry(fourOh.source(), List.of(), List.of(fourOh.nodes().get(0),
                fourOh.nodes().get(1), new NodeTelemetry.Node("127.0.0.3:9042", "dc1",
                        Map.of("compaction_throughput_mb_per_sec", "16"), fourOh.nodes().get(2).readings(), 2))), 3, 0, false);
        assertTrue(ClusterAdvice.add(out, r, ClusterDiagnosis.locate(r, 0, 45)));
        Advice a = out.get("cassandra.yaml:compaction_throughput_mb_per_sec");
        assertNotNull(a, "4.0's spelling, as the node spells it: " + out);
        assertEquals("32", a.value());
        assertEquals("16", a.current());
    }

    @Test
    void hintsGrowingAndGcPausesAreNamed() {
        assertEquals("hints", ClusterDiagnosis.locate(run(three(i -> reading(i * SECONDS, 3, Map.of(), 0, i, 0, 1.5, 40)),
                3, 0, false), 0, 45).part());
        assertEquals("gc", ClusterDiagnosis.locate(run(three(i -> reading(i * SECONDS, 3, Map.of(), 0, 0, 1_200, 1.5, 40)),
                3, 0, false), 0, 45).part());
    }

    @Test
    void everyNodeEvenlyBusyIsTooFewNodesAndAsksForNodes() {
        NodeTelemetry t = new NodeTelemetry("system_views+jmx", List.of(), List.of(
                node("127.0.0.1", i -> reading(i * SECONDS, 3, Map.of(), 0, 0, 0, 1.5, 93)),
                node("127.0.0.2", i -> reading(i * SECONDS, 3, Map.of(), 0, 0, 0, 1.5, 95))));
        RecordedRun run = new RecordedRun().set("writer", "pipelined").set("cache-max-entries", 2_000_000).telemetry(t)
                .failed("timeout", 3_000);
        run.interval(50_000, 0, 0, 100, 0, 2.0, 0.3, 0, 0.9, 0, 10_000);
        for (int i = 1; i < INTERVALS; i++) {
            run.interval(30_000, 0, i == 1 ? 3_000 : 0, 2_000, 0, 45, 0.6, 0, 0.9, 0, 6_000);
        }
        StressResult r = run.build();
        assertEquals("CLUSTER_BEHIND", r.verdict().kind());
        assertTrue(r.verdict().message().contains("too few nodes"), r.verdict().message());
        assertNotNull(r.advice().get(Advisor.NODES), r.advice().toString());
    }

    /** A healthy reading with hint files held for other nodes, by their address. */
    private static Reading holding(double at, Map<String, Long> hintsFor) {
        Reading h = healthy(at);
        long files = hintsFor.values().stream().mapToLong(Long::longValue).sum();
        return new Reading(at, null, h.readMs(), h.pools(), 0, files, h.tables(), 0, 30, 0, 0, hintsFor, 0.6);
    }

    @Test
    void hintsForANodeNameTheNodeTheyAreForNotTheNodesThatHoldThem() {
        // The run: 127.0.0.2 stopped in bursts; its peers hold hints for it.
        IntFunction<Reading> holder = i -> holding(i * SECONDS, Map.of("127.0.0.2", (long) i / 2));
        NodeTelemetry t = new NodeTelemetry("system_views+jmx", List.of(), List.of(node("127.0.0.1", holder),
                node("127.0.0.2", i -> healthy(i * SECONDS)), node("127.0.0.3", holder)));
        StressResult r = run(t, 60, 300, false);
        ClusterDiagnosis.Finding f = ClusterDiagnosis.locate(r, 0, r.generationSeconds());
        assertEquals("hints", f.part(), f.message());
        assertEquals(List.of("127.0.0.2:9042"), f.nodes(), f.message());
        assertTrue(f.message().startsWith("node 127.0.0.2:9042 (dc1) is down or behind: hints for it grew from 0 to 8 "
                + "files on 127.0.0.1, 127.0.0.3"), f.message());
        assertTrue(r.verdict().message().contains("node 127.0.0.2:9042 (dc1) is down or behind"), r.verdict().message());
        assertNotNull(r.advice().get("node 127.0.0.2"), r.advice().toString());
        assertNull(r.advice().get("node 127.0.0.1"), r.advice().toString());
        // Replayed once it was back: 6 files down to 0 on its peers still names it.
        IntFunction<Reading> replaying = i -> holding(i * SECONDS, i <= 3 ? Map.of("127.0.0.2", 3L) : Map.of());
        NodeTelemetry back = new NodeTelemetry("system_views+jmx", List.of(), List.of(node("127.0.0.1", replaying),
                node("127.0.0.2", i -> healthy(i * SECONDS)), node("127.0.0.3", replaying)));
        ClusterDiagnosis.Finding g = ClusterDiagnosis.locate(run(back, 60, 300, false), 0, 45);
        assertEquals(List.of("127.0.0.2:9042"), g.nodes(), g.message());
        assertTrue(g.message().contains("were replayed to it"), g.message());
    }

    @Test
    void aMachineWhoseCpuIsSpentIsNamedAndNoThreadPoolIsAdvised() {
        // The run: one node at 77% of the two cores, this client at 20%, every stage full.
        NodeTelemetry one = new NodeTelemetry("system_views+jmx", List.of(), List.of(node("127.0.0.1",
                i -> reading(i * SECONDS, 3, Map.of(NodeTelemetry.MUTATION, new Pool(32, 32, 900, 0, 0, 9_000),
                        NodeTelemetry.NATIVE_TRANSPORT, new Pool(128, 128, 203, 0, 0, 9_000)), 0, 0, 0, 30, 77))));
        RecordedRun run = new RecordedRun().set("writer", "pipelined").set("cache-max-entries", 2_000_000).telemetry(one)
                .machine(20, 98);
        slowAfterTheFirstInterval(run);
        StressResult r = run.target(4_000).build();
        assertEquals("CLUSTER_BEHIND", r.verdict().kind(), r.verdict().message());
        assertTrue(r.verdict().message().contains("this machine's CPU is spent: it was busy 98% of the run on its 2 "
                + "cores, shared by the nodes (127.0.0.1 77% of the machine) and this client (20%)"), r.verdict().message());
        for (String pool : List.of("concurrent_writes", "native_transport_max_threads", "memtable_flush_writers",
                "concurrent_compactors")) {
            assertNull(r.advice().get("cassandra.yaml:" + pool), r.advice().toString());
            assertTrue(r.advice().values().stream().noneMatch(a -> a.toString().contains(pool)), r.advice().toString());
        }
        assertNotNull(r.advice().get("machine"), r.advice().toString());
        // The same machine, this client the one that used it: the client's limit.
        RecordedRun client = new RecordedRun().set("writer", "pipelined").set("cache-max-entries", 2_000_000)
                .telemetry(new NodeTelemetry("system_views+jmx", List.of(), List.of(node("127.0.0.1",
                        i -> reading(i * SECONDS, 3, Map.of(), 0, 0, 0, 1.5, 10))))).machine(92, 97);
        slowAfterTheFirstInterval(client);
        Verdict v = client.target(4_000).build().verdict();
        assertEquals("CLIENT_BOUND", v.kind(), v.message());
        assertTrue(v.message().contains("this client used most of it"), v.message());
    }

    @Test
    void aLoneNodesCpuIsTheClustersNeverOneNodeToLookAt() {
        // The README's plan on a fast host: its one node at 90% of the two cores, this client at 14%.
        IntFunction<Reading> spent = i -> reading(i * SECONDS, 3, Map.of(), 0, 0, 0, 1.5, 96);
        StressResult r = loneNode("127.0.0.1", spent, 100);
        assertEquals("CLUSTER_BEHIND", r.verdict().kind(), r.verdict().message());
        assertTrue(r.verdict().message().contains("this machine's CPU is spent"), r.verdict().message());
        assertFalse(r.verdict().message().contains("the CPU of node"), r.verdict().message());
        assertNull(r.advice().get("node 127.0.0.1"), r.advice().toString());
        // The same node on a machine of its own: the bottleneck law's too few nodes.
        StressResult a = loneNode("10.0.0.1", spent, 20);
        assertTrue(a.verdict().message().contains("too few nodes for this rate"), a.verdict().message());
        assertNull(a.advice().get("node 10.0.0.1"), a.advice().toString());
        // Too busy to tell most of its readings as well: still the cluster's CPU, not one node's.
        StressResult q = loneNode("10.0.0.1", i -> i % 3 == 0 ? spent.apply(i)
                : Reading.unanswered(i * SECONDS, "no answer within 1000 ms"), 20);
        assertFalse(q.verdict().message().contains("the CPU of node"), q.verdict().message());
        assertNull(q.advice().get("node 10.0.0.1"), q.advice().toString());
    }

    /** A one-node run that slows after its first interval, this client at 14% of a machine {@code machineCpu}% busy. */
    private static StressResult loneNode(String address, IntFunction<Reading> readings, double machineCpu) {
        RecordedRun run = new RecordedRun().set("writer", "pipelined").set("cache-max-entries", 2_000_000)
                .telemetry(new NodeTelemetry("system_views+jmx", List.of(), List.of(node(address, readings))))
                .machine(14, machineCpu);
        slowAfterTheFirstInterval(run);
        return run.target(4_000).build();
    }

    @Test
    void oneNodesCpuAgainstItsPeersIsHotOrSickByItsShareOfTheWrites() {
        IntFunction<Reading> busy = i -> reading(i * SECONDS, 3, Map.of(NodeTelemetry.MUTATION,
                new Pool(32, 32, 300, 0, 0, 9_000)), 0, 0, 0, 20, 96);
        StressResult sick = run(three(busy), 60, 300, false);
        ClusterDiagnosis.Finding f = ClusterDiagnosis.locate(sick, 0, 45);
        assertEquals("cpu", f.part(), f.message());
        assertEquals(List.of("127.0.0.3:9042"), f.nodes(), f.message());
        assertTrue(f.message().contains("the CPU of node 127.0.0.3:9042 (dc1) is saturated: 90% busy or more of what it "
                + "may use in 100% of the readings (mean 96%, 1.92 cores) against its peers' 30%"), f.message());
        assertTrue(f.message().contains("about its peers'"), f.message());
        assertNull(sick.advice().get("cassandra.yaml:concurrent_writes"), "its CPU is spent: " + sick.advice());
        // Three times its peers' local writes: hot.
        IntFunction<Reading> hot = i -> {
            Reading b = busy.apply(i);
            return new Reading(b.elapsedSeconds(), null, 3, b.pools(), 0, 0, Map.of("samples",
                    new TableWrites(12_000, 0.02, 0.1, 300, 20, 80)), 0, 96, 0, 0);
        };
        ClusterDiagnosis.Finding g = ClusterDiagnosis.locate(run(three(hot), 60, 300, false), 0, 45);
        assertTrue(g.message().contains("hot, it takes more of the ring's writes"), g.message());
    }

    @Test
    void aFullStageOnACpuWithRoomWhoseWritesWaitedOnTheCommitLogIsTheCommitLog() {
        IntFunction<Reading> waiting = i -> {
            Reading b = reading(i * SECONDS, 3, Map.of(NodeTelemetry.MUTATION, new Pool(32, 32, 500, 0, 0, 3_000)), 0, 0,
                    0, 200, 25);
            return new Reading(b.elapsedSeconds(), null, 3, b.pools(), 0, 0, b.tables(), 0, 25, 0, 2_500);
        };
        StressResult r = run(three(waiting), 60, 300, false);
        ClusterDiagnosis.Finding f = ClusterDiagnosis.locate(r, 0, 45);
        assertEquals("commit-log", f.part(), f.message());
        assertEquals(List.of("127.0.0.3:9042"), f.nodes(), f.message());
        assertNotNull(r.advice().get("cassandra.yaml:commitlog_directory"), r.advice().toString());
        // Without JMX the same stage is named by its own figures, and the verdict says what it could not see.
        IntFunction<Reading> blind = i -> {
            Reading b = waiting.apply(i);
            return new Reading(b.elapsedSeconds(), null, 3, b.pools(), 0, 0, b.tables(), -1, -1, -1, -1);
        };
        NodeTelemetry t = three(blind);
        NodeTelemetry noJmx = new NodeTelemetry("system_views", List.of(), List.of(
                node("127.0.0.1", i -> { Reading h = healthy(i * SECONDS); return new Reading(h.elapsedSeconds(), null, 3,
                        h.pools(), 0, 0, h.tables(), -1, -1, -1, -1); }),
                node("127.0.0.2", i -> { Reading h = healthy(i * SECONDS); return new Reading(h.elapsedSeconds(), null, 3,
                        h.pools(), 0, 0, h.tables(), -1, -1, -1, -1); }),
                // Without JMX the node's cores are not known either.
                new NodeTelemetry.Node("127.0.0.3:9042", "dc1", SETTINGS, t.nodes().get(2).readings(), -1)));
        StressResult seenLess = run(noJmx, 60, 300, false);
        ClusterDiagnosis.Finding g = ClusterDiagnosis.locate(seenLess, 0, 45);
        assertEquals("mutation-stage", g.part(), g.message());
        assertEquals(List.of("127.0.0.3:9042"), g.nodes(), g.message());
        assertTrue(seenLess.verdict().message().contains("not seen: the CPU, GC, dropped mutations and commit-log waits "
                + "of every node"), seenLess.verdict().message());
        // A CPU not seen withholds no pool's advice: the model's value, above the stage's live limit.
        Advice a = seenLess.advice().get("cassandra.yaml:concurrent_writes");
        assertNotNull(a, seenLess.advice().toString());
        assertEquals("532", a.value(), "Little's law: its 32 threads and the 500 queued, no cores to cap it by");
        assertTrue(a.model().contains("the node's CPU was not seen"), a.model());
    }

    @Test
    void anUnreadSettingIsSaidNotTakenAsZero() {
        NodeTelemetry t = three(i -> reading(i * SECONDS, 4, Map.of(NodeTelemetry.NATIVE_TRANSPORT,
                new Pool(128, 128, 300, 0, 0, 700)), 0, 0, 0, 30, 40));
        NodeTelemetry unread = new NodeTelemetry(t.source(), t.notes(), List.of(t.nodes().get(0), t.nodes().get(1),
                new NodeTelemetry.Node("127.0.0.3:9042", "dc1", Map.of(), t.nodes().get(2).readings(), 2)));
        Map<String, Advice> out = new java.util.LinkedHashMap<>();
        StressResult r = run(unread, 60, 300, false);
        ClusterDiagnosis.Finding f = ClusterDiagnosis.locate(r, 0, 45);
        assertEquals("native-transport", f.part(), f.message());
        ClusterAdvice.add(out, r, f);
        Advice a = out.get("cassandra.yaml:native_transport_max_threads");
        assertNotNull(a, out.toString());
        assertNull(a.current(), a.toString());
        assertTrue(a.model().contains("was not read"), a.model());
        assertNotEquals("1", a.value(), a.toString());
    }

    @Test
    void slowIndexWritesAreTheClustersWithTheSlowTableNamed() {
        // The OpenNMS writer's workers wait on index writes grown 20 times slower: the cluster's limit,
        // not the writer's, though the samples' own service time stayed flat.
        NodeTelemetry t = new NodeTelemetry("system_views", List.of(), List.of(node("127.0.0.1",
                i -> new Reading(i * SECONDS, null, 3, Map.of(), 0, 0, Map.of("samples",
                        new TableWrites(1_000, 0.02, 0.1, 300, 1, 4), "terms", new TableWrites(3_000, 2, 45, 600, 1, 50)),
                        -1, -1, -1, -1))));
        RecordedRun run = new RecordedRun().set("cache-max-entries", 2_000_000).telemetry(t);
        run.interval(40_000, 0, 0, 100, 0, 2.0, 0.5, 0.4, 0.5, 0.0, 8_000);
        for (int i = 1; i < INTERVALS; i++) {
            run.interval(20_000, 20_000, 0, 8_192, 500, 2.2, 0.99, 0.8, 0.15, 0.0, 4_000);
        }
        StressResult built = run.index(10_000, 0, 12_000, 12_000, 12_000, 2).cache("guava", 0, 0, 0).build();
        List<IntervalStats> slowed = new ArrayList<>();
        for (int i = 0; i < built.intervals().size(); i++) {
            IntervalStats s = built.intervals().get(i);
            slowed.add(org.metricsstress.result.ResultFixtures.interval(s.elapsedSeconds(), s.intervalSeconds(), s.targetSamplesPerSecond(), s.generated(),
                    s.written(), s.dropped(), s.failed(), s.generatedTotal(), s.writtenTotal(), s.droppedTotal(),
                    s.failedTotal(), s.ringOccupancy(), s.ringFullEvents(), s.inFlightRequests(), s.response(), s.service(),
                    s.queue(), s.scheduleLag(), s.cpuPercent(), s.heapUsedBytes(), s.gcCount(), s.gcPauseMs(), s.indexRows(),
                    s.indexedPercent(), s.cacheSize(), s.workers(), LatencySummary.of(histogram(i == 0 ? 1 : 20))));
        }
        String slow = ClusterDiagnosis.indexSlow(withIntervals(built, slowed), 5, 40);
        assertNotNull(slow);
        assertTrue(slow.contains("its index writes slowed to p50 20."), slow);
        assertTrue(slow.contains("terms on 127.0.0.1"), slow);
        assertNull(ClusterDiagnosis.indexSlow(built, 5, 40), "index requests at their usual speed say nothing");
    }

    private static org.HdrHistogram.Histogram histogram(double ms) {
        org.HdrHistogram.Histogram h = new org.HdrHistogram.Histogram(3);
        for (int i = 0; i < 200; i++) {
            h.recordValue((long) (ms * 1_000));
        }
        return h;
    }

    private static StressResult withIntervals(StressResult r, List<IntervalStats> intervals) {
        return new StressResult(r.schemaVersion(), r.tool(), r.version(), r.environment(), r.config(), r.plan(),
                r.cluster(), r.startedAt(), r.generationSeconds(), r.drainSeconds(), r.targetSamplesPerSecond(),
                r.writtenSamplesPerSecond(), r.generated(), r.written(), r.dropped(), r.failed(), r.failedByClass(),
                r.unaccounted(), r.drained(), r.groupCommitsGenerated(), r.groupCommitsDropped(),
                r.stringAttributesGenerated(), r.writeRequests(), r.responseLatency(), r.serviceLatency(),
                r.queueLatency(), r.scheduleLag(), r.client(), r.index(), r.cache(), null, null, intervals, r.writes(),
                r.nodes(), r.events(), r.steps(), r.reads(), r.verify(), r.merge(), r.coldStart(), r.intended(), r.unsent(),
                r.losses(), r.distance(), r.disk(), null, null, null, r.nodeTelemetry(), null, java.util.List.of());
    }

    /** A light first interval, then service at 105 ms: the client's side of a cluster that slowed. */
    private static void slowAfterTheFirstInterval(RecordedRun run) {
        run.interval(20_000, 0, 0, 100, 0, 2.0, 0.1, 0, 0.9, 0, 2_000);
        for (int i = 1; i < INTERVALS; i++) {
            run.interval(14_000, 0, 0, 30, 0, 105, 0.2, 0, 0.9, 0, 1_400);
        }
    }
}
