package org.metricsstress.analysis;

import org.metricsstress.result.DiskSummary;

import org.metricsstress.result.Facts;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.ReadSummary;
import org.metricsstress.result.Verdict;

import org.metricsstress.result.StressResult;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.metricsstress.report.ComparisonLines;

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
        return new StressResult(StressResult.SCHEMA_VERSION, "metrics-stress", "dev", Map.of(), Map.of(), Facts.NO_PLAN,
                Facts.NO_CLUSTER, "2026-11-23T16:00:00Z", 10, 0, 100, 100, 1000, 1000, 0, 0, Map.of(), 0, true, 100, 0, 0, 100,
                w, w, w, w, org.metricsstress.result.ResultFixtures.client(1, 5, 2, 1, 1, 1, 0, 0), IndexSummary.DISABLED, null,
                new Verdict("KEPT_UP", "ok"), null, List.of(), StressResult.WriteAttempts.NONE, List.of(), List.of(),
                List.of(), reads, null, null, null, 1000, 0, null, null, null, null, null, null, null, null, java.util.List.of());
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

    /** A run of 60 one-second intervals around {@code rate} and {@code p99}, with 0.5% noise, from {@code seed}. */
    private static StressResult steady(long seed, double rate, double p99) {
        return steady(seed, rate, p99, 60, new long[60]);
    }

    private static StressResult steady(long seed, double rate, double p99, int intervals, long[] dropped) {
        Random random = new Random(seed);
        return SyntheticRuns.run(SyntheticRuns.ar1(random, intervals, rate, 0.005 * rate, 0.5),
                SyntheticRuns.ar1(random, intervals, p99, 0.005 * p99, 0.5), dropped);
    }

    private static Comparison.Row row(Comparison c, String figure) {
        return c.rows().stream().filter(r -> r.figure().equals(figure)).findFirst().orElseThrow();
    }

    @Test
    void aRegressionIsWorseSignificantAndBeyondTheBound() {
        StressResult a = steady(1, 50_000, 20);
        Comparison slower = Comparison.of(a, steady(2, 50_000, 30), 0.05);
        assertTrue(slower.regressions().contains("response p99 ms"), slower.regressions().toString());
        Comparison.Row p99 = row(slower, "response p99 ms");
        assertEquals("worse", p99.word());
        assertTrue(p99.relativeLow() > 0.4 && p99.relativeHigh() < 0.6, p99.toString());
        // 2% slower: real (the noise is 0.5%), worse, but inside the 5% bound: said, not failed.
        Comparison little = Comparison.of(a, steady(3, 50_000, 20.4), 0.05);
        assertEquals("worse", row(little, "response p99 ms").word());
        assertFalse(little.hasRegression(), little.regressions().toString());
        // Better is never a regression, however large.
        Comparison faster = Comparison.of(a, steady(4, 50_000, 10), 0.05);
        assertEquals("better", row(faster, "response p99 ms").word());
        assertFalse(faster.hasRegression());
        // The same process twice: within noise.
        assertEquals("within noise", row(Comparison.of(a, steady(5, 50_000, 20), 0.05), "written samples/s").word());
    }

    @Test
    void noDropsOnEitherSideCompareExactlyAndDropsWhereThereWereNoneRegress() {
        StressResult a = steady(1, 50_000, 20);
        Comparison.Row none = row(Comparison.of(a, steady(2, 50_000, 20), 0.05), "dropped samples");
        assertEquals(Comparison.Basis.EXACT, none.basis());
        assertEquals("same", none.word());
        long[] burst = new long[60];
        burst[30] = 500;
        Comparison dropped = Comparison.of(a, steady(2, 50_000, 20, 60, burst), 0.05);
        assertEquals(List.of("dropped samples"), dropped.regressions());
    }

    @Test
    void aRunTooShortForItsNoiseIsSaidSoPerFigureAndNotJudgedByTheBound() {
        StressResult a = steady(1, 50_000, 20, 5, new long[5]);
        Comparison c = Comparison.of(a, steady(2, 50_000, 30, 5, new long[5]), 0.05);
        Comparison.Row p99 = row(c, "response p99 ms");
        assertEquals(Comparison.Basis.TOO_SHORT, p99.basis());
        assertEquals("not judged", p99.word());
        assertTrue(p99.note().contains("5 and 5 intervals"), p99.note());
        assertFalse(c.hasRegression());
        assertTrue(c.tooShort().contains("written samples/s"));
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        ComparisonLines.print(c, new PrintStream(buf, true, StandardCharsets.UTF_8), List.of("a.json"), List.of("b.json"));
        String text = buf.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("not judged, too few intervals"), text);
    }

    @Test
    void severalRunsPerSideMakeTheRunsTheUnits() {
        List<StressResult> as = List.of(steady(1, 50_000, 20), steady(2, 51_000, 20), steady(3, 49_000, 20));
        List<StressResult> bs = List.of(steady(4, 50_500, 20), steady(5, 49_500, 20));
        Comparison c = Comparison.of(as, bs, 0.05);
        Comparison.Row rate = row(c, "written samples/s");
        assertEquals(Comparison.Basis.RUNS, rate.basis());
        assertEquals(3, rate.unitsA());
        assertEquals(2, rate.unitsB());
        // Runs 2% apart from one another: their spread, not one run's 0.5%, sets the interval.
        assertTrue(rate.relativeHigh() - rate.relativeLow() > 0.02, rate.toString());
        assertEquals("within noise", rate.word());
        assertTrue(c.byRuns());
        assertEquals("whole-run written samples/s, one value per run", rate.quantity());
    }

    @Test
    void theTableShowsEachIntervalAndTheRule() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        ComparisonLines.print(Comparison.of(steady(1, 50_000, 20), steady(2, 50_000, 30), 0.05),
                new PrintStream(buf, true, StandardCharsets.UTF_8), List.of("a.json"), List.of("b.json"));
        String text = buf.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("95% interval"), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("response p99 ms") && l.contains("worse  REGRESSION")
                && l.contains("[+")), text);
        assertTrue(text.contains("one run per side (60 and 60 report intervals)"), text);
        assertTrue(text.contains("result: "), text);
        assertTrue(text.contains("significant at 95% and beyond 5.0%"), text);
        assertTrue(text.contains("for this rule to flag a true 10.0% worsening (twice the bound) 80% of the time"), text);
        assertTrue(text.contains("Holm over 8 figures"), text);
    }

    @Test
    void aStartUpIsLeftOutOfTheIntervalAndSaidSo() {
        Random random = new Random(9);
        double[] rate = SyntheticRuns.ar1(random, 40, 10_000, 20, 0.5);
        double[] p99 = SyntheticRuns.ar1(random, 40, 20, 0.5, 0.5);
        p99[0] = 900;
        p99[1] = 700;
        Comparison c = Comparison.of(SyntheticRuns.run(rate, p99), steady(10, 10_000, 20, 40, new long[40]), 0.05);
        Comparison.Row row = row(c, "response p99 ms");
        assertTrue(row.note().startsWith("steady state from interval 3 of A and 1 of B"), row.note());
        // A's whole-run p99 is its start-up's (B 66% below it); the steady states are alike: within a few percent.
        assertTrue((row.wholeB() - row.wholeA()) / row.wholeA() < -0.5, "whole-run change " + row);
        assertTrue(row.relativeHigh() - row.relativeLow() < 0.2, row.toString());
        // One quantity per row: the change shown is the steady state's, the one its interval is about.
        assertTrue(Math.abs(row.change()) < 0.05, "steady change " + row.change());
        assertTrue(row.relativeLow() <= row.change() && row.change() <= row.relativeHigh(), row.toString());
        assertEquals(row.base(), row.a(), 1e-9);
        assertTrue(row.quantity().equals("mean of 1 s-interval p99s, steady state"), row.quantity());
        assertFalse(row.regression());
    }

    @Test
    void eachRowsChangeIntervalAndVerdictAreOfOneQuantityInBothModes() {
        Random random = new Random(12);
        SyntheticRuns.Noise noise = SyntheticRuns.Noise.independent(0.04, 0.7);
        SyntheticRuns.Levels slower = SyntheticRuns.Levels.TYPICAL.withP99(1.3);
        Comparison one = Comparison.of(SyntheticRuns.run(random, SyntheticRuns.Levels.TYPICAL, noise),
                SyntheticRuns.run(random, slower, noise), 0.05);
        Comparison runs = Comparison.of(
                List.of(SyntheticRuns.run(random, SyntheticRuns.Levels.TYPICAL, noise),
                        SyntheticRuns.run(random, SyntheticRuns.Levels.TYPICAL, noise)),
                List.of(SyntheticRuns.run(random, slower, noise), SyntheticRuns.run(random, slower, noise)), 0.05);
        for (Comparison c : List.of(one, runs)) {
            for (Comparison.Row r : c.rows()) {
                if (r.degreesOfFreedom() > 0) {
                    // The interval is centred on the difference the row shows: one quantity.
                    assertEquals((r.low() + r.high()) / 2, r.b() - r.a(), 1e-9 * Math.max(1, Math.abs(r.a())), r.toString());
                }
            }
        }
        Comparison.Row p99 = row(one, "response p99 ms");
        assertEquals("mean of 1 s-interval p99s, steady state", p99.quantity());
        // The synthetic whole-run p99 is not the mean of the intervals' (as a real run's is not): kept beside it.
        assertTrue(Math.abs(p99.wholeA() - p99.a()) > 0.01 * p99.a(), p99.toString());
        assertEquals("whole-run p99, one value per run", row(runs, "response p99 ms").quantity());
        assertEquals(row(runs, "response p99 ms").wholeA(), row(runs, "response p99 ms").a());
    }
}
