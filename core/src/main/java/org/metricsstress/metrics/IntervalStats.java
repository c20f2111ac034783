package org.metricsstress.metrics;

/**
 * What happened in one report interval. Counts are for the interval; {@code *Total} are since the
 * start; rates are per second of the interval. Index figures are -1 when indexing is off.
 */
public record IntervalStats(
        double elapsedSeconds,
        double intervalSeconds,
        long generated,
        long written,
        long dropped,
        long failed,
        long generatedTotal,
        long writtenTotal,
        long droppedTotal,
        long failedTotal,
        long ringOccupancy,
        long inFlightRequests,
        LatencySummary response,
        double cpuPercent,
        long indexRows,
        double indexedPercent,
        long cacheSize) {

    public double generatedPerSecond() {
        return intervalSeconds > 0 ? generated / intervalSeconds : 0;
    }

    public double indexRowsPerSecond() {
        return intervalSeconds > 0 && indexRows >= 0 ? indexRows / intervalSeconds : -1;
    }

    public double writtenPerSecond() {
        return intervalSeconds > 0 ? written / intervalSeconds : 0;
    }
}
