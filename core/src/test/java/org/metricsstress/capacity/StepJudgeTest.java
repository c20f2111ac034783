package org.metricsstress.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.Sla;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.StressResult;

/** The judgement of one step: --sla criteria plus a ring backlog that did not grow. */
class StepJudgeTest {
    private static final int RING = 1024;
    private static final StepJudge DEFAULT = new StepJudge(Sla.parse("--sla", StepJudge.DEFAULT_SLA), RING);

    private static BacklogTrend trend(long[] occupancy, long drain) {
        return DEFAULT.judge(Results.withOccupancy(occupancy, drain)).backlog();
    }

    @Test
    void aHealthyStepPassesWithNoFailures() {
        StepJudgement o = DEFAULT.judge(Results.withOccupancy(new long[] {0, 1, 0, 2, 1, 0}, -1));
        assertTrue(o.passed(), o.failures().toString());
        assertEquals(List.of(), o.failures());
        assertEquals(BacklogTrend.Kind.FLAT, o.backlog().kind());
    }

    @Test
    void aBacklogRisingOverTheStepFailsItEvenWithoutDrops() {
        StepJudgement o = DEFAULT.judge(Results.withOccupancy(new long[] {10, 60, 120, 200, 300, 420}, -1));
        assertEquals(BacklogTrend.Kind.GROWING, o.backlog().kind());
        assertEquals(Math.round((10 + 60 + 120) / 3.0), Math.round(o.backlog().firstHalfMean()));
        assertEquals(Math.round((200 + 300 + 420) / 3.0), Math.round(o.backlog().lastHalfMean()));
        assertEquals(420, o.backlog().lastOccupancy());
        assertFalse(o.passed());
        assertEquals(1, o.failures().size(), o.failures().toString());
        assertTrue(o.failures().get(0).startsWith("ring backlog growing"), o.failures().get(0));
    }

    @Test
    void noiseWithinOnePercentOfTheRingIsFlat() {
        // Jumps of up to 3% between snapshots, but the halves' means differ by under 1% of 1,024.
        long[] noisy = {0, 30, 2, 28, 5, 25, 1, 31, 3, 27, 4, 29};
        BacklogTrend t = trend(noisy, -1);
        assertEquals(BacklogTrend.Kind.FLAT, t.kind(), t.brief());
        assertTrue(Math.abs(t.lastHalfMean() - t.firstHalfMean()) < RING * 0.01);
    }

    @Test
    void aBurstWorkedOffByTheEndIsNotGrowth() {
        BacklogTrend t = trend(new long[] {0, 0, 0, 400, 500, 0}, -1);
        assertTrue(t.lastHalfMean() - t.firstHalfMean() > RING * 0.01, "the means alone would call it growth");
        assertEquals(BacklogTrend.Kind.FLAT, t.kind());
    }

    @Test
    void aRingFullFromTheStartIsFullNotFlat() {
        BacklogTrend t = trend(new long[] {1020, 1024, 1023, 1024, 1022, 1024}, -1);
        assertEquals(BacklogTrend.Kind.FULL, t.kind());
        assertTrue(t.failsStep());
        assertTrue(t.failure().startsWith("ring backlog full"), t.failure());
    }

    @Test
    void theIntervalAfterTheDrainDoesNotHideGrowth() {
        // The drain empties the ring; counting its interval would end the step at 0.
        BacklogTrend t = trend(new long[] {10, 60, 120, 200, 300, 420}, 0);
        assertEquals(BacklogTrend.Kind.GROWING, t.kind());
        assertEquals(420, t.lastOccupancy());
    }

    @Test
    void fewerThanTwoIntervalsCannotBeJudgedAndFail() {
        StepJudgement o = DEFAULT.judge(Results.withOccupancy(new long[] {5}, -1));
        assertEquals(BacklogTrend.Kind.UNKNOWN, o.backlog().kind());
        assertFalse(o.passed());
        assertTrue(o.failures().get(0).startsWith("ring backlog not measured"), o.failures().toString());
    }

    @Test
    void theCriteriaAreTheGivenSlaNotTheDefault() {
        long[] flat = {0, 1, 0, 1};
        // 5% dropped, p99 80 ms: fails the default (drops=0, rate>=0.98) but not a lenient --sla.
        StressResult r = Results.run(1000, 950, 80, 20, flat, -1, IndexSummary.DISABLED);
        StepJudgement byDefault = DEFAULT.judge(r);
        assertFalse(byDefault.passed());
        assertEquals(List.of("drops is 1,000, wanted = 0", "rate is 0.950, wanted >= 0.980"), byDefault.failures());

        StepJudgement lenient = new StepJudge(Sla.parse("--sla", "rate>=0.9,p99<=80ms"), RING).judge(r);
        assertTrue(lenient.passed(), lenient.failures().toString());

        StepJudgement strict = new StepJudge(Sla.parse("--sla", "p99<50ms,p99.9<1s"), RING).judge(r);
        assertEquals(List.of("response.p99 is 80, wanted < 50"), strict.failures());
    }

    @Test
    void criteriaAndBacklogFailuresAreListedTogether() {
        StressResult r = Results.run(1000, 900, 150, 30, new long[] {100, 300, 500, 700, 900, 1000}, 0,
                IndexSummary.DISABLED);
        StepJudgement o = DEFAULT.judge(r);
        assertEquals(4, o.failures().size(), o.failures().toString());
        assertTrue(o.failures().get(3).startsWith("ring backlog"), o.failures().toString());
    }
}
