package org.metricsstress.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.metricsstress.result.StressResult;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.config.Sla;

/** The whole search against a simulated cluster of known capacity. */
class FindMaxTest {
    private static final double CAPACITY = 40_000;
    private static final double PRECISION = 0.05;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    private FindMaxResult search(SimulatedCluster cluster, double start, double max, String sla, boolean includeCold,
            boolean indexing) throws Exception {
        FindMax.Settings settings = new FindMax.Settings(new CapacitySearch.Bounds(start, max, 2, PRECISION),
                Duration.ofSeconds(60), Duration.ofMinutes(10), indexing, includeCold, Sla.parse("--sla", sla),
                SimulatedCluster.RING);
        return new FindMax(settings, cluster, new PrintStream(console, true, StandardCharsets.UTF_8)).run();
    }

    private String console() {
        return console.toString(StandardCharsets.UTF_8);
    }

    /** Every judged step passed exactly when the simulated cluster is below the criteria's threshold. */
    private static void assertJudgedByTheThreshold(FindMaxResult r, double threshold) {
        for (SearchStep s : r.steps()) {
            if (s.judged()) {
                assertEquals(s.targetSamplesPerSecond() < threshold, s.passed(),
                        "step " + s.number() + " at " + s.targetSamplesPerSecond() + ": " + s.judgement().failures());
            }
        }
    }

    private static void assertBracketed(FindMaxResult r, double threshold) {
        assertEquals(CapacitySearch.Conclusion.FOUND, r.conclusion());
        double pass = r.highestPassing().orElseThrow().targetSamplesPerSecond();
        double fail = r.lowestFailing().orElseThrow().targetSamplesPerSecond();
        assertTrue(pass < threshold && threshold <= fail, pass + " .. " + fail + " around " + threshold);
        assertTrue((fail - pass) / pass <= PRECISION, pass + " .. " + fail);
        assertTrue(pass >= threshold * (1 - PRECISION), "answer " + pass + " for " + threshold);
    }

    @Test
    void findsTheCapacityTheCriteriaAllowWithinThePrecision() throws Exception {
        SimulatedCluster cluster = new SimulatedCluster(CAPACITY, true);
        FindMaxResult r = search(cluster, 5_000, 1e6, StepJudge.DEFAULT_SLA, false, true);
        // p99 < 100 ms holds up to 95% of the capacity; every other default criterion up to all of it.
        double threshold = cluster.p99Threshold(100);
        assertBracketed(r, threshold);
        assertJudgedByTheThreshold(r, threshold);

        // The warm-up ran first, at the start rate, until indexed, and was not judged.
        assertEquals(new SimulatedCluster.Call(5_000, true), cluster.calls.get(0));
        assertEquals(Phase.WARM_UP, r.steps().get(0).phase());
        assertFalse(r.steps().get(0).judged());
        assertTrue(cluster.calls.subList(1, cluster.calls.size()).stream().noneMatch(SimulatedCluster.Call::untilIndexed));
        // The first judged step is at the start rate; numbering counts judged steps from 1.
        assertEquals(5_000, r.steps().get(1).targetSamplesPerSecond());
        assertEquals(1, r.steps().get(1).number());
        assertEquals(cluster.calls.size(), r.steps().size());

        SearchStep fail = r.lowestFailing().orElseThrow();
        SearchStep pass = r.highestPassing().orElseThrow();
        String answer = StepTable.answer(r);
        assertTrue(answer.startsWith(String.format(java.util.Locale.ROOT,
                "highest sustainable rate: %,.0f samples/s (step %d, p99 %s ms); lowest failing: %,.0f (step %d: ",
                pass.targetSamplesPerSecond(), pass.number(), StepTable.ms(pass.p99Ms()),
                fail.targetSamplesPerSecond(), fail.number())), answer);
        assertTrue(answer.contains("response.p99 is"), answer);
        String out = console();
        assertTrue(out.endsWith(answer + "\n"), out);
        assertEquals(1, out.split(java.util.regex.Pattern.quote(answer), -1).length - 1, "answer printed once");
    }

