package org.metricsstress.result;

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
        double primingSeconds) {

    public static final IndexSummary DISABLED = new IndexSummary(false, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, 0, 0, 0);
}
