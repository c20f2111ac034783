package org.metricsstress.index;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import org.metricsstress.cache.ResourceCache;
import org.metricsstress.metrics.IndexMetrics;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.metricsstress.config.IndexSection;
import org.metricsstress.metrics.LatencyTracker;
import org.metricsstress.storage.WriteErrors;

/**
 * The index writes' own in-flight budget ({@code --index-max-in-flight}), so index rows never take
 * the sample writes' permits. A resource whose requests find no room waits in a bounded backlog
 * that completing requests drain at once; when even the backlog is full, it is deferred (counted,
 * its claim released; the index stage keeps it to retry once there is room). The cache learns of a resource
 * only when every one of its requests succeeded; until its writes settle it stays in the
 * {@code pending} set, so it is not indexed twice in flight.
 *
 * <p>The backlog is drained by one thread at a time, in a loop, never by recursion: an answer may
 * arrive on the thread that sent the request (the null sink answers at once), and when each
 * completion sent the next backlogged resource from inside its own callback, a long backlog
 * overflowed the stack inside a CompletableFuture, which swallows the error: the resource being
 * sent kept its claim and its permits for ever, never indexed, and the run's drain timed out (3 of
 * the field-50k shape's 1.8 M resources in the client-only bench).
 */
final class IndexBudget {
    /** Resources waiting for permits at most. */
    static final int BACKLOG_LIMIT = 2048;

    private final CqlSession session;
    private final ConsistencyLevel consistency;
    private final ResourceCache cache;
    private final IndexMetrics metrics;
    private final Set<Long> pending;
    /** The limit now: fixed, or moved by {@link #control} under {@code auto}. */
    private volatile int maxInFlight;
    private final Limiter permits;
    private final AdaptiveLimit adaptive;
    private final LatencyTracker sampleQueue;
    private final AtomicInteger peakInFlight = new AtomicInteger();
    private final ScheduledExecutorService controller;
    private long lastSum;
    private long lastCount;
    private long lastDeferred;
    private final ConcurrentLinkedDeque<ResourceWork> backlog = new ConcurrentLinkedDeque<>();
    private final AtomicInteger backlogSize = new AtomicInteger();
    /** Calls of {@link #drainBacklog} not yet looked at by the thread draining (0: none draining). */
    private final AtomicInteger drainCalls = new AtomicInteger();
    private volatile boolean aborted;

    /** Bounds and start of {@code --index-max-in-flight auto}. */
    static final int AUTO_MIN = 16;
    static final int AUTO_MAX = 1024;
    /** Where auto starts, and what it holds when the run is flat out (the fixed default before auto was). */
    static final int AUTO_INITIAL = IndexSection.INDEX_BUDGET_START;
    /** How often the auto limit is judged. */
    static final long CONTROL_PERIOD_MILLIS = 500;

