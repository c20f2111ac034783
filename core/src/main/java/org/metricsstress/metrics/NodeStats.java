package org.metricsstress.metrics;

import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * What one coordinator node did for the run: requests it answered, samples it wrote, attempts that
 * failed on it by class, and its service time. Attempts, not samples: a sample retried on another
 * node counts one failed attempt here and is written (once) there, so the sample audit stays in
 * {@link StressMetrics} and these figures say where the trouble was.
 */
public final class NodeStats {
    private final String node;
    private final String dc;
    private final LongAdder requests = new LongAdder();
    private final LongAdder samplesWritten = new LongAdder();
    private final LongAdder[] failedAttempts = new LongAdder[ErrorClass.values().length];
    private final LatencyTracker service;

    NodeStats(String node, String dc) {
        this.node = node;
        this.dc = dc;
        for (int i = 0; i < failedAttempts.length; i++) {
            failedAttempts[i] = new LongAdder();
        }
        this.service = new LatencyTracker("service@" + node);
    }

    public void succeeded(int samples, long serviceNanos) {
        requests.increment();
        samplesWritten.add(samples);
        service.recordNanos(serviceNanos);
    }

    public void failed(ErrorClass cause) {
        requests.increment();
        failedAttempts[cause.ordinal()].increment();
    }

    public String node() {
        return node;
    }

    public String dc() {
        return dc;
    }

    public long requests() {
        return requests.sum();
    }

    public long samplesWritten() {
        return samplesWritten.sum();
    }

    public long failedAttempts(ErrorClass cause) {
        return failedAttempts[cause.ordinal()].sum();
    }

    public long failedAttempts() {
        long sum = 0;
        for (LongAdder a : failedAttempts) {
            sum += a.sum();
        }
        return sum;
    }

    /** Everything recorded so far (a copy); the end of the run and live scrapes may both ask. */
    public Histogram serviceTotal() {
        service.takeInterval();
        return service.total();
    }
}
