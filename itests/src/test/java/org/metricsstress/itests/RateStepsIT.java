package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.metricsstress.api.Outcome;
import org.metricsstress.api.StressRun;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.Sla;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.ValueType;
import org.metricsstress.result.StepSummary;
import org.metricsstress.result.StressResult;

/** A stepped profile against a real node: each step paced at its rate, reported and judged on its own. */
@ExtendWith(CassandraExtension.class)
class RateStepsIT {

    @Test
    void eachStepIsPacedReportedAndJudgedOnItsOwn(CassandraServer server) throws Exception {
        // 10 nodes x 2 x 5 x 10 = 1,000 samples per interval: 1,000/s then 2,000/s, 4 s each. The
        // run's criteria hold in both steps; then a criterion no step can meet (written >= 1.5 x
        // target) fails each step on its own, and the run's outcome names the steps.
        StressConfig config = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace("rate_steps_it").nodes(10).interfaces(2).groups(5).attributes(10).strings(0)
                .interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(1))
                .rateSteps(ValueType.RATE_STEPS.parse("--rate-steps", "1k:4s,2k:4s"))
                .sla(Sla.parse("--sla", "drops=0,failed=0,p99<60s")).build();
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Outcome outcome = new StressRun(config, new PrintStream(buf, true, StandardCharsets.UTF_8)).execute();
        String out = buf.toString(StandardCharsets.UTF_8);
        System.out.println(out);
        StressResult r = outcome.result();

        assertTrue(r.auditBalances());
        assertEquals(1_000L * 4 + 2_000L * 4, r.generated(), "every step's intervals, each at its own pacing");
        assertEquals(2, r.steps().size());
        StepSummary one = r.steps().get(0);
        StepSummary two = r.steps().get(1);
        assertEquals(1_000, one.targetSamplesPerSecond(), 1e-9);
        assertEquals(2_000, two.targetSamplesPerSecond(), 1e-9);
        assertEquals(4.0, two.startSeconds(), 1e-9);
        assertEquals(r.generated(), one.generated() + two.generated(), "the steps' intervals cover the run");
        assertEquals(r.written(), one.written() + two.written());
        // A step's rate is measured on its own: the second wrote about twice as fast as the first.
        assertTrue(two.written() > 1.5 * one.written(), one.written() + " then " + two.written());
        assertEquals(r.responseLatency().count(), one.response().count() + two.response().count());
        assertTrue(one.sla().passed() && two.sla().passed(), out);
        assertTrue(r.sla().passed(), out);
        assertTrue(out.contains("event at 0.0 s: step 1 of 2: 1,000 samples/s for 4s"), out);
        assertTrue(out.contains("step 2 of 2: 2,000 samples/s for 4s"), out);
        assertTrue(out.contains("steps         step"), "the summary has a line per step:\n" + out);

        StressResult strict = org.metricsstress.analysis.SlaCheck.evaluateSteps(Sla.parse("--sla", "rate>=1.5"), r);
        assertFalse(strict.sla().passed());
        assertFalse(strict.steps().get(0).sla().passed());
        assertTrue(strict.sla().failures().get(0).startsWith("step 1: rate is "), strict.sla().failures().toString());
    }
}
