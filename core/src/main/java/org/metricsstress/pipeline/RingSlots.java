package org.metricsstress.pipeline;

import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.metricsstress.config.OnFull;
import org.metricsstress.metrics.StressMetrics;

/**
 * The producers' side of one Disruptor ring: claim a slot without waiting, and when the ring is
 * full, drop (DROP) or wait for room (BLOCK) until the ring is closed.
 */
final class RingSlots implements Lane {
    /** Longest wait between two looks at a full ring under the BLOCK policy. */
    static final long MAX_BLOCKED_NAP_NANOS = 1_000_000;

    private final RingBuffer<GroupCommit> ring;
    private final OnFull onFull;
    private final StressMetrics metrics;
    private final BooleanSupplier closed;

    RingSlots(RingBuffer<GroupCommit> ring, OnFull onFull, StressMetrics metrics, BooleanSupplier closed) {
        this.ring = ring;
        this.onFull = onFull;
        this.metrics = metrics;
        this.closed = closed;
    }

    @Override
    public long claim() {
        try {
            return ring.tryNext();
        } catch (InsufficientCapacityException full) {
            metrics.ringFull(); // off the fast path: only when the ring has no room
            return onFull == OnFull.BLOCK ? awaitRoom() : -1;
        }
    }

    /**
     * BLOCK on a full ring. The Disruptor's own blocking claim re-checks every
     * {@code parkNanos(1)}, some 20,000 wake-ups a second per waiting generator; backing off to at
     * most 1 ms costs a little latency in a run that is already behind and no CPU.
     */
    private long awaitRoom() {
        long nap = 1_000;
        while (true) {
            if (closed.getAsBoolean()) {
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

    /** A slot without waiting, or -1: for a second event that must never hold up its producer. */
    long tryClaim() {
        try {
            return ring.tryNext();
        } catch (InsufficientCapacityException full) {
            metrics.ringFull();
            return -1;
        }
    }

    @Override
    public GroupCommit slot(long sequence) {
        return ring.get(sequence);
    }

    @Override
    public void publish(long sequence) {
        ring.publish(sequence);
    }

    int bufferSize() {
        return ring.getBufferSize();
    }

    long used() {
        return ring.getBufferSize() - ring.remainingCapacity();
    }
}
