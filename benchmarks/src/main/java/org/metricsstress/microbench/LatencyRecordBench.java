package org.metricsstress.microbench;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.metricsstress.metrics.LatencyTracker;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * What recording one latency costs. {@link LatencyTracker#recordNanos} goes through an HdrHistogram
 * {@code Recorder} (a writer-reader phaser around a concurrent histogram) so that any thread may
 * record while the reporter takes intervals; the bare {@link Histogram} methods, same range and
 * precision, same nanos-to-micros step, are the floor that overhead is measured from.
 *
 * <p>The two-thread variants share one tracker, as writer and driver threads do in a run; the bare
 * histogram is not thread-safe, so there each thread records into its own (scaling without any
 * sharing, the ideal). JMH reports the two threads' operations together.
 *
 * <p>Values come from a per-thread table of latencies spread log-uniformly over 50 us .. 200 ms, so
 * recording touches different buckets and the JIT sees no constant.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class LatencyRecordBench {
    private static final int SAMPLES = 4096; // a power of two: the index wraps with a mask
    /** LatencyTracker's own bounds: 1 us .. 1 h, 3 significant digits. */
    private static final long HIGHEST_MICROS = TimeUnit.HOURS.toMicros(1);

    @State(Scope.Benchmark)
    public static class Shared {
        LatencyTracker tracker;

        @Setup(Level.Trial)
        public void create() {
            tracker = new LatencyTracker("bench");
        }
    }

    @State(Scope.Thread)
    public static class PerThread {
        final long[] nanos = new long[SAMPLES];
        Histogram histogram;
        int next;

        @Setup(Level.Trial)
        public void create(ThreadParams thread) {
            long state = 0xC0FFEEL + thread.getThreadIndex();
            double low = Math.log(50_000);        // 50 us
            double high = Math.log(200_000_000);  // 200 ms
            for (int i = 0; i < SAMPLES; i++) {
                double u = (Keys.mix64(state + i) >>> 11) * 0x1.0p-53;
                nanos[i] = (long) Math.exp(low + u * (high - low));
            }
            histogram = new Histogram(1, HIGHEST_MICROS, 3);
        }

        long nextNanos() {
            int i = next;
            next = (i + 1) & (SAMPLES - 1);
            return nanos[i];
        }

        /** The bare histogram, after the conversion and clamping recordNanos does too. */
        void recordBare(long nanos) {
            histogram.recordValue(LatencyTracker.micros(nanos));
        }
    }

    @Benchmark
    @Threads(1)
    public void trackerOneThread(Shared shared, PerThread local) {
        shared.tracker.recordNanos(local.nextNanos());
    }

    @Benchmark
    @Threads(2)
    public void trackerTwoThreads(Shared shared, PerThread local) {
        shared.tracker.recordNanos(local.nextNanos());
    }

    @Benchmark
    @Threads(1)
    public void histogramOneThread(PerThread local) {
        local.recordBare(local.nextNanos());
    }

    @Benchmark
    @Threads(2)
    public void histogramTwoThreads(PerThread local) {
        local.recordBare(local.nextNanos());
    }
}
