package org.metricsstress.verify;

import java.util.Arrays;
import org.metricsstress.plan.Schedule;
import org.metricsstress.plan.StressPlan;

/**
 * The timestamps a run meant to write for a resource: the schedule walked again, from the run's
 * wall-clock anchor to where its generation ended. A run that kept up wrote a sample of every
 * attribute at each of them; one that dropped or failed commits wrote fewer, never others.
 */
public final class ExpectedSamples {
    private final StressPlan plan;
    private final Schedule schedule;
    private final long endNanos;

    /**
     * @param schedule  the run's schedule, anchored at {@code startNanos = 0}
     * @param endNanos  where generation ended on that clock (the schedule's end, or earlier when
     *                  the run was stopped)
     */
    public ExpectedSamples(StressPlan plan, Schedule schedule, long endNanos) {
        this.plan = plan;
        this.schedule = schedule;
        this.endNanos = Math.min(endNanos, schedule.endNanos());
    }

    /** Ascending timestamps (ms) of the group resource {@code key}; empty if another instance's. */
    public long[] timestampsOf(int key) {
        if (!plan.ownsKey(key)) {
            return new long[0];
        }
        long[] out = new long[16];
        int n = 0;
        for (long p = 0; schedule.intervalStartNanos(p) < endNanos; p++) {
            long intended = schedule.intendedNanos(p, key);
            if (intended < schedule.cutoffNanos(p) && intended < endNanos) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, n * 2);
                }
                out[n++] = schedule.timestampMillis(intended);
            }
        }
        return Arrays.copyOf(out, n);
    }

    public StressPlan plan() {
        return plan;
    }
}
