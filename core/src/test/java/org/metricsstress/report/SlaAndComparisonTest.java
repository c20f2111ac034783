package org.metricsstress.report;

import org.metricsstress.result.ClientSummary;
import org.metricsstress.result.Facts;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.analysis.SlaCheck;
import org.metricsstress.result.SlaResult;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.Sla;
import org.metricsstress.result.LatencySummary;

/** The SLA's checks; compare's judgement is ComparisonTest's and ComparisonNoiseTest's. */
class SlaAndComparisonTest {

    /** A result with the figures the SLA and the comparison read. */
    static StressResult result(double achieved, double p99, long dropped, double cpuPerSample) {
        LatencySummary response = new LatencySummary(1000, p99 / 4, p99 / 2, p99, p99 * 2, p99 * 3, p99 / 3);
        return org.metricsstress.result.ResultFixtures.result(StressResult.SCHEMA_VERSION, "metrics-stress", "dev", Map.of(), Map.of("nodes", 10),
                Facts.NO_PLAN, Facts.NO_CLUSTER, "2026-11-21T00:00:00Z", 60, 1, 1000, achieved, 60_000, (long) (achieved * 60) - dropped,
                dropped, 0, Map.of(), 0, true, 6000, 0, 0, 6000, response, response, LatencySummary.EMPTY,
                LatencySummary.EMPTY, org.metricsstress.result.ResultFixtures.client(10, 8, 2, cpuPerSample, 1 << 30, 1 << 28, 4, 20),
                IndexSummary.DISABLED, null, new Verdict("KEPT_UP", ""), null, List.of());
    }

    @Test
    void slaPassesAndFailsWithReasons() {
        StressResult r = result(990, 30, 0, 2);
        SlaResult pass = SlaCheck.evaluate(Sla.parse("--sla", "p99<50ms,drops=0,rate>=0.98"), r);
        assertTrue(pass.passed(), pass.failures().toString());
        SlaResult fail = SlaCheck.evaluate(Sla.parse("--sla", "p99<25ms,drops=0,rate>=0.995"), r);
        assertFalse(fail.passed());
        assertEquals(List.of("response.p99 is 30, wanted < 25", "rate is 0.990, wanted >= 0.995"), fail.failures());
    }

    @Test
    void aBoundOnSomethingNotMeasuredFails() {
        SlaResult r = SlaCheck.evaluate(Sla.parse("--sla", "index.time<60"), result(1000, 10, 0, 1));
        assertFalse(r.passed());
        assertEquals(List.of("index.time is not measured, wanted < 60"), r.failures());
    }
}
