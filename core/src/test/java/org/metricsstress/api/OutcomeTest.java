package org.metricsstress.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import org.metricsstress.result.Facts;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.Sla;
import org.metricsstress.result.ClientSummary;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.analysis.SlaCheck;
import org.metricsstress.result.SlaResult;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;

class OutcomeTest {
    /** A finished run's result whose audit is off by {@code unaccounted}. */
    private static StressResult result(long unaccounted, SlaResult sla) {
        long generated = 1000;
        long written = 1000 - unaccounted;
        LatencySummary l = new LatencySummary(100, 1, 2, 3, 4, 5, 1.5);
        return org.metricsstress.result.ResultFixtures.result(StressResult.SCHEMA_VERSION, "metrics-stress", "dev", Map.of(), Map.of(), Facts.NO_PLAN,
                Facts.NO_CLUSTER, "2026-11-23T00:00:00Z", 10, 0.5, 100, written / 10.0, generated, written, 0, 0, Map.of(),
                unaccounted, unaccounted == 0, 100, 0, 0, 100, l, l, l, l, org.metricsstress.result.ResultFixtures.client(1, 1, 2, 1, 1, 1, 0, 0),
                IndexSummary.DISABLED, null, new Verdict("KEPT_UP", "ok"), sla, List.of());
    }

    @Test
    void aBalancedRunThatMetItsCriteriaPasses() {
        Outcome o = Outcome.of(result(0, new SlaResult("drops=0", true, List.of())));
        assertEquals(ExitCode.OK, o.exitCode());
        assertNull(o.problem());
    }

    @Test
    void anUnbalancedAuditFailsTheRunWhateverElseItSays() {
        Outcome o = Outcome.of(result(7, null));
        assertEquals(ExitCode.CRITERIA_FAILED, o.exitCode());
        assertTrue(o.problem().startsWith("audit unbalanced: 7 samples unaccounted for"), o.problem());
    }

    @Test
    void everySlaImpliesABalancedAudit() {
        StressResult r = result(7, null);
        SlaResult sla = SlaCheck.evaluate(Sla.parse("--sla", "drops=0"), r);
        assertEquals(false, sla.passed());
        assertTrue(sla.failures().get(0).startsWith("unaccounted is 7, wanted = 0"), sla.failures().toString());
        assertEquals(true, SlaCheck.evaluate(Sla.parse("--sla", "drops=0"), result(0, null)).passed());
    }

    @Test
    void aFailedSlaFailsTheRunWithItsReasons() {
        Outcome o = Outcome.of(result(0, new SlaResult("p99<1ms", false, List.of("response.p99 is 3, wanted < 1"))));
        assertEquals(ExitCode.CRITERIA_FAILED, o.exitCode());
        assertEquals("SLA failed: response.p99 is 3, wanted < 1", o.problem());
    }
}
