package org.metricsstress.pipeline;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.WaitStrategy;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * How a lane's stages wait. For producers (nothing published yet) a stage sleeps on a condition
 * that every publish signals, as the Disruptor's blocking strategy does: an idle lane costs no
 * CPU. For the stage ahead of it (the index stage waiting for the sample stage to finish a batch)
 * it naps, backing off from 1 us to {@value #MAX_NAP_NANOS} ns, where the Disruptor's blocking
 * strategy spins: measured with `bench --smoke`, 16 index stages spinning while their writers
 * waited for in-flight permits tripled the client's CPU per sample on a 2-core machine. The index
 * stage may lag its samples by a few milliseconds; nothing waits for it but the slot's reuse.
 */
final class LaneWaitStrategy implements WaitStrategy {
    static final long MAX_NAP_NANOS = 4_000_000;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition published = lock.newCondition();

    @Override
    public long waitFor(long sequence, Sequence cursor, Sequence dependentSequence, SequenceBarrier barrier)
            throws AlertException, InterruptedException {
        if (cursor.get() < sequence) {
            lock.lock();
            try {
                while (cursor.get() < sequence) {
                    barrier.checkAlert();
                    published.await();
                }
            } finally {
                lock.unlock();
            }
        }
        long available;
        long nap = 1_000;
        while ((available = dependentSequence.get()) < sequence) {
            barrier.checkAlert();
            LockSupport.parkNanos(nap);
            nap = Math.min(nap * 2, MAX_NAP_NANOS);
        }
        return available;
    }

    @Override
    public void signalAllWhenBlocking() {
        lock.lock();
        try {
            published.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
