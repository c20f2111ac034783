package org.metricsstress.capacity;

import org.metricsstress.config.StressConfig;
import org.metricsstress.plan.StressPlan;

/**
 * A target rate in samples per second and the {@code --rate-factor} that paces one plan at it. The
 * search thinks in samples per second, which a user can compare across plans; a run takes a
 * factor on its plan's own rate ({@code n x f x g x a / i}).
 *
 * @param samplesPerSecond the plan's rate at rate factor 1
 * @param maxFactor        the largest factor a run accepts: the interval paced down to 1 ms
 *                         (StressConfig refuses faster, as two samples of one resource would share
 *                         a millisecond timestamp)
 */
public record PlanRate(double samplesPerSecond, double maxFactor) {

    /** The plan of {@code config} at factor 1, whatever factor the configuration holds. */
    public static PlanRate of(StressConfig config) {
        StressPlan plan = StressPlan.of(config);
        double intervalSeconds = config.pacing().interval().toNanos() / 1e9;
        return new PlanRate(plan.samplesPerInterval() / intervalSeconds, config.pacing().interval().toNanos() / 1e6);
    }

    /** The rate factor of a run meant to generate {@code target} samples per second. */
    public double factorFor(double target) {
        return target / samplesPerSecond;
    }

    /** The fastest rate a run of this plan can be asked for. */
    public double highest() {
        return samplesPerSecond * maxFactor;
    }
}