    @Test
    void stepsStartWithALineAndTheTableHasARowForEach() throws Exception {
        FindMaxResult r = search(new SimulatedCluster(CAPACITY, true), 5_000, 1e6, StepJudge.DEFAULT_SLA, false, true);
        String out = console();
        for (SearchStep s : r.steps()) {
            if (s.judged()) {
                String start = String.format(java.util.Locale.ROOT, "step %d: target %,.0f samples/s for 60s (%s)%n",
                        s.number(), s.targetSamplesPerSecond(), s.phase().label());
                assertTrue(out.contains(start), start);
            }
        }
        String table = StepTable.render(r);
        List<String> rows = table.lines().filter(l -> l.matches("\\s*\\d+\\s+(warm-up|growth|halving|bisect).*")).toList();
        assertEquals(r.steps().size(), rows.size(), table);
        for (int i = 0; i < rows.size(); i++) {
            SearchStep s = r.steps().get(i);
            String row = rows.get(i);
            assertTrue(row.contains(StepTable.rate(s.targetSamplesPerSecond())), row);
            assertTrue(row.contains(s.judgement().backlog().brief()), row);
            assertTrue((row + " ").contains(!s.judged() ? " - " : s.passed() ? " pass " : " FAIL "), row);
        }
        assertTrue(out.contains(table), "the table is printed as rendered");
    }

    @Test
    void aFailingFirstStepHalvesTheRateThenBisects() throws Exception {
        SimulatedCluster cluster = new SimulatedCluster(CAPACITY, false);
        FindMaxResult r = search(cluster, 100_000, 1e6, StepJudge.DEFAULT_SLA, false, false);
        assertEquals(List.of(Phase.GROWTH, Phase.HALVING, Phase.HALVING),
                r.steps().subList(0, 3).stream().map(SearchStep::phase).toList());
        assertEquals(List.of(100_000.0, 50_000.0, 25_000.0),
                r.steps().subList(0, 3).stream().map(SearchStep::targetSamplesPerSecond).toList());
        double threshold = cluster.p99Threshold(100);
        assertBracketed(r, threshold);
        assertJudgedByTheThreshold(r, threshold);
        // Overloaded steps fail on drops, rate, p99 and a growing backlog alike.
        assertTrue(r.steps().get(0).judgement().failures().stream().anyMatch(f -> f.startsWith("ring backlog growing")));
    }

    @Test
    void noPassingRateEndsWithTheLowestRateTried() throws Exception {
        SimulatedCluster cluster = new SimulatedCluster(1_000, false);
        FindMaxResult r = search(cluster, 100_000, 1e6, StepJudge.DEFAULT_SLA, false, false);
        assertEquals(CapacitySearch.Conclusion.NONE_PASSED, r.conclusion());
        assertFalse(r.answered());
        assertTrue(r.highestPassing().isEmpty());
        double lowest = 100_000 / Math.pow(2, CapacitySearch.MAX_HALVINGS);
        assertEquals(lowest, r.lowestFailing().orElseThrow().targetSamplesPerSecond());
        assertEquals(1 + CapacitySearch.MAX_HALVINGS, r.steps().size());
        assertTrue(StepTable.answer(r).startsWith(String.format(java.util.Locale.ROOT,
                "no rate passed down to %,.0f samples/s (step %d: ", lowest, r.steps().size())), StepTable.answer(r));
    }

    @Test
    void passingAtTheMaximumRateAnswersAtLeastThat() throws Exception {
        SimulatedCluster cluster = new SimulatedCluster(1e6, false);
        FindMaxResult r = search(cluster, 5_000, 30_000, StepJudge.DEFAULT_SLA, false, false);
        assertEquals(CapacitySearch.Conclusion.AT_LEAST_MAX_RATE, r.conclusion());
        assertTrue(r.answered());
        assertTrue(r.lowestFailing().isEmpty());
        SearchStep last = r.steps().get(r.steps().size() - 1);
        assertEquals(30_000, last.targetSamplesPerSecond(), "the step at --max-rate itself is run");
        assertEquals(last, r.highestPassing().orElseThrow());
        assertTrue(r.steps().stream().allMatch(SearchStep::passed));
        assertTrue(StepTable.answer(r).startsWith("highest sustainable rate: at least 30,000 samples/s"),
                StepTable.answer(r));
    }

