package org.metricsstress.engine;

import java.util.concurrent.TimeUnit;
import org.metricsstress.config.StressConfig;

/**
 * When the first commit is intended, on both clocks: {@code System.nanoTime()} for the schedule and
 * the wall clock for the result and the HDR log.
 */
record StartTime(long nanos, long epochMillis) {
    /** A short lead so every thread is running before the first intended time. */
    private static final long LEAD_MILLIS = 500;

    static StartTime of(StressConfig config) {
        long nowNanos = System.nanoTime();
        long nowMillis = System.currentTimeMillis();
        if (config.pacing().startAt() != null) {
            // Instances on several machines share the wall clock, not nanoTime: anchor on it.
            long startMillis = config.pacing().startAt().toEpochMilli();
            return new StartTime(nowNanos + TimeUnit.MILLISECONDS.toNanos(startMillis - nowMillis), startMillis);
        }
        return new StartTime(nowNanos + TimeUnit.MILLISECONDS.toNanos(LEAD_MILLIS), nowMillis + LEAD_MILLIS);
    }
}
