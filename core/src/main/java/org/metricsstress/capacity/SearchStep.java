package org.metricsstress.capacity;

import org.metricsstress.result.StressResult;

/**
 * One run of the search and how it was judged.
 *
 * @param number      0 for the warm-up, then 1, 2, ... in the order they ran
 * @param coldCache   the first judged step of {@code --include-cold}: it started with an empty cache
 * @param judgement   how it measured up; a warm-up is judged too, for the table, but its judgement
 *                    counts for nothing
 * @param repeats     for a {@link Phase#CONFIRM} step, the number of the failing step whose rate it
 *                    runs again; 0 otherwise
 * @param overruledBy for a failing step whose confirmation passed, that confirmation's number: the
 *                    search went by the confirmation, and this failure counts for nothing; 0 otherwise
 */
public record SearchStep(int number, Phase phase, boolean coldCache, double targetSamplesPerSecond, StressResult result,
        StepJudgement judgement, int repeats, int overruledBy) {

    /** A step that repeats none and is overruled by none. */
    public SearchStep(int number, Phase phase, boolean coldCache, double targetSamplesPerSecond, StressResult result,
            StepJudgement judgement) {
        this(number, phase, coldCache, targetSamplesPerSecond, result, judgement, 0, 0);
    }

    /** Whether the search went by this step (every step but the warm-up). */
    public boolean judged() {
        return phase != Phase.WARM_UP;
    }

    /** A judged step that met every criterion. */
    public boolean passed() {
        return judged() && judgement.passed();
    }

    /** A judged step that missed a criterion and was not overruled by a passing confirmation: its rate failed. */
    public boolean failedItsRate() {
        return judged() && !judgement.passed() && overruledBy == 0;
    }

    /** This failing step with the passing confirmation that overruled it. */
    SearchStep overruledBy(int confirmation) {
        return new SearchStep(number, phase, coldCache, targetSamplesPerSecond, result, judgement, repeats, confirmation);
    }

    public double achievedSamplesPerSecond() {
        return result.writtenSamplesPerSecond();
    }

    /** Response time p99 (intended to acknowledged), ms. */
    public double p99Ms() {
        return result.responseLatency().p99Ms();
    }

    /** Seconds from the start until every plan resource was indexed; -1 if not within the step or no indexing. */
    public double secondsToSteadyState() {
        return result.index() == null || !result.index().enabled() ? -1 : result.index().secondsToComplete();
    }
}
