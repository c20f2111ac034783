package org.metricsstress.storage;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.api.core.retry.RetryDecision;
import com.datastax.oss.driver.api.core.retry.RetryPolicy;
import com.datastax.oss.driver.api.core.servererrors.CoordinatorException;
import com.datastax.oss.driver.api.core.servererrors.WriteType;
import com.datastax.oss.driver.api.core.session.Request;

/**
 * The driver's retry policy for a run: never retry. The driver's default policy retries an
 * unavailable write once on the next node (and more for idempotent statements) without telling
 * anyone; here every retry is ours ({@code --retries}, in {@link RequestCompletion}), so each one
 * is counted and the samples are counted once. Instantiated by the driver from its class name.
 */
public final class NoDriverRetries implements RetryPolicy {

    public NoDriverRetries(DriverContext context, String profileName) {
        // The driver's constructor contract; nothing to configure.
    }

    @Override
    public RetryDecision onReadTimeout(Request request, ConsistencyLevel cl, int blockFor, int received,
            boolean dataPresent, int retryCount) {
        return RetryDecision.RETHROW;
    }

    @Override
    public RetryDecision onWriteTimeout(Request request, ConsistencyLevel cl, WriteType writeType, int blockFor,
            int received, int retryCount) {
        return RetryDecision.RETHROW;
    }

    @Override
    public RetryDecision onUnavailable(Request request, ConsistencyLevel cl, int required, int alive, int retryCount) {
        return RetryDecision.RETHROW;
    }

    @Override
    public RetryDecision onRequestAborted(Request request, Throwable error, int retryCount) {
        return RetryDecision.RETHROW;
    }

    @Override
    public RetryDecision onErrorResponse(Request request, CoordinatorException error, int retryCount) {
        return RetryDecision.RETHROW;
    }

    @Override
    public void close() {
        // Nothing held.
    }
}
