package org.metricsstress.engine;

import java.util.concurrent.atomic.AtomicLong;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.Ring;
import org.metricsstress.result.ColdStart;

/**
 * Looks at the ring every 100 ms, for the cold-start timeline: the most it held at once, and when,
 * after it first filled, it was back below {@link ColdStart#DRAINED_BELOW} of its size. Report
 * lines come every {@code -r} seconds: too coarse for either.
 */
final class RingWatch implements AutoCloseable {
    private static final long PERIOD_MILLIS = 100;

    private final Ring ring;
    private final StressMetrics metrics;
    private final AtomicLong peak = new AtomicLong();
    private volatile long drainedAtNanos;
    /** Once generation ends, the ring empties because nothing more comes: not a recovery. */
    private volatile boolean generating = true;
    private final Thread thread;
    private volatile boolean stopped;

    RingWatch(Ring ring, StressMetrics metrics) {
        this.ring = ring;
        this.metrics = metrics;
        this.thread = new Thread(this::watch, "metrics-stress-ring-watch");
        thread.setDaemon(true);
        thread.start();
    }

    private void watch() {
        while (!stopped) {
            look();
            try {
                Thread.sleep(PERIOD_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void look() {
        long used = ring.occupancy();
        peak.accumulateAndGet(used, Math::max);
        long fullAt = metrics.firstRingFullNanos();
        if (generating && fullAt != 0 && drainedAtNanos == 0 && System.nanoTime() - fullAt > 0
                && used < ring.size() * ColdStart.DRAINED_BELOW) {
            drainedAtNanos = System.nanoTime();
        }
    }

    /** Generation has ended: a ring emptying from now on says nothing about the cold start. */
    void generationEnded() {
        look();
        generating = false;
    }

    long peak() {
        return peak.get();
    }

    /** When the ring was back below a tenth after it first filled (System.nanoTime()), or 0. */
    long drainedAtNanos() {
        return drainedAtNanos;
    }

    @Override
    public void close() {
        stopped = true;
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        look();
    }
}