    @Test
    void aCustomSlaMovesTheAnswerToWhereItsCriteriaFail() throws Exception {
        SimulatedCluster cluster = new SimulatedCluster(CAPACITY, false);
        FindMaxResult r = search(cluster, 5_000, 1e6, "p99<20ms,rate>=0.99", false, false);
        double threshold = cluster.p99Threshold(20);
        assertTrue(threshold < cluster.p99Threshold(100));
        assertBracketed(r, threshold);
        assertJudgedByTheThreshold(r, threshold);
        SearchStep fail = r.lowestFailing().orElseThrow();
        // Below the capacity only the p99 bound can fail it: nothing is dropped and the rate is met.
        assertTrue(fail.targetSamplesPerSecond() < CAPACITY);
        assertEquals(1, fail.judgement().failures().size(), fail.judgement().failures().toString());
        assertTrue(fail.judgement().failures().get(0).matches("response\\.p99 is [0-9.,]+, wanted < 20"),
                fail.judgement().failures().toString());
    }

    @Test
    void includeColdJudgesTheFirstStepColdAndReportsItsTimeToSteadyState() throws Exception {
        SimulatedCluster cluster = new SimulatedCluster(CAPACITY, true);
        FindMaxResult r = search(cluster, 5_000, 1e6, StepJudge.DEFAULT_SLA, true, true);
        assertTrue(cluster.calls.stream().noneMatch(SimulatedCluster.Call::untilIndexed), "no warm-up");
        SearchStep first = r.steps().get(0);
        assertTrue(first.judged() && first.coldCache());
        assertEquals(1, first.number());
        assertEquals(SimulatedCluster.COLD_SECONDS, first.secondsToSteadyState());
        assertTrue(r.steps().subList(1, r.steps().size()).stream().noneMatch(SearchStep::coldCache));
        String table = StepTable.render(r);
        assertTrue(table.contains("growth, cold"), table);
        assertTrue(table.contains(String.format(java.util.Locale.ROOT,
                "step 1 started on a cold cache: every resource indexed after %.1f s", SimulatedCluster.COLD_SECONDS)),
                table);
        assertBracketed(r, cluster.p99Threshold(100));
    }

    @Test
    void anInterruptedStepEndsTheSearchWithoutStartingAnother() {
        SimulatedCluster cluster = new SimulatedCluster(CAPACITY, false);
        StepRunner interruptedAtTheThird = (target, untilIndexed) -> {
            if (cluster.calls.size() == 2) {
                Thread.currentThread().interrupt(); // as the engine leaves it after an interrupt
            }
            return cluster.run(target, untilIndexed);
        };
        FindMax.Settings settings = new FindMax.Settings(new CapacitySearch.Bounds(5_000, 1e6, 2, PRECISION),
                Duration.ofSeconds(60), Duration.ofMinutes(10), false, false,
                Sla.parse("--sla", StepJudge.DEFAULT_SLA), SimulatedCluster.RING);
        try {
            assertThrows(InterruptedException.class, () -> new FindMax(settings, interruptedAtTheThird,
                    new PrintStream(console, true, StandardCharsets.UTF_8)).run());
        } finally {
            assertTrue(Thread.interrupted(), "the interrupt stays set for the caller");
        }
        assertEquals(3, cluster.calls.size());
    }

