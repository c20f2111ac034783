package org.metricsstress.bench;

import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.metricsstress.config.StressConfig;
import org.metricsstress.engine.NodeSettle;
import org.metricsstress.stop.StopRequest;

/**
 * What every phase of a bench or a soak is made from; {@code options} makes a builder with the
 * user's options applied.
 *
 * @param redis the Redis the Redis phases use (the bench's own, or --redis); null: no Redis phases
 * @param settle the longest a phase waits for the node to settle, its rest included
 *               ({@link #SETTLE}); its 2 s of rest alone for a node that others write to, which
 *               never settles
 * @param stop   ends the phase in progress early (Karaf's Ctrl-C); no phase starts after it
 */
public record BenchSetup(Supplier<StressConfig.Builder> options, long warmupSamples, Duration phase,
        Duration coldLimit, LongSupplier nodeCpuNanos, PrintStream runLog, URI redis, Duration settle,
        StopRequest stop) {
    /** The longest a phase waits for the node to settle, unless a setup says otherwise. */
    public static final Duration SETTLE = NodeSettle.LONGEST;

    /** A setup nothing stops but an interrupt. */
    public BenchSetup(Supplier<StressConfig.Builder> options, long warmupSamples, Duration phase, Duration coldLimit,
            LongSupplier nodeCpuNanos, PrintStream runLog, URI redis, Duration settle) {
        this(options, warmupSamples, phase, coldLimit, nodeCpuNanos, runLog, redis, settle, new StopRequest());
    }

    /** Before a phase: none starts once a stop is requested. */
    void startNoPhaseIfStopped(String phase) throws InterruptedException {
        if (stop.requested()) {
            throw new InterruptedException("stopped before " + phase);
        }
    }
}
