package org.metricsstress.pipeline;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** Names the writer threads and keeps them, so that a stopped ring leaves none behind. */
final class WriterThreads implements ThreadFactory {
    private final String prefix;
    private final AtomicInteger next = new AtomicInteger();
    private final List<Thread> started = new CopyOnWriteArrayList<>();

    WriterThreads(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public Thread newThread(Runnable r) {
        Thread t = new Thread(r, prefix + next.getAndIncrement());
        t.setDaemon(true);
        started.add(t);
        return t;
    }

    /** Halted processors leave their loop promptly; wait (bounded) until their threads are gone. */
    void joinAll() {
        joinAll(TimeUnit.SECONDS.toNanos(10));
    }

    void joinAll(long boundNanos) {
        long deadline = System.nanoTime() + boundNanos;
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
