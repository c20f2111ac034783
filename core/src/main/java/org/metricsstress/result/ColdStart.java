package org.metricsstress.result;

import java.util.List;

/**
 * The cold start as the field lived it (OpenNMS on a cold resource cache): the ring filling while
 * the cache fills, samples dropped meanwhile, the sample rate held down by indexing, and the ring
 * draining once every resource is indexed. Times are seconds from the start of generation.
 *
 * @param ringFullAtSeconds            when a producer first found the ring full; -1 if it never was
 * @param ringPeak                     the most slots in use at once (events for --writer opennms,
 *                                     group commits for pipelined), looked at every 100 ms and at
 *                                     every report line
 * @param ringSize                     the ring's slots
 * @param ringDrainedAtSeconds         when the ring, after it first filled, was again below 10% full;
 *                                     -1 if it never filled or never drained
 * @param indexedAtSeconds             when every plan resource was indexed; -1 if never (or no index)
 * @param droppedWhileIndexing         samples dropped until then (all the run's if it never was)
 * @param writtenRateWhileIndexing     samples written per second until then
 * @param percentOfTargetWhileIndexing that rate against the target, in percent
 */
public record ColdStart(
        double ringFullAtSeconds,
        long ringPeak,
        int ringSize,
        double ringDrainedAtSeconds,
        double indexedAtSeconds,
        long droppedWhileIndexing,
        double writtenRateWhileIndexing,
        double percentOfTargetWhileIndexing) {

    /** Share of the ring that counts as drained again. */
    public static final double DRAINED_BELOW = 0.10;

    public boolean ringFilled() {
        return ringFullAtSeconds >= 0;
    }

    /**
     * Instances' cold starts as one, on the merged clock ({@code offsets}: each instance's start after
     * the earliest, in seconds): the ring first full when any instance's was, drained and indexed when
     * the last one's was (never if one never was), drops and rates added.
     */
    public static ColdStart sum(List<ColdStart> cs, double[] offsets, double target) {
        double fullAt = -1;
        double drainedAt = 0;
        double indexedAt = 0;
        boolean filled = false;
        for (int i = 0; i < cs.size(); i++) {
            ColdStart c = cs.get(i);
            double offset = offsets[i];
            if (c.ringFilled()) {
                fullAt = fullAt < 0 ? offset + c.ringFullAtSeconds() : Math.min(fullAt, offset + c.ringFullAtSeconds());
                filled = true;
                drainedAt = drainedAt < 0 || c.ringDrainedAtSeconds() < 0 ? -1
                        : Math.max(drainedAt, offset + c.ringDrainedAtSeconds());
            }
            indexedAt = indexedAt < 0 || c.indexedAtSeconds() < 0 ? -1 : Math.max(indexedAt, offset + c.indexedAtSeconds());
        }
        double rate = cs.stream().mapToDouble(ColdStart::writtenRateWhileIndexing).sum();
        return new ColdStart(fullAt, cs.stream().mapToLong(ColdStart::ringPeak).sum(),
                cs.stream().mapToInt(ColdStart::ringSize).sum(), filled ? drainedAt : -1, indexedAt,
                Sums.sum(cs, ColdStart::droppedWhileIndexing), rate, target > 0 ? 100 * rate / target : -1);
    }
}
