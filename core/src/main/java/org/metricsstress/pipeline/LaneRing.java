package org.metricsstress.pipeline;

import com.lmax.disruptor.TimeoutException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.metricsstress.config.OnFull;
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
public final class LaneRing implements Ring {
    /**
     * Runs of up to 2^6 consecutive resource keys share a lane. Generators walk resources in key
     * order, so a woken writer finds a run of commits waiting instead of being woken per commit
     * (NullSinkPipelineBench, 16 writers: 3.3 M samples/s with runs of one key, 38 M with 64).
     */
    static final int MAX_LANE_RUN_BITS = 6;

    private final WriterLane[] lanes;
    private final int laneRunBits;
    private final WriterThreads threads = new WriterThreads("metrics-stress-writer-");
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
    public LaneRing(int size, int valuesPerSlot, int writers, int resourceKeys, OnFull onFull,
            GroupCommitHandler.Factory samples, GroupCommitHandler.Factory index, StressMetrics metrics) {
        metrics.workerClock().workers(writers);
        int keysPerLane = Math.max(1, resourceKeys / writers);
        this.laneRunBits = Math.min(MAX_LANE_RUN_BITS, 31 - Integer.numberOfLeadingZeros(keysPerLane));
        int laneSize = Integer.highestOneBit(Math.max(1, size / writers));
        this.lanes = new WriterLane[writers];
        CountDownLatch started = new CountDownLatch(index == null ? writers : 2 * writers);
        for (int i = 0; i < writers; i++) {
            lanes[i] = new WriterLane(laneSize, valuesPerSlot, threads, onFull, metrics, () -> closed,
                    new SampleStage(samples.newHandler(), metrics, started),
                    index == null ? null : new IndexStage(index.newHandler(), metrics, started));
        }
        for (WriterLane lane : lanes) {
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
        if (!Started.await(started)) {
            for (WriterLane lane : lanes) {
                lane.halt();
            }
            throw new IllegalStateException("writer threads did not start within 30 s");
        }
    }

    @Override
    public Lane laneFor(int resourceKey) {
        return lanes[Math.floorMod(resourceKey >> laneRunBits, lanes.length)];
    }

    @Override
    public int size() {
        int n = 0;
        for (WriterLane lane : lanes) {
            n += lane.bufferSize();
        }
        return n;
    }

    @Override
    public long occupancy() {
        long n = 0;
        for (WriterLane lane : lanes) {
            n += lane.used();
        }
        return n;
    }

    @Override
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
            for (WriterLane lane : lanes) {
                lane.shutdown(Math.max(0, deadline - System.nanoTime()));
            }
            threads.joinAll();
            return true;
        } catch (TimeoutException e) {
            return false;
        }
    }

    /**
     * Counts every slot the sample stage has not taken as failed (abandoned) instead of writing it,
     * gives up the index work still queued, and stops both stages' threads. Call after a failed
     * {@link #drain}, once the handlers can no longer block (their requests aborted). Bounded even if a
     * stage hangs: a thread stuck in a handler is left behind (it is a daemon), but every sample is
     * counted exactly once.
     */
    public void abandonRest(long timeout, TimeUnit unit) {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        for (WriterLane lane : lanes) {
            lane.abandon();
        }
        for (WriterLane lane : lanes) {
            lane.abandonRest(deadline);
        }
        threads.joinAll(Math.max(0, deadline - System.nanoTime()));
    }
}
