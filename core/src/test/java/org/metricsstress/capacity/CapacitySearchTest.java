package org.metricsstress.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoublePredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The search's arithmetic alone, against clusters that pass exactly below a threshold. */
class CapacitySearchTest {

    /** The rates tried and their phases, for a cluster that passes where {@code passes} says. */
    private record Trace(CapacitySearch search, List<Double> rates, List<Phase> phases) {}

    private static Trace drive(CapacitySearch.Bounds bounds, DoublePredicate passes) {
        CapacitySearch search = new CapacitySearch(bounds);
        List<Double> rates = new ArrayList<>();
        List<Phase> phases = new ArrayList<>();
        while (!search.done()) {
            assertTrue(rates.size() < 100, "the search does not end");
            double rate = search.nextRate();
            rates.add(rate);
            phases.add(search.nextPhase());
            search.record(passes.test(rate));
        }
        return new Trace(search, rates, phases);
    }

    @ParameterizedTest
    @CsvSource({"1000, 38000, 2, 0.05", "1000, 1001, 2, 0.05", "5000, 123456, 1.5, 0.01", "10, 99999, 10, 0.5",
        "1000, 2000, 2, 0.001", "40000, 41000, 3, 0.02"})
    void bracketsTheThresholdWithinThePrecision(double start, double threshold, double growth, double precision) {
        Trace t = drive(new CapacitySearch.Bounds(start, 1e9, growth, precision), rate -> rate < threshold);
        CapacitySearch s = t.search();
        assertEquals(CapacitySearch.Conclusion.FOUND, s.conclusion());
        assertTrue(s.highestPass() < threshold && threshold <= s.lowestFail(),
                "bracket " + s.highestPass() + " .. " + s.lowestFail() + " around " + threshold);
        assertTrue((s.lowestFail() - s.highestPass()) / s.highestPass() <= precision);
        assertTrue(s.highestPass() >= threshold * (1 - precision), "answer " + s.highestPass());
        // Growth while passing, then only bisection: never a rate outside the bracket known so far.
        int firstBisect = t.phases().indexOf(Phase.BISECT);
        for (int i = 1; i < (firstBisect < 0 ? t.rates().size() : firstBisect); i++) {
            assertEquals(Phase.GROWTH, t.phases().get(i));
            assertEquals(t.rates().get(i - 1) * growth, t.rates().get(i), 1e-6);
        }
    }

    @Test
    void growthStopsAtTheMaximumAndAPassThereIsAtLeastTheMaximum() {
        Trace t = drive(new CapacitySearch.Bounds(1000, 5000, 2, 0.05), rate -> true);
        assertEquals(List.of(1000.0, 2000.0, 4000.0, 5000.0), t.rates());
        assertEquals(CapacitySearch.Conclusion.AT_LEAST_MAX_RATE, t.search().conclusion());
        assertEquals(5000, t.search().highestPass());
        assertTrue(Double.isNaN(t.search().lowestFail()));
    }

    @Test
    void aFailureAtTheMaximumIsBisectedLikeAnyOther() {
        Trace t = drive(new CapacitySearch.Bounds(1000, 5000, 2, 0.05), rate -> rate < 4500);
        assertEquals(5000, t.rates().get(3));
        assertEquals(CapacitySearch.Conclusion.FOUND, t.search().conclusion());
        assertEquals(Phase.BISECT, t.phases().get(4));
        assertTrue(t.search().highestPass() < 4500 && t.search().lowestFail() >= 4500);
    }

    @Test
    void aFailingFirstStepHalvesUntilAPassThenBisects() {
        Trace t = drive(new CapacitySearch.Bounds(1000, 1e6, 2, 0.05), rate -> rate < 300);
        assertEquals(List.of(1000.0, 500.0, 250.0), t.rates().subList(0, 3));
        assertEquals(List.of(Phase.GROWTH, Phase.HALVING, Phase.HALVING, Phase.BISECT), t.phases().subList(0, 4));
        assertEquals(CapacitySearch.Conclusion.FOUND, t.search().conclusion());
        assertTrue(t.search().highestPass() < 300 && t.search().lowestFail() >= 300);
        assertTrue((t.search().lowestFail() - t.search().highestPass()) / t.search().highestPass() <= 0.05);
    }

    @Test
    void noPassWithinTheHalvingsEndsTheSearch() {
        Trace t = drive(new CapacitySearch.Bounds(1000, 1e6, 2, 0.05), rate -> false);
        assertEquals(1 + CapacitySearch.MAX_HALVINGS, t.rates().size());
        assertEquals(1000 / Math.pow(2, CapacitySearch.MAX_HALVINGS), t.search().lowestFail());
        assertEquals(CapacitySearch.Conclusion.NONE_PASSED, t.search().conclusion());
        assertTrue(Double.isNaN(t.search().highestPass()));
        assertThrows(IllegalStateException.class, t.search()::nextRate);
    }

    @Test
    void aPassOnTheLastHalvingStillBisects() {
        double lastHalving = 1000 / Math.pow(2, CapacitySearch.MAX_HALVINGS);
        Trace t = drive(new CapacitySearch.Bounds(1000, 1e6, 2, 0.05), rate -> rate <= lastHalving);
        assertEquals(CapacitySearch.Conclusion.FOUND, t.search().conclusion());
        assertEquals(lastHalving, t.rates().get(CapacitySearch.MAX_HALVINGS));
        assertTrue(t.search().highestPass() >= lastHalving && t.search().lowestFail() > t.search().highestPass());
    }

    @Test
    void aGrowthStepWithinThePrecisionNeedsNoBisection() {
        Trace t = drive(new CapacitySearch.Bounds(1000, 1e6, 1.04, 0.05), rate -> rate < 1020);
        assertEquals(List.of(1000.0, 1040.0), t.rates());
        assertEquals(CapacitySearch.Conclusion.FOUND, t.search().conclusion());
    }

    /**
     * The bound find-max refuses a search by: no cluster makes a search take more steps, and for
     * some cluster it takes (almost) that many. --growth 1.0001 took a search of days before.
     */
    @ParameterizedTest
    @CsvSource({"1000, 1e6, 2, 0.05", "1667, 5e8, 2, 0.05", "1000, 1e9, 1.5, 0.001", "10, 99999, 10, 0.5",
        "5000, 123456, 1.1, 0.01", "40000, 41000, 3, 0.02"})
    void noClusterMakesASearchLongerThanItsStepBound(double start, double max, double growth, double precision) {
        CapacitySearch.Bounds b = new CapacitySearch.Bounds(start, max, growth, precision);
        int bound = CapacitySearch.maxSteps(b);
        int longest = 0;
        java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        for (int i = 0; i < 2_000; i++) {
            // Thresholds spread log-uniformly from a sixty-fourth of the start to twice the maximum.
            double threshold = start / 64 * Math.pow(max * 128 / start, random.nextDouble());
            int steps = drive(b, rate -> rate < threshold).rates().size();
            assertTrue(steps <= bound, steps + " steps, bound " + bound + " (threshold " + threshold + ")");
            longest = Math.max(longest, steps);
        }
        assertTrue(longest >= bound - 2, "the bound is near the longest search: " + longest + " of " + bound);
    }
}
