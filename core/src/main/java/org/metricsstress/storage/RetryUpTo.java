package org.metricsstress.storage;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DriverOption;
import com.datastax.oss.driver.api.core.context.DriverContext;
import com.datastax.oss.driver.api.core.retry.RetryDecision;
import com.datastax.oss.driver.api.core.retry.RetryPolicy;
import com.datastax.oss.driver.api.core.servererrors.CoordinatorException;
import com.datastax.oss.driver.api.core.servererrors.WriteType;
import com.datastax.oss.driver.api.core.session.Request;

/**
 * {@code --retries N} with the OpenNMS writer, whose workers send a request once: the driver retries
 * a request the cluster refused or timed out, up to N times (a timeout on the same node, everything
 * else on the next). The request timeout bounds the request with its retries, as the driver times
 * them. Each retry shows in the driver's node metric {@code retries}, which the run counts.
 */
public final class RetryUpTo implements RetryPolicy {
    /** Where the bound sits in the driver's configuration. */
    static final DriverOption MAX_RETRIES = () -> "advanced.retry-policy.metrics-stress-max-retries";

    private final int max;

    public RetryUpTo(DriverContext context, String profileName) {
        this.max = context.getConfig().getProfile(profileName).getInt(MAX_RETRIES);
    }

    private RetryDecision next(int retryCount, RetryDecision retry) {
        return retryCount < max ? retry : RetryDecision.RETHROW;
    }

    @Override
    public RetryDecision onReadTimeout(Request request, ConsistencyLevel cl, int blockFor, int received,
            boolean dataPresent, int retryCount) {
        return next(retryCount, RetryDecision.RETRY_SAME);
    }

    @Override
    public RetryDecision onWriteTimeout(Request request, ConsistencyLevel cl, WriteType writeType, int blockFor,
            int received, int retryCount) {
        return next(retryCount, RetryDecision.RETRY_SAME);
    }

    @Override
    public RetryDecision onUnavailable(Request request, ConsistencyLevel cl, int required, int alive, int retryCount) {
        return next(retryCount, RetryDecision.RETRY_NEXT);
    }

    @Override
    public RetryDecision onRequestAborted(Request request, Throwable error, int retryCount) {
        return next(retryCount, RetryDecision.RETRY_NEXT);
    }

    @Override
    public RetryDecision onErrorResponse(Request request, CoordinatorException error, int retryCount) {
        return next(retryCount, RetryDecision.RETRY_NEXT);
    }

    @Override
    public void close() {
        // Nothing held.
    }
}
