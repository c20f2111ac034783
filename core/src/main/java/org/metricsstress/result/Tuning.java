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
 * @param repeat  the last round's settings run twice (a round that kept up and its repeat), as two
 *                repeats of one configuration; null when the tune ended without a repeat
 */
public record Tuning(List<Round> rounds, String outcome, boolean keptUp, Repeat repeat) {

    public Tuning(List<Round> rounds, String outcome, boolean keptUp) {
        this(rounds, outcome, keptUp, Repeat.of(rounds));
    }

    /**
     * Two runs of the same settings, the round and its repeat: what tune's confirmation adds besides a
     * second verdict is a measure of the run-to-run noise of the very configuration it advises.
     *
     * @param rounds         the round and its repeat
     * @param writtenPercent each one's written against the target, in percent
     * @param responseP99Ms  each one's response p99 (-1 where a round did not say)
     */
    public record Repeat(List<Integer> rounds, List<Double> writtenPercent, List<Double> responseP99Ms) {

        /** The last round's pair when it repeats one; null otherwise. */
        static Repeat of(List<Round> rounds) {
            if (rounds.isEmpty() || rounds.get(rounds.size() - 1).repeatOf() <= 0) {
                return null;
            }
            Round again = rounds.get(rounds.size() - 1);
            Round first = rounds.stream().filter(r -> r.round() == again.repeatOf()).findFirst().orElse(null);
            if (first == null) {
                return null;
            }
            return new Repeat(List.of(first.round(), again.round()), List.of(first.writtenPercent(), again.writtenPercent()),
                    List.of(first.responseP99Ms(), again.responseP99Ms()));
        }
    }

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
            Map<String, String> applied, int repeatOf, double responseP99Ms) {

        /** Without the response p99 (results written before tune kept it): -1. */
        public Round(int round, Map<String, String> settings, String verdict, double writtenPercent, long dropped,
                long failed, double indexedAtSeconds, double ringFullAtSeconds, double ringDrainedAtSeconds,
                Map<String, String> applied, int repeatOf) {
            this(round, settings, verdict, writtenPercent, dropped, failed, indexedAtSeconds, ringFullAtSeconds,
                    ringDrainedAtSeconds, applied, repeatOf, -1);
        }
    }
}
