package org.metricsstress.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.Sla;
import org.metricsstress.result.StressResult;

/** find-max --repeat: searches of a cluster whose capacity moves between them, as a node's does. */
class FindMaxRepeatsTest {

    /** The cluster of the search under way: each search meets the next capacity. */
    private static final class Drifting implements StepRunner {
        private final List<SimulatedCluster> clusters = new ArrayList<>();
        private int current;

        Drifting(double... capacities) {
            for (double c : capacities) {
                clusters.add(new SimulatedCluster(c, false));
            }
        }

        @Override
        public StressResult run(double target, boolean untilIndexed) {
            return clusters.get(current).run(target, untilIndexed);
        }
    }

    @Test
    void threeSearchesGiveTheMedianWithTheRangeAsItsSeventyFivePercentInterval() throws Exception {
        Drifting cluster = new Drifting(38_000, 44_000, 41_000);
        FindMax.Settings settings = new FindMax.Settings(new CapacitySearch.Bounds(5_000, 1e6, 2, 0.02),
                Duration.ofSeconds(60), Duration.ofMinutes(10), false, false, Sla.parse("--sla", StepJudge.DEFAULT_SLA),
                SimulatedCluster.RING);
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        List<FindMaxResult> searches = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            cluster.current = k;
            searches.add(new FindMax(settings, cluster, quiet).run());
        }
        FindMaxRepeats r = new FindMaxRepeats(searches);
        double[] answers = r.answers();
        assertEquals(3, answers.length);
        // Each search found its own cluster's rate (p99 < 100 ms holds up to 95% of the capacity) within 2%.
        assertEquals(0.95 * 41_000, r.median().median(), 0.02 * 41_000);
        assertEquals(0.95 * 38_000, r.median().low(), 0.02 * 38_000);
        assertEquals(0.95 * 44_000, r.median().high(), 0.02 * 44_000);
        assertEquals(0.75, r.median().level(), 1e-12);
        assertEquals(CapacitySearch.Conclusion.FOUND, r.conclusion());
        assertTrue(r.text().contains("over 3 searches: highest sustainable rate "), r.text());
        assertTrue(r.text().contains("75% interval for the median"), r.text());

        Map<String, Object> json = FindMaxJson.of(r);
        @SuppressWarnings("unchecked")
        Map<String, Object> answer = (Map<String, Object>) json.get("answer");
        assertEquals(r.median().median(), answer.get("highestSustainableSamplesPerSecond"));
        assertEquals(List.of(r.median().low(), r.median().high()), answer.get("interval"));
        assertEquals(3, ((List<?>) json.get("searches")).size());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> steps = (List<Map<String, Object>>) json.get("steps");
        assertEquals(searches.stream().mapToInt(s -> s.steps().size()).sum(), steps.size());
        assertEquals(3, steps.get(steps.size() - 1).get("search"));
    }
}
