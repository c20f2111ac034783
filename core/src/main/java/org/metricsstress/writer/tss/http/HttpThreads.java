package org.metricsstress.writer.tss.http;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** The client's threads: daemons (a stuck exchange never keeps the JVM up), named to be found in a dump. */
final class HttpThreads implements ThreadFactory {
    private static final AtomicInteger NEXT = new AtomicInteger(1);

    @Override
    public Thread newThread(Runnable r) {
        Thread t = new Thread(r, "metrics-stress-tss-http-" + NEXT.getAndIncrement());
        t.setDaemon(true);
        return t;
    }
}
