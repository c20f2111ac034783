package org.metricsstress.writer.tss.receiver;

/**
 * What the receiver's own figures say of a run: each counter's growth from the watch's first
 * reading to its last, NaN where the receiver does not expose it (or no reading succeeded).
 *
 * @param samplesIn samples appended (Prometheus) or remote-write rows inserted (VictoriaMetrics)
 * @param peakHeadSeries Prometheus' head series at their peak (VictoriaMetrics: NaN)
 */
public record ReceiverSummary(ReceiverKind kind, double samplesIn, double newSeries, double outOfOrder,
        double outOfBounds, double tooOld, double slowInserts, double concurrentInsertLimitReached,
        double rowsAddedToStorage, double cpuSeconds, double peakHeadSeries, double peakResidentBytes,
        long readings, long failedReadings, String firstFailure) {

    /** The receiver's CPU per sample it took in, in microseconds; NaN when either is unknown or none came. */
    public double cpuMicrosPerSample() {
        return samplesIn > 0 ? cpuSeconds * 1e6 / samplesIn : Double.NaN;
    }

    static ReceiverSummary of(ReceiverReading first, ReceiverReading last, double peakHeadSeries,
            double peakResidentBytes, long readings, long failed, String firstFailure) {
        if (first == null) {
            double n = Double.NaN;
            return new ReceiverSummary(null, n, n, n, n, n, n, n, n, n, n, n, readings, failed, firstFailure);
        }
        return new ReceiverSummary(last.kind(), delta(first.samplesIn(), last.samplesIn()),
                delta(first.newSeries(), last.newSeries()), delta(first.outOfOrder(), last.outOfOrder()),
                delta(first.outOfBounds(), last.outOfBounds()), delta(first.tooOld(), last.tooOld()),
                delta(first.slowInserts(), last.slowInserts()),
                delta(first.concurrentInsertLimitReached(), last.concurrentInsertLimitReached()),
                delta(first.rowsAddedToStorage(), last.rowsAddedToStorage()), delta(first.cpuSeconds(), last.cpuSeconds()),
                peakHeadSeries, peakResidentBytes, readings, failed, firstFailure);
    }

    /**
     * A counter absent at the start and present at the end was created in between, from zero:
     * Prometheus makes its labelled counters at their first count. Absent at the end: unknown.
     */
    static double delta(double first, double last) {
        if (Double.isNaN(last)) {
            return Double.NaN;
        }
        return Double.isNaN(first) ? last : last - first;
    }
}
