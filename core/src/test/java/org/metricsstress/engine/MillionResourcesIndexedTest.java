package org.metricsstress.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.OnFull;
import org.metricsstress.config.Sink;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.StressResult;

/**
 * At the field's scale every resource ends indexed: a plan of 1.2 million resources (1 M group
 * resources and 200,000 interface resources) flat out through the pipelined writer into the null
 * sink, as the client-only bench's cold phase runs, until every one is indexed. The bench's
 * field-50k shape reached 1,799,997 of 1.8 M and never the last three (their sends cut off by a
 * stack overflow in the index budget's recursive backlog drain; IndexBudgetTest has the mechanism);
 * then {@code stopWhenIndexed} waited out the whole cold limit and the drain timed out.
 */
class MillionResourcesIndexedTest {

    @Test
    void everyResourceOfAMillionResourcePlanEndsIndexedAndTheRunDrains() throws Exception {
        // -a 1 keeps the samples cheap: the index stage is what is under test.
        StressConfig.Builder plan = StressConfig.builder().nodes(10_000).interfaces(20).groups(5).attributes(1)
                .strings(1).interval(Duration.ofSeconds(300)).writer(Writer.PIPELINED).sink(Sink.NULL);
        double perSecond = org.metricsstress.plan.StressPlan.of(plan.build()).planSamplesPerSecond();
        StressConfig config = plan.onFull(OnFull.BLOCK).rateFactor(1_000_000 / perSecond)
                .reportInterval(Duration.ofSeconds(5)).duration(Duration.ofMinutes(4)).cacheMaxEntries(1_300_000)
                .build();
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        StressResult r = new StressEngine(config, new PrintStream(text, true, StandardCharsets.UTF_8))
                .stopWhenIndexed().execute();
        String out = text.toString(StandardCharsets.UTF_8);

        IndexSummary ix = r.index();
        assertEquals(1_200_000, ix.resourcesInPlan(), out);
        assertEquals(ix.resourcesInPlan(), ix.resourcesIndexed(), "every resource indexed:\n" + out);
        assertTrue(ix.secondsToComplete() >= 0, out);
        assertTrue(r.generationSeconds() < 200, "ended when indexed, not at the limit:\n" + out);
        assertTrue(r.drained(), "the index stage settled within the drain timeout:\n" + out);
        assertEquals(0, ix.stageErrors(), out);
        assertEquals(r.generated(), r.written(), out);
        assertEquals(1_200_000, r.cache().size(), "the cache learned each resource once:\n" + out);
    }
}
