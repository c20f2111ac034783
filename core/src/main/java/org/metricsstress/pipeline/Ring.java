package org.metricsstress.pipeline;

import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.TimeoutException;
import com.lmax.disruptor.dsl.Disruptor;
import com.lmax.disruptor.dsl.ProducerType;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.metricsstress.config.OnFull;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.StressMetrics;

/**
 * The ring buffer between generators and writers, made of one lane per writer thread: each lane is
 * an LMAX Disruptor with preallocated {@link GroupCommit} slots, any number of producers (generator
 * threads) and exactly one consumer, its writer. A group commit goes to the lane of its resource
 * (resource key modulo the writer count), so one resource's commits are written in order and a
 * publish wakes only the one writer that will take it.
 *
 * <p>Why lanes rather than one ring read by every writer: Disruptor 4 has no worker pool, and
 * writers sharing one ring must each see every slot and skip the others' (with 16 writers on a
 * 2-core machine every publish woke 16 threads: 4 M samples/s through a null sink, against 30 M
 * with lanes; NullSinkPipelineBench). The ring's size is split evenly over the lanes.
 *
 * <p>Producers {@link #laneFor pick a lane}, {@link Lane#claim} a slot, fill it and
 * {@link Lane#publish} it. When the lane is full the policy decides: DROP gives up at once (the
 * caller counts the drop), BLOCK waits for the writer.
 *
 * <p>Two stages read each lane, each on its own thread: the sample stage (the writer) and, when
 * indexing, the index stage behind it ({@code handleEventsWith(samples).then(index)}), so a slot is
 * reused only once both have seen it. They are apart so that neither can break the other: the
 * sample stage alone accounts for samples (written, failed, abandoned), the index stage only for
 * index work, with its own error boundary; and a slow index lookup (a Redis round trip) delays no
 * sample request, only, if it lasts long enough to fill the lane, the producers.
 */
public final class Ring {
    /**
     * Runs of up to 2^6 consecutive resource keys share a lane. Generators walk resources in key
     * order, so a woken writer finds a run of commits waiting instead of being woken per commit
     * (NullSinkPipelineBench, 16 writers: 3.3 M samples/s with runs of one key, 38 M with 64).
     */
    static final int MAX_LANE_RUN_BITS = 6;

    /** Longest wait between two looks at a full lane under the BLOCK policy. */
    static final long MAX_BLOCKED_NAP_NANOS = 1_000_000;

    /** What {@link Lane#claim} returns once the ring no longer takes commits (the run is ending). */
    public static final long CLOSED = -2;

    private final Lane[] lanes;
    private final int laneRunBits;
    private final OnFull onFull;
    private final WriterThreads threads = new WriterThreads();
    private final StressMetrics metrics;
    private volatile boolean closed;

    /**
     * @param size    slots in all, split evenly over the writers (each lane's share rounded down to
     *                a power of two, at least one slot)
     * @param writers writer threads, one lane each
     * @param resourceKeys how many resource keys the producers use (0 to n-1): runs of keys are
     *                short enough that every lane gets its share
     * @param samples the sample stage: writes each commit's samples and accounts for them
     * @param index   the index stage after it, or null without indexing
     */
    public Ring(int size, int valuesPerSlot, int writers, int resourceKeys, OnFull onFull,
            GroupCommitSink.Factory samples, GroupCommitSink.Factory index, StressMetrics metrics) {
        this.onFull = onFull;
        this.metrics = metrics;
        int keysPerLane = Math.max(1, resourceKeys / writers);
        this.laneRunBits = Math.min(MAX_LANE_RUN_BITS, 31 - Integer.numberOfLeadingZeros(keysPerLane));
        int laneSize = Integer.highestOneBit(Math.max(1, size / writers));
        this.lanes = new Lane[writers];
        CountDownLatch started = new CountDownLatch(index == null ? writers : 2 * writers);
        for (int i = 0; i < writers; i++) {
            lanes[i] = new Lane(laneSize, valuesPerSlot, new WriterShard(samples.newSink(), metrics, started),
                    index == null ? null : new IndexShard(index.newSink(), metrics, started));
        }
        for (Lane lane : lanes) {
            lane.start();
        }
        awaitStarted(started);
        metrics.gauge("ring.size", this::size);
        metrics.gauge("ring.occupancy", this::occupancy);
    }

