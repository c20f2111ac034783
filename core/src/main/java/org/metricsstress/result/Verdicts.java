package org.metricsstress.result;

import java.util.List;
import java.util.Locale;

/**
 * Decides whether the cluster kept up, and if not, whether the database or this client is to
 * blame. The tell of a client bottleneck: generators run late against the schedule while the ring
 * between them and the writers stays nearly empty and never fills (nothing is waiting on the
 * database); the tell of a database bottleneck: the ring fills (under {@code --on-full block} the
 * generators then wait, and run late because of the database, not the client), commits are
 * dropped, or writes fail. Occupancy is sampled at the end of each interval, so whether a lane was
 * full at any moment in between comes from the ring's own count ({@code ringFullEvents}).
 */
public final class Verdicts {
    /** Generators this late (p99) mean the schedule is not being met. */
    static final double LAG_MS = 1000;
    /** Below this share of the ring the writers are keeping up with the generators. */
    static final double RING_EMPTY_SHARE = 0.10;
    /** Written / target at or above this is "kept up". */
    static final double KEPT_UP_RATIO = 0.98;

    private Verdicts() {}

    /**
     * @param unsent      samples the schedule meant before the run ended that were never generated
     *                    (the generators were behind)
     * @param unaccounted samples neither written, dropped, failed nor unsent once the run settled
     *                    (generated - written - dropped - failed, and intended - generated - unsent):
     *                    anything but 0 means the figures cannot be trusted, whatever else they say
     */
    public static Verdict of(double targetRate, double achievedRate, long written, long dropped, long failed,
            long unsent, long unaccounted, LatencySummary scheduleLag, LatencySummary response, double cpuPercent,
            int ringSize, List<IntervalStats> intervals) {
        if (unaccounted != 0) {
            return new Verdict("AUDIT_UNBALANCED", String.format(Locale.ROOT,
                    "%,d samples are unaccounted for (intended != written + dropped + failed + unsent): requests "
                            + "still unsettled when the run gave up waiting; no figure of this run can be trusted",
                    unaccounted));
        }
        if (written + dropped + failed + unsent == 0) {
            return new Verdict("INCONCLUSIVE", "nothing was written: the run was too short to judge");
        }
        long peakRing = intervals.stream().mapToLong(IntervalStats::ringOccupancy).max().orElse(0);
        long fullEvents = intervals.stream().mapToLong(IntervalStats::ringFullEvents).sum();
        double ratio = targetRate > 0 ? achievedRate / targetRate : 0;
        boolean lagging = scheduleLag.p99Ms() >= LAG_MS;
        boolean ringEmpty = peakRing < ringSize * RING_EMPTY_SHARE && fullEvents == 0;
        String owed = unsent == 0 ? "" : String.format(Locale.ROOT,
                "; %,d samples never sent (the generators were behind when the run ended)", unsent);
        if (lagging && ringEmpty && dropped == 0) {
            return new Verdict("CLIENT_BOUND", String.format(Locale.ROOT,
                    "the generators ran up to %.1f s late (p99) while the ring stayed nearly empty (at most %d of %d at the report lines): "
                            + "this client, not the database, limited the rate (client CPU %.0f%% of its cores)%s",
                    scheduleLag.p99Ms() / 1000, peakRing, ringSize, cpuPercent, owed));
        }
        if (dropped > 0 || failed > 0 || unsent > 0 || ratio < KEPT_UP_RATIO) {
            // The sampled peak alone would say "95 of 8192" of a run whose lanes filled between samples.
            String ring = fullEvents > 0
                    ? String.format(Locale.ROOT, "the ring was full %,d times (%d of %d at the report lines)",
                            fullEvents, peakRing, ringSize)
                    : String.format(Locale.ROOT, "ring at most %d of %d at the report lines", peakRing, ringSize);
            return new Verdict("CLUSTER_BEHIND", String.format(Locale.ROOT,
                    "the cluster wrote %.1f%% of the target rate; %,d samples dropped (ring full), %,d failed%s; "
                            + "%s; response p99 %.1f ms",
                    100 * ratio, dropped, failed, owed, ring, response.p99Ms()));
        }
        String note = cpuPercent >= 90
                ? String.format(Locale.ROOT, "; but client CPU was at %.0f%%: close to its own limit", cpuPercent) : "";
        return new Verdict("KEPT_UP", String.format(Locale.ROOT,
                "the cluster wrote %.1f%% of the target rate with no drops or failures; response p99 %.1f ms%s",
                100 * ratio, response.p99Ms(), note));
    }

    /** One line for the console when an interval looks client-bound, or null. */
    public static String intervalWarning(IntervalStats s, int ringSize) {
        if (s.scheduleLag().p99Ms() >= LAG_MS && s.ringOccupancy() < ringSize * RING_EMPTY_SHARE
                && s.ringFullEvents() == 0 && s.dropped() == 0) {
            return String.format(Locale.ROOT,
                    "warning: generators are %.1f s behind schedule while the ring is nearly empty: the client is the "
                            + "bottleneck (CPU %.0f%%)", s.scheduleLag().p99Ms() / 1000, s.cpuPercent());
        }
        return null;
    }
}
