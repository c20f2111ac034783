package org.metricsstress.analysis;

import org.metricsstress.result.Facts;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.PlanFacts;
import org.metricsstress.result.Verdict;

import org.metricsstress.result.DiskSummary;
import org.metricsstress.result.Distance;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.ReadSummary;
import org.metricsstress.result.StepSummary;

import org.metricsstress.result.StressResult;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.metricsstress.config.ConfigException;

class ResultMergeTest {
    private static final Instant START = Instant.parse("2026-11-23T16:00:00Z");

    /** Microsecond values: {@code count} of each. */
    private static Histogram values(long micros, long count) {
        Histogram h = new Histogram(1, 3_600_000_000L, 3);
        h.recordValueWithCount(micros, count);
        return h;
    }

    private static IntervalStats interval(double elapsed, long written, long writtenTotal, Histogram response) {
        LatencySummary r = LatencySummary.of(response);
        return org.metricsstress.result.ResultFixtures.interval(elapsed, 1, 100, written, written, 0, 0, writtenTotal, writtenTotal, 0, 0, 5, 0, 2,
                r, r, r, r, 10, 1000, 0, 0, -1, 0, 0);
    }

    /** Instance {@code index} of {@code count} of a 10-node plan that wrote {@code written} samples. */
    private static StressResult instance(int index, int count, Instant start, long written, Histogram response,
            List<IntervalStats> intervals) {
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("nodes", 10);
        config.put("interval", "1s");
        config.put("seed", 1);
        config.put("instance", index + "/" + count);
        config.put("instances", count);
        config.put("report", "1s");
        config.put("ring-size", 1024);
        LatencySummary l = LatencySummary.of(response);
        return org.metricsstress.result.ResultFixtures.result(StressResult.SCHEMA_VERSION, "metrics-stress", "dev", Map.of(), config,
                new PlanFacts(null, null, null, null, null, null, index, count, 50L, null), Facts.NO_CLUSTER, start.toString(), 10, 0.5, 100, written / 10.0,
                written, written, 0, 0, Map.of("timeout", 0L), 0, true, written / 10, 0, 0, written / 40, l, l, l, l,
                org.metricsstress.result.ResultFixtures.client(2, 10, 2, 2e6 / written, 1 << 30, 1 << 28, 3, 12), IndexSummary.DISABLED, null,
                new Verdict("KEPT_UP", "ok"), null, intervals);
    }

    private static ResultMerge.Source source(String name, StressResult r) {
        return new ResultMerge.Source(name, r);
    }

    @Test
    void mergedPercentilesAreThoseOfTheAddedHistogramsNotAMeanOfPercentiles() {
        // Uneven: 1,000 fast commits on one machine, 100 slow ones on the other. Of the 1,100 together
        // the slowest 1% are all slow, so the merged p99 is 100 ms; the mean of the two p99s is ~50 ms.
        StressResult fast = instance(0, 2, START, 10_000, values(1_000, 1_000), List.of());
        StressResult slow = instance(1, 2, START, 1_000, values(100_000, 100), List.of());
        StressResult merged = ResultMerge.merge(List.of(source("a", fast), source("b", slow)), false);

        Histogram added = new Histogram(3);
        added.add(values(1_000, 1_000));
        added.add(values(100_000, 100));
        assertEquals(1_100, merged.responseLatency().count());
        assertEquals(added.getValueAtPercentile(99) / 1000.0, merged.responseLatency().p99Ms());
        assertEquals(added.getValueAtPercentile(50) / 1000.0, merged.responseLatency().p50Ms());
        double meanOfP99s = (fast.responseLatency().p99Ms() + slow.responseLatency().p99Ms()) / 2;
        assertNotEquals(meanOfP99s, merged.responseLatency().p99Ms(), 1.0);
        assertTrue(merged.responseLatency().p99Ms() >= 99.9, "p99 " + merged.responseLatency().p99Ms());
    }

