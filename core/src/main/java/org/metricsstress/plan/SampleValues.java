package org.metricsstress.plan;

/**
 * The value of every sample as a pure function of (seed, resource, metric, timestamp), so that any
 * sample read back from the database can be checked without keeping a copy of what was sent.
 *
 * <p>Values are gauges in [0, 1000): the four inputs are folded with a SplitMix64 finaliser, whose
 * avalanche makes neighbouring resources and timestamps look unrelated; the top 53 bits become the
 * fraction. Cost: a few multiplications, no allocation.
 */
public final class SampleValues {
    private static final double SCALE = 1000.0 * 0x1.0p-53;

    private SampleValues() {}

    public static double value(long seed, int resourceKey, int metric, long timestampMillis) {
        long h = mix(seed ^ 0x9E3779B97F4A7C15L);
        h = mix(h ^ resourceKey);
        h = mix(h ^ ((long) metric << 32));
        h = mix(h ^ timestampMillis);
        return (h >>> 11) * SCALE;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
