package org.metricsstress.engine;

import org.metricsstress.analysis.Judgement;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.api.ExitCode;
import org.metricsstress.api.Outcome;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.ReadMetrics;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.plan.Schedule;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.report.Summary;
import org.metricsstress.result.Distance;
import org.metricsstress.result.Evidence;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.ResultFixtures;
import org.metricsstress.result.StressResult;

/** The audit as the engine assembles it from the counters, not as a fixture states it. */
class RunResultsTest {

    private static StressResult assemble(StressMetrics m) {
        return assemble(m, null, Map.of(), null);
    }

    private static StressResult assemble(StressMetrics m, ReadMetrics reads, Map<String, String> latency,
            Distance.Relays relays) {
        return assemble(m, reads, latency, relays, List.of());
    }

    private static StressResult assemble(StressMetrics m, ReadMetrics reads, Map<String, String> latency,
            Distance.Relays relays, List<IntervalStats> intervals) {
        // 3 group resources of 10 samples each second, for a second: the schedule asks for 30 samples.
        StressConfig config = StressConfig.builder().nodes(3).interfaces(1).groups(1).attributes(10).strings(0)
                .index(false).interval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(1)).build();
        StressPlan plan = StressPlan.of(config);
        long start = System.nanoTime();
        Schedule schedule = new Schedule(plan, start, System.currentTimeMillis(), Duration.ofSeconds(1).toNanos());
        // Judged as report.RunReport judges what the engine returns.
        return Judgement.of(RunResults.of(new RunResults.Run(config, plan, schedule,
                org.metricsstress.result.Facts.NO_CLUSTER, List.of(), latency, null),
                new RunResults.Meters(m, null, null, null, reads, null, null, 8192),
                new Settle.Settled(new Settle.Generation(start + 1_000_000_000L, start + 1_000_000_000L),
                        start + 1_000_000_000L, true, intervals, null),
                new Baseline.ClientCost(1_000_000L, -1, -1, 0, 0, relays, -1, 0, 0)));
    }

    private static String summary(StressResult r) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Summary.print(r, new PrintStream(buf, true, StandardCharsets.UTF_8));
        return buf.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theSummaryGivesTheLagIntoEachProbedDcAndWhatTheRelaysCost() {
        StressMetrics m = new StressMetrics();
        m.generated(30, 0);
        m.written(30);
        ReadMetrics reads = new ReadMetrics(m.registry(), List.of("dc2", "dc3"));
        long t = System.nanoTime();
        reads.probeSent("dc2");
        reads.probeReadable("dc2", t, t + 4_000_000);
        reads.probeSent("dc3");
        reads.probeReadable("dc3", t, t + 30_000_000);
        reads.probeSent("dc3");
        reads.probeFailed("dc3");
        StressResult r = assemble(m, reads, Map.of("dc1-dc2", "2ms", "dc1-dc3", "15ms"), new Distance.Relays(5_400_000, 2.25));
        String text = summary(r);
        assertTrue(text.contains("freshness     3 probes, 2 readable, 1 failed"), text);
        assertTrue(text.contains("  in dc2        1 probes, 1 readable, 0 failed, 0 unsettled"), text);
        assertTrue(text.contains("  in dc3        2 probes, 1 readable, 1 failed, 0 unsettled"), text);
        assertTrue(text.matches("(?s).*  lag dc3     p50 30\\.\\d+ .*intended -> readable in dc3, 1 probes.*"), text);
        assertTrue(text.contains("  relays      moved 5.4 MB between DCs, CPU 2.3 s"), text);
        assertEquals(2, r.reads().freshnessByDc().get("dc3").probesSent());
    }

    @Test
    void countersThatAddUpBalanceAndPass() {
        StressMetrics m = new StressMetrics();
        m.generated(30, 0);
        m.written(20);
        m.dropped(5);
        m.failed(5, ErrorClass.TIMEOUT);
        StressResult r = assemble(m);
        assertEquals(0, r.unaccounted());
        assertTrue(r.auditBalances());
        assertEquals(5L, r.failedByClass().get("timeout"));
        assertTrue(summary(r).contains(": BALANCED"), summary(r));
        assertEquals(ExitCode.OK, Outcome.of(r).exitCode());
    }

    @Test
    void aSampleNeitherWrittenDroppedNorFailedUnbalancesTheAuditAndFailsTheRun() {
        StressMetrics m = new StressMetrics();
        m.generated(30, 0);
        m.written(20);
        m.dropped(5);
        m.failed(4, ErrorClass.TIMEOUT);
        StressResult r = assemble(m);
        assertEquals(1, r.unaccounted());
        assertFalse(r.auditBalances());
        assertEquals("AUDIT_UNBALANCED", r.verdict().kind());
        assertFalse(summary(r).contains(": BALANCED"), summary(r));
        assertEquals(ExitCode.CRITERIA_FAILED, Outcome.of(r).exitCode());
    }

    @Test
    void whatTheScheduleMeantButNoGeneratorReachedIsUnsentAndBalances() {
        StressMetrics m = new StressMetrics();
        m.generated(10, 0);
        m.generated(10, 0);
        m.written(20);
        m.unsent(10); // the third commit: its generator was behind when the run ended
        StressResult r = assemble(m);
        assertEquals(30, r.intended());
        assertEquals(10, r.unsent());
        assertTrue(r.auditBalances());
        assertTrue(summary(r).contains("intended 30 = unsent 10 + generated 20 = written 20"), summary(r));
        // Nothing else was recorded (no interval, no worker): not kept up, and nothing to blame.
        assertEquals("INCONCLUSIVE", r.verdict().kind(), "owed samples are not keeping up");
        assertTrue(r.verdict().message().contains("10 samples never sent"), r.verdict().message());
    }

    @Test
    void gapsOfOppositeSignOnTheTwoSidesOfTheAuditDoNotCancel() {
        // The schedule meant 30; 35 were counted generated (-5 against the schedule) and 30 written
        // (+5 unaccounted): the two gaps summed read 0, yet neither side balances.
        StressMetrics m = new StressMetrics();
        m.generated(35, 0);
        m.written(30);
        StressResult r = assemble(m);
        assertEquals(5, r.unaccounted());
        assertEquals(-5, r.scheduleGap());
        assertFalse(r.auditBalances());
        assertEquals("AUDIT_UNBALANCED", r.verdict().kind());
        assertTrue(summary(r).contains("OFF BY 10: 5 samples unaccounted for"), summary(r));
        assertTrue(summary(r).contains("-5 samples off the schedule"), summary(r));
        org.metricsstress.result.SlaResult sla = org.metricsstress.analysis.SlaCheck.evaluate(
                org.metricsstress.config.Sla.parse("--sla", "drops=0"), r);
        assertFalse(sla.passed(), "every --sla implies a balanced audit");
        assertTrue(org.metricsstress.api.Outcome.of(r).problem().contains("off the schedule"));
    }

    @Test
    void commitsThatNeitherWereGeneratedNorOwedUnbalanceTheAudit() {
        // What the schedule meant must all be generated or owed: 10 samples vanished (the hole of a
        // late generator stopped at the end, before the debt was counted).
        StressMetrics m = new StressMetrics();
        m.generated(20, 0);
        m.written(20);
        StressResult r = assemble(m);
        assertFalse(r.auditBalances());
        assertEquals("AUDIT_UNBALANCED", r.verdict().kind());
        assertTrue(summary(r).contains("OFF BY 10"), summary(r));
    }

    @Test
    void perNodeFiguresAreTabledWithASumPerDataCentre() {
        StressMetrics m = new StressMetrics();
        m.generated(30, 0);
        m.written(30);
        m.nodes().of("127.0.0.1:9042", "dc1").succeeded(20, 1_000_000);
        m.nodes().of("127.0.0.3:9042", "dc1").succeeded(10, 1_000_000);
        m.nodes().of("127.0.0.2:9042", "dc2").failed(ErrorClass.UNAVAILABLE);
        m.firstFailure(ErrorClass.UNAVAILABLE, "Not enough replicas available");
        StressResult r = assemble(m);
        String text = summary(r);
        assertEquals(3, r.nodes().size());
        assertEquals("dc1", r.nodes().get(0).dc(), "ordered by data centre");
        assertTrue(text.matches("(?s).*127\\.0\\.0\\.2:9042\\s+dc2\\s+1\\s+0\\s+1.*"), text);
        assertTrue(text.contains("unavailable 1"), text);
        assertTrue(text.matches("(?s).*dc dc1\\s+\\(sum\\)\\s+2\\s+30\\s+0\\n.*"), text);
        assertTrue(text.matches("(?s).*dc dc2\\s+\\(sum\\)\\s+1\\s+0\\s+1\\n.*"), text);
        assertTrue(text.contains("first unavailable Not enough replicas available"), text);
    }

    @Test
    void theDrainsShortIntervalStillCountsInTheLastStep() {
        // Two steps of 1 s at 10 and 20 samples/s; a late generator leaves 5 samples to the drain,
        // whose interval (50 ms) is too short for a line of the series. The steps still add up.
        StressConfig config = StressConfig.builder().nodes(1).interfaces(1).groups(1).attributes(10).strings(0)
                .index(false).interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(1))
                .rateSteps(org.metricsstress.config.ValueType.RATE_STEPS.parse("--rate-steps", "10:1s,20:1s")).build();
        StressPlan plan = StressPlan.of(config);
        long start = System.nanoTime();
        Schedule schedule = Schedule.stepped(plan, start, System.currentTimeMillis(), config.pacing().rateSteps().steps());
        StressMetrics m = new StressMetrics();
        org.metricsstress.metrics.IntervalSampler sampler = new org.metricsstress.metrics.IntervalSampler(m, start,
                10, () -> 0, () -> 0);
        m.generated(10, 0);
        m.written(10);
        java.util.List<org.metricsstress.result.IntervalStats> series = new java.util.ArrayList<>();
        series.add(sampler.sample(start + 1_000_000_000L));
        m.generated(10, 0);
        m.written(10);
        series.add(sampler.sample(start + 2_000_000_000L));
        m.generated(5, 0);
        m.written(5);
        org.metricsstress.result.IntervalStats drain = sampler.sample(start + 2_050_000_000L);
        StressResult r = RunResults.of(new RunResults.Run(config, plan, schedule, org.metricsstress.result.Facts.NO_CLUSTER, List.of(), Map.of(), null),
                new RunResults.Meters(m, null, null, null, null, null, null, 8192),
                new Settle.Settled(new Settle.Generation(start + 2_000_000_000L, start + 2_000_000_000L),
                        start + 2_050_000_000L, true, series, drain),
                new Baseline.ClientCost(1_000_000L, -1, -1, 0, 0, null, -1, 0, 0));
        assertEquals(25, r.generated());
        assertEquals(2, r.intervals().size(), "the drain's 50 ms is no line of the series");
        assertEquals(10, r.steps().get(0).generated());
        assertEquals(15, r.steps().get(1).generated(), "the drain's samples belong to the last step");
        assertEquals(r.written(), r.steps().get(0).written() + r.steps().get(1).written());
    }

    /**
     * CI's DiagnosisIT saw a run that never dropped need a ring of 160 against its peak of 126: a
     * report line caught a top of the backlog that the 100-ms watch missed. The peak counts every look.
     */
    @Test
    void theRingsPeakCountsTheReportLinesLooksSoARunThatNeverDroppedNeedsNoMoreThanIt() {
        StressMetrics m = new StressMetrics();
        m.generated(30, 0);
        IntervalStats line = ResultFixtures.interval(1, 1, 30, 30, 30, 0, 0, 30, 30, 0, 0, 160, 0, 0, null, null,
                null, null, -1, -1, -1, -1, 0, -1, 0);
        StressResult r = assemble(m, null, Map.of(), null, List.of(line));
        assertEquals(160, r.coldStart().ringPeak(), "no watch ran; the report line's look is the peak");
        assertEquals(r.coldStart().ringPeak(), Evidence.of(r).ringNeeded(), Evidence.of(r).ringModel());
        assertEquals(160, RunResults.ringPeak(126, List.of(line)));
        assertEquals(200, RunResults.ringPeak(200, List.of(line)), "the watch's higher look stays");
    }
}
