package org.metricsstress.pipeline;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.metricsstress.config.OnFull;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.StressMetrics;
import com.lmax.disruptor.TimeoutException;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * OpenNMS's ring (its NewtsWriter, and its time series writer): ONE multi-producer Disruptor ring of
 * events read by a pool of workers, any worker taking the next event. For Newts a group commit is two
 * events: its samples, then an index-only event for its string attributes (published even when there
 * are none), so a ring of N events holds about N/2 group commits; OpenNMS's time series persister
 * publishes one event per group and nothing else.
 *
 * <p>Disruptor 4 dropped the worker pool, so the pool is ours: each worker claims the next
 * sequence from one shared work sequence by compare-and-set, waits for it to be published, handles
 * it, claims again. A worker's gating sequence is one less than the last sequence it claimed, so
 * a slot is reused only once every worker has moved past it.
 *
 * <p>Every event is accounted for exactly once: by the worker that claimed it, or, at the end of a
 * run whose workers were halted, by {@link #abandonRest} claiming what no worker claimed.
 */
public final class SharedRing implements Ring {
    private final RingBuffer<GroupCommit> ring;
    private final RingSlots slots;
    private final StressMetrics metrics;
    private final OnFull onFull;
    private final Sequence workSequence = new Sequence(-1);
    private final Sequence[] workerSequences;
    private final SequenceBarrier barrier;
    private final WriterThreads threads;
    private final boolean indexEvents;
    private final AtomicLong handled = new AtomicLong();
    private final Lane lane = new EventLane();
    private volatile boolean running = true;
    private volatile boolean abandon;
    private volatile boolean closed;

    /**
     * @param size     events in the ring (a power of two)
     * @param workers  threads of the pool
     * @param handlers one handler per worker: writes a sample event's samples (accounting for them) and
     *                 does an index-only event's index work
     */
    public SharedRing(int size, int valuesPerSlot, int workers, OnFull onFull, GroupCommitHandler.Factory handlers,
            StressMetrics metrics) {
        this(size, valuesPerSlot, workers, onFull, handlers, metrics, true, "metrics-stress-worker-");
    }

    /**
     * @param indexEvents whether each commit is followed by its index-only event (Newts' persister);
     *                    OpenNMS's time series persister publishes one event per group and nothing else
     * @param threadName  the workers' names, numbered (OpenNMS's own pools' names, where the model has one)
     */
    public SharedRing(int size, int valuesPerSlot, int workers, OnFull onFull, GroupCommitHandler.Factory handlers,
            StressMetrics metrics, boolean indexEvents, String threadName) {
        this.indexEvents = indexEvents;
        this.threads = new WriterThreads(threadName);
        this.metrics = metrics;
        this.onFull = onFull;
        this.ring = RingBuffer.createMultiProducer(() -> new GroupCommit(valuesPerSlot), size,
                new BlockingWaitStrategy());
        this.slots = new RingSlots(ring, onFull, metrics, () -> closed);
        this.barrier = ring.newBarrier();
        this.workerSequences = new Sequence[workers];
        metrics.workerClock().workers(workers);
        CountDownLatch started = new CountDownLatch(workers);
        for (int w = 0; w < workers; w++) {
            workerSequences[w] = new Sequence(-1);
        }
        ring.addGatingSequences(workerSequences);
        for (int w = 0; w < workers; w++) {
            Sequence mine = workerSequences[w];
            GroupCommitHandler handler = handlers.newHandler();
            threads.newThread(() -> work(mine, handler, started)).start();
        }
        if (!Started.await(started)) {
            halt();
            throw new IllegalStateException("ring workers did not start within 30 s");
        }
        metrics.gauge("ring.size", this::size);
        metrics.gauge("ring.occupancy", this::occupancy);
    }

    /** The one lane every resource's commits go through. */
    @Override
    public Lane laneFor(int resourceKey) {
        return lane;
    }

    @Override
    public int size() {
        return ring.getBufferSize();
    }

    @Override
    public long occupancy() {
        return slots.used();
    }

    @Override
    public void close() {
        closed = true;
    }

    /** One worker: claim the next event, wait for it, handle it; until halted. */
    private void work(Sequence mine, GroupCommitHandler handler, CountDownLatch started) {
        started.countDown();
        long next = -1;
        long available = -1;
        boolean claim = true;
        while (true) {
            if (claim) {
                do {
                    next = workSequence.get() + 1;
                    mine.set(next - 1);
                } while (!workSequence.compareAndSet(next - 1, next));
                claim = false;
            }
            if (available >= next) {
                handle(ring.get(next), handler);
                handled.incrementAndGet();
                claim = true;
                continue;
            }
            try {
                available = barrier.waitFor(next);
            } catch (AlertException | InterruptedException e) {
                if (!running) {
                    // Claimed but never handled: counted by the sweep, which ends at the cursor.
                    unclaimedOnExit(next);
                    return;
                }
            } catch (TimeoutException e) {
                // the blocking strategy has no timeout; nothing to do
            }
        }
    }

    private void handle(GroupCommit event, GroupCommitHandler handler) {
        if (abandon) {
            if (!event.indexOnly) {
                metrics.failed(event.resourceKey, event.sampleCount, ErrorClass.ABANDONED);
            }
            return;
        }
        if (!event.indexOnly) {
            metrics.queue().recordNanos(System.nanoTime() - event.intendedNanos);
            metrics.handedToWriter(event.sampleCount);
        }
        long began = System.nanoTime();
        try {
            handler.write(event);
        } catch (RuntimeException | Error e) {
            // A handler accounts for its samples itself (OpenNmsWorker counts what it had not settled
            // when it throws); nothing more can be known here.
            metrics.sinkFailed();
        } finally {
            metrics.workerClock().event(System.nanoTime() - began);
        }
    }

    /** Sequences a halted worker claimed without handling them, published or not, for the sweep. */
    private final ConcurrentLinkedQueue<Long> dropped = new ConcurrentLinkedQueue<>();

    private void unclaimedOnExit(long next) {
        dropped.add(next);
    }

    /** Events published and not yet handled. */
    private long pending() {
        return ring.getCursor() + 1 - handled.get();
    }

    /**
     * Waits until every published event has been handled, then stops the workers.
     *
     * @return true if it drained in time; false if events remain (see {@link #abandonRest})
     */
    public boolean drain(long timeout, TimeUnit unit) {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        if (!awaitHandled(deadline)) {
            return false;
        }
        halt();
        threads.joinAll();
        return true;
    }

    private boolean awaitHandled(long deadline) {
        while (pending() > 0) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            LockSupport.parkNanos(1_000_000);
        }
        return true;
    }

    private void halt() {
        running = false;
        barrier.alert();
    }

    /**
     * Counts every sample event not yet written as failed (abandoned) instead of writing it, gives
     * up index-only events, and stops the workers. A worker busy in a request counts its event when
     * the request settles; events no worker took are claimed here, so each is counted once.
     */
    public void abandonRest(long timeout, TimeUnit unit) {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        abandon = true;
        awaitHandled(deadline);
        halt();
        threads.joinAll(Math.max(0, deadline - System.nanoTime()));
        long cursor = ring.getCursor();
        for (Long s : dropped) {
            if (s <= cursor) {
                countIfPublished(s, deadline);
            }
        }
        long next;
        while ((next = workSequence.get() + 1) <= cursor) {
            if (workSequence.compareAndSet(next - 1, next)) {
                countIfPublished(next, deadline);
            }
        }
    }

    /**
     * The cursor of a multi-producer ring counts claims, not publications: a slot a generator has
     * claimed and not yet filled still holds the last lap's event, written long ago. It is counted
     * once published (its generator is about to); one never published within the bound was never
     * generated into the ring, and is nobody's to count here.
     */
    private void countIfPublished(long sequence, long deadline) {
        long bound = Math.max(deadline, System.nanoTime() + PUBLISH_WAIT_NANOS);
        while (!ring.isAvailable(sequence)) {
            if (System.nanoTime() - bound > 0) {
                return;
            }
            LockSupport.parkNanos(1_000_000);
        }
        countAbandoned(sequence);
    }

    /** How long the sweep gives a generator between its claim and its publish. */
    private static final long PUBLISH_WAIT_NANOS = 100_000_000L;

    private void countAbandoned(long sequence) {
        GroupCommit event = ring.get(sequence);
        if (!event.indexOnly) {
            metrics.failed(event.resourceKey, event.sampleCount, ErrorClass.ABANDONED);
        }
        handled.incrementAndGet();
    }

    /**
     * The generators' lane: a group commit's sample event, then its index-only event, as
     * OpenNMS's persister publishes them. When the ring is full the index-only event is dropped
     * (counted) under DROP, or waits under BLOCK. A dropped sample event still has its index-only
     * event offered, as OpenNMS's persister does: it usually finds the ring full too and is
     * counted dropped (OpenNMS's dropped-samples meter counts both), or takes a slot freed
     * meanwhile.
     */
    private final class EventLane implements Lane {
        @Override
        public long claim() {
            return slots.claim();
        }

        @Override
        public GroupCommit slot(long sequence) {
            return ring.get(sequence);
        }

        @Override
        public void publish(long sequence) {
            GroupCommit samples = ring.get(sequence);
            // Read before publishing: once published, a worker may take and recycle the slot.
            int key = samples.resourceKey;
            long intended = samples.intendedNanos;
            long timestamp = samples.timestampMillis;
            ring.publish(sequence);
            if (indexEvents) {
                publishStrings(onFull == OnFull.BLOCK ? slots.claim() : slots.tryClaim(), key, intended, timestamp);
            }
        }

        @Override
        public void afterDrop(int resourceKey, long intendedNanos, long timestampMillis) {
            if (indexEvents) {
                publishStrings(slots.tryClaim(), resourceKey, intendedNanos, timestampMillis);
            }
        }

        private void publishStrings(long s, int key, long intended, long timestamp) {
            if (s < 0) {
                if (s != Lane.CLOSED) {
                    metrics.indexEventDropped();
                }
                return;
            }
            GroupCommit strings = ring.get(s);
            strings.resourceKey = key;
            strings.intendedNanos = intended;
            strings.timestampMillis = timestamp;
            strings.sampleCount = 0;
            strings.indexOnly = true;
            ring.publish(s);
        }
    }
}
