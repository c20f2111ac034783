package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.capacity.BacklogTrend;
import org.metricsstress.capacity.CapacitySearch;
import org.metricsstress.capacity.EngineStepRunner;
import org.metricsstress.capacity.FindMax;
import org.metricsstress.capacity.FindMaxJson;
import org.metricsstress.capacity.FindMaxResult;
import org.metricsstress.capacity.Phase;
import org.metricsstress.capacity.SearchStep;
import org.metricsstress.capacity.StepTable;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.Sla;
import org.metricsstress.config.StressConfig;

/**
 * The capacity search against a real node, through the classes find-max runs. The pipeline is
 * throttled to one request of one commit in flight through one writer and a small ring, so its
 * capacity is a few tens of thousands of samples per second at most, far below the highest rate
 * allowed: growth by 4 from 1,000/s reaches a rate that drops within a few steps, and the search
 * must end bracketed by a passing and a failing step. No capacity figure is asserted: it depends on
 * the machine.
 */
@ExtendWith(CassandraExtension.class)
@Acceptance
class FindMaxIT {
    private static final int RING = 256;
    private static final double PRECISION = 0.2;

    @Test
    void aThrottledPipelinesCapacityIsBracketedByAPassingAndAFailingStep(CassandraServer server, @TempDir Path dir)
            throws Exception {
        ContactPoint node = new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort());
        // 200 group resources x 10 samples every second: 2,000 samples/s at rate factor 1.
        Supplier<StressConfig.Builder> options = () -> StressConfig.builder().contactPoints(List.of(node))
                .keyspace("it_find_max").nodes(20).interfaces(2).groups(5).attributes(10).strings(1)
                .interval(Duration.ofSeconds(1)).ringSize(RING).writerThreads(1).maxInFlight(1).batchCommits(1);
        FindMax.Settings settings = new FindMax.Settings(new CapacitySearch.Bounds(1_000, 512_000, 4, PRECISION),
                Duration.ofSeconds(4), Duration.ofSeconds(60), true, false,
                Sla.parse("--sla", "drops=0,failed=0,rate>=0.98"), RING, Duration.ZERO);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        FindMaxResult r;
        try (EngineStepRunner runner = EngineStepRunner.open(options, settings.stepDuration(),
                new PrintStream(OutputStream.nullOutputStream()))) {
            r = new FindMax(settings, runner, new PrintStream(console, true, StandardCharsets.UTF_8)).run();
        }
        String out = console.toString(StandardCharsets.UTF_8);
        System.out.println(out);

        // FOUND brackets the answer within the precision by the search's own arithmetic
        // (CapacitySearchTest); what only a real run shows is whether its steps measured it.
        assertEquals(CapacitySearch.Conclusion.FOUND, r.conclusion(), out);
        SearchStep pass = r.highestPassing().orElseThrow();
        SearchStep fail = r.lowestFailing().orElseThrow();
        // The passing step really kept up, by the run's own figures, not by the judge's verdict.
        assertEquals(0, pass.result().dropped());
        assertEquals(0, pass.result().failed());
        assertTrue(pass.result().writtenSamplesPerSecond() >= 0.98 * pass.result().targetSamplesPerSecond());
        assertEquals(BacklogTrend.Kind.FLAT, pass.judgement().backlog().kind());
        // The failing step really fell behind, by its own figures: samples dropped (the ring is
        // small and drops when full), a written rate short of its target, or a backlog not flat.
        assertTrue(fail.result().dropped() > 0 || fail.result().failed() > 0
                || fail.result().writtenSamplesPerSecond() < 0.98 * fail.result().targetSamplesPerSecond()
                || fail.judgement().backlog().kind() != BacklogTrend.Kind.FLAT,
                "the lowest failing step kept up by its own figures: " + fail.result().verdict());
        assertFalse(fail.judgement().failures().isEmpty());

        // The warm-up filled the shared cache: it indexed every resource, and no judged step wrote an index row.
        SearchStep warmUp = r.steps().get(0);
        assertEquals(Phase.WARM_UP, warmUp.phase());
        assertTrue(warmUp.secondsToSteadyState() >= 0, "warm-up did not index everything");
        assertEquals(warmUp.result().index().resourcesInPlan(), warmUp.result().index().resourcesIndexed());
        for (SearchStep s : r.steps().subList(1, r.steps().size())) {
            assertTrue(s.judged());
            assertTrue(s.result().auditBalances(), "step " + s.number());
            assertTrue(s.result().written() > 0, "step " + s.number());
            assertEquals(0, s.result().index().rowsWritten(), "step " + s.number() + " found the cache cold");
            assertEquals(s.targetSamplesPerSecond(), s.result().targetSamplesPerSecond(),
                    s.targetSamplesPerSecond() * 1e-6, "step " + s.number() + " ran at another rate");
            if (s.judgement().passed()) {
                // ... and a step that passed generated that rate for the step's length (within one
                // interval of the plan's 2,000 samples): a step cut short would pass on a lighter load.
                double planned = s.targetSamplesPerSecond() * settings.stepDuration().toMillis() / 1000.0;
                assertEquals(planned, s.result().generated(), 2_000.0, "step " + s.number() + " generated another load");
            }
        }

        assertTrue(out.contains(StepTable.render(r)), "the table is printed");
        assertTrue(out.endsWith(StepTable.answer(r) + "\n"), out);
        Path json = dir.resolve("find-max.json");
        FindMaxJson.write(r, json);
        JsonNode tree = new ObjectMapper().readTree(json.toFile());
        assertEquals(r.steps().size(), tree.get("steps").size());
        assertEquals("found", tree.get("answer").get("conclusion").asText());
    }
}
