package org.metricsstress.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.servererrors.SyntaxError;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.NodeFigures;
import org.metricsstress.metrics.StressMetrics;

/**
 * Retries (--retries) through the production completion path, with the driver's answers played by
 * futures this test completes: every sample is counted once, each retry once, the permit once.
 */
class RequestCompletionTest {
    private static final Statement<?> STATEMENT = SimpleStatement.newInstance("INSERT INTO x (k) VALUES (1)");

    private final StressMetrics metrics = new StressMetrics();
    private final AtomicInteger permitsReleased = new AtomicInteger();
    private final List<CompletableFuture<AsyncResultSet>> resent = new ArrayList<>();

    private RequestCompletion completion(int retries, boolean runGoesOn) {
        return new RequestCompletion(metrics, new Coordinators(metrics.nodes()),
                RequestParts.one(System.nanoTime(), 3, 10), System.nanoTime(), permitsReleased::incrementAndGet, STATEMENT, s -> {
                    CompletableFuture<AsyncResultSet> f = new CompletableFuture<>();
                    resent.add(f);
                    return f;
                }, retries, () -> runGoesOn);
    }

    private static UnavailableException unavailable() {
        return new UnavailableException(null, ConsistencyLevel.EACH_QUORUM, 2, 1);
    }

    @Test
    void aRequestThatSucceedsOnItsSecondRetryIsWrittenOnceWithTwoRetries() {
        RequestCompletion c = completion(3, true);
        c.accept(null, new DriverTimeoutException("first attempt timed out"));
        resent.get(0).completeExceptionally(unavailable());
        resent.get(1).complete(null);

        assertEquals(10, metrics.counts().written());
        assertEquals(0, metrics.counts().failed());
        assertEquals(2, metrics.counts().retries());
        assertEquals(1, permitsReleased.get(), "the permit is held across retries and given back once");
        assertEquals(1, metrics.service().takeInterval().getTotalCount(), "one service time: the last attempt's");
        assertEquals(1, metrics.response().takeInterval().getTotalCount(), "one response time per commit");
        // Three attempts, none with a known coordinator: two failures and one success under "none".
        var none = metrics.nodes().of(NodeFigures.NO_NODE, null);
        assertEquals(3, none.requests());
        assertEquals(1, none.failedAttempts(ErrorClass.TIMEOUT));
        assertEquals(1, none.failedAttempts(ErrorClass.UNAVAILABLE));
    }

    @Test
    void whenRetriesRunOutTheSamplesFailOnceWithTheLastCause() {
        RequestCompletion c = completion(2, true);
        c.accept(null, new DriverTimeoutException("1"));
        resent.get(0).completeExceptionally(new DriverTimeoutException("2"));
        resent.get(1).completeExceptionally(unavailable());

        assertEquals(2, resent.size(), "two retries, no third");
        assertEquals(0, metrics.counts().written());
        assertEquals(10, metrics.counts().failed());
        assertEquals(10, metrics.counts().failed(ErrorClass.UNAVAILABLE));
        assertEquals(2, metrics.counts().retries());
        assertEquals(1, permitsReleased.get());
    }

    @Test
    void errorsThatARetryCannotMendAreNotRetried() {
        completion(5, true).accept(null, new SyntaxError(null, "bad statement"));
        assertEquals(0, resent.size());
        assertEquals(10, metrics.counts().failed(ErrorClass.OTHER));
        assertEquals(0, metrics.counts().retries());
        assertEquals(1, permitsReleased.get());
    }

    @Test
    void aRunThatIsEndingDoesNotRetry() {
        completion(5, false).accept(null, new DriverTimeoutException("late"));
        assertEquals(0, resent.size());
        assertEquals(10, metrics.counts().failed(ErrorClass.TIMEOUT));
        assertEquals(1, permitsReleased.get());
    }

    @Test
    void withoutRetriesAFailureIsCountedAtOnce() {
        completion(0, true).accept(null, unavailable());
        assertEquals(0, resent.size());
        assertEquals(10, metrics.counts().failed(ErrorClass.UNAVAILABLE));
        assertEquals(1, permitsReleased.get());
    }

    /**
     * A result whose execution info cannot be read (any throw before the samples are counted):
     * before, the samples were never counted, written nor failed, and the audit came up short.
     */
    @Test
    void aResultThatCannotBeReadStillCountsItsSamplesOnce() {
        AsyncResultSet broken = (AsyncResultSet) java.lang.reflect.Proxy.newProxyInstance(
                AsyncResultSet.class.getClassLoader(), new Class<?>[] {AsyncResultSet.class}, (p, m, args) -> {
                    throw new IllegalStateException("no execution info");
                });
        completion(0, true).accept(broken, null);
        assertEquals(10, metrics.counts().written(), "acknowledged: written, once");
        assertEquals(0, metrics.counts().failed());
        assertEquals(1, permitsReleased.get());
    }

    @Test
    void anErrorThatCannotBeClassifiedStillCountsItsSamplesFailedOnce() {
        Throwable odd = new RuntimeException((String) null) {
            @Override
            public String getMessage() {
                throw new IllegalStateException("cannot describe");
            }
        };
        completion(0, true).accept(null, odd);
        assertEquals(10, metrics.counts().failed());
        assertEquals(0, metrics.counts().written());
        assertEquals(1, permitsReleased.get());
    }
}
