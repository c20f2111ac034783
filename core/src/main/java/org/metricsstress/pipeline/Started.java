package org.metricsstress.pipeline;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Waiting for a ring's consumer threads to run before the ring is handed out. */
final class Started {
    private Started() {}

    /**
     * Waits up to 30 s; true once all counted down. Not interruptible: an interrupt (Ctrl-C in
     * Karaf) that lands here means "stop the run", which the engine handles once the ring exists;
     * so it waits (bounded), then re-asserts the interrupt.
     */
    static boolean await(CountDownLatch started) {
        boolean interrupted = false;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        try {
            while (true) {
                try {
                    return started.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
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
}
