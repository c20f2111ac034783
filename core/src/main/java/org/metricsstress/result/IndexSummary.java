package org.metricsstress.result;

import java.util.List;
/**
 * The indexer's totals.
 *
 * @param resourcesIndexed        plan resources known indexed at the end (written or found in the cache)
 * @param resourcesInPlan         group resources, plus interface resources when there are string attributes
 * @param secondsToComplete       from the start until every plan resource was indexed; -1 if never
 * @param writtenRateWhileIndexing samples written per second until then (the cold-start figure)
 * @param writtenRateAfter        samples written per second after that; -1 if never complete
 * @param deferred                resources whose index writes found no free budget (retried at their next sample)
 * @param stageErrors             commits on which the index stage itself threw (index work lost; samples unaffected)
 * @param serviceLatency          index requests, sent to acknowledged (failed ones too); null in results
 *                                older than schema 9
 * @param requestsFailedForPool   of {@code requestsFailed}, those this client's connection pool refused
 *                                (no free request slot on the node's connections): the client's, not
 *                                the cluster's; 0 in results written before it was counted
 */
public record IndexSummary(
        boolean enabled,
        long rowsWritten,
        long requests,
        long requestsFailed,
        long resourcesWritten,
        long deferred,
        long deduplicated,
        long stageErrors,
        long resourcesIndexed,
        long resourcesInPlan,
        double secondsToComplete,
        double writtenRateWhileIndexing,
        double writtenRateAfter,
        long primedGroupResources,
        long primedInterfaceResources,
        double primingSeconds,
        LatencySummary serviceLatency,
        long requestsFailedForPool) {

    public static final IndexSummary DISABLED = new IndexSummary(false, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, 0, 0, 0);

    /** Without the index requests' service time (results older than schema 9, tests). */
    public IndexSummary(boolean enabled, long rowsWritten, long requests, long requestsFailed, long resourcesWritten,
            long deferred, long deduplicated, long stageErrors, long resourcesIndexed, long resourcesInPlan,
            double secondsToComplete, double writtenRateWhileIndexing, double writtenRateAfter,
            long primedGroupResources, long primedInterfaceResources, double primingSeconds) {
        this(enabled, rowsWritten, requests, requestsFailed, resourcesWritten, deferred, deduplicated, stageErrors,
                resourcesIndexed, resourcesInPlan, secondsToComplete, writtenRateWhileIndexing, writtenRateAfter,
                primedGroupResources, primedInterfaceResources, primingSeconds, null, 0);
    }


    /** The share of the plan's resources indexed, in percent, as {@link #percentDone} gives it. */
    public double percentIndexed() {
        return percentDone(resourcesIndexed, resourcesInPlan);
    }

    /**
     * {@code done} of {@code of} in percent, rounded down to a tenth: shown with one decimal it
     * reads 100.0 only when nothing is missing (1,799,997 of 1,800,000 is 99.9, not 100.0).
     * 100 for an empty whole.
     */
    public static double percentDone(long done, long of) {
        return of <= 0 ? 100.0 : floorToTenth(100.0 * done / of);
    }

    /** A percentage rounded down to a tenth, so one decimal never rounds it up to a whole it has not reached. */
    public static double floorToTenth(double percent) {
        return Math.floor(percent * 10 + 1e-9) / 10;
    }

    /**
     * Every instance's index added: counts summed, rates added, the longest priming, the service
     * histograms added; {@code completeAt} is when the last instance completed, on the merged clock.
     */
    public static IndexSummary sum(List<IndexSummary> ix, double completeAt) {
        boolean afterKnown = ix.stream().allMatch(i -> i.writtenRateAfter() >= 0);
        return new IndexSummary(true, Sums.sum(ix, IndexSummary::rowsWritten), Sums.sum(ix, IndexSummary::requests),
                Sums.sum(ix, IndexSummary::requestsFailed), Sums.sum(ix, IndexSummary::resourcesWritten),
                Sums.sum(ix, IndexSummary::deferred), Sums.sum(ix, IndexSummary::deduplicated),
                Sums.sum(ix, IndexSummary::stageErrors), Sums.sum(ix, IndexSummary::resourcesIndexed),
                Sums.sum(ix, IndexSummary::resourcesInPlan), completeAt,
                ix.stream().mapToDouble(i -> Math.max(0, i.writtenRateWhileIndexing())).sum(),
                afterKnown ? ix.stream().mapToDouble(IndexSummary::writtenRateAfter).sum() : -1,
                Sums.sum(ix, IndexSummary::primedGroupResources), Sums.sum(ix, IndexSummary::primedInterfaceResources),
                ix.stream().mapToDouble(IndexSummary::primingSeconds).max().orElse(0),
                ix.stream().allMatch(i -> i.serviceLatency() != null && i.serviceLatency().hasHistogram())
                        ? LatencySummary.sum(ix.stream().map(IndexSummary::serviceLatency).toList()) : null,
                Sums.sum(ix, IndexSummary::requestsFailedForPool));
    }
}
