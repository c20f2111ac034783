package org.metricsstress.writer.tss.http;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The plugin's bulkhead: a fair count of calls outstanding (4 x maxConcurrentHttpConnections) that
 * the writer thread waits on, forever as the plugin's default wait does, when it is used up. That
 * wait is how a slow receiver reaches OpenNMS's ring, so its time is summed to be judged.
 */
final class Bulkhead {
    private final Semaphore permits;
    private final int max;
    private final LongAdder blockedNanos = new LongAdder();

    Bulkhead(int max) {
        this.max = max;
        this.permits = new Semaphore(max, true);
    }

    void acquire() throws InterruptedException {
        // tryAcquire() would barge past the queue of a fair semaphore; with a zero timeout it keeps the order.
        if (permits.tryAcquire(0, TimeUnit.NANOSECONDS)) {
            return;
        }
        long start = System.nanoTime();
        try {
            permits.acquire();
        } finally {
            blockedNanos.add(System.nanoTime() - start);
        }
    }

    void release() {
        permits.release();
    }

    int available() {
        return permits.availablePermits();
    }

    int max() {
        return max;
    }

    /** Threads waiting for a permit now (an estimate, as the semaphore's queue length is). */
    int waiting() {
        return permits.getQueueLength();
    }

    /** Time callers have waited for a permit, summed over the waits that ended. */
    long blockedNanos() {
        return blockedNanos.sum();
    }
}