    /** Karaf's Ctrl-C is a stop request, not an interrupt: the step in progress is the last. */
    @Test
    void aStopRequestedDuringAStepEndsTheSearchAfterIt() {
        SimulatedCluster cluster = new SimulatedCluster(CAPACITY, false);
        StepRunner stoppedInTheThird = new StepRunner() {
            @Override
            public StressResult run(double target, boolean untilIndexed) {
                return cluster.run(target, untilIndexed);
            }

            @Override
            public boolean stopRequested() {
                return cluster.calls.size() >= 3;
            }
        };
        FindMax.Settings settings = new FindMax.Settings(new CapacitySearch.Bounds(5_000, 1e6, 2, PRECISION),
                Duration.ofSeconds(60), Duration.ofMinutes(10), false, false,
                Sla.parse("--sla", StepJudge.DEFAULT_SLA), SimulatedCluster.RING);
        InterruptedException e = assertThrows(InterruptedException.class, () -> new FindMax(settings,
                stoppedInTheThird, new PrintStream(console, true, StandardCharsets.UTF_8)).run());
        assertEquals("find-max stopped after step 3", e.getMessage());
        assertFalse(Thread.currentThread().isInterrupted(), "a stop is no interrupt of the caller");
        assertEquals(3, cluster.calls.size());
    }

    @Test
    void withoutIndexingThereIsNoCacheToWarm() throws Exception {
        SimulatedCluster cluster = new SimulatedCluster(CAPACITY, false);
        FindMaxResult r = search(cluster, 5_000, 1e6, StepJudge.DEFAULT_SLA, false, false);
        assertTrue(r.steps().stream().allMatch(SearchStep::judged));
        assertTrue(cluster.calls.stream().noneMatch(SimulatedCluster.Call::untilIndexed));
        assertFalse(console().contains("warm-up"));
    }

    @Test
    void theJsonHoldsEveryStepWithItsResultAndTheAnswer(@TempDir Path dir) throws Exception {
        SimulatedCluster cluster = new SimulatedCluster(CAPACITY, true);
        FindMaxResult r = search(cluster, 5_000, 1e6, StepJudge.DEFAULT_SLA, false, true);
        Path file = dir.resolve("find-max.json");
        FindMaxJson.write(r, file);
        JsonNode json = new ObjectMapper().readTree(file.toFile());
        assertEquals("find-max", json.get("command").asText());
        assertEquals(StepJudge.DEFAULT_SLA, json.get("search").get("sla").asText());
        JsonNode steps = json.get("steps");
        assertEquals(r.steps().size(), steps.size());
        for (int i = 0; i < steps.size(); i++) {
            SearchStep s = r.steps().get(i);
            JsonNode j = steps.get(i);
            assertEquals(s.number(), j.get("step").asInt());
            assertEquals(s.phase().label(), j.get("phase").asText());
            assertEquals(s.targetSamplesPerSecond(), j.get("targetSamplesPerSecond").asDouble());
            assertEquals(s.achievedSamplesPerSecond(), j.get("achievedSamplesPerSecond").asDouble());
            assertEquals(s.p99Ms(), j.get("p99Ms").asDouble());
            assertEquals(s.result().dropped(), j.get("drops").asLong());
            assertEquals(s.judgement().backlog().kind().label(), j.get("backlog").get("trend").asText());
            if (s.judged()) {
                assertEquals(s.passed(), j.get("passed").asBoolean());
                assertEquals(s.judgement().failures().size(), j.get("failures").size());
            } else {
                assertTrue(j.get("passed").isNull());
            }
            assertEquals(s.result().written(), j.get("result").get("written").asLong());
            assertEquals(s.result().intervals().size(), j.get("result").get("intervals").size());
        }
        JsonNode answer = json.get("answer");
        assertEquals("found", answer.get("conclusion").asText());
        assertEquals(r.highestPassing().orElseThrow().targetSamplesPerSecond(),
                answer.get("highestSustainableSamplesPerSecond").asDouble());
        assertEquals(r.lowestFailing().orElseThrow().number(), answer.get("lowestFailingStep").asInt());
        assertEquals(StepTable.answer(r), answer.get("text").asText());
        assertNull(answer.get("nothing"));
    }
}
