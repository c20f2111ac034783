package org.metricsstress.microbench;

import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.metricsstress.config.ValueModel;
import org.metricsstress.plan.SampleValues;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * How many sample values per second one thread can compute, per value model ({@code --values}):
 * {@link SampleValues#value} is called once per sample the generator emits, so it bounds the
 * generator's rate.
 *
 * <p>Every call gets new inputs from a per-thread counter, walked the way a generator walks a
 * round: all metrics of a resource, then the next resource, then the next timestamp. The counter
 * lives in a field, so the JIT can neither hoist nor constant-fold the call; the value is returned,
 * so JMH consumes it.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Thread)
public class SampleValuesBench {
    /** 32 metrics per resource, 2^20 resources per round, one round per 10 s step. */
    private static final int METRIC_BITS = 5;
    private static final int RESOURCE_BITS = 20;
    private static final long STEP_MILLIS = 10_000;
    private static final long START_MILLIS = 1_700_000_000_000L;

    @Param({"opennms", "random", "counter"})
    public String model;

    private SampleValues values;
    private long cursor;

    @Setup
    public void setup() {
        values = SampleValues.of(ValueModel.valueOf(model.toUpperCase(Locale.ROOT)), 4242, 5, 1 << METRIC_BITS);
    }

    @Benchmark
    public double value() {
        long i = cursor++;
        int metric = (int) (i & ((1 << METRIC_BITS) - 1));
        int resource = (int) ((i >>> METRIC_BITS) & ((1 << RESOURCE_BITS) - 1));
        long timestamp = START_MILLIS + (i >>> (METRIC_BITS + RESOURCE_BITS)) * STEP_MILLIS;
        return values.value(resource, metric, timestamp);
    }
}
