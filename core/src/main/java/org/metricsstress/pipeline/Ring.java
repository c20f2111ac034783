package org.metricsstress.pipeline;

import com.lmax.disruptor.BlockingWaitStrategy;
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
import org.metricsstress.config.OnFull;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.StressMetrics;

/**
 * The ring buffer between generators and writers: an LMAX Disruptor with preallocated
 * {@link GroupCommit} slots, several producers (generator threads) and a fixed set of writer
 * threads.
 *
 * <p>Disruptor 4 has no worker pool, so each writer is an ordinary event handler that takes the
 * slots whose sequence modulo the writer count is its own and skips the rest. Every slot still goes
 * to exactly one writer; a skipped slot costs one comparison.
 *
 * <p>Producers {@link #claim} a slot, fill it and {@link #publish} it. When the ring is full the
 * policy decides: DROP gives up at once (the caller counts the drop), BLOCK waits for a writer.
 */
public final class Ring {
    private final Disruptor<GroupCommit> disruptor;
    private final RingBuffer<GroupCommit> ring;
    private final OnFull onFull;
    private final WriterShard[] shards;
    private final WriterThreads threads = new WriterThreads();

    public Ring(int size, int valuesPerSlot, int writers, OnFull onFull, GroupCommitSink.Factory sinks,
            StressMetrics metrics) {
        this.onFull = onFull;
        // Blocking wait: writers sleep when idle; on a 2-core box spinning writers would steal the
        // CPU the generators and the driver need.
        this.disruptor = new Disruptor<>(() -> new GroupCommit(valuesPerSlot), size, threads,
                ProducerType.MULTI, new BlockingWaitStrategy());
        this.shards = new WriterShard[writers];
        CountDownLatch started = new CountDownLatch(writers);
        for (int i = 0; i < writers; i++) {
            shards[i] = new WriterShard(i, writers, sinks.newSink(), metrics, started);
        }
        disruptor.handleEventsWith(shards);
        this.ring = disruptor.start();
        awaitStarted(started);
        metrics.gauge("ring.size", () -> size);
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
                    disruptor.halt();
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

    /** A claimed sequence, or -1 when the ring is full and the policy is DROP. */
    public long claim() {
        if (onFull == OnFull.BLOCK) {
            return ring.next();
        }
        try {
            return ring.tryNext();
        } catch (InsufficientCapacityException full) {
            return -1;
        }
    }

    public GroupCommit slot(long sequence) {
        return ring.get(sequence);
    }

    public void publish(long sequence) {
        ring.publish(sequence);
    }

    public int size() {
        return ring.getBufferSize();
    }

    /** Slots published and not yet released by every writer. */
    public long occupancy() {
        return ring.getBufferSize() - ring.remainingCapacity();
    }

    /**
     * Waits until every published slot has been handed to a writer, then stops the writer threads.
     *
     * @return true if the ring drained in time; false if slots remain (see {@link #abandonRest})
     */
    public boolean drain(long timeout, TimeUnit unit) {
        try {
            disruptor.shutdown(timeout, unit);
            threads.joinAll();
            return true;
        } catch (TimeoutException e) {
            return false;
        }
    }

    /**
     * Counts every slot still in the ring as failed ({@link ErrorClass#ABANDONED}) instead of
     * writing it, and stops the writers. Call after a failed {@link #drain}, once the sinks can no
     * longer block (their requests aborted), so this returns promptly.
     */
    public void abandonRest() {
        for (WriterShard s : shards) {
            s.abandon();
        }
        disruptor.shutdown();
        threads.joinAll();
    }

    /** One writer: takes every {@code writers}-th slot and hands it to its sink. */
    static final class WriterShard implements EventHandler<GroupCommit> {
        private final int ordinal;
        private final int writers;
        private final GroupCommitSink sink;
        private final StressMetrics metrics;
        private final CountDownLatch started;
        private volatile boolean abandon;

        WriterShard(int ordinal, int writers, GroupCommitSink sink, StressMetrics metrics, CountDownLatch started) {
            this.ordinal = ordinal;
            this.writers = writers;
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

        @Override
        public void onEvent(GroupCommit commit, long sequence, boolean endOfBatch) {
            if (sequence % writers != ordinal) {
                return;
            }
            if (abandon) {
                metrics.failed(commit.sampleCount, ErrorClass.ABANDONED);
                return;
            }
            metrics.queue().recordNanos(System.nanoTime() - commit.intendedNanos);
            metrics.handedToWriter(commit.sampleCount);
            try {
                sink.write(commit);
            } catch (RuntimeException | Error e) {
                // A sink must account for its samples; if it threw before doing so, count them here
                // so that nothing is lost silently. Sinks catch their own errors, so this is rare.
                metrics.failed(commit.sampleCount, ErrorClass.OTHER);
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
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
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
