package org.metricsstress.bench;

import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.metricsstress.config.StressConfig;
import org.metricsstress.engine.NodeSettle;

/**
 * What every phase of a bench or a soak is made from; {@code options} makes a builder with the
 * user's options applied.
 *
 * @param redis the Redis the Redis phases use (the bench's own, or --redis); null: no Redis phases
 * @param settle the longest a phase waits for the node to settle, its rest included
 *               ({@link #SETTLE}); its 2 s of rest alone for a node that others write to, which
 *               never settles
 */
public record BenchSetup(Supplier<StressConfig.Builder> options, long warmupSamples, Duration phase,
        Duration coldLimit, LongSupplier nodeCpuNanos, PrintStream runLog, URI redis, Duration settle) {
    /** The longest a phase waits for the node to settle, unless a setup says otherwise. */
    public static final Duration SETTLE = NodeSettle.LONGEST;
}
