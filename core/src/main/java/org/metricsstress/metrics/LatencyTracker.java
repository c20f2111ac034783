package org.metricsstress.metrics;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import java.util.concurrent.atomic.LongAdder;

/**
 * One latency measured per group commit, in microseconds: recorded wait-free from any thread,
 * read by one reporter thread as interval histograms that also add up to the whole run.
 *
 * <p>Range 1 us to 1 hour at 3 significant digits (0.1% relative error); a longer value is
 * recorded as one hour rather than dropped, so counts stay exact.
 */
public final class LatencyTracker {
    static final long HIGHEST_MICROS = TimeUnit.HOURS.toMicros(1);

    private final String name;
    private final Recorder recorder = new Recorder(1, HIGHEST_MICROS, 3);
    /**
     * Running sum and count, for a mean over any period without taking the histogram's interval;
     * kept only by a tracker a controller reads (the ring wait, for the auto index budget).
     */
    private final LongAdder sumNanos;
    private final LongAdder count;
    private final Histogram total = new Histogram(1, HIGHEST_MICROS, 3);
    private Histogram recycled;

    public LatencyTracker(String name) {
        this(name, false);
    }

    /** @param runningMean whether to keep {@link #sumNanos} and {@link #count} as well */
    public LatencyTracker(String name, boolean runningMean) {
        this.name = name;
        this.sumNanos = runningMean ? new LongAdder() : null;
        this.count = runningMean ? new LongAdder() : null;
    }

    public String name() {
        return name;
    }

    /** Records {@code nanos}; negative values (an early start within pacing slack) count as 1 us. */
    public void recordNanos(long nanos) {
        recorder.recordValue(micros(nanos));
        if (sumNanos != null) {
            sumNanos.add(nanos);
            count.increment();
        }
    }

    /**
     * Records {@code nanos} {@code count} times: one wait shared by several (a batched round trip
     * answers every question in it at once). Wait-free and allocation-free, as {@link #recordNanos(long)}.
     */
    public void recordNanos(long nanos, long count) {
        recorder.recordValueWithCount(micros(nanos), count);
        if (sumNanos != null) {
            sumNanos.add(nanos * count);
            this.count.add(count);
        }
    }

    /** What is recorded for {@code nanos}: microseconds, clamped into the histogram's range. */
    public static long micros(long nanos) {
        long micros = nanos / 1000;
        if (micros < 1) {
            return 1;
        }
        return Math.min(micros, HIGHEST_MICROS);
    }

    /**
     * The values recorded since the last call, also added to the run total. Only one thread (the
     * sampler) may call this. The histogram returned is valid until the next call.
     */
    public synchronized Histogram takeInterval() {
        Histogram interval = recorder.getIntervalHistogram(recycled);
        total.add(interval);
        recycled = interval;
        return interval;
    }

    /** A copy of everything recorded and taken so far. */
    public synchronized Histogram total() {
        return total.copy();
    }

    /**
     * Nanoseconds recorded so far, summed (a controller's mean is the difference of two readings);
     * only for a tracker made with a running mean.
     */
    public long sumNanos() {
        requireRunningMean();
        return sumNanos.sum();
    }

    /** Values recorded so far; only for a tracker made with a running mean. */
    public long count() {
        requireRunningMean();
        return count.sum();
    }

    private void requireRunningMean() {
        if (sumNanos == null) {
            throw new IllegalStateException(name + " keeps no running mean");
        }
    }
}
