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
 *
 * <p>Running flat out (a rate above the cluster's, {@code --on-full block}) the samples fall
 * further behind whatever the index does, so the wait says nothing about the index's share. The
 * law notices by its own failure: at its minimum for {@link #FLAT_OUT_PERIODS} periods and the wait
 * still rising every period, holding the index back does not help the samples, so it holds it back
 * no more than the fixed default does: the limit goes to its initial value and stays there until
 * the samples catch up (the wait under the line), then the law resumes. Only a ring that blocks
 * when full ({@code --on-full block}) is judged so: one that drops caps the wait at the ring's
 * length, a node's stall can raise it for seconds on end, and the rate there is the user's own, so
 * the samples always come first. Pure arithmetic: the index budget feeds it readings and applies
 * its answer.
 */
public final class AdaptiveLimit {
    /** Mean wait in the ring that means the samples fall behind: far above a keeping-up ring's, far below a full one's. */
    static final long QUEUE_LIMIT_NANOS = 20_000_000;
    static final double DECREASE = 0.5;
    /** Used at least this share of the limit for the period to count as demand. */
    static final double BUSY = 0.75;
    /**
     * Periods at the minimum with the wait rising each one before the run counts as flat out: four
     * seconds, long past the settling of what was in flight when the limit came down.
     */
    static final int FLAT_OUT_PERIODS = 8;

    private final int min;
    private final int max;
    private final int initial;
    private final boolean ringBlocks;
    private int limit;
    /** Consecutive periods at the minimum with the wait higher than the period before. */
    private int risingAtMin;
    private double lastQueueMean = Double.NaN;
    private boolean flatOut;

    /** @param ringBlocks whether the generator waits for a full ring ({@code --on-full block}): flat out is possible */
    public AdaptiveLimit(int min, int max, int initial, boolean ringBlocks) {
        if (min < 1 || max < min || initial < min || initial > max) {
            throw new IllegalArgumentException("bounds " + min + ".." + max + ", initial " + initial);
        }
        this.min = min;
        this.max = max;
        this.initial = initial;
        this.ringBlocks = ringBlocks;
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

    /** Whether the law has found the samples behind whatever the index does, and holds the initial limit. */
    public boolean flatOut() {
        return flatOut;
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
        boolean behind = queueMeanNanos > QUEUE_LIMIT_NANOS;
        boolean rising = queueMeanNanos > lastQueueMean;
        lastQueueMean = queueMeanNanos;
        if (flatOut) {
            if (behind) {
                return limit;
            }
            flatOut = false;
        }
        if (behind) {
            risingAtMin = ringBlocks && limit == min && rising ? risingAtMin + 1 : 0;
            if (risingAtMin >= FLAT_OUT_PERIODS) {
                flatOut = true;
                risingAtMin = 0;
                limit = initial;
            } else {
                limit = Math.max(min, (int) (limit * DECREASE));
            }
        } else {
            risingAtMin = 0;
            if (waiting || peakInFlight >= BUSY * limit) {
                limit = Math.min(max, limit + Math.max(1, limit / 8));
            }
        }
        return limit;
    }
}
