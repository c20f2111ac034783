package org.metricsstress.capacity;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.StressResult;

/**
 * A cluster of known capacity, for driving the search without one. At utilisation
 * {@code u = target / capacity} up to 1 it writes the target, with a response p99 of
 * {@code 5 ms / (1 - u)} (capped at 10 s: queueing makes latency climb steeply near saturation) and
 * a small ring backlog that jitters but does not grow; above its capacity it writes only the
 * capacity, drops the rest and its backlog climbs to the full ring. The first run meets a cold
 * cache (index complete after {@link #COLD_SECONDS}), later ones a warm one.
 */
final class SimulatedCluster implements StepRunner {
    static final double BASE_P99_MS = 5;
    static final double P99_CAP_MS = 10_000;
    static final double COLD_SECONDS = 7.5;
    static final int RING = 8192;
    static final int INTERVALS = 12;

    /** One call of the search. */
    record Call(double target, Duration duration, boolean untilIndexed) {}

    private final double capacity;
    private final boolean indexing;
    final List<Call> calls = new ArrayList<>();

    SimulatedCluster(double capacity, boolean indexing) {
        this.capacity = capacity;
        this.indexing = indexing;
    }

    /** The rate below which the criterion {@code p99 < p99LimitMs} holds: solves 5 / (1 - u) = limit. */
    double p99Threshold(double p99LimitMs) {
        return capacity * (1 - BASE_P99_MS / p99LimitMs);
    }

    @Override
    public StressResult run(double target, Duration duration, boolean untilIndexed) {
        boolean cold = calls.isEmpty();
        calls.add(new Call(target, duration, untilIndexed));
        double u = target / capacity;
        double achieved = Math.min(target, capacity);
        double p99 = u >= 1 ? P99_CAP_MS : Math.min(P99_CAP_MS, BASE_P99_MS / (1 - u));
        long[] occupancy = new long[INTERVALS];
        for (int i = 0; i < INTERVALS; i++) {
            occupancy[i] = target > capacity
                    ? Math.min(RING, Math.round(RING * (i + 1) / (double) INTERVALS))
                    : (i % 2 == 0 ? 0 : Math.round(40 * u)); // a few commits in passing, every other sample
        }
        IndexSummary index = indexing ? Results.index(cold ? COLD_SECONDS : 0.5) : IndexSummary.DISABLED;
        return Results.run(target, achieved, p99, INTERVALS * Results.REPORT_SECONDS, occupancy,
                target > capacity ? 0 : -1, index);
    }
}
