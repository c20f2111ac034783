package org.metricsstress.index;

/**
 * The control law of {@code --index-max-in-flight auto}: how many index requests may be in flight,
 * judged every period by what the sample writes see. Samples come first, so the index may take
 * whatever the cluster has left over and no more:
 *
 * <ul>
 *   <li>the sample writes' mean service time over the period rose above {@link #TOLERANCE} times its
 *       baseline (plus {@link #SLACK_NANOS}, so microsecond jitter on an idle node is no signal): the
 *       index is taking what the samples need; cut the limit by {@link #DECREASE};
 *   <li>otherwise, if the index used most of its limit (or had work waiting): there is headroom and
 *       demand; grow by an eighth (at least one);
 *   <li>otherwise hold: an idle index budget proves nothing about headroom.
 * </ul>
 *
 * The baseline is the lowest mean seen, let drift up by {@link #DRIFT} a period so that one quiet
 * moment early in a run does not hold the limit down for the rest of it. The limit stays within
 * its bounds. Pure arithmetic: the index budget feeds it readings and applies its answer.
 */
public final class AdaptiveLimit {
    static final double TOLERANCE = 2.0;
    static final long SLACK_NANOS = 1_000_000;
    static final double DECREASE = 0.75;
    static final double DRIFT = 1.01;
    /** Used at least this share of the limit for the period to count as demand. */
    static final double BUSY = 0.75;

    private final int min;
    private final int max;
    private int limit;
    private double baselineNanos = Double.NaN;

    public AdaptiveLimit(int min, int max, int initial) {
        if (min < 1 || max < min || initial < min || initial > max) {
            throw new IllegalArgumentException("bounds " + min + ".." + max + ", initial " + initial);
        }
        this.min = min;
        this.max = max;
        this.limit = initial;
    }

    public int limit() {
        return limit;
    }

    public int min() {
        return min;
    }

    public int max() {
        return max;
    }

    /** The baseline mean the next period is judged against; NaN before any sample latency was seen. */
    public double baselineNanos() {
        return baselineNanos;
    }

    /**
     * One period's readings; returns the new limit.
     *
     * @param sampleMeanNanos mean service time of the sample writes that completed in the period;
     *                        NaN when none did (the limit then holds)
     * @param peakInFlight    the most index requests in flight seen in the period
     * @param waiting         whether index work waited for room (a backlog, or resources deferred)
     */
    public int update(double sampleMeanNanos, int peakInFlight, boolean waiting) {
        if (Double.isNaN(sampleMeanNanos)) {
            return limit;
        }
        if (Double.isNaN(baselineNanos) || sampleMeanNanos < baselineNanos) {
            baselineNanos = sampleMeanNanos;
        }
        if (sampleMeanNanos > TOLERANCE * baselineNanos + SLACK_NANOS) {
            limit = Math.max(min, (int) (limit * DECREASE));
        } else if (waiting || peakInFlight >= BUSY * limit) {
            limit = Math.min(max, limit + Math.max(1, limit / 8));
        }
        baselineNanos *= DRIFT;
        return limit;
    }
}
