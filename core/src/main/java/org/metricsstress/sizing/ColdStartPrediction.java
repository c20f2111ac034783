package org.metricsstress.sizing;

/**
 * What {@link ColdStartModel#predict} found for one plan. Times are seconds from the start of
 * generation; -1 when it did not happen within {@link ColdStartModel#HORIZON_SECONDS}.
 *
 * @param plan                 the plan predicted
 * @param model                the costs it was played with
 * @param cacheThrashes        the cache holds fewer entries than the plan's resources: every commit is indexed
 * @param targetSamplesPerSecond the plan's rate
 * @param warmSamplesPerSecond the pool's capacity once everything is indexed
 * @param ringFullAtSeconds    when a commit first found the ring full; -1 never
 * @param lastDropAtSeconds    when the last commit was dropped; -1 never
 * @param dropSeconds          from the first drop to the last
 * @param ringDrainedAtSeconds when the ring, after it filled, was below 10% again; -1 never (or never filled)
 * @param drainSeconds         from the last drop to drained
 * @param ringPeak             the most slots in use (events)
 * @param ringSize             the ring's slots (events)
 * @param indexedAtSeconds     when every group resource had been written once; -1 never
 * @param writtenWhileIndexing samples written per second until then
 * @param droppedSamples       samples dropped over the cold start
 */
public record ColdStartPrediction(ColdStartModel.Plan plan, ColdStartModel model, boolean cacheThrashes,
        double targetSamplesPerSecond, double warmSamplesPerSecond, double ringFullAtSeconds, double lastDropAtSeconds,
        double dropSeconds, double ringDrainedAtSeconds, double drainSeconds, long ringPeak, long ringSize,
        double indexedAtSeconds, double writtenWhileIndexing, long droppedSamples) {

    public boolean ringFills() {
        return ringFullAtSeconds >= 0;
    }

    /** When the cold start is over: the ring drained, or (never full) every resource indexed; -1 never. */
    public double overAtSeconds() {
        if (ringFills()) {
            return ringDrainedAtSeconds;
        }
        return indexedAtSeconds;
    }
}
