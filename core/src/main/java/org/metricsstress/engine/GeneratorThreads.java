package org.metricsstress.engine;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import org.metricsstress.config.StressConfig;
import org.metricsstress.generate.Generator;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.Ring;
import org.metricsstress.plan.Schedule;
import org.metricsstress.plan.StressPlan;

/** The run's generator threads: made, started, stopped at a moment, and waited for within bounds. */
final class GeneratorThreads {
    /**
     * How long generators get to end once the ring is closed: each sees the close or its stop
     * within 100 ms; one that has not ended by then will not, and the run must still end.
     */
    static final long AFTER_CLOSE_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final List<Generator> generators = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();

    GeneratorThreads(StressConfig config, StressPlan plan, Schedule schedule, Ring ring, StressMetrics metrics) {
        this(config, plan, schedule, ring, metrics, null, null);
    }

    /** With a path written beside the run's own ({@code besideRing} and its metrics; null for none). */
    GeneratorThreads(StressConfig config, StressPlan plan, Schedule schedule, Ring ring, StressMetrics metrics,
            Ring besideRing, StressMetrics besideMetrics) {
        // OpenNMS's pacing holds every thread at the end of a pass until all have finished it.
        Phaser passes = plan.passBarrier() ? new Phaser(plan.threads()) : null;
        for (int t = 0; t < plan.threads(); t++) {
            Generator g = new Generator(t, plan, schedule, ring, metrics, besideRing, besideMetrics, passes);
            Thread th = new Thread(g, "metrics-stress-generator-" + t);
            th.setDaemon(true);
            generators.add(g);
            threads.add(th);
        }
    }

    void start() {
        threads.forEach(Thread::start);
    }

    /** Every generator stops at {@code stopAtNanos}; what it owes before then it counts unsent. */
    /** Every generator told to stop before the stop's time is chosen (see Generator.requestStop). */
    void requestStop() {
        generators.forEach(Generator::requestStop);
    }

    void stop(long stopAtNanos) {
        generators.forEach(g -> g.stop(stopAtNanos));
    }

    /**
     * Waits for the generators after {@link #stop}. One waiting for room (BLOCK) finishes its
     * commit when the writers free a slot; if they do not within {@code drainTimeoutNanos} (a
     * stuck writer) the ring is closed and it gives up, its commit counted as abandoned, so the
     * run still ends.
     */
    void awaitEnd(long drainTimeoutNanos, PrintStream out, Ring... rings) {
        if (!joinAll(threads, drainTimeoutNanos)) {
            for (Ring ring : rings) {
                ring.close();
            }
            if (!joinAll(threads, AFTER_CLOSE_NANOS)) {
                out.println("generator threads still running after the ring closed: left behind; a commit one"
                        + " holds shows as unaccounted");
            }
        }
    }

    /**
     * Joins every thread, for at most {@code boundNanos} in all; an interrupt does not end the wait
     * (generators must be gone before the drain starts). True if all have ended.
     */
    static boolean joinAll(List<Thread> threads, long boundNanos) {
        long deadline = boundNanos == Long.MAX_VALUE ? Long.MAX_VALUE : System.nanoTime() + boundNanos;
        for (Thread t : threads) {
            while (t.isAlive()) {
                long left = deadline == Long.MAX_VALUE ? 0 : deadline - System.nanoTime();
                if (deadline != Long.MAX_VALUE && left <= 0) {
                    return false;
                }
                try {
                    t.join(deadline == Long.MAX_VALUE ? 0 : Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                } catch (InterruptedException e) {
                    // Keep joining: generators stop within 100 ms of stop() unless a full ring holds them.
                }
            }
        }
        return true;
    }
}
