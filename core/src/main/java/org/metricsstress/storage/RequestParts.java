package org.metricsstress.storage;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.StressMetrics;

/**
 * What one sample request carries, part by part (a group commit, or a slice of a wide one): the
 * part's intended time for its response latency ({@link RequestCompletion#NO_RESPONSE} for a slice
 * that is not its commit's last), its resource, and its rows, so a failure is charged to each
 * series it hit.
 */
public record RequestParts(long[] intended, int[] resourceKeys, int[] rows) {

    /** A request of one part. */
    public static RequestParts one(long intendedNanos, int resourceKey, int rows) {
        return new RequestParts(new long[] {intendedNanos}, new int[] {resourceKey}, new int[] {rows});
    }

    public int samples() {
        int n = 0;
        for (int r : rows) {
            n += r;
        }
        return n;
    }

    /** Every part's samples failed, each charged to its own series. */
    public void failed(StressMetrics metrics, ErrorClass cause) {
        for (int i = 0; i < rows.length; i++) {
            metrics.failed(resourceKeys[i], rows[i], cause);
        }
    }
}
