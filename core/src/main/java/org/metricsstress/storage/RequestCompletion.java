package org.metricsstress.storage;

import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.ExecutionInfo;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.StressMetrics;
import java.util.Arrays;

/**
 * Settles one sample write request when the driver completes it: counts its samples as written or
 * failed (by class), records its service time (last attempt sent to acknowledged) and the response
 * time of each group commit it carries, from the commit's own intended time (coordinated-omission
 * correct, so retries are inside it), credits the coordinator node, then gives its in-flight permit
 * back. A timeout or unavailable failure is sent again while retries are left: each retry is
 * counted as such and the samples are still counted exactly once, when the request settles.
 * One small object per request.
 */
public final class RequestCompletion implements BiConsumer<AsyncResultSet, Throwable> {
    /** The intended time of a slice that is not a commit's last: no response time of its own. */
    public static final long NO_RESPONSE = Long.MIN_VALUE;

    /** Sends a statement again (the session's executeAsync). */
    public interface Sender {
        CompletionStage<AsyncResultSet> send(Statement<?> statement);
    }

    private final StressMetrics metrics;
    private final Coordinators coordinators;
    private final RequestParts parts;
    private final int samples;
    private final Runnable releasePermit;
    private final Statement<?> statement;
    private final Sender sender;
    private final BooleanSupplier mayRetry;
    private int retriesLeft;
    private long sentNanos;
    private Set<Node> replicas;

    /**
     * A request that is never retried.
     *
     * @param intendedNanos the intended time of each commit in the request ({@link #NO_RESPONSE}
     *                      for a slice that is not its commit's last)
     */
    public RequestCompletion(StressMetrics metrics, long[] intendedNanos, long sentNanos, int samples,
            Runnable releasePermit) {
        this(metrics, new Coordinators(metrics.nodes()), unkeyed(intendedNanos, samples), sentNanos, releasePermit,
                null, null, 0, () -> false);
    }

    /** Parts whose series are not known: their samples all charged to the first, which is none. */
    private static RequestParts unkeyed(long[] intendedNanos, int samples) {
        int[] rows = new int[intendedNanos.length];
        rows[0] = samples;
        int[] keys = new int[intendedNanos.length];
        Arrays.fill(keys, -1);
        return new RequestParts(intendedNanos, keys, rows);
    }

    /**
     * @param statement what was sent, sent again through {@code sender} on a retryable failure
     *                  while {@code retries} last and {@code mayRetry} says the run still wants it
     */
    public RequestCompletion(StressMetrics metrics, Coordinators coordinators, RequestParts parts, long sentNanos,
            Runnable releasePermit, Statement<?> statement, Sender sender, int retries, BooleanSupplier mayRetry) {
        this.metrics = metrics;
        this.coordinators = coordinators;
        this.parts = parts;
        this.sentNanos = sentNanos;
        this.samples = parts.samples();
        this.releasePermit = releasePermit;
        this.statement = statement;
        this.sender = sender;
        this.retriesLeft = retries;
        this.mayRetry = mayRetry;
    }

    /**
     * The replicas of every partition the request carries: a coordinator outside them had to
     * forward the writes (a fan-out), counted as {@code requests off replica}.
     */
    public RequestCompletion routedTo(Set<Node> partitionReplicas) {
        this.replicas = partitionReplicas;
        return this;
    }

    /**
     * Counts the samples first, then the figures about the request (coordinator, latencies): a
     * failure reading those (a result without its execution info, a node the figures do not know)
     * must not lose the samples, which would leave the audit short with no failure to show for it.
     */
    @Override
    public void accept(AsyncResultSet rs, Throwable error) {
        long now = System.nanoTime();
        boolean settled = true;
        boolean counted = false;
        try {
            if (error == null) {
                metrics.written(samples);
                counted = true;
                ExecutionInfo info = rs == null ? null : rs.getExecutionInfo();
                coordinators.of(info).succeeded(samples, now - sentNanos);
                if (replicas != null && info != null && !replicas.contains(info.getCoordinator())) {
                    metrics.offReplica();
                }
                if (info != null && info.getSpeculativeExecutionCount() > 0) {
                    metrics.speculated(info.getSpeculativeExecutionCount());
                }
                metrics.service().recordNanos(now - sentNanos);
                for (long intended : parts.intended()) {
                    if (intended != NO_RESPONSE) {
                        metrics.response().recordNanos(now - intended);
                    }
                }
            } else {
                ErrorClass cause = WriteErrors.classify(error);
                if (!metrics.hasFirstFailure(cause)) {
                    metrics.firstFailure(cause, WriteErrors.describe(error));
                }
                if (retryable(cause) && retriesLeft > 0 && sender != null && mayRetry.getAsBoolean()) {
                    settled = !resend();
                }
                if (settled) {
                    parts.failed(metrics, cause);
                    counted = true;
                }
                coordinators.ofFailure(error).failed(cause);
            }
        } catch (RuntimeException e) {
            // A figure about the request is lost; its samples are counted all the same, below.
        } finally {
            if (settled && !counted) {
                parts.failed(metrics, ErrorClass.OTHER);
            }
            if (settled) {
                releasePermit.run();
            }
        }
    }

    /** Sends the statement again; false when it cannot be sent (then the caller counts the failure). */
    private boolean resend() {
        retriesLeft--;
        sentNanos = System.nanoTime();
        try {
            sender.send(statement).whenComplete(this);
        } catch (RuntimeException e) {
            return false;
        }
        metrics.retried();
        return true;
    }

    /** Worth a second try with the same statement: the samples are idempotent writes. */
    private static boolean retryable(ErrorClass cause) {
        return cause == ErrorClass.TIMEOUT || cause == ErrorClass.UNAVAILABLE;
    }
}
