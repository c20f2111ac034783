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
 * @param serviceLatency          index requests, sent to acknowledged (failed ones too); null in results
 *                                older than schema 9
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
        LatencySummary serviceLatency) {

    public static final IndexSummary DISABLED = new IndexSummary(false, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, 0, 0, 0);

    /** Without the index requests' service time (results older than schema 9, tests). */
    public IndexSummary(boolean enabled, long rowsWritten, long requests, long requestsFailed, long resourcesWritten,
            long deferred, long deduplicated, long stageErrors, long resourcesIndexed, long resourcesInPlan,
            double secondsToComplete, double writtenRateWhileIndexing, double writtenRateAfter,
            long primedGroupResources, long primedInterfaceResources, double primingSeconds) {
        this(enabled, rowsWritten, requests, requestsFailed, resourcesWritten, deferred, deduplicated, stageErrors,
                resourcesIndexed, resourcesInPlan, secondsToComplete, writtenRateWhileIndexing, writtenRateAfter,
                primedGroupResources, primedInterfaceResources, primingSeconds, null);
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
}
