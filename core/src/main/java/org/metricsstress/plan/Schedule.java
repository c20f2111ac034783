package org.metricsstress.plan;

import java.util.List;
import org.metricsstress.config.RateSteps;

/**
 * Anchors the plan in time. Intended times are on the {@link System#nanoTime()} clock; sample
 * timestamps are wall-clock milliseconds derived from the same anchor, so a sample's timestamp is
 * its intended time, not the moment a late generator got round to it.
 *
 * <p>The run is one or more segments: one for a run at a single rate, one per step of
 * {@code --rate-steps}. Each segment paces its intervals at its own rate: its intervals start at
 * its own start, {@code pacing} apart, and a commit intended at or after the segment's end is not
 * generated (the next segment starts afresh). Intervals are numbered across segments, so a
 * generator walks one sequence {@code 0, 1, 2, ...} whatever the profile.
 */
public final class Schedule {
    private final StressPlan plan;
    private final long startNanos;
    private final long startEpochMillis;
    private final long endNanos;
    private final long[] segmentStart;
    private final long[] segmentEnd;
    private final long[] segmentPacing;
    /** The number of the first interval of each segment; the last segment's intervals never run out. */
    private final long[] firstInterval;

    /**
     * A run at the plan's own rate.
     *
     * @param durationNanos how long to generate, or {@code Long.MAX_VALUE} for until stopped
     */
    public Schedule(StressPlan plan, long startNanos, long startEpochMillis, long durationNanos) {
        this(plan, startNanos, startEpochMillis, new long[] {durationNanos}, new long[] {plan.pacingNanos()});
    }

    private Schedule(StressPlan plan, long startNanos, long startEpochMillis, long[] durations, long[] pacings) {
        this.plan = plan;
        this.startNanos = startNanos;
        this.startEpochMillis = startEpochMillis;
        int n = durations.length;
        segmentStart = new long[n];
        segmentEnd = new long[n];
        segmentPacing = pacings.clone();
        firstInterval = new long[n];
        long at = startNanos;
        long interval = 0;
        for (int k = 0; k < n; k++) {
            segmentStart[k] = at;
            segmentEnd[k] = durations[k] == Long.MAX_VALUE ? Long.MAX_VALUE : at + durations[k];
            firstInterval[k] = interval;
            if (k < n - 1) {
                interval += (durations[k] + pacings[k] - 1) / pacings[k];
                at = segmentEnd[k];
            }
        }
        this.endNanos = segmentEnd[n - 1];
    }

    /** The profile of {@code --rate-steps}: each step paces the whole plan at its rate. */
    public static Schedule stepped(StressPlan plan, long startNanos, long startEpochMillis, List<RateSteps.Step> steps) {
        long[] durations = new long[steps.size()];
        long[] pacings = new long[steps.size()];
        for (int k = 0; k < steps.size(); k++) {
            durations[k] = steps.get(k).duration().toNanos();
            pacings[k] = Math.round(plan.samplesPerInterval() * 1e9 / steps.get(k).samplesPerSecond());
        }
        return new Schedule(plan, startNanos, startEpochMillis, durations, pacings);
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

    /** Segments: 1, or the number of rate steps. */
    public int segments() {
        return segmentStart.length;
    }

    public long segmentStartNanos(int segment) {
        return segmentStart[segment];
    }

    public long segmentEndNanos(int segment) {
        return segmentEnd[segment];
    }

    /** The segment in effect at {@code nanos} (the first before the start, the last after the end). */
    public int segmentAt(long nanos) {
        int k = 0;
        while (k + 1 < segmentStart.length && nanos >= segmentStart[k + 1]) {
            k++;
        }
        return k;
    }

    /** This instance's target rate at {@code nanos}. */
    public double targetSamplesPerSecondAt(long nanos) {
        return plan.samplesPerSecond(segmentPacing[segmentAt(nanos)]);
    }

    /** This instance's target over the whole run: the steps' rates weighted by their lengths. */
    public double meanTargetSamplesPerSecond() {
        if (segmentStart.length == 1) {
            return plan.samplesPerSecond(segmentPacing[0]);
        }
        double samples = 0;
        for (int k = 0; k < segmentStart.length; k++) {
            samples += plan.samplesPerSecond(segmentPacing[k]) * (segmentEnd[k] - segmentStart[k]);
        }
        return samples / (endNanos - startNanos);
    }

    private int segmentOf(long interval) {
        int k = 0;
        while (k + 1 < firstInterval.length && interval >= firstInterval[k + 1]) {
            k++;
        }
        return k;
    }

    /**
     * The interval in progress at {@code nanos}: the last to start at or before it, 0 before the
     * start. Found from the segment's own pacing, so a long run is not walked from its first interval.
     */
    public long intervalAt(long nanos) {
        int k = segmentAt(nanos);
        if (nanos <= segmentStart[k]) {
            return firstInterval[k];
        }
        return firstInterval[k] + (nanos - segmentStart[k]) / segmentPacing[k];
    }

    public long intervalStartNanos(long interval) {
        int k = segmentOf(interval);
        return segmentStart[k] + (interval - firstInterval[k]) * segmentPacing[k];
    }

    /** Time between the starts of this interval and the next within its segment. */
    public long pacingNanos(long interval) {
        return segmentPacing[segmentOf(interval)];
    }

    /** Commits of this interval intended at or after this time are not generated: its segment's end. */
    public long cutoffNanos(long interval) {
        return segmentEnd[segmentOf(interval)];
    }

    public long intendedNanos(long interval, int resourceKey) {
        return intervalStartNanos(interval) + plan.intendedOffsetNanos(resourceKey, pacingNanos(interval));
    }

    public long timestampMillis(long intendedNanos) {
        return startEpochMillis + Math.floorDiv(intendedNanos - startNanos, 1_000_000L);
    }

    /**
     * Group commits of this instance with intended times before their segment's end, for a run of
     * fixed duration: what a generator that keeps up produces. Long.MAX_VALUE when the run has no end.
     */
    public long expectedGroupCommits() {
        return expectedGroupCommits(endNanos);
    }

    /**
     * Group commits of this instance intended before {@code untilNanos} (and before their
     * segment's end): what the schedule asked of a run that stopped then. Long.MAX_VALUE when that
     * is never.
     */
    public long expectedGroupCommits(long untilNanos) {
        long until = Math.min(untilNanos, endNanos);
        if (until == Long.MAX_VALUE) {
            return Long.MAX_VALUE;
        }
        long count = 0;
        for (long p = 0; intervalStartNanos(p) < until; p++) {
            long start = intervalStartNanos(p);
            long pacing = pacingNanos(p);
            long cutoff = Math.min(cutoffNanos(p), until);
            if (start + pacing <= cutoff) {
                count += plan.ownedGroupResources();
            } else {
                for (int k = 0; k < plan.groupResources(); k++) {
                    if (plan.ownsKey(k) && start + plan.intendedOffsetNanos(k, pacing) < cutoff) {
                        count++;
                    }
                }
            }
        }
        return count;
    }
}
