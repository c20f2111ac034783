package org.metricsstress.capacity;

import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.result.StressResult;

/**
 * Runs one step of the search. {@link EngineStepRunner} runs it against the cluster; tests stand
 * in a simulated cluster of known capacity.
 */
public interface StepRunner {
    /**
     * Generates {@code targetSamplesPerSecond} and returns the run's result.
     *
     * @param untilIndexed a warm-up: run until every plan resource is indexed (at most the cold
     *                     limit) instead of for the step duration
     */
    StressResult run(double targetSamplesPerSecond, boolean untilIndexed)
            throws ClusterException, CacheUnavailableException;

    /** True once the search must start no further step (Karaf's Ctrl-C); a simulated cluster never stops. */
    default boolean stopRequested() {
        return false;
    }
}
