package org.metricsstress.capacity;

import java.util.List;
import java.util.Locale;
import org.metricsstress.result.IntervalStats;

/**
 * Whether the ring's backlog grew over a step: a pipeline that keeps up takes each commit soon after
 * it is generated, one that does not piles commits up in the ring until it is full. Read from the
 * ring occupancy the engine samples at the end of each report interval (commits generated and not
 * yet taken by a writer).
 *
 * <p>The rule:
 * <ul>
 * <li>Only intervals that ended while generating count. The engine may add one interval after the
 * drain, whose ring the drain emptied: it would make any step look as if its backlog went down.</li>
 * <li>{@code first} is the mean occupancy of the first half of those intervals, {@code last} the
 * mean of the last half (of an odd count, the middle one is in neither). The margin is 1% of the
 * ring, at least one slot.</li>
 * <li>{@link Kind#FULL}: {@code last} is at least 90% of the ring. The backlog has no room left to
 * grow, so a ring that filled in the first interval shows no growth, yet it is the plainest sign of
 * a pipeline behind; with {@code --on-full drop} commits are being dropped, with {@code block} the
 * generators wait.</li>
 * <li>{@link Kind#GROWING}: {@code last > first + margin}, and the last interval's occupancy is
 * above {@code first + margin} too: the backlog rose over the step and was still up at its end (a
 * burst the writers had worked off by the end is not growth).</li>
 * <li>{@link Kind#FLAT}: otherwise. Each figure is a snapshot that jitters with the moment it is
 * taken; means over half a step and a margin of 1% of the ring keep a few commits in passing from
 * counting as growth.</li>
 * <li>{@link Kind#UNKNOWN}: fewer than two intervals while generating, nothing to compare. A judged
 * step fails on it, as an --sla bound on something not measured fails.</li>
 * </ul>
 *
 * @param firstHalfMean mean occupancy over the first half of the step, slots (NaN when unknown)
 * @param lastHalfMean  mean occupancy over the last half of the step, slots (NaN when unknown)
 * @param lastOccupancy occupancy at the end of the last interval while generating (-1 when unknown)
 * @param ringSize      slots in the ring
 */
public record BacklogTrend(Kind kind, double firstHalfMean, double lastHalfMean, long lastOccupancy, int ringSize) {
    /** Share of the ring at which the backlog counts as full. */
    static final double FULL_SHARE = 0.9;
    /** Share of the ring by which the backlog must rise to count as growing. */
    static final double GROWTH_MARGIN_SHARE = 0.01;

    public enum Kind {
        FLAT, GROWING, FULL, UNKNOWN;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The trend of a step's intervals; {@code generationSeconds} tells generation from drain. */
    public static BacklogTrend of(List<IntervalStats> intervals, double generationSeconds, int ringSize) {
        List<IntervalStats> generating = intervals.stream().filter(s -> s.elapsedSeconds() < generationSeconds)
                .toList();
        int n = generating.size();
        if (n < 2) {
            return new BacklogTrend(Kind.UNKNOWN, Double.NaN, Double.NaN, -1, ringSize);
        }
        int half = n / 2;
        double first = meanOccupancy(generating.subList(0, half));
        double last = meanOccupancy(generating.subList(n - half, n));
        long end = generating.get(n - 1).ringOccupancy();
        double margin = Math.max(1, GROWTH_MARGIN_SHARE * ringSize);
        Kind kind;
        if (last >= FULL_SHARE * ringSize) {
            kind = Kind.FULL;
        } else if (last > first + margin && end > first + margin) {
            kind = Kind.GROWING;
        } else {
            kind = Kind.FLAT;
        }
        return new BacklogTrend(kind, first, last, end, ringSize);
    }

    private static double meanOccupancy(List<IntervalStats> intervals) {
        return intervals.stream().mapToLong(IntervalStats::ringOccupancy).average().orElse(Double.NaN);
    }

    /** Whether the trend fails a judged step: anything but flat. */
    public boolean failsStep() {
        return kind != Kind.FLAT;
    }

    /** For the table: {@code flat 0 -> 2}, {@code growing 120 -> 5,400}, {@code full 8,190}. */
    public String brief() {
        return switch (kind) {
            case UNKNOWN -> "unknown";
            case FULL -> String.format(Locale.ROOT, "full %,.0f", lastHalfMean);
            default -> String.format(Locale.ROOT, "%s %,.0f -> %,.0f", kind.label(), firstHalfMean, lastHalfMean);
        };
    }

    /** Why a judged step failed on its backlog, in the words of the --sla failures; null when flat. */
    public String failure() {
        return switch (kind) {
            case FLAT -> null;
            case UNKNOWN -> "ring backlog not measured: fewer than 2 report intervals while generating";
            case FULL -> String.format(Locale.ROOT, "ring backlog full: %,.0f of %,d slots", lastHalfMean, ringSize);
            case GROWING -> String.format(Locale.ROOT, "ring backlog growing: %,.0f -> %,.0f of %,d slots",
                    firstHalfMean, lastHalfMean, ringSize);
        };
    }
}
