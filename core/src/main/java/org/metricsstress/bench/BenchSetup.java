package org.metricsstress.bench;

import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.metricsstress.config.StressConfig;

/**
 * What every phase of a bench or a soak is made from; {@code options} makes a builder with the
 * user's options applied.
 *
 * @param redis the Redis the Redis phases use (the bench's own, or --redis); null: no Redis phases
 */
public record BenchSetup(Supplier<StressConfig.Builder> options, long warmupSamples, Duration phase,
        Duration coldLimit, LongSupplier nodeCpuNanos, PrintStream runLog, URI redis) {}
