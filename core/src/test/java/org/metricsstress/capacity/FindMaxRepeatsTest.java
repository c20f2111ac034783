package org.metricsstress.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.capacity.FindMaxRepeats.Bound;
import org.metricsstress.config.Sla;
import org.metricsstress.result.StressResult;

/** find-max --repeat: searches of a cluster whose capacity moves between them, as a node's does. */
class FindMaxRepeatsTest {
    private static final double START = 5_000;
    private static final double MAX = 1e6;
    /** Where p99 &lt; 100 ms stops holding on a simulated cluster: 95% of its capacity. */
    private static final double SUSTAINABLE = 0.95;

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
        public StressResult run(double target, Duration duration, boolean untilIndexed) {
            return clusters.get(current).run(target, duration, untilIndexed);
        }
    }

    /** One search per capacity, in order, from {@link #START} with {@link #MAX} as --max-rate. */
    private static FindMaxRepeats searches(double... capacities) throws Exception {
        Drifting cluster = new Drifting(capacities);
        FindMax.Settings settings = new FindMax.Settings(new CapacitySearch.Bounds(START, MAX, 2, 0.02),
                Duration.ofSeconds(60), Duration.ofMinutes(10), false, false, Sla.parse("--sla", StepJudge.DEFAULT_SLA),
                SimulatedCluster.RING, Duration.ZERO);
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        List<FindMaxResult> searches = new ArrayList<>();
        for (int k = 0; k < capacities.length; k++) {
            cluster.current = k;
            searches.add(new FindMax(settings, cluster, quiet).run());
        }
        return new FindMaxRepeats(searches);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> answerJson(FindMaxRepeats r) {
        return (Map<String, Object>) FindMaxJson.of(r).get("answer");
    }

    @Test
    void threeSearchesGiveTheMedianWithTheRangeAsItsSeventyFivePercentInterval() throws Exception {
        FindMaxRepeats r = searches(38_000, 44_000, 41_000);
        assertEquals(3, r.answers().length);
        FindMaxRepeats.Median m = r.median();
        // Each search found its own cluster's rate within 2%.
        assertEquals(SUSTAINABLE * 41_000, m.median().samplesPerSecond(), 0.02 * 41_000);
        assertEquals(SUSTAINABLE * 38_000, m.low().samplesPerSecond(), 0.02 * 38_000);
        assertEquals(SUSTAINABLE * 44_000, m.high().samplesPerSecond(), 0.02 * 44_000);
        assertEquals(List.of(Bound.EXACT, Bound.EXACT, Bound.EXACT), List.of(m.median().bound(), m.low().bound(),
                m.high().bound()));
        assertEquals(0.75, m.level(), 1e-12);
        assertEquals(CapacitySearch.Conclusion.FOUND, r.conclusion());
        assertTrue(r.text().contains("over 3 searches: highest sustainable rate "), r.text());
        assertTrue(r.text().contains("75% interval for the median"), r.text());

        Map<String, Object> json = FindMaxJson.of(r);
        Map<String, Object> answer = answerJson(r);
        assertEquals(m.median().samplesPerSecond(), answer.get("highestSustainableSamplesPerSecond"));
        assertEquals(List.of(m.low().samplesPerSecond(), m.high().samplesPerSecond()), answer.get("interval"));
        assertEquals(List.of("exact", "exact"), answer.get("intervalBounds"));
        assertEquals("exact", answer.get("medianBound"));
        assertEquals(3, ((List<?>) json.get("searches")).size());
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> steps = (List<Map<String, Object>>) json.get("steps");
        assertEquals(r.searches().stream().mapToInt(s -> s.steps().size()).sum(), steps.size());
        assertEquals(3, steps.get(steps.size() - 1).get("search"));
    }

    /** A search that found nothing counts, below its lowest step: leaving it out would move the median up. */
    @Test
    void aSearchThatFoundNoRateCountsAsBelowItsLowestStep() throws Exception {
        // The third cluster fails every halving of the start rate.
        FindMaxRepeats r = searches(38_000, 44_000, 200);
        double lowest = START / Math.pow(2, CapacitySearch.MAX_HALVINGS);
        assertEquals(List.of(Bound.EXACT, Bound.EXACT, Bound.BELOW), r.each().stream().map(
                FindMaxRepeats.SearchAnswer::bound).toList());
        FindMaxRepeats.Median m = r.median();
        // The median is the middle of three: the 38,000 cluster's, not the mean of the two that found a rate.
        assertEquals(Bound.EXACT, m.median().bound());
        assertEquals(SUSTAINABLE * 38_000, m.median().samplesPerSecond(), 0.02 * 38_000);
        assertEquals(new FindMaxRepeats.SearchAnswer(lowest, Bound.BELOW), m.low());
        assertEquals(SUSTAINABLE * 44_000, m.high().samplesPerSecond(), 0.02 * 44_000);
        assertEquals(CapacitySearch.Conclusion.FOUND, r.conclusion());
        assertTrue(r.answered());
        assertTrue(r.text().contains("interval for the median below " + StepTable.rate(lowest) + " to "), r.text());
        assertTrue(r.text().contains("1 of 3 searches found no rate"), r.text());
        assertEquals(List.of("below", "exact"), answerJson(r).get("intervalBounds"));

        // Two of three found nothing: so does the median, and the command exits as for no rate.
        FindMaxRepeats most = searches(38_000, 200, 150);
        assertEquals(new FindMaxRepeats.SearchAnswer(lowest, Bound.BELOW), most.median().median());
        assertEquals(CapacitySearch.Conclusion.NONE_PASSED, most.conclusion());
        assertFalse(most.answered());
        Map<String, Object> answer = answerJson(most);
        assertNull(answer.get("highestSustainableSamplesPerSecond"), "size must not read it as a rate");
        assertEquals(lowest, answer.get("lowestFailingSamplesPerSecond"));
        assertEquals("none-passed", answer.get("conclusion"));
        assertTrue(most.text().contains("no sustainable rate: the median is below " + StepTable.rate(lowest) + " samples/s"), most.text());
    }

    /** A search that passed --max-rate is "at least" for itself; the median of the others is still a rate. */
    @Test
    void aMaxRateHitIsALowerBoundForThatSearchOnly() throws Exception {
        FindMaxRepeats r = searches(38_000, 1e8, 44_000);
        assertEquals(List.of(Bound.EXACT, Bound.AT_LEAST, Bound.EXACT), r.each().stream().map(
                FindMaxRepeats.SearchAnswer::bound).toList());
        FindMaxRepeats.Median m = r.median();
        assertEquals(Bound.EXACT, m.median().bound());
        assertEquals(SUSTAINABLE * 44_000, m.median().samplesPerSecond(), 0.02 * 44_000);
        assertEquals(new FindMaxRepeats.SearchAnswer(MAX, Bound.AT_LEAST), m.high());
        assertEquals(CapacitySearch.Conclusion.FOUND, r.conclusion());
        assertTrue(r.text().contains("to at least " + StepTable.rate(MAX)), r.text());
        assertTrue(r.text().contains("(median of " + StepTable.rate(m.low().samplesPerSecond()) + ", at least "
                + StepTable.rate(MAX) + ", "), r.text());
        assertFalse(r.text().contains("highest sustainable rate at least"), r.text());
        assertEquals("found", answerJson(r).get("conclusion"));

        // Two of three passed the maximum: the median is "at least" it, as size reads the conclusion.
        FindMaxRepeats most = searches(1e8, 38_000, 1e8);
        assertEquals(new FindMaxRepeats.SearchAnswer(MAX, Bound.AT_LEAST), most.median().median());
        assertEquals(CapacitySearch.Conclusion.AT_LEAST_MAX_RATE, most.conclusion());
        assertEquals("at-least-max-rate", answerJson(most).get("conclusion"));
        assertEquals(MAX, answerJson(most).get("highestSustainableSamplesPerSecond"));
    }

    /** Of an even count the median is the mean of the middle two, bounded as the bounded one is. */
    @Test
    void anEvenCountsMedianIsBoundedByItsMiddleSearches() throws Exception {
        FindMaxRepeats r = searches(38_000, 200, 44_000, 150);
        double lowest = START / Math.pow(2, CapacitySearch.MAX_HALVINGS);
        FindMaxRepeats.Median m = r.median();
        assertEquals(Bound.BELOW, m.median().bound());
        double found38 = r.searches().get(0).highestPassing().orElseThrow().targetSamplesPerSecond();
        assertEquals((lowest + found38) / 2, m.median().samplesPerSecond(), 1e-9);
    }
}
