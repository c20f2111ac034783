package org.metricsstress.report;

import org.metricsstress.result.ClientSummary;
import org.metricsstress.result.Comparison;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.SlaCheck;
import org.metricsstress.result.SlaResult;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Verdict;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.Sla;
import org.metricsstress.result.LatencySummary;

class SlaAndComparisonTest {

    /** A result with the figures the SLA and the comparison read. */
    static StressResult result(double achieved, double p99, long dropped, double cpuPerSample) {
        LatencySummary response = new LatencySummary(1000, p99 / 4, p99 / 2, p99, p99 * 2, p99 * 3, p99 / 3);
        return new StressResult(StressResult.SCHEMA_VERSION, "metrics-stress", "dev", Map.of(), Map.of("nodes", 10),
                Map.of(), Map.of(), "2026-11-21T00:00:00Z", 60, 1, 1000, achieved, 60_000, (long) (achieved * 60) - dropped,
                dropped, 0, Map.of(), 0, true, 6000, 0, 0, 6000, response, response, LatencySummary.EMPTY,
                LatencySummary.EMPTY, new ClientSummary(10, 8, 2, cpuPerSample, 1 << 30, 1 << 28, 4, 20),
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

    @Test
    void comparisonFlagsOnlyWorseningBeyondTheBound() {
        StressResult a = result(1000, 20, 0, 2.0);
        assertFalse(Comparison.of(a, result(990, 20.5, 0, 2.05), 0.05).hasRegression());
        Comparison c = Comparison.of(a, result(1000, 30, 0, 2.0), 0.05);
        assertTrue(c.hasRegression());
        assertEquals(List.of("response p99 ms", "response p99.9 ms"), c.regressions());
        // Better is never a regression, however large the change.
        assertFalse(Comparison.of(a, result(1000, 5, 0, 1.0), 0.05).hasRegression());
        // Any drop where there was none is a regression.
        assertEquals(List.of("dropped samples"), Comparison.of(a, result(1000, 20, 10, 2.0), 0.05).regressions());
        assertTrue(Comparison.of(a, result(900, 20, 0, 2.0), 0.05).regressions().contains("written samples/s"));
    }

    @Test
    void comparisonPrintsATableAndTheOutcome() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Comparison.of(result(1000, 20, 0, 2), result(1000, 30, 0, 2), 0.05)
                .print(new PrintStream(buf, true, StandardCharsets.UTF_8), "a.json", "b.json");
        String text = buf.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("response p99 ms"));
        assertTrue(text.contains("+50.0%  REGRESSION"), text);
        assertTrue(text.contains("result: 2 regression(s) beyond 5.0%"), text);
    }
}