    /** An instance's disk section: what it measured of the shared keyspace, and the resources it indexed. */
    private static DiskSummary disk(double samplesBytes, double indexBytes, double samplesBefore, long resources) {
        return new DiskSummary("newts", "dc1", 1, 1, 1, true, DiskSummary.JMX, List.of(
                new DiskSummary.TableDisk("samples", DiskSummary.JMX, (long) samplesBytes, samplesBytes, 2L, 0.5, null,
                        null, samplesBefore),
                new DiskSummary.TableDisk("terms", DiskSummary.JMX, (long) indexBytes, indexBytes, 1L, 0.3, null, null, 0.0),
                new DiskSummary.TableDisk("resource_attributes", DiskSummary.JMX, 0, 0, 1L, null, null, null, 0.0),
                new DiskSummary.TableDisk("resource_metrics", DiskSummary.JMX, 0, 0, 1L, null, null, null, 0.0)),
                0, resources, null, null, null, List.of("--instances 2: the keyspace holds every instance's samples"));
    }

    @Test
    void theDiskIsOneMeasurementOfTheSharedKeyspaceOverEveryInstancesCounts() {
        // Both measured the one keyspace; b measured after both had written (the larger samples table),
        // a while b was still writing. Each measured before at 1,000 bytes, b's after a had begun: 4,000.
        StressResult a = instance(0, 2, START, 10_000, values(1_000, 10), List.of())
                .withDisk(disk(101_000, 5_000, 1_000, 30));
        StressResult b = instance(1, 2, START, 6_000, values(1_000, 10), List.of())
                .withDisk(disk(161_000, 8_000, 4_000, 50));
        DiskSummary d = ResultMerge.merge(List.of(source("a", a), source("b", b)), false).disk();
        assertNotNull(d, "a merge of instances that all measured their keyspace has a disk section");
        // (161,000 - 1,000) / 16,000 by hand, not the sum of the measurements (262,000) over the samples.
        assertEquals(10.0, d.bytesPerSample(), 1e-9);
        assertEquals(16_000, d.samples());
        assertEquals(8_000 / 80.0, d.bytesPerResource(), 1e-9, "b's index bytes over both instances' resources");
        assertEquals(161_000, d.tables().get(0).liveBytes(), "one measurement, not a sum");
        assertTrue(d.notes().stream().noneMatch(n -> n.startsWith("--instances")), d.notes().toString());
        assertTrue(d.notes().stream().anyMatch(n -> n.startsWith("merged from 2 instances")), d.notes().toString());
        assertNull(ResultMerge.merge(List.of(source("a", a), source("b", instance(1, 2, START, 6_000,
                values(1_000, 10), List.of()))), false).disk(), "an instance without --disk: no disk section");
    }

    @Test
    void countsAuditAndRatesAddUpOverTheWallClockSpan() {
        StressResult a = instance(0, 2, START, 10_000, values(1_000, 10), List.of());
        // Started 2 s later: the merged generation runs from the first start to the last end.
        StressResult b = instance(1, 2, START.plusSeconds(2), 6_000, values(2_000, 10), List.of());
        StressResult m = ResultMerge.merge(List.of(source("b.json", b), source("a.json", a)), false);
        assertEquals(16_000, m.generated());
        assertEquals(16_000, m.written());
        assertEquals(0, m.unaccounted());
        assertTrue(m.auditBalances());
        assertEquals(200, m.targetSamplesPerSecond());
        assertEquals(12.0, m.generationSeconds());
        assertEquals(16_000 / 12.0, m.writtenSamplesPerSecond(), 1e-9);
        assertEquals(START.toString(), m.startedAt());
        assertEquals(List.of(0, 1), m.merge().merged());
        assertEquals(List.of("a.json", "b.json"), m.merge().sources());
        assertEquals(4, m.client().cores());
        assertEquals(4, m.client().cpuSeconds());
        assertEquals("all 2", m.config().get("instance"));
        assertEquals(100L, m.plan().instanceGroupResources());
        assertEquals(null, m.plan().instance(), "a merged result is no instance of its own");
    }

