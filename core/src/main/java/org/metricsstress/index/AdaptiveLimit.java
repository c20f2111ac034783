package org.metricsstress.index;

/**
 * The control law of {@code --index-max-in-flight auto}: how many index requests may be in flight,
 * judged every period by whether the samples keep up. Samples come first, so the index may take
 * whatever the cluster has left over and no more. The signal is the samples' mean time in the
 * ring (from their intended time until a writer takes them): near zero while the writers keep up,
 * and rising as soon as they fall behind, whatever the cause.
 *
 * <ul>
 *   <li>the samples waited in the ring longer than {@link #QUEUE_LIMIT_NANOS} on average over the
 *       period: they are falling behind; halve the limit;
 *   <li>otherwise, if the index used most of its limit (or had work waiting): there is headroom and
 *       demand; grow by an eighth (at least one);
 *   <li>otherwise hold: an idle index budget proves nothing about headroom.
 * </ul>
 *
 * Not the samples' service time: a cold start raises it by itself (the node is busier), without
 * the samples falling behind, and a law keyed to it held the index back for nothing (measured: a
 * cold start at half the ceiling took 1.47x its bound under that law, 1.40x at a fixed 256).
 * Running flat out, the samples always wait (the ring is kept full on purpose), so the limit sits
 * at its minimum there: use a fixed budget for flat-out runs. Pure arithmetic: the index budget
 * feeds it readings and applies its answer.
 */
public final class AdaptiveLimit {
    /** Mean wait in the ring that means the samples fall behind: far above a keeping-up ring's, far below a full one's. */
    static final long QUEUE_LIMIT_NANOS = 20_000_000;
    static final double DECREASE = 0.5;
    /** Used at least this share of the limit for the period to count as demand. */
    static final double BUSY = 0.75;

    private final int min;
    private final int max;
    private int limit;

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

    /**
     * One period's readings; returns the new limit.
     *
     * @param queueMeanNanos mean time the samples handed to writers in the period had waited since
     *                       their intended time; NaN when none were (the limit then holds)
     * @param peakInFlight   the most index requests in flight seen in the period
     * @param waiting        whether index work waited for room (a backlog, or resources deferred)
     */
    public int update(double queueMeanNanos, int peakInFlight, boolean waiting) {
        if (Double.isNaN(queueMeanNanos)) {
            return limit;
        }
        if (queueMeanNanos > QUEUE_LIMIT_NANOS) {
            limit = Math.max(min, (int) (limit * DECREASE));
        } else if (waiting || peakInFlight >= BUSY * limit) {
            limit = Math.min(max, limit + Math.max(1, limit / 8));
        }
        return limit;
    }
}
