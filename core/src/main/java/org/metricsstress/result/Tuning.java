package org.metricsstress.result;

import java.util.List;
import java.util.Map;

/**
 * What {@code tune} did: each round's settings and outcome, and why it stopped.
 *
 * @param rounds  the runs, in order; the result holding this section is the last one's
 * @param outcome why the rounds ended: kept up (a round and its repeat), the cluster is the limit, no
 *                advice a run can apply, or out of rounds; prefixed with what did not hold when a
 *                repeat fell behind
 * @param keptUp  whether the tune ended kept up: a round and its repeat with the same settings both kept up
 */
public record Tuning(List<Round> rounds, String outcome, boolean keptUp) {

    /**
     * One run of the tune.
     *
     * @param settings             the OpenNMS properties the round ran with (property to value); with the
     *                             pipelined writer its own options ({@code --ring-size}, {@code --max-in-flight} ...)
     * @param verdict              its verdict's kind
     * @param writtenPercent       written against the target, in percent
     * @param indexedAtSeconds     when every resource was indexed (the cold start's end); -1 if never
     * @param ringFullAtSeconds    when the ring first filled; -1 if never
     * @param ringDrainedAtSeconds when the ring was below 10% again after filling; -1 if never
     * @param applied              the advice the next round applied (property to value); empty for the last,
     *                             and for a round that kept up, whose settings the next round repeats
     * @param repeatOf             the round whose settings this one ran again, to see that they hold (a
     *                             round that kept up is repeated once before the tune says kept up); 0
     *                             for a round of settings of its own (and in results before repeats)
     */
    public record Round(int round, Map<String, String> settings, String verdict, double writtenPercent, long dropped,
            long failed, double indexedAtSeconds, double ringFullAtSeconds, double ringDrainedAtSeconds,
            Map<String, String> applied, int repeatOf) {}
}
