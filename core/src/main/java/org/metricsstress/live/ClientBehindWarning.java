package org.metricsstress.live;

import java.util.Locale;
import org.metricsstress.result.IntervalStats;

/**
 * The console's warning, while a run goes on, that an interval looks client-bound: the generators
 * late while the ring is nearly empty, so the writers wait for samples rather than the cluster for
 * the writers. The verdict at the end (analysis.Verdicts' CLIENT_BOUND) applies the same thresholds
 * to the whole run; VerdictsTest holds the two equal, since the engine that prints this line must
 * not compile against the judges.
 */
public final class ClientBehindWarning {
    /** Generators this late (p99) mean the schedule is not being met. */
    public static final double LAG_MS = 1000;
    /** Below this share of the ring the writers are keeping up with the generators. */
    public static final double RING_EMPTY_SHARE = 0.10;

    private ClientBehindWarning() {}

    /** One line for the console when an interval looks client-bound, or null. */
    public static String of(IntervalStats s, int ringSize) {
        if (s.scheduleLag().p99Ms() >= LAG_MS && s.ringOccupancy() < ringSize * RING_EMPTY_SHARE
                && s.ringFullEvents() == 0 && s.dropped() == 0 && s.failed() == 0) {
            return String.format(Locale.ROOT,
                    "warning: generators are %.1f s behind schedule while the ring is nearly empty: the client is the "
                            + "bottleneck (CPU %.0f%%)", s.scheduleLag().p99Ms() / 1000, s.cpuPercent());
        }
        return null;
    }
}