    @Test
    void intervalsAreAddedByWallClockSlot() {
        // a reports at 1 s and 2 s; b started 1 s later, so its first line (1 s in) is a's second slot.
        StressResult a = instance(0, 2, START, 300, values(1_000, 3), List.of(
                interval(1, 100, 100, values(1_000, 1)), interval(2, 200, 300, values(1_000, 2))));
        StressResult b = instance(1, 2, START.plusSeconds(1), 50, values(9_000, 1), List.of(
                interval(1, 50, 50, values(9_000, 1))));
        List<IntervalStats> merged = ResultMerge.merge(List.of(source("a", a), source("b", b)), false).intervals();
        assertEquals(2, merged.size());
        assertEquals(100, merged.get(0).written());
        assertEquals(100, merged.get(0).writtenTotal());
        assertEquals(250, merged.get(1).written());
        assertEquals(350, merged.get(1).writtenTotal());
        assertEquals(3, merged.get(1).response().count());
        assertEquals(9.0, merged.get(1).response().maxMs(), 0.01);
        assertEquals(200, merged.get(1).targetSamplesPerSecond());
        assertEquals(10, merged.get(1).ringOccupancy());
    }

    @Test
    void refusesWhatIsNotOnePlansInstancesEachOnce() {
        Histogram h = values(1_000, 10);
        StressResult zero = instance(0, 2, START, 100, h, List.of());
        StressResult one = instance(1, 2, START, 100, h, List.of());
        assertEquals("merge: b.json and c.json are both instance 0/2", assertThrows(ConfigException.class,
                () -> ResultMerge.merge(List.of(source("b.json", zero), source("c.json", zero)), false)).getMessage());
        assertEquals("merge: instance 1/2 missing; give every instance's result (or --partial to merge what there is)",
                assertThrows(ConfigException.class,
                        () -> ResultMerge.merge(List.of(source("a.json", zero)), false)).getMessage());
        StressResult partial = ResultMerge.merge(List.of(source("a.json", zero)), true);
        assertEquals(List.of(0), partial.merge().merged());
        assertTrue(!partial.merge().complete());

        Map<String, Object> otherSeed = new LinkedHashMap<>(one.config());
        otherSeed.put("seed", 2);
        StressResult foreign = withConfig(one, otherSeed);
        assertEquals("merge: b.json is not an instance of the same plan as a.json: seed is 2, not 1",
                assertThrows(ConfigException.class, () -> ResultMerge.merge(
                        List.of(source("a.json", zero), source("b.json", foreign)), false)).getMessage());

        LatencySummary percentilesOnly = new LatencySummary(10, 1, 1, 1, 1, 1, 1);
        StressResult old = org.metricsstress.result.ResultFixtures.result(3, "metrics-stress", "old", Map.of(), one.config(), Facts.NO_PLAN, Facts.NO_CLUSTER,
                START.toString(), 10, 0, 100, 10, 100, 100, 0, 0, Map.of(), 0, true, 10, 0, 0, 3, percentilesOnly,
                percentilesOnly, percentilesOnly, percentilesOnly, one.client(), IndexSummary.DISABLED, null,
                one.verdict(), null, List.of());
        assertTrue(assertThrows(ConfigException.class, () -> ResultMerge.merge(
                List.of(source("a.json", zero), source("old.json", old)), false)).getMessage()
                .startsWith("merge: old.json holds percentiles only"));
    }

