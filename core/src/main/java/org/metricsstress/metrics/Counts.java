package org.metricsstress.metrics;

import java.util.Map;

/**
 * The counts of a run at one moment, read from {@link StressMetrics} in one pass: a reporter that
 * reads a snapshot reads figures taken together (written and failed of the same moment), as
 * HdrHistogram's recorder hands out an interval histogram instead of its live one.
 *
 * <p>The audit: {@code generated = written + dropped + failed + unaccounted}, where unaccounted is
 * what is still in the ring or in flight (zero once a run has drained). Unsent samples (the
 * schedule's debt) were never generated and stand outside it.
 *
 * @param failedByClass samples failed, by the class of their error; every class present
 * @param ringFull      times a producer found its lane full
 * @param retries       requests sent again (ours after --retries, and the driver's)
 * @param offReplica    requests answered by a coordinator that is not a replica of all their partitions
 */
public record Counts(
        long generated, long written, long dropped, long failed, long unsent,
        Map<ErrorClass, Long> failedByClass,
        long groupCommitsGenerated, long groupCommitsDropped, long groupCommitsUnsent,
        long stringAttributes, long writeRequests, long sinkErrors,
        long ringFull, long indexEventsDropped, long indexStageErrors,
        long retries, long speculativeExecutions, long offReplica) {

    public Counts {
        failedByClass = Map.copyOf(failedByClass);
    }

    /** Samples failed for {@code cause}. */
    public long failed(ErrorClass cause) {
        return failedByClass.getOrDefault(cause, 0L);
    }

    /** generated - written - dropped - failed: zero once a run has drained. */
    public long unaccounted() {
        return generated - written - dropped - failed;
    }
}