    /**
     * The Disruptor's shutdown only waits for processors that are running; one whose thread has not
     * been scheduled yet would be halted before it ran, leaving its slots unwritten. So the ring is
     * not handed out before every writer is running.
     */
    private void awaitStarted(CountDownLatch started) {
        // Not interruptible: an interrupt (Ctrl-C in Karaf) that lands here means "stop the run",
        // which the engine handles once the ring exists; so wait (bounded), then re-assert it.
        boolean interrupted = false;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        try {
            while (true) {
                try {
                    if (started.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                        return;
                    }
                    for (Lane lane : lanes) {
                        lane.disruptor.halt();
                    }
                    throw new IllegalStateException("writer threads did not start within 30 s");
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The lane that carries the commits of this resource. */
    public Lane laneFor(int resourceKey) {
        return lanes[Math.floorMod(resourceKey >> laneRunBits, lanes.length)];
    }

    /** Slots in all lanes together. */
    public int size() {
        int n = 0;
        for (Lane lane : lanes) {
            n += lane.ring.getBufferSize();
        }
        return n;
    }

    /** Slots published and not yet released by their writer, over all lanes. */
    public long occupancy() {
        long n = 0;
        for (Lane lane : lanes) {
            n += lane.ring.getBufferSize() - lane.ring.remainingCapacity();
        }
        return n;
    }

    /**
     * The ring takes no more commits: a producer waiting for room (BLOCK) gives up with
     * {@link #CLOSED} instead of waiting for a writer that may never free one. Called when the run
     * ends, before its producers are joined.
     */
    public void close() {
        closed = true;
    }

    /**
     * Waits until every published slot has been through both stages, then stops their threads.
     *
     * @return true if the ring drained in time; false if slots remain (see {@link #abandonRest})
     */
    public boolean drain(long timeout, TimeUnit unit) {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        try {
            for (Lane lane : lanes) {
                lane.disruptor.shutdown(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            threads.joinAll();
            return true;
        } catch (TimeoutException e) {
            return false;
        }
    }

    /**
     * Counts every slot the sample stage has not taken as failed ({@link ErrorClass#ABANDONED})
     * instead of writing it, gives up the index work still queued, and stops both stages' threads.
     * Call after a failed {@link #drain}, once the sinks can no longer block (their requests
     * aborted). Bounded even if a stage hangs: a thread stuck in a sink is left behind (it is a
     * daemon), but every sample is counted exactly once.
     */
    public void abandonRest(long timeout, TimeUnit unit) {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        for (Lane lane : lanes) {
            lane.writer.abandon();
            if (lane.index != null) {
                lane.index.abandon();
            }
        }
        for (Lane lane : lanes) {
            // The sample stage waits only for producers, never for the index stage: let it count
            // every published slot as abandoned before the lane is halted.
            lane.awaitSampleStage(deadline);
            try {
                lane.disruptor.shutdown(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException stuck) {
                lane.disruptor.halt();
            }
            // A writer stuck in its sink leaves slots behind it: they are counted here, once.
            lane.writer.sweep(lane.ring, lane.ring.getCursor());
        }
        threads.joinAll(Math.max(0, deadline - System.nanoTime()));
    }

    /** One writer's share of the ring: its own Disruptor, any producer, the sample stage, the index stage. */
    public final class Lane {
        private final Disruptor<GroupCommit> disruptor;
        private final WriterShard writer;
        private final IndexShard index;
        private RingBuffer<GroupCommit> ring;

        private Lane(int size, int valuesPerSlot, WriterShard writer, IndexShard index) {
            this.writer = writer;
            this.index = index;
            // An idle stage sleeps; on a 2-core box a spinning one would steal the CPU the
            // generators and the driver need. A publish wakes the stages of its lane; the index
            // stage naps while the sample stage finishes a batch (LaneWaitStrategy).
            this.disruptor = new Disruptor<>(() -> new GroupCommit(valuesPerSlot), size, threads,
                    ProducerType.MULTI, new LaneWaitStrategy());
            if (index == null) {
                disruptor.handleEventsWith(writer);
            } else {
                disruptor.handleEventsWith(writer).then(index);
            }
        }

        /** Waits (until {@code deadline}) for the sample stage to have taken every published slot. */
        private void awaitSampleStage(long deadline) {
            while (writer.accounted() < ring.getCursor() && System.nanoTime() - deadline < 0) {
                LockSupport.parkNanos(1_000_000);
            }
        }

        private void start() {
            this.ring = disruptor.start();
        }

        /**
         * A claimed sequence; -1 when the lane is full and the policy is DROP; {@link #CLOSED}
         * when the ring was closed while a producer waited for room.
         */
        public long claim() {
            try {
                return ring.tryNext();
            } catch (InsufficientCapacityException full) {
                metrics.ringFull(); // off the fast path: only when the lane has no room
                return onFull == OnFull.BLOCK ? awaitRoom() : -1;
            }
        }

        /**
         * BLOCK on a full lane. The Disruptor's own blocking claim re-checks every
         * {@code parkNanos(1)}, some 20,000 wake-ups a second per waiting generator; backing off
         * to at most 1 ms costs a little latency in a run that is already behind and no CPU.
         */
        private long awaitRoom() {
            long nap = 1_000;
            while (true) {
                if (closed) {
                    return CLOSED;
                }
                LockSupport.parkNanos(nap);
                nap = Math.min(nap * 2, MAX_BLOCKED_NAP_NANOS);
                try {
                    return ring.tryNext();
                } catch (InsufficientCapacityException full) {
                    // still full: nap longer
                }
            }
        }

        public GroupCommit slot(long sequence) {
            return ring.get(sequence);
        }

        public void publish(long sequence) {
            ring.publish(sequence);
        }
    }

    /** What both stages of a lane have: a sink of their own, the metrics, and the end-of-run switch. */
    abstract static class LaneStage implements EventHandler<GroupCommit> {
        final GroupCommitSink sink;
        final StressMetrics metrics;
        private final CountDownLatch started;
        volatile boolean abandon;

        LaneStage(GroupCommitSink sink, StressMetrics metrics, CountDownLatch started) {
            this.sink = sink;
            this.metrics = metrics;
            this.started = started;
        }

        @Override
        public void onStart() {
            started.countDown();
        }

        void abandon() {
            abandon = true;
        }
    }

    /** One writer: the sample stage of its lane, which alone accounts for the lane's samples. */
    static final class WriterShard extends LaneStage {        /**
         * The last sequence whose samples someone took charge of: this writer (from its sink on),
         * or {@link #sweep} at the end of a run whose writer got stuck. Taken by compare-and-set, so
         * each slot is accounted for exactly once even when a halted writer wakes up again.
         */
        private final AtomicLong accounted = new AtomicLong(-1);

        WriterShard(GroupCommitSink sink, StressMetrics metrics, CountDownLatch started) {
            super(sink, metrics, started);
        }

        /** Counts every slot up to {@code cursor} that no one took charge of as abandoned. */
        void sweep(RingBuffer<GroupCommit> ring, long cursor) {
            for (long s = accounted.get() + 1; s <= cursor; s++) {
                if (accounted.compareAndSet(s - 1, s)) {
                    metrics.failed(ring.get(s).sampleCount, ErrorClass.ABANDONED);
                } else {
                    s = accounted.get(); // the writer moved on meanwhile
                }
            }
        }

        long accounted() {
            return accounted.get();
        }

        @Override
        public void onEvent(GroupCommit commit, long sequence, boolean endOfBatch) {
            if (!accounted.compareAndSet(sequence - 1, sequence)) {
                // Swept: counted as abandoned while this writer was stuck.
            } else if (abandon) {
                metrics.failed(commit.sampleCount, ErrorClass.ABANDONED);
            } else {
                metrics.queue().recordNanos(System.nanoTime() - commit.intendedNanos);
                metrics.handedToWriter(commit.sampleCount);
                try {
                    sink.write(commit);
                } catch (RuntimeException | Error e) {
                    // A sink must account for its samples; if it threw before doing so, count them
                    // here so that nothing is lost silently. Sinks catch their own errors: rare.
                    metrics.failed(commit.sampleCount, ErrorClass.OTHER);
                }
            }
            if (endOfBatch) {
                // Also when abandoning: a sink holding commits back settles them (as failed, once
                // the writer is aborted), so the audit still balances.
                try {
                    sink.endOfBatch();
                } catch (RuntimeException | Error e) {
                    // A throw here must not end this lane's consumer: its slots would never be
                    // released and the drain would wait for nothing. The sink accounts for what
                    // it held (CassandraSampleWriter settles every gathered commit it cannot send).
                    metrics.sinkFailed();
                }
            }
        }
    }

    /**
     * One lane's index stage: hands every commit to the index sink after the sample stage is done
     * with it. Its failures are index failures; the samples were accounted for by then.
     */
    static final class IndexShard extends LaneStage {
        IndexShard(GroupCommitSink sink, StressMetrics metrics, CountDownLatch started) {
            super(sink, metrics, started);
        }

        @Override
        public void onEvent(GroupCommit commit, long sequence, boolean endOfBatch) {
            if (abandon) {
                return; // the run is over: a resource not indexed yet stays unindexed, as it is counted
            }
            try {
                sink.write(commit);
                if (endOfBatch) {
                    sink.endOfBatch();
                }
            } catch (RuntimeException | Error e) {
                metrics.indexStageFailed();
            }
        }
    }

    /** Names the writer threads and keeps them, so that a stopped ring leaves none behind. */
    private static final class WriterThreads implements ThreadFactory {
        private final AtomicInteger next = new AtomicInteger();
        private final java.util.List<Thread> started = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public Thread newThread(Runnable r) {
            Thread t = new Thread(r, "metrics-stress-writer-" + next.getAndIncrement());
            t.setDaemon(true);
            started.add(t);
            return t;
        }

        /** Halted processors leave their loop promptly; wait (bounded) until their threads are gone. */
        void joinAll() {
            joinAll(TimeUnit.SECONDS.toNanos(10));
        }

        void joinAll(long boundNanos) {
            long deadline = System.nanoTime() + boundNanos;
            for (Thread t : started) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return;
                }
                try {
                    t.join(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