    /**
     * Instances of different loads: before, merge added them as one (the rate steps, the start,
     * the report slots and the writer were never compared) and cut steps to the shortest instance.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "rate-steps     | 50k:30m,80k:30m   | 50k:30m,90k:30m   | plan",
        "start-at       | 2026-11-23T16:00:00Z | 2026-11-23T16:05:00Z | plan",
        "report         | 1s                | 5s                | plan",
        "pacing         | nodes             | spread            | plan",
        "values         | opennms           | counter           | plan",
        "resource-ids   | node              | foreign-source    | plan",
        "writer         | opennms           | pipelined         | writer",
        "max-batch-size | 16                | 32                | writer",
        "writer-threads | 16                | 8                 | writer",
        "on-full        | drop              | block             | writer",
        "write-cl       | ANY               | LOCAL_ONE         | writer",
        "cache-max-entries | 8192           | 2000000           | writer",
    })
    void refusesInstancesOfDifferentLoadsInOneLine(String key, String a, String b, String what) {
        Histogram h = values(1_000, 10);
        Map<String, Object> first = new LinkedHashMap<>(instance(0, 2, START, 100, h, List.of()).config());
        Map<String, Object> second = new LinkedHashMap<>(instance(1, 2, START, 100, h, List.of()).config());
        first.put(key, a);
        second.put(key, b);
        StressResult zero = withConfig(instance(0, 2, START, 100, h, List.of()), first);
        StressResult one = withConfig(instance(1, 2, START, 100, h, List.of()), second);
        assertEquals("merge: b.json is not an instance of the same " + what + " as a.json: " + key + " is " + b
                + ", not " + a, assertThrows(ConfigException.class, () -> ResultMerge.merge(
                        List.of(source("a.json", zero), source("b.json", one)), false)).getMessage());
        second.put(key, a);
        assertEquals(200, ResultMerge.merge(List.of(source("a.json", zero),
                source("b.json", withConfig(one, second))), false).written(), "the same load merges");
    }

    @Test
    void refusesAnInstanceWithFewerRateStepsInsteadOfCuttingTheOthers() {
        Histogram h = values(1_000, 10);
        LatencySummary l = LatencySummary.of(h);
        StepSummary step = new StepSummary(1, 100, 0, 10, 100, 100, 0, 0, 10, l, l, l, l, 5, null);
        StressResult zero = withSteps(instance(0, 2, START, 100, h, List.of()), List.of(step, step));
        StressResult one = withSteps(instance(1, 2, START, 100, h, List.of()), List.of(step));
        assertEquals("merge: b.json has 1 rate steps and a.json 2; an instance that stopped early cannot be merged "
                + "step by step", assertThrows(ConfigException.class, () -> ResultMerge.merge(
                        List.of(source("a.json", zero), source("b.json", one)), false)).getMessage());
    }

    @Test
    void eachInstancesRelaysAreAddedAndTheDistanceKept() {
        Histogram h = values(1_000, 10);
        StressResult a = with(instance(0, 2, START, 100, h, List.of()), null,
                new Distance(Map.of("dc1-dc2", "10ms"), List.of(), new Distance.Relays(3_000_000, 1.5)));
        StressResult b = with(instance(1, 2, START, 100, h, List.of()), null,
                new Distance(Map.of("dc1-dc2", "10ms"), List.of(), new Distance.Relays(1_000_000, 0.5)));
        Distance merged = ResultMerge.merge(List.of(source("a.json", a), source("b.json", b)), false).distance();
        assertEquals(Map.of("dc1-dc2", "10ms"), merged.latency());
        assertEquals(new Distance.Relays(4_000_000, 2.0), merged.relays());
    }

    @Test
    void eachDcsProbesAreAddedAcrossInstancesAsHistograms() {
        Histogram h = values(1_000, 10);
        StressResult a = with(instance(0, 2, START, 100, h, List.of()), probes(Map.of("dc2", values(4_000, 3))), null);
        StressResult b = with(instance(1, 2, START, 100, h, List.of()),
                probes(Map.of("dc2", values(6_000, 1), "dc3", values(30_000, 2))), null);
        ReadSummary merged = ResultMerge.merge(List.of(source("a.json", a), source("b.json", b)), false).reads();
        ReadSummary.DcFreshness dc2 = merged.freshnessByDc().get("dc2");
        assertEquals(4, dc2.probesSent());
        assertEquals(4, dc2.freshness().count());
        assertEquals(6.0, dc2.freshness().maxMs(), 0.01);
        assertEquals(4.0, dc2.freshness().p50Ms(), 0.01);
        assertEquals(2, merged.freshnessByDc().get("dc3").probesReadable());
        assertEquals(6, merged.probesSent());
    }

    /** Probes through each DC, every one readable after its histogram's values. */
    private static ReadSummary probes(Map<String, Histogram> byDc) {
        Map<String, ReadSummary.DcFreshness> dcs = new java.util.TreeMap<>();
        byDc.forEach((dc, f) -> dcs.put(dc, new ReadSummary.DcFreshness(f.getTotalCount(), f.getTotalCount(), 0, 0,
                LatencySummary.of(f))));
        long probes = dcs.values().stream().mapToLong(ReadSummary.DcFreshness::probesSent).sum();
        return new ReadSummary(0, 0, 0, 0, 0, Map.of(), 0, 0, LatencySummary.EMPTY, LatencySummary.EMPTY, 0, 0, 0, 0, 0, 0,
                LatencySummary.EMPTY, probes, probes, 0, 0, LatencySummary.EMPTY, dcs);
    }

