package org.metricsstress.pipeline;

import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.TimeoutException;
import com.lmax.disruptor.dsl.Disruptor;
import com.lmax.disruptor.dsl.ProducerType;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.metricsstress.config.OnFull;
import org.metricsstress.metrics.StressMetrics;

/**
 * One writer's share of a {@link LaneRing}: its own Disruptor, any producer, the sample stage and
 * the index stage behind it.
 */
final class WriterLane implements Lane {
    private final Disruptor<GroupCommit> disruptor;
    private final SampleStage writer;
    private final IndexStage index;
    private final OnFull onFull;
    private final StressMetrics metrics;
    private final BooleanSupplier closed;
    private RingBuffer<GroupCommit> ring;
    private RingSlots slots;

    WriterLane(int size, int valuesPerSlot, WriterThreads threads, OnFull onFull, StressMetrics metrics,
            BooleanSupplier closed, SampleStage writer, IndexStage index) {
        this.writer = writer;
        this.index = index;
        this.onFull = onFull;
        this.metrics = metrics;
        this.closed = closed;
        // An idle stage sleeps; on a 2-core box a spinning one would steal the CPU the generators
        // and the driver need. A publish wakes the stages of its lane; the index stage naps while
        // the sample stage finishes a batch (LaneWaitStrategy).
        this.disruptor = new Disruptor<>(() -> new GroupCommit(valuesPerSlot), size, threads,
                ProducerType.MULTI, new LaneWaitStrategy());
        if (index == null) {
            disruptor.handleEventsWith(writer);
        } else {
            disruptor.handleEventsWith(writer).then(index);
        }
    }

    void start() {
        this.ring = disruptor.start();
        this.slots = new RingSlots(ring, onFull, metrics, closed);
    }

    void halt() {
        disruptor.halt();
    }

    void shutdown(long timeoutNanos) throws TimeoutException {
        disruptor.shutdown(timeoutNanos, TimeUnit.NANOSECONDS);
    }

    void abandon() {
        writer.abandon();
        if (index != null) {
            index.abandon();
        }
    }

    /** After {@link #abandon}: every published slot counted once, the lane halted (bounded by {@code deadline}). */
    void abandonRest(long deadline) {
        // The sample stage waits only for producers, never for the index stage: let it count every
        // published slot as abandoned before the lane is halted.
        while (writer.accounted() < ring.getCursor() && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(1_000_000);
        }
        try {
            disruptor.shutdown(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException stuck) {
            disruptor.halt();
        }
        // A writer stuck in its handler leaves slots behind it: they are counted here, once.
        writer.sweep(ring, ring.getCursor());
    }

    int bufferSize() {
        return ring.getBufferSize();
    }

    long used() {
        return slots.used();
    }

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
        ring.publish(sequence);
    }
}
