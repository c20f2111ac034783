package org.metricsstress.config;

import java.time.Duration;
import java.time.Instant;

/**
 * When samples are due (help section "pacing"): the interval and how a pass is spread over it,
 * the generator threads, and how long the run lasts (one rate for --duration, or --rate-steps).
 */
public record PacingSection(
        Duration interval,
        boolean burst,
        Pacing mode,
        int threads,
        double rateFactor,
        Duration duration,
        RateSteps rateSteps,
        Instant startAt) {

    public PacingSection {
        Checks.atLeast("--threads", threads, 1);
        if (interval.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new ConfigException("--interval: must be at least 1s, got " + Parse.format(interval));
        }
        if (interval.toNanos() / rateFactor < 1_000_000) {
            throw new ConfigException("--rate-factor: " + rateFactor + " makes the effective interval "
                    + "shorter than 1ms, so one resource would get two samples with the same timestamp");
        }
        if (duration != null && duration.isZero()) {
            throw new ConfigException("--duration: must be more than 0 (leave it out to run until stopped)");
        }
        if (rateSteps != null && duration != null) {
            throw new ConfigException("--rate-steps: the steps set how long the run lasts; leave out --duration");
        }
        if (rateSteps != null && rateFactor != 1.0) {
            throw new ConfigException("--rate-steps: the steps set the rate; leave out --rate-factor");
        }
    }

    /** True when the run goes on until it is stopped rather than for a fixed time. */
    public boolean untilStopped() {
        return duration == null && rateSteps == null;
    }

    /** How long generation lasts: --duration, or all --rate-steps; null when until stopped. */
    public Duration totalDuration() {
        return rateSteps != null ? rateSteps.total() : duration;
    }
}
