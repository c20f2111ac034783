package org.metricsstress.writer.tss.receiver;

/**
 * One reading of a receiver's own {@code /metrics}. A figure the receiver did not expose is NaN
 * (unknown), never 0: Prometheus creates its labelled counters (samples appended, out of order,
 * out of bounds, too old) at their first count, and each receiver has figures the other lacks.
 *
 * @param samplesIn Prometheus: {@code prometheus_tsdb_head_samples_appended_total} (all types);
 *     VictoriaMetrics: {@code vm_rows_inserted_total{type="promremotewrite"}}
 * @param newSeries Prometheus: {@code prometheus_tsdb_head_series_created_total}; VictoriaMetrics:
 *     {@code vm_new_timeseries_created_total}
 */
public record ReceiverReading(ReceiverKind kind, long atMillis, double headSeries, double samplesIn,
        double newSeries, double outOfOrder, double outOfBounds, double tooOld, double slowInserts,
        double concurrentInsertLimitReached, double rowsAddedToStorage, double cpuSeconds, double residentBytes) {

    /** Whether {@code figure} was exposed. */
    public static boolean known(double figure) {
        return !Double.isNaN(figure);
    }
}
