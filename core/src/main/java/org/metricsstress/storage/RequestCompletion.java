package org.metricsstress.storage;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import java.util.function.BiConsumer;
import org.metricsstress.metrics.StressMetrics;

/**
 * Settles one sample write request when the driver completes it: counts its samples as written or
 * failed (by class), records its service time (sent to acknowledged) and the response time of each
 * group commit it carries, from the commit's own intended time (coordinated-omission correct),
 * then gives its in-flight permit back. One small object per request.
 */
public final class RequestCompletion implements BiConsumer<AsyncResultSet, Throwable> {
    /** The intended time of a slice that is not a commit's last: no response time of its own. */
    public static final long NO_RESPONSE = Long.MIN_VALUE;

    private final StressMetrics metrics;
    private final long[] intendedNanos;
    private final long sentNanos;
    private final int samples;
    private final Runnable releasePermit;

    /**
     * @param intendedNanos the intended time of each commit in the request ({@link #NO_RESPONSE}
     *                      for a slice that is not its commit's last)
     */
    public RequestCompletion(StressMetrics metrics, long[] intendedNanos, long sentNanos, int samples,
            Runnable releasePermit) {
        this.metrics = metrics;
        this.intendedNanos = intendedNanos;
        this.sentNanos = sentNanos;
        this.samples = samples;
        this.releasePermit = releasePermit;
    }

    @Override
    public void accept(AsyncResultSet rs, Throwable error) {
        long now = System.nanoTime();
        try {
            if (error == null) {
                metrics.written(samples);
                metrics.service().recordNanos(now - sentNanos);
                for (long intended : intendedNanos) {
                    if (intended != NO_RESPONSE) {
                        metrics.response().recordNanos(now - intended);
                    }
                }
            } else {
                metrics.failed(samples, WriteErrors.classify(error));
            }
        } finally {
            releasePermit.run();
        }
    }
}
