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

/**
 * The index writes' own in-flight budget ({@code --index-max-in-flight}), so index rows never take
 * the sample writes' permits. A resource whose requests find no room waits in a bounded backlog
 * that completing requests drain at once; when even the backlog is full, it is deferred (counted,
 * its claim released; the index stage keeps it to retry once there is room). The cache learns of a resource
 * only when every one of its requests succeeded; until its writes settle it stays in the
 * {@code pending} set, so it is not indexed twice in flight.
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
    private final org.metricsstress.metrics.LatencyTracker sampleQueue;
    private final java.util.concurrent.atomic.AtomicInteger peakInFlight = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.ScheduledExecutorService controller;
    private long lastSum;
    private long lastCount;
    private long lastDeferred;
    private final ConcurrentLinkedDeque<ResourceWork> backlog = new ConcurrentLinkedDeque<>();
    private final AtomicInteger backlogSize = new AtomicInteger();
    private volatile boolean aborted;

    /** Bounds and start of {@code --index-max-in-flight auto}. */
    static final int AUTO_MIN = 16;
    static final int AUTO_MAX = 1024;
    /** Where auto starts, and what it holds when the run is flat out (the fixed default before auto was). */
    static final int AUTO_INITIAL = org.metricsstress.config.StressConfig.INDEX_BUDGET_START;
    /** How often the auto limit is judged. */
    static final long CONTROL_PERIOD_MILLIS = 500;

    /**
     * @param maxInFlight   a fixed limit, or {@link org.metricsstress.config.StressConfig#INDEX_BUDGET_AUTO}
     * @param ringBlocks    {@code --on-full block}: an auto limit may find the run flat out
     * @param sampleQueue   the samples' waits in the ring (a tracker with a running mean), which an
     *                      auto limit is steered by
     */
    IndexBudget(CqlSession session, ConsistencyLevel consistency, ResourceCache cache, IndexMetrics metrics,
            Set<Long> pending, int maxInFlight, boolean ringBlocks, org.metricsstress.metrics.LatencyTracker sampleQueue) {
        this.session = session;
        this.consistency = consistency;
        this.cache = cache;
        this.metrics = metrics;
        this.pending = pending;
        boolean auto = maxInFlight == org.metricsstress.config.StressConfig.INDEX_BUDGET_AUTO;
        this.adaptive = auto ? new AdaptiveLimit(AUTO_MIN, AUTO_MAX, AUTO_INITIAL, ringBlocks) : null;
        this.maxInFlight = auto ? AUTO_INITIAL : maxInFlight;
        this.permits = new Limiter(this.maxInFlight);
        this.sampleQueue = sampleQueue;
        if (auto) {
            lastSum = sampleQueue.sumNanos();
            lastCount = sampleQueue.count();
            controller = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
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

    /** One step of the auto limit: the samples' mean wait in the ring since the last step decides. */
    private void control() {
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
        ResourceWork w;
        while ((w = backlog.pollFirst()) != null) {
            backlogSize.decrementAndGet();
            pending.remove(w.key());
            metrics.deferred();
        }
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
        if (backlogSize.get() == 0 && permits.tryAcquire(requests.size())) {
            dispatch(work);
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

    /** Sends backlog entries while the budget has room for them, oldest first. */
    void drainBacklog() {
        ResourceWork w;
        while (!aborted && (w = backlog.pollFirst()) != null) {
            if (!permits.tryAcquire(w.requests().size())) {
                backlog.offerFirst(w);
                return;
            }
            backlogSize.decrementAndGet();
            dispatch(w);
        }
    }

    /** Sends the requests of a resource whose permits are already taken. */
    private void dispatch(ResourceWork w) {
        if (adaptive != null) {
            peakInFlight.accumulateAndGet(inFlightRequests(), Math::max);
        }
        ResourceWrite write = new ResourceWrite(w.key(), w.value(), w.requests().size(), w.onIndexed());
        for (int i = 0; i < w.requests().size(); i++) {
            metrics.requestSent();
            session.executeAsync(w.requests().statements.get(i).setConsistencyLevel(consistency))
                    .whenComplete(write.request(w.requests().rows.get(i)));
        }
    }

    /** The writes of one resource: the cache learns of it when the last one succeeded. */
    private final class ResourceWrite {
        private final long key;
        private final long value;
        private final Runnable onIndexed;
        private final AtomicInteger outstanding;
        private final AtomicBoolean failed = new AtomicBoolean();

        ResourceWrite(long key, long value, int requests, Runnable onIndexed) {
            this.key = key;
            this.value = value;
            this.onIndexed = onIndexed;
            this.outstanding = new AtomicInteger(requests);
        }

        BiConsumer<AsyncResultSet, Throwable> request(int rows) {
            return (rs, error) -> {
                try {
                    if (error == null) {
                        metrics.rowsWritten(rows);
                    } else {
                        metrics.requestFailed();
                        failed.set(true);
                    }
                    if (outstanding.decrementAndGet() == 0) {
                        if (!failed.get()) {
                            cache.put(key, value);
                            metrics.resourceWritten();
                            onIndexed.run();
                        }
                        pending.remove(key);
                    }
                } finally {
                    permits.release();
                }
                if (backlogSize.get() > 0) {
                    drainBacklog();
                }
            };
        }
    }
}
