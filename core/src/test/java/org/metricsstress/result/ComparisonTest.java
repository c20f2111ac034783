package org.metricsstress.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonTest {
    @Test
    void settingsThatDifferOrThatOnlyOneRunHasAreListedWhicheverSideHasThem() {
        Map<String, Object> a = Map.of("nodes", 10, "cache", "guava", "only-in-a", true);
        Map<String, Object> b = Map.of("nodes", 20, "cache", "guava", "only-in-b", 1);
        assertEquals(List.of("nodes", "only-in-a", "only-in-b"), Comparison.differences(a, b));
        assertEquals(List.of("nodes", "only-in-a", "only-in-b"), Comparison.differences(b, a));
        assertEquals(List.of(), Comparison.differences(a, a));
    }

    private static StressResult withReads(double readP99, long mismatches) {
        LatencySummary w = new LatencySummary(100, 1, 2, 3, 4, 5, 2);
        LatencySummary read = new LatencySummary(50, 1, 2, readP99, readP99, readP99, 2);
        ReadSummary reads = new ReadSummary(50, 50, 50, 0, 0, Map.of(), 500, mismatches, read, read, 0, 0, 0, 0, 0, 0,
                LatencySummary.EMPTY, 0, 0, 0, 0, LatencySummary.EMPTY, null);
        return new StressResult(StressResult.SCHEMA_VERSION, "metrics-stress", "dev", Map.of(), Map.of(), Map.of(),
                Map.of(), "2026-11-23T16:00:00Z", 10, 0, 100, 100, 1000, 1000, 0, 0, Map.of(), 0, true, 100, 0, 0, 100,
                w, w, w, w, new ClientSummary(1, 5, 2, 1, 1, 1, 0, 0), IndexSummary.DISABLED, null,
                new Verdict("KEPT_UP", "ok"), null, List.of(), StressResult.WriteAttempts.NONE, List.of(), List.of(),
                List.of(), reads, null, null, null, 1000, 0, null, null, null, null, null, null, null);
    }

    @Test
    void readsAreJudgedWhenBothRunsHadThemAndSkippedWhenNeitherDid() {
        Comparison same = Comparison.of(withReads(10, 0), withReads(10.2, 0), 0.05);
        assertEquals(List.of(), same.regressions());
        assertEquals(10.2, same.rows().stream().filter(r -> r.figure().equals("read p99 ms")).findFirst().orElseThrow().b());
        assertEquals(List.of("read p99 ms"), Comparison.of(withReads(10, 0), withReads(20, 0), 0.05).regressions());
        assertEquals(List.of("read values not the generator's"),
                Comparison.of(withReads(10, 0), withReads(10, 3), 0.05).regressions());
        // Searches and probes were not run in either: not compared at all.
        assertEquals(0, same.rows().stream().filter(r -> r.figure().startsWith("search")
                || r.figure().startsWith("freshness")).count());
    }

    private static StressResult withDisk(Double bytesPerSample) {
        StressResult r = withReads(10, 0);
        return bytesPerSample == null ? r : r.withDisk(new DiskSummary("newts", "dc1", 1, 1, 1, true, DiskSummary.JMX,
                List.of(), 1000, 10, bytesPerSample, null, null, List.of()));
    }

    @Test
    void bytesPerSampleOnDiskIsJudgedWhenBothRunsMeasuredIt() {
        Comparison grew = Comparison.of(withDisk(10.0), withDisk(12.0), 0.05);
        assertEquals(List.of("disk bytes/sample"), grew.regressions());
        assertEquals(12.0, grew.rows().stream().filter(r -> r.figure().equals("disk bytes/sample")).findFirst()
                .orElseThrow().b());
        assertEquals(List.of(), Comparison.of(withDisk(10.0), withDisk(10.3), 0.05).regressions());
        assertEquals(List.of(), Comparison.of(withDisk(12.0), withDisk(10.0), 0.05).regressions(), "fewer bytes is better");
        // One run without --disk: nothing to compare, and not a regression.
        Comparison one = Comparison.of(withDisk(10.0), withDisk(null), 0.05);
        assertEquals(List.of(), one.regressions());
        assertEquals(0, one.rows().stream().filter(r -> r.figure().equals("disk bytes/sample")).count());
    }
}
