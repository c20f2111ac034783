package org.metricsstress.pipeline;

import com.lmax.disruptor.RingBuffer;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.StressMetrics;

/** A lane's writer: the sample stage, which alone accounts for the lane's samples. */
final class SampleStage extends LaneStage {
    /**
     * The last sequence whose samples someone took charge of: this writer (from its handler on), or
     * {@link #sweep} at the end of a run whose writer got stuck. Taken by compare-and-set, so each
     * slot is accounted for exactly once even when a halted writer wakes up again.
     */
    private final AtomicLong accounted = new AtomicLong(-1);

    SampleStage(GroupCommitHandler handler, StressMetrics metrics, CountDownLatch started) {
        super(handler, metrics, started);
    }

    /** Counts every slot up to {@code cursor} that no one took charge of as abandoned. */
    void sweep(RingBuffer<GroupCommit> ring, long cursor) {
        for (long s = accounted.get() + 1; s <= cursor; s++) {
            if (accounted.compareAndSet(s - 1, s)) {
                metrics.failed(ring.get(s).resourceKey, ring.get(s).sampleCount, ErrorClass.ABANDONED);
            } else {
                s = accounted.get(); // the writer moved on meanwhile
            }
        }
    }

    long accounted() {
        return accounted.get();
    }

    /** When the ring batch being handled began (0: none open), and its events so far. */
    private long batchBegan;
    private int batchEvents;

    /**
     * Timed per ring batch, not per commit: the events of a batch are handled back to back, and
     * two clock reads a commit cost the null-sink pipeline 12 % at 16 writers (NullSinkPipelineBench).
     */
    @Override
    public void onEvent(GroupCommit commit, long sequence, boolean endOfBatch) {
        if (batchBegan == 0) {
            batchBegan = System.nanoTime();
        }
        try {
            take(commit, sequence, endOfBatch);
        } finally {
            batchEvents++;
            if (endOfBatch) {
                metrics.workerClock().events(System.nanoTime() - batchBegan, batchEvents);
                batchBegan = 0;
                batchEvents = 0;
            }
        }
    }

    private void take(GroupCommit commit, long sequence, boolean endOfBatch) {
        if (!accounted.compareAndSet(sequence - 1, sequence)) {
            // Swept: counted as abandoned while this writer was stuck.
        } else if (abandon) {
            metrics.failed(commit.resourceKey, commit.sampleCount, ErrorClass.ABANDONED);
        } else {
            metrics.queue().recordNanos(System.nanoTime() - commit.intendedNanos);
            metrics.handedToWriter(commit.sampleCount);
            commit.samplesTaken = 0;
            try {
                handler.write(commit);
            } catch (RuntimeException | Error e) {
                // A handler must account for its samples; if it threw before doing so, count them
                // here so that nothing is lost silently, but not the slices it had already taken
                // (they are settled by their requests): those would count twice. Rare: handlers
                // catch their own errors.
                metrics.failed(commit.resourceKey, commit.sampleCount - Math.min(commit.sampleCount, commit.samplesTaken),
                        ErrorClass.OTHER);
            }
        }
        if (endOfBatch) {
            // Also when abandoning: a handler holding commits back settles them (as failed, once the
            // writer is aborted), so the audit still balances.
            try {
                handler.endOfBatch();
            } catch (RuntimeException | Error e) {
                // A throw here must not end this lane's consumer: its slots would never be
                // released and the drain would wait for nothing. The handler accounts for what it
                // held (CassandraSampleSender settles every gathered commit it cannot send).
                metrics.sinkFailed();
            }
        }
    }
}
