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
                SimulatedCluster.RING, Duration.ZERO);
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
        assertEquals(new SimulatedCluster.Call(5_000, Duration.ofMinutes(10), true), cluster.calls.get(0));
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
                "highest sustainable rate: %,.0f samples/s (step %d, p99 %s ms); lowest failing: %,.0f (steps %d and %d: ",
                pass.targetSamplesPerSecond(), pass.number(), StepTable.ms(pass.p99Ms()),
                fail.targetSamplesPerSecond(), fail.number(), fail.number() + 1)), answer);
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
                String start = String.format(java.util.Locale.ROOT, "step %d: target %,.0f samples/s for 60s (%s%s)%n",
                        s.number(), s.targetSamplesPerSecond(), s.phase().label(),
                        s.repeats() > 0 ? " step " + s.repeats() : "");
                assertTrue(out.contains(start), start);
            }
        }
        String table = StepTable.render(r);
        List<String> rows = table.lines().filter(l -> l.matches("\\s*\\d+\\s+(warm-up|growth|halving|bisect|confirm).*")).toList();
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
        // Each failing rate is confirmed by a step at the same rate before the search halves it.
        assertEquals(List.of(Phase.GROWTH, Phase.CONFIRM, Phase.HALVING, Phase.CONFIRM, Phase.HALVING),
                r.steps().subList(0, 5).stream().map(SearchStep::phase).toList());
        assertEquals(List.of(100_000.0, 100_000.0, 50_000.0, 50_000.0, 25_000.0),
                r.steps().subList(0, 5).stream().map(SearchStep::targetSamplesPerSecond).toList());
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
        // Every rate failed twice: its step and the step that confirmed it.
        assertEquals(2 * (1 + CapacitySearch.MAX_HALVINGS), r.steps().size());
        assertTrue(StepTable.answer(r).startsWith(String.format(java.util.Locale.ROOT,
                "no rate passed down to %,.0f samples/s (steps %d and %d: ", lowest, r.steps().size() - 1,
                r.steps().size())), StepTable.answer(r));
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
        StepRunner interruptedAtTheThird = (target, duration, untilIndexed) -> {
            if (cluster.calls.size() == 2) {
                Thread.currentThread().interrupt(); // as the engine leaves it after an interrupt
            }
            return cluster.run(target, duration, untilIndexed);
        };
        FindMax.Settings settings = new FindMax.Settings(new CapacitySearch.Bounds(5_000, 1e6, 2, PRECISION),
                Duration.ofSeconds(60), Duration.ofMinutes(10), false, false,
                Sla.parse("--sla", StepJudge.DEFAULT_SLA), SimulatedCluster.RING, Duration.ZERO);
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
            public StressResult run(double target, Duration duration, boolean untilIndexed) {
                return cluster.run(target, duration, untilIndexed);
            }

            @Override
            public boolean stopRequested() {
                return cluster.calls.size() >= 3;
            }
        };
        FindMax.Settings settings = new FindMax.Settings(new CapacitySearch.Bounds(5_000, 1e6, 2, PRECISION),
                Duration.ofSeconds(60), Duration.ofMinutes(10), false, false,
                Sla.parse("--sla", StepJudge.DEFAULT_SLA), SimulatedCluster.RING, Duration.ZERO);
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

    /**
     * A simulated cluster whose judged steps numbered in {@code noisy} (1 = the first after any
     * warm-up) come back as a cold client's: every sample written, the ring flat, but p99 111 ms.
     */
    private static StepRunner noisy(SimulatedCluster cluster, boolean warmUp, Integer... noisy) {
        List<Integer> steps = List.of(noisy);
        return (target, duration, untilIndexed) -> {
            StressResult r = cluster.run(target, duration, untilIndexed);
            int judged = cluster.calls.size() - (warmUp ? 1 : 0);
            return steps.contains(judged) ? Results.run(target, target, 111, 60, new long[12], -1,
                    org.metricsstress.result.IndexSummary.DISABLED) : r;
        };
    }

    private FindMaxResult search(StepRunner runner, double start, Duration warmUp) throws Exception {
        FindMax.Settings settings = new FindMax.Settings(new CapacitySearch.Bounds(start, 1e6, 2, PRECISION),
                Duration.ofSeconds(20), Duration.ofMinutes(10), false, false,
                Sla.parse("--sla", StepJudge.DEFAULT_SLA), SimulatedCluster.RING, warmUp);
        return new FindMax(settings, runner, new PrintStream(console, true, StandardCharsets.UTF_8)).run();
    }

    /** The case: a first step at the plan's 167 samples/s fails on p99 111 ms, on a node that takes 40,000. */
    @Test
    void aSingleNoisyFailingStepDoesNotTurnTheSearchDown() throws Exception {
        SimulatedCluster cluster = new SimulatedCluster(CAPACITY, false);
        FindMaxResult r = search(noisy(cluster, false, 1), 167, Duration.ZERO);
        SearchStep first = r.steps().get(0);
        SearchStep confirmation = r.steps().get(1);
        assertFalse(first.judgement().passed());
        assertEquals(2, first.overruledBy(), "overruled by the passing step at its rate");
        assertFalse(first.failedItsRate());
        assertEquals(Phase.CONFIRM, confirmation.phase());
        assertEquals(1, confirmation.repeats());
        assertEquals(167, confirmation.targetSamplesPerSecond());
        assertTrue(confirmation.passed());
        // The search went on growing from there and found the cluster's rate, as without the noise.
        assertEquals(Phase.GROWTH, r.steps().get(2).phase());
        assertEquals(334, r.steps().get(2).targetSamplesPerSecond());
        assertBracketed(r, cluster.p99Threshold(100));
        assertTrue(r.steps().stream().noneMatch(s -> s.phase() == Phase.HALVING));

        String table = StepTable.render(r);
        assertTrue(table.contains("not confirmed (step 2 passed): response.p99 is 111, wanted < 100"), table);
        assertTrue(table.contains("confirm: the failing step before it, its rate run once more"), table);
        assertTrue(console().contains("step 1: FAIL: written 167 samples/s, p99 111 ms"), console());
        assertTrue(console().contains("step 2: target 167 samples/s for 20s (confirm step 1)"), console());
        assertTrue(console().contains("step 1's failure not confirmed: the rate passes"), console());
        java.util.Map<String, Object> json = FindMaxJson.of(r);
        @SuppressWarnings("unchecked")
        List<java.util.Map<String, Object>> steps = (List<java.util.Map<String, Object>>) json.get("steps");
        assertEquals(2, steps.get(0).get("overruledBy"));
        assertEquals(false, steps.get(0).get("passed"));
        assertEquals(1, steps.get(1).get("repeats"));
        assertNull(steps.get(2).get("repeats"));
    }

    @Test
    void aFailingStepThatFailsAgainTurnsTheSearchDown() throws Exception {
        SimulatedCluster cluster = new SimulatedCluster(CAPACITY, false);
        FindMaxResult r = search(noisy(cluster, false, 1, 2), 5_000, Duration.ZERO);
        assertEquals(List.of(Phase.GROWTH, Phase.CONFIRM, Phase.HALVING),
                r.steps().subList(0, 3).stream().map(SearchStep::phase).toList());
        assertTrue(r.steps().get(0).failedItsRate());
        assertEquals(0, r.steps().get(0).overruledBy());
        assertEquals(2_500, r.steps().get(2).targetSamplesPerSecond());
        // Twice failed is failed: the answer stays below 5,000 though the cluster takes eight times more.
        assertEquals(CapacitySearch.Conclusion.FOUND, r.conclusion());
        SearchStep fail = r.lowestFailing().orElseThrow();
        assertEquals(1, fail.number());
        assertEquals(2, r.confirmationOf(fail).orElseThrow().number());
        assertTrue(r.highestPassing().orElseThrow().targetSamplesPerSecond() < 5_000);
        assertTrue(StepTable.answer(r).contains("lowest failing: 5,000 (steps 1 and 2: response.p99 is 111"),
                StepTable.answer(r));
        assertEquals(2, FindMaxJson.of(r).get("answer") instanceof java.util.Map<?, ?> a ? a.get("lowestFailingConfirmedBy")
                : null);
    }

    @Test
    void withoutIndexingTheWarmUpRunsForItsLengthAndIsNotJudged() throws Exception {
        // The warm-up itself is the cold one: it fails every criterion, and nothing comes of it.
        SimulatedCluster cluster = new SimulatedCluster(CAPACITY, false);
        StepRunner coldFirst = (target, duration, untilIndexed) -> {
            boolean first = cluster.calls.isEmpty();
            StressResult r = cluster.run(target, duration, untilIndexed);
            return first ? Results.run(target, target / 2, 10_000, 20, new long[12], -1,
                    org.metricsstress.result.IndexSummary.DISABLED) : r;
        };
        FindMaxResult r = search(coldFirst, 5_000, Duration.ofSeconds(20));
        assertEquals(new SimulatedCluster.Call(5_000, Duration.ofSeconds(20), false), cluster.calls.get(0));
        assertTrue(cluster.calls.subList(1, cluster.calls.size()).stream()
                .allMatch(c -> c.duration().equals(Duration.ofSeconds(20)) && !c.untilIndexed()));
        SearchStep warmUp = r.steps().get(0);
        assertEquals(Phase.WARM_UP, warmUp.phase());
        assertEquals(0, warmUp.number());
        assertFalse(warmUp.judged());
        assertFalse(warmUp.judgement().passed(), "the warm-up missed the criteria");
        assertFalse(warmUp.failedItsRate());
        // The first judged step is at the start rate and passes: no halving, no confirmation.
        assertEquals(5_000, r.steps().get(1).targetSamplesPerSecond());
        assertTrue(r.steps().get(1).passed());
        assertBracketed(r, cluster.p99Threshold(100));
        assertJudgedByTheThreshold(r, cluster.p99Threshold(100));
        assertTrue(console().contains("warm-up: 5,000 samples/s for 20s to warm the client and the node; not judged"),
                console());
        assertTrue(StepTable.render(r).lines().anyMatch(l -> l.matches("\\s+0\\s+warm-up .* - +\\(not judged\\)")),
                StepTable.render(r));
        assertEquals(20.0, ((java.util.Map<?, ?>) FindMaxJson.of(r).get("search")).get("warmUpSeconds"));
    }
}