    /**
     * @param maxInFlight   a fixed limit, or {@link org.metricsstress.config.StressConfig#INDEX_BUDGET_AUTO}
     * @param ringBlocks    {@code --on-full block}: an auto limit may find the run flat out
     * @param sampleQueue   the samples' waits in the ring (a tracker with a running mean), which an
     *                      auto limit is steered by
     */
    IndexBudget(CqlSession session, ConsistencyLevel consistency, ResourceCache cache, IndexMetrics metrics,
            Set<Long> pending, int maxInFlight, boolean ringBlocks, LatencyTracker sampleQueue) {
        this.session = session;
        this.consistency = consistency;
        this.cache = cache;
        this.metrics = metrics;
        this.pending = pending;
        boolean auto = maxInFlight == IndexSection.INDEX_BUDGET_AUTO;
        this.adaptive = auto ? new AdaptiveLimit(AUTO_MIN, AUTO_MAX, AUTO_INITIAL, ringBlocks) : null;
        this.maxInFlight = auto ? AUTO_INITIAL : maxInFlight;
        this.permits = new Limiter(this.maxInFlight);
        this.sampleQueue = sampleQueue;
        if (auto) {
            lastSum = sampleQueue.sumNanos();
            lastCount = sampleQueue.count();
            controller = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "metrics-stress-index-budget");
                t.setDaemon(true);
                return t;
            });
            controller.scheduleAtFixedRate(this::control, CONTROL_PERIOD_MILLIS, CONTROL_PERIOD_MILLIS,
                    TimeUnit.MILLISECONDS);
        } else {
            controller = null;
        }
    }

    /** A semaphore whose size can shrink: permits given back past the new size are simply kept. */
    private static final class Limiter extends Semaphore {
        Limiter(int permits) {
            super(permits);
        }

        void shrink(int by) {
            reducePermits(by);
        }
    }

    /** One step of the auto limit; a step that throws leaves the limit as it was and the next one runs. */
    private void control() {
        try {
            controlStep();
        } catch (RuntimeException e) {
            // A scheduled task that throws is never run again: the limit would freeze where it is.
        }
    }

    /** The samples' mean wait in the ring since the last step decides. */
    private void controlStep() {
        long sum = sampleQueue.sumNanos();
        long count = sampleQueue.count();
        long deferred = metrics.deferredCount();
        double mean = count > lastCount ? (double) (sum - lastSum) / (count - lastCount) : Double.NaN;
        boolean waiting = backlogSize.get() > 0 || deferred > lastDeferred;
        lastSum = sum;
        lastCount = count;
        lastDeferred = deferred;
        int before = maxInFlight;
        int after = adaptive.update(mean, peakInFlight.getAndSet(inFlightRequests()), waiting);
        if (after > before) {
            maxInFlight = after;
            permits.release(after - before);
            drainBacklog();
        } else if (after < before) {
            maxInFlight = after;
            permits.shrink(before - after);
        }
    }

    /** The limit now (moves under auto). */
    int limit() {
        return maxInFlight;
    }

    /** Stops the auto limit's control thread; idempotent. */
    void close() {
        if (controller != null) {
            controller.shutdownNow();
            try {
                // Gone before the run returns: a Karaf shell must find no thread of ours behind it.
                controller.awaitTermination(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** One resource's index requests, ready to send. */
    private record ResourceWork(long key, long value, IndexStatements.Requests requests, Runnable onIndexed) {}

    int inFlightRequests() {
        return maxInFlight - permits.availablePermits();
    }

    int backlog() {
        return backlogSize.get();
    }

    boolean aborted() {
        return aborted;
    }

    /** No new index work from now on; what was sent still settles, the backlog is given up. */
    void abort() {
        aborted = true;
        drainBacklog(); // gives the backlog up, on whichever thread drains now
    }

    /** Waits until the backlog is sent and every request settled; false on timeout. */
    boolean awaitIdle(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (backlogSize.get() > 0) {
            drainBacklog();
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(5);
        }
        // Watched rather than taken (all permits at once): an auto limit may move while we wait.
        while (inFlightRequests() > 0) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(5);
        }
        return true;
    }

    /**
     * Whether work of {@code requests} requests can be taken now (free permits, or a place in the
     * backlog). Asked before any statement is built: a resource deferred after its statements were
     * built would be garbage made for nothing, and on a cold start that is most of them.
     */
    boolean roomFor(int requests) {
        return backlogSize.get() < BACKLOG_LIMIT || permits.availablePermits() >= requests;
    }

    /**
     * Sends one resource's index requests if the budget has room for all of them; otherwise it
     * waits in the backlog, or, when that is full, is deferred: false then, for the caller to retry.
     */
    boolean send(long key, long value, IndexStatements.Requests requests, Runnable onIndexed) {
        if (requests.isEmpty()) {
            pending.remove(key);
            return true;
        }
        ResourceWork work = new ResourceWork(key, value, requests, onIndexed);
        int permitsNeeded = permitsFor(work);
        if (backlogSize.get() == 0 && permits.tryAcquire(permitsNeeded)) {
            dispatch(work, permitsNeeded);
            return true;
        }
        if (backlogSize.incrementAndGet() <= BACKLOG_LIMIT) {
            backlog.offerLast(work);
            drainBacklog();
            return true;
        }
        backlogSize.decrementAndGet();
        pending.remove(key);
        metrics.deferred();
        return false;
    }

    /**
     * Sends backlog entries while the budget has room for them, oldest first (after an abort, gives
     * them up). One thread drains at a time; a call while another drains only makes that one look
     * again before it stops, so no call is lost and none recurses (see the class comment).
     */
    void drainBacklog() {
        if (drainCalls.getAndIncrement() != 0) {
            return;
        }
        int calls = 1;
        boolean finished = false;
        try {
            do {
                ResourceWork w;
                while ((w = backlog.peekFirst()) != null) {
                    int permitsNeeded = permitsFor(w);
                    if (aborted) {
                        backlog.pollFirst();
                        backlogSize.decrementAndGet();
                        pending.remove(w.key());
                        metrics.deferred();
                    } else if (permits.tryAcquire(permitsNeeded)) {
                        backlog.pollFirst(); // still the head: only this thread takes from the backlog
                        backlogSize.decrementAndGet();
                        dispatch(w, permitsNeeded);
                    } else {
                        break;
                    }
                }
                calls = drainCalls.addAndGet(-calls);
            } while (calls != 0);
            finished = true;
        } finally {
            if (!finished) {
                drainCalls.set(0); // thrown out of the loop (out of memory): the next call drains again
            }
        }
    }

    /**
     * Permits a resource takes: one per request, or the whole limit when it needs more requests
     * than the limit allows (a group resource needs at least 3; {@code --index-max-in-flight 1}
     * would otherwise never send it, and the backlog behind it would wait for ever). Such a
     * resource goes alone, once nothing else is in flight.
     */
    private int permitsFor(ResourceWork w) {
        return Math.max(1, Math.min(w.requests().size(), maxInFlight));
    }

    /**
     * Sends the requests of a resource whose {@code permitsTaken} are already taken. A request the
     * session refuses to send (it throws) is counted failed with the ones after it, so its permits
     * and the resource's claim are released all the same.
     */
    private void dispatch(ResourceWork w, int permitsTaken) {
        if (adaptive != null) {
            peakInFlight.accumulateAndGet(inFlightRequests(), Math::max);
        }
        int n = w.requests().size();
        ResourceWrite write = new ResourceWrite(w.key(), w.value(), n, permitsTaken, w.onIndexed());
        for (int i = 0; i < n; i++) {
            BiConsumer<AsyncResultSet, Throwable> done = write.request(w.requests().rows.get(i));
            metrics.requestSent();
            CompletionStage<AsyncResultSet> answer;
            try {
                answer = session.executeAsync(w.requests().statements.get(i).setConsistencyLevel(consistency));
            } catch (RuntimeException | Error e) {
                for (int j = i; j < n; j++) {
                    (j == i ? done : write.request(w.requests().rows.get(j))).accept(null, e);
                }
                return;
            }
            answer.whenComplete(done);
        }
    }

    /** The writes of one resource: the cache learns of it when the last one succeeded. */
    private final class ResourceWrite {
        private final long key;
        private final long value;
        private final Runnable onIndexed;
        private final AtomicInteger outstanding;
        /** Permits the resource took: one per request, or fewer when it goes alone (see {@link #permitsFor}). */
        private final int permitsTaken;
        private final AtomicBoolean failed = new AtomicBoolean();

        ResourceWrite(long key, long value, int requests, int permitsTaken, Runnable onIndexed) {
            this.key = key;
            this.value = value;
            this.onIndexed = onIndexed;
            this.outstanding = new AtomicInteger(requests);
            this.permitsTaken = permitsTaken;
        }

        BiConsumer<AsyncResultSet, Throwable> request(int rows) {
            long sentAt = System.nanoTime();
            return (rs, error) -> {
                int left = -1;
                metrics.requestSettled(System.nanoTime() - sentAt);
                try {
                    if (error == null) {
                        metrics.rowsWritten(rows);
                    } else {
                        metrics.requestFailed(WriteErrors.classify(error));
                        failed.set(true);
                    }
                    left = outstanding.decrementAndGet();
                    if (left == 0) {
                        try {
                            if (!failed.get()) {
                                cache.put(key, value);
                                metrics.resourceWritten();
                                onIndexed.run();
                            }
                        } finally {
                            pending.remove(key);
                        }
                    }
                } finally {
                    // The last permitsTaken requests to settle give one back each.
                    if (left < permitsTaken) {
                        permits.release();
                    }
                }
                if (backlogSize.get() > 0) {
                    drainBacklog();
                }
            };
        }
    }
}