    private static StressResult with(StressResult r, ReadSummary reads, Distance distance) {
        return copy(r, r.steps(), reads, distance);
    }

    private static StressResult withSteps(StressResult r, List<StepSummary> steps) {
        return copy(r, steps, r.reads(), r.distance());
    }

    /** {@code r} with other steps, reads and distance. */
    private static StressResult copy(StressResult r, List<StepSummary> steps, ReadSummary reads, Distance distance) {
        return new StressResult(r.schemaVersion(), r.tool(), r.version(), r.environment(), r.config(), r.plan(),
                r.cluster(), r.startedAt(), r.generationSeconds(), r.drainSeconds(), r.targetSamplesPerSecond(),
                r.writtenSamplesPerSecond(), r.generated(), r.written(), r.dropped(), r.failed(), r.failedByClass(),
                r.unaccounted(), r.drained(), r.groupCommitsGenerated(), r.groupCommitsDropped(),
                r.stringAttributesGenerated(), r.writeRequests(), r.responseLatency(), r.serviceLatency(),
                r.queueLatency(), r.scheduleLag(), r.client(), r.index(), r.cache(), r.verdict(), r.sla(), r.intervals(),
                r.writes(), r.nodes(), r.events(), steps, reads, r.verify(), r.merge(), r.coldStart(), r.intended(),
                r.unsent(), r.losses(), distance, r.disk(), null, null, null, null, null, java.util.List.of());
    }

    private static StressResult withConfig(StressResult r, Map<String, Object> config) {
        return org.metricsstress.result.ResultFixtures.result(r.schemaVersion(), r.tool(), r.version(), r.environment(), config, r.plan(),
                r.cluster(), r.startedAt(), r.generationSeconds(), r.drainSeconds(), r.targetSamplesPerSecond(),
                r.writtenSamplesPerSecond(), r.generated(), r.written(), r.dropped(), r.failed(), r.failedByClass(),
                r.unaccounted(), r.drained(), r.groupCommitsGenerated(), r.groupCommitsDropped(),
                r.stringAttributesGenerated(), r.writeRequests(), r.responseLatency(), r.serviceLatency(),
                r.queueLatency(), r.scheduleLag(), r.client(), r.index(), r.cache(), r.verdict(), r.sla(), r.intervals());
    }

    private static StressResult unbalancedBy(long unaccounted) {
        LatencySummary l = new LatencySummary(100, 1, 2, 3, 4, 5, 1.5);
        return org.metricsstress.result.ResultFixtures.result(StressResult.SCHEMA_VERSION, "metrics-stress", "dev", Map.of(), Map.of(), Facts.NO_PLAN,
                Facts.NO_CLUSTER, "2026-11-23T00:00:00Z", 10, 0.5, 100, 100, 1000, 1000 - unaccounted, 0, 0, Map.of(),
                unaccounted, true, 100, 0, 0, 100, l, l, l, l, org.metricsstress.result.ResultFixtures.client(1, 1, 2, 1, 1, 1, 0, 0),
                IndexSummary.DISABLED, null, new Verdict("KEPT_UP", "ok"), null, List.of());
    }

    @Test
    void instancesOffInOppositeDirectionsDoNotMergeIntoABalancedAudit() {
        assertEquals(6, ResultMerge.noCancelling(List.of(unbalancedBy(3), unbalancedBy(-3)), StressResult::unaccounted));
        assertEquals(5, ResultMerge.noCancelling(List.of(unbalancedBy(3), unbalancedBy(2)), StressResult::unaccounted));
        assertEquals(-5, ResultMerge.noCancelling(List.of(unbalancedBy(-3), unbalancedBy(-2)), StressResult::unaccounted));
        assertEquals(0, ResultMerge.noCancelling(List.of(unbalancedBy(0), unbalancedBy(0)), StressResult::unaccounted));
    }
}
