package org.metricsstress.microbench;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.metricsstress.config.OnFull;
import org.metricsstress.config.StressConfig;
import org.metricsstress.generate.Generator;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.GroupCommitHandler;
import org.metricsstress.pipeline.Lane;
import org.metricsstress.pipeline.LaneRing;
import org.metricsstress.plan.Schedule;
import org.metricsstress.plan.StressPlan;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The pipeline with nothing behind it: the real generator walks one interval of a plan in burst
 * mode (no pacing waits), fills and publishes ring slots, and the ring's writer threads hand each
 * commit to a handler that only counts its samples. Samples per second through generate + ring +
 * hand-off is the ceiling of what the harness itself could ever feed a database.
 *
 * <p>One invocation is one whole interval ({@value #SAMPLES} samples), finished when the handlers have
 * seen every sample; the score is in samples per second. {@code writers} is --writer-threads.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Thread)
public class NullSinkPipelineBench {
    private static final int NODES = 200;
    private static final int INTERFACES = 10;
    private static final int GROUPS = 5;
    private static final int ATTRIBUTES = 10;
    static final int SAMPLES = NODES * INTERFACES * GROUPS * ATTRIBUTES;

    @Param({"1", "2", "16"})
    public int writers;

    private StressPlan plan;
    private StressMetrics metrics;
    private LaneRing ring;
    private final LongAdder seen = new LongAdder();
    private long expected;

    @Setup(Level.Trial)
    public void start() {
        StressConfig config = StressConfig.builder().nodes(NODES).interfaces(INTERFACES).groups(GROUPS)
                .attributes(ATTRIBUTES).strings(0).interval(Duration.ofSeconds(300)).burst(true).build();
        plan = StressPlan.of(config);
        metrics = new StressMetrics();
        GroupCommitHandler.Factory counting = () -> c -> seen.add(c.sampleCount);
        ring = new LaneRing(8192, ATTRIBUTES, writers, plan.groupResources(), OnFull.BLOCK, counting, null, metrics);
    }

    @TearDown(Level.Trial)
    public void stop() {
        ring.drain(10, TimeUnit.SECONDS);
    }

    @Benchmark
    @OperationsPerInvocation(SAMPLES)
    public long oneInterval() {
        // Burst: every commit of the interval is due at its start, so the generator never waits.
        Schedule schedule = new Schedule(plan, System.nanoTime(), System.currentTimeMillis(), plan.pacingNanos());
        new Generator(0, plan, schedule, ring, metrics, null).run();
        expected += SAMPLES;
        while (seen.sum() < expected) {
            Thread.onSpinWait();
        }
        return expected;
    }
}
