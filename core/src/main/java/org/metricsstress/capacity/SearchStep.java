package org.metricsstress.capacity;

import org.metricsstress.result.StressResult;

/**
 * One run of the search and how it was judged.
 *
 * @param number    0 for the warm-up, then 1, 2, ... in the order they ran
 * @param coldCache the first judged step of {@code --include-cold}: it started with an empty cache
 * @param judgement how it measured up; a warm-up is judged too, for the table, but its judgement
 *                  counts for nothing
 */
public record SearchStep(int number, Phase phase, boolean coldCache, double targetSamplesPerSecond, StressResult result,
        StepJudgement judgement) {

    /** Whether the search went by this step (every step but the warm-up). */
    public boolean judged() {
        return phase != Phase.WARM_UP;
    }

    /** A judged step that met every criterion. */
    public boolean passed() {
        return judged() && judgement.passed();
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
