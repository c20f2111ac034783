package org.metricsstress.read;

import java.util.concurrent.locks.LockSupport;

/**
 * A load of its own schedule: the i-th operation is meant for {@code start + i / rate}, whether or
 * not the ones before it have finished, so a slow cluster shows as latency from the intended time
 * (coordinated-omission correct) rather than as fewer operations.
 */
final class OpenLoop implements Runnable {
    /** One operation meant for {@code intendedNanos}; may wait for room, never past {@link #stopped()}. */
    interface Operation {
        void issue(long intendedNanos) throws InterruptedException;
    }

    private final Operation operation;
    private final long startNanos;
    private final long endNanos;
    private final double periodNanos;
    private volatile boolean stopped;

    OpenLoop(double perSecond, long startNanos, long endNanos, Operation operation) {
        this.operation = operation;
        this.periodNanos = 1e9 / perSecond;
        this.startNanos = startNanos;
        this.endNanos = endNanos;
    }

    void stop() {
        stopped = true;
    }

    /**
     * Operations meant before {@code stopNanos} (or the end, if earlier): what an open loop owes,
     * whether or not it got round to sending them all.
     */
    long intendedBefore(long stopNanos) {
        long until = Math.min(stopNanos, endNanos);
        return until <= startNanos ? 0 : (long) Math.ceil((until - startNanos) / periodNanos);
    }

    boolean stopped() {
        return stopped;
    }

    @Override
    public void run() {
        try {
            for (long i = 0; !stopped; i++) {
                long intended = startNanos + (long) (i * periodNanos);
                if (intended >= endNanos) {
                    return;
                }
                long wait;
                while ((wait = intended - System.nanoTime()) > 20_000 && !stopped) {
                    LockSupport.parkNanos(Math.min(wait, 100_000_000L));
                }
                if (!stopped) {
                    operation.issue(intended);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
