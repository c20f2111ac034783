package org.metricsstress.plan;

/**
 * Anchors the plan in time: interval {@code p} starts at {@code startNanos + p * pacing}. Intended
 * times are on the {@link System#nanoTime()} clock; sample timestamps are wall-clock milliseconds
 * derived from the same anchor, so a sample's timestamp is its intended time, not the moment a
 * late generator got round to it.
 */
public final class Schedule {
    private final StressPlan plan;
    private final long startNanos;
    private final long startEpochMillis;
    private final long endNanos;

    /**
     * @param durationNanos how long to generate, or {@code Long.MAX_VALUE} for until stopped
     */
    public Schedule(StressPlan plan, long startNanos, long startEpochMillis, long durationNanos) {
        this.plan = plan;
        this.startNanos = startNanos;
        this.startEpochMillis = startEpochMillis;
        this.endNanos = durationNanos == Long.MAX_VALUE ? Long.MAX_VALUE : startNanos + durationNanos;
    }

    public long startNanos() {
        return startNanos;
    }

    public long startEpochMillis() {
        return startEpochMillis;
    }

    /** Nothing intended at or after this time is generated. */
    public long endNanos() {
        return endNanos;
    }

    public long intervalStartNanos(long interval) {
        return startNanos + interval * plan.pacingNanos();
    }

    public long intendedNanos(long interval, int resourceKey) {
        return intervalStartNanos(interval) + plan.intendedOffsetNanos(resourceKey);
    }

    public long timestampMillis(long intendedNanos) {
        return startEpochMillis + Math.floorDiv(intendedNanos - startNanos, 1_000_000L);
    }

    /**
     * Group commits of this instance with intended times before the end, for a run of fixed
     * duration: what a generator that keeps up produces. Long.MAX_VALUE when the run has no end.
     */
    public long expectedGroupCommits() {
        if (endNanos == Long.MAX_VALUE) {
            return Long.MAX_VALUE;
        }
        long count = 0;
        for (long p = 0; intervalStartNanos(p) < endNanos; p++) {
            long left = endNanos - intervalStartNanos(p);
            if (left >= plan.pacingNanos()) {
                count += plan.ownedGroupResources();
            } else {
                for (int k = 0; k < plan.groupResources(); k++) {
                    if (plan.ownsKey(k) && plan.intendedOffsetNanos(k) < left) {
                        count++;
                    }
                }
            }
        }
        return count;
    }
}
