package org.metricsstress.result;

import org.HdrHistogram.Histogram;

/**
 * Percentiles of one latency histogram, in milliseconds (HdrHistogram of microseconds, 3
 * significant digits).
 */
public record LatencySummary(long count, double p50Ms, double p90Ms, double p99Ms, double p999Ms, double maxMs,
        double meanMs) {
    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0);

    /** From a histogram of microseconds. */
    public static LatencySummary of(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return EMPTY;
        }
        return new LatencySummary(micros.getTotalCount(),
                ms(micros.getValueAtPercentile(50)), ms(micros.getValueAtPercentile(90)),
                ms(micros.getValueAtPercentile(99)), ms(micros.getValueAtPercentile(99.9)),
                ms(micros.getMaxValue()), micros.getMean() / 1000.0);
    }

    private static double ms(long micros) {
        return micros / 1000.0;
    }
}
