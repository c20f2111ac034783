package org.metricsstress.analysis;

import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.SlaResult;

import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.StepSummary;
import org.metricsstress.result.StressResult;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.Sla;

/** --sla sees every loss of a run, those outside its report intervals too. */
class SlaCheckTest {
    private static final Sla NOTHING_LOST = Sla.parse("--sla", "drops=0,failed=0,unsent=0");

    /** Every report interval kept up; what the run lost came after the last of them. */
    private static StressResult lostAfterTheLastInterval(long dropped, long abandoned, long unsent) {
        RecordedRun run = new RecordedRun().set("cache-max-entries", 20_000).unsent(unsent);
        for (int i = 0; i < 6; i++) {
            run.interval(50_000, 0, 0, 20, 0, 3.0, 0.6, 0.3, 0.6, 0.0, 10_000);
        }
        run.afterLastInterval(0, dropped, abandoned);
        if (abandoned > 0) {
            run.failed("abandoned", abandoned);
        }
        return run.index(10_000, 0, 12_000, 12_000, 12_000, 12).cache("guava", 0, 0, 0).build();
    }

    /** A step of 15 s from its report intervals alone (RecordedRun's latencies have no histogram to add). */
    private static StepSummary step(int n, List<IntervalStats> in) {
        long written = in.stream().mapToLong(IntervalStats::written).sum();
        LatencySummary l = in.get(0).response();
        return new StepSummary(n, 10_000, 15 * (n - 1), 15, in.stream().mapToLong(IntervalStats::generated).sum(),
                written, in.stream().mapToLong(IntervalStats::dropped).sum(),
                in.stream().mapToLong(IntervalStats::failed).sum(), written / 15.0, l, l, l, l, 20, null);
    }

    @Test
    void theWholeRunIsJudgedByItsTotals() {
        assertTrue(SlaCheck.evaluate(NOTHING_LOST, lostAfterTheLastInterval(0, 0, 0)).passed());
        SlaResult dropped = SlaCheck.evaluate(NOTHING_LOST, lostAfterTheLastInterval(2_000, 0, 0));
        assertFalse(dropped.passed());
        assertTrue(dropped.failures().contains("drops is 2,000, wanted = 0"), dropped.failures().toString());
        SlaResult owed = SlaCheck.evaluate(NOTHING_LOST, lostAfterTheLastInterval(0, 0, 5_000));
        assertTrue(owed.failures().contains("unsent is 5,000, wanted = 0"), owed.failures().toString());
    }

    /**
     * Steps assembled from the listed report lines alone (the engine adds the drain's own interval to
     * the last step; a result put together otherwise may not): the run's drops and failures that no
     * step holds are the last step's.
     */
    @Test
    void whatNoStepHoldsIsTheLastStepsLoss() {
        for (long[] loss : List.of(new long[] {2_000, 0}, new long[] {0, 1_000})) {
            StressResult r = lostAfterTheLastInterval(loss[0], loss[1], 0);
            StressResult stepped = r.withSteps(List.of(step(1, r.intervals().subList(0, 3)),
                    step(2, r.intervals().subList(3, 6))), null);
            SlaResult outcome = SlaCheck.evaluateSteps(NOTHING_LOST, stepped).sla();
            assertFalse(outcome.passed(), "dropped " + loss[0] + ", failed " + loss[1]);
            assertTrue(outcome.failures().stream().allMatch(f -> f.startsWith("step 2: ")), outcome.failures().toString());
        }
    }
}
