package org.metricsstress.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.metricsstress.cache.GuavaResourceCache;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.LatencyTracker;
import org.metricsstress.metrics.StressMetrics;

/**
 * The index budget's bookkeeping with a session whose answers the test controls: every resource
 * handed to it ends indexed (or failed and released), whatever the budget, the backlog's length or
 * the thread its requests complete on; no permit and no claim is left behind.
 */
class IndexBudgetTest {
    private static final String INSERT = "INSERT INTO newts.terms (context, field, value, resource) VALUES ('G', 'f', 'v', 'r')";

    /** Answers at once (on the caller's thread, as the null sink does), holds, or throws, as told. */
    private static final class ControlledSession {
        final List<CompletableFuture<Object>> held = new CopyOnWriteArrayList<>();
        final AtomicInteger sent = new AtomicInteger();
        volatile Predicate<Statement<?>> holdWhen = s -> false;
        volatile Predicate<Statement<?>> throwWhen = s -> false;
        final CqlSession session = (CqlSession) Proxy.newProxyInstance(CqlSession.class.getClassLoader(),
                new Class<?>[] {CqlSession.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "executeAsync" -> execute((Statement<?>) args[0]);
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> throw new UnsupportedOperationException(method.getName());
                });

        private CompletableFuture<Object> execute(Statement<?> s) {
            if (throwWhen.test(s)) {
                throw new IllegalStateException("cannot send");
            }
            boolean hold = holdWhen.test(s);
            sent.incrementAndGet();
            if (hold) {
                CompletableFuture<Object> f = new CompletableFuture<>();
                held.add(f);
                return f;
            }
            return CompletableFuture.completedFuture(null);
        }

        void release() {
            List<CompletableFuture<Object>> now = List.copyOf(held);
            held.clear();
            now.forEach(f -> f.complete(null));
        }
    }

    private final ControlledSession cluster = new ControlledSession();
    private final StressMetrics samples = new StressMetrics();
    private final IndexMetrics metrics = new IndexMetrics(samples.registry(), samples, 10, 0, System.nanoTime());
    private final GuavaResourceCache cache = new GuavaResourceCache(100_000);
    private final Set<Long> pending = ConcurrentHashMap.newKeySet();
    private final AtomicInteger indexed = new AtomicInteger();

    private IndexBudget budget(int maxInFlight) {
        return new IndexBudget(cluster.session, DefaultConsistencyLevel.ONE, cache, metrics, pending, maxInFlight,
                false, new LatencyTracker("queue", true));
    }

    private static IndexStatements.Requests requests(int n) {
        IndexStatements.Requests r = new IndexStatements.Requests();
        for (int i = 0; i < n; i++) {
            r.statements.add(SimpleStatement.newInstance(INSERT));
            r.rows.add(1);
        }
        return r;
    }

    /** Claims {@code key} and hands its requests to the budget, as the index stage does. */
    private boolean send(IndexBudget budget, long key, int requests) {
        assertTrue(pending.add(key), "claimed twice: " + key);
        return budget.send(key, key * 10, requests(requests), indexed::incrementAndGet);
    }

    private void assertSettled(IndexBudget budget, int resources) throws InterruptedException {
        assertTrue(budget.awaitIdle(10_000), "the budget never became idle: backlog " + budget.backlog()
                + ", requests in flight " + budget.inFlightRequests());
        assertEquals(resources, indexed.get(), "resources indexed");
        assertEquals(resources, cache.size(), "resources the cache learned");
        assertEquals(0, budget.inFlightRequests(), "permits left taken");
        assertTrue(pending.isEmpty(), "claims left behind: " + pending.size());
    }

    /**
     * A long backlog drained by answers that arrive on the sender's own thread (the null sink, a
     * driver answering from its cache) must not recurse once per resource: it overflowed the
     * stack of the field-sized client-only bench, silently (inside a CompletableFuture callback),
     * and each resource whose send the overflow cut off kept its claim and its permits for ever:
     * 3 of 1.8 M resources were never indexed and the drain timed out.
     */
    @Test
    void aLongBacklogDrainedByAnswersOnTheSendersThreadIsDrainedWithoutRecursion() throws Exception {
        IndexBudget budget = budget(1);
        cluster.holdWhen = s -> cluster.sent.get() == 0; // the first request waits; the backlog forms behind it
        assertTrue(send(budget, 1, 1));
        cluster.holdWhen = s -> false;
        for (long key = 2; key <= IndexBudget.BACKLOG_LIMIT + 1; key++) {
            assertTrue(send(budget, key, 1), "backlogged");
        }
        assertEquals(IndexBudget.BACKLOG_LIMIT, budget.backlog());
        // The answer arrives on a thread with a small stack: every backlogged resource is sent from
        // its completion, and each of theirs completes at once.
        Thread answer = new Thread(null, cluster::release, "answer", 128 * 1024);
        answer.start();
        answer.join();
        assertSettled(budget, IndexBudget.BACKLOG_LIMIT + 1);
        budget.close();
    }

    @Test
    void aRequestThatCannotBeSentIsCountedFailedAndReleasesItsPermitsAndClaim() throws Exception {
        IndexBudget budget = budget(8);
        AtomicInteger calls = new AtomicInteger();
        cluster.throwWhen = s -> calls.incrementAndGet() == 2; // the second request of the first resource
        assertTrue(send(budget, 1, 3));
        cluster.throwWhen = s -> false;
        assertTrue(budget.awaitIdle(10_000), "permits of the requests never sent are given back");
        assertEquals(0, indexed.get(), "a resource with a request not sent is not indexed");
        assertEquals(0, cache.size());
        assertEquals(2, metrics.requestsFailed(), "the request that threw and the one never tried");
        assertTrue(pending.isEmpty(), "its claim is released, so its next sample indexes it again");
        assertTrue(send(budget, 1, 3));
        assertSettled(budget, 1);
    }

    /**
     * {@code --index-max-in-flight 1} or {@code 2}: a group resource needs at least 3 requests, so
     * it never found room, waited at the backlog's head for ever and held every resource behind it;
     * every run ended in a drain timeout. A resource that needs more than the budget now goes
     * alone, once nothing else is in flight. The bounds: below one resource's requests (1, 2, 5),
     * exactly them (6), and above (7).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 5, 6, 7})
    void aResourceNeedingMoreRequestsThanTheBudgetGoesAloneAndEveryOneIsIndexed(int maxInFlight) throws Exception {
        IndexBudget budget = budget(maxInFlight);
        cluster.holdWhen = s -> true;
        assertTrue(send(budget, 1, 6));
        assertTrue(send(budget, 2, 6));
        assertTrue(send(budget, 3, 1));
        // The first resource's six requests; the second waits for room (first in, first out).
        assertEquals(6, cluster.held.size(), "requests out at once with a budget of " + maxInFlight);
        assertEquals(2, budget.backlog());
        for (int round = 0; round < 3 && !cluster.held.isEmpty(); round++) {
            cluster.release();
        }
        assertSettled(budget, 3);
        assertEquals(13, cluster.sent.get(), "each request sent once");
        budget.close();
    }
}
