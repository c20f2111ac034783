package org.metricsstress.storage;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import org.metricsstress.metrics.CpuThrottling;

/**
 * A bound on the time this process could run, not on the wall clock: the wall clock less the time
 * a CPU quota held the process back ({@link CpuThrottling}). A client held to 15 % of a core loads
 * and compiles the driver while it connects, at a seventh of the speed, and a wall-clock bound
 * blamed the cluster for it; for a client no quota holds the two are the same. A hard cap on the
 * wall clock, {@link #WALL_CAP_FACTOR} times the bound, still ends a wait on an address that never
 * answers. Public for the other waits of a connect (the node watch's first readings).
 */
public final class RunnableDeadline {
    /**
     * The wall-clock cap as a multiple of the bound: a quota of 15 % of a core leaves about a tenth
     * of the wall clock to run in, so 20 s of running fits in the cap of 200 s.
     */
    public static final int WALL_CAP_FACTOR = 10;
    /** How often a wait looks at the throttled time: a tenth of a second, the kernel's default quota period. */
    static final long LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final Duration bound;
    private final LongSupplier wallNanos;
    private final LongSupplier heldBackNanos;
    private final long start;

    RunnableDeadline(Duration bound, LongSupplier wallNanos, LongSupplier heldBackNanos) {
        this.bound = bound;
        this.wallNanos = wallNanos;
        this.heldBackNanos = heldBackNanos;
        this.start = wallNanos.getAsLong();
    }

    /** From now, on this process's cgroups (the wall clock alone where there are none). */
    public static RunnableDeadline start(Duration bound) {
        CpuThrottling throttling = CpuThrottling.ofThisProcess();
        if (!throttling.known()) {
            return new RunnableDeadline(bound, System::nanoTime, () -> 0);
        }
        CpuThrottling.Since since = throttling.since();
        return new RunnableDeadline(bound, System::nanoTime, since::heldBackNanos);
    }

    long wallCapNanos() {
        return bound.toNanos() * WALL_CAP_FACTOR;
    }

    /** What is left: of the time to run, and never past the wall-clock cap; 0 when it is over. */
    public long leftNanos() {
        long wall = wallNanos.getAsLong() - start;
        long ran = ran(wall, heldBackNanos.getAsLong());
        return Math.max(0, Math.min(bound.toNanos() - ran, wallCapNanos() - wall));
    }

    public boolean over() {
        return leftNanos() == 0;
    }

    /** Wall time less the time held back, never below 0 nor above the wall time (the kernel's figures are per CPU, summed). */
    static long ran(long wallNanos, long heldBackNanos) {
        return Math.max(0, Math.min(wallNanos, wallNanos - heldBackNanos));
    }

    /** Waits for {@code f} until it is done or the time is over, looking at the throttling as it goes. */
    public <T> T get(Future<T> f) throws InterruptedException, ExecutionException, TimeoutException {
        while (true) {
            long wall = wallNanos.getAsLong() - start;
            // The time run is never more than the wall clock's: until the wall clock reaches the bound
            // the wait needs no look at the throttling (a read of each cgroup's cpu.stat). A node that
            // answers in time is waited for only so: two waits a node a reading, 32 a second for 32 nodes.
            boolean early = wall < bound.toNanos();
            long left = early ? bound.toNanos() - wall : leftNanos();
            if (left == 0) {
                if (f.isDone()) {
                    return f.get();
                }
                throw new TimeoutException(describe());
            }
            try {
                return f.get(early ? left : Math.min(left, LOOK_NANOS), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                // look again: the time left depends on how much of this slice the quota took
            }
        }
    }

    /**
     * "20s", the bound as the user gave it, and where a quota held the process back or the cap ended
     * the wait, by how much: the error keeps its form ("no answer within 20s") and says the rest.
     */
    public String describe() {
        long wall = wallNanos.getAsLong() - start;
        long held = heldBackNanos.getAsLong();
        String within = bound.toSeconds() + "s";
        if (held <= 0 && wall < wallCapNanos()) {
            return within;
        }
        String how = String.format(Locale.ROOT, "%.1f s of %.1f s by the wall clock: a CPU quota held this process back %.1f s",
                ran(wall, held) / 1e9, wall / 1e9, Math.min(held, wall) / 1e9);
        if (wall >= wallCapNanos()) {
            return within + " of the time this process could run (" + how + "; the wait ends at " + wallCapNanos() / 1_000_000_000L
                    + "s by the wall clock)";
        }
        return within + " of the time this process could run (" + how + ")";
    }
}
