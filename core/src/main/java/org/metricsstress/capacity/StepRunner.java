package org.metricsstress.capacity;

import java.time.Duration;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.result.StressResult;

/**
 * Runs one step of the search. {@link EngineStepRunner} runs it against the cluster; tests stand
 * in a simulated cluster of known capacity.
 */
public interface StepRunner {
    /**
     * Generates {@code targetSamplesPerSecond} for {@code duration} and returns the run's result.
     *
     * @param untilIndexed a warm-up that ends as soon as every plan resource is indexed, {@code
     *                     duration} (the cold limit) at most
     */
    StressResult run(double targetSamplesPerSecond, Duration duration, boolean untilIndexed)
            throws ClusterException, CacheUnavailableException;

    /** True once the search must start no further step (Karaf's Ctrl-C); a simulated cluster never stops. */
    default boolean stopRequested() {
        return false;
    }
}
