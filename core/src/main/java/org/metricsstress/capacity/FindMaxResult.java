package org.metricsstress.capacity;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * What a search ran and found.
 *
 * @param steps      every step in the order it ran, the warm-up first when there was one
 * @param conclusion how the search ended
 */
public record FindMaxResult(FindMax.Settings settings, List<SearchStep> steps, CapacitySearch.Conclusion conclusion) {

    /** The judged step with the highest rate that passed: the answer. */
    public Optional<SearchStep> highestPassing() {
        return steps.stream().filter(SearchStep::passed)
                .max(Comparator.comparingDouble(SearchStep::targetSamplesPerSecond));
    }

    /**
     * The judged step with the lowest rate that failed, its failure not overruled by a passing
     * confirmation; of a failure and its confirmation, the first.
     */
    public Optional<SearchStep> lowestFailing() {
        return steps.stream().filter(SearchStep::failedItsRate)
                .min(Comparator.comparingDouble(SearchStep::targetSamplesPerSecond));
    }

    /** The step that confirmed {@code failing}'s failure, if one ran (none for a cold step, never repeated). */
    public Optional<SearchStep> confirmationOf(SearchStep failing) {
        return steps.stream().filter(s -> s.repeats() == failing.number() && failing.number() > 0).findFirst();
    }

    /** Whether a sustainable rate was found (possibly only "at least" the maximum). */
    public boolean answered() {
        return conclusion != CapacitySearch.Conclusion.NONE_PASSED;
    }
}
