package org.metricsstress.karaf;

import java.io.PrintStream;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.config.StressConfig;
import org.metricsstress.api.DrainBound;
import org.metricsstress.api.StressRun;
import org.metricsstress.api.Outcome;
import org.metricsstress.stop.StopRequest;
import org.metricsstress.failure.ClusterException;

/**
 * At most one stress run in this Karaf at a time; a second is refused, not queued. Two runs would
 * share the CPU of the JVM they measure (OpenNMS's, in the field) and each would report the
 * other's load as its own latency, and neither summary would be what its user asked for.
 */
final class OneRunAtATime {

    /** A run was asked for while another is in progress. */
    static final class Refused extends Exception {
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    private record Active(StressRun run, StressConfig config, LocalTime since, CountDownLatch finished) {}

    private final AtomicReference<Active> active = new AtomicReference<>();
    /** A command of several runs in progress, by name. */
    private final AtomicReference<String> commands = new AtomicReference<>();
    /** What stops that command, while it is in progress. */
    private volatile StopRequest commandStop;

    /** Runs to the end (duration, Ctrl-C, or {@link #stopAndAwait}), printing to {@code out}. */
    Outcome run(StressConfig config, PrintStream out) throws ClusterException, CacheUnavailableException, Refused {
        Active mine = new Active(new StressRun(config, out), config, LocalTime.now().truncatedTo(ChronoUnit.SECONDS),
                new CountDownLatch(1));
        if (commands.get() != null || !active.compareAndSet(null, mine) || commands.get() != null) {
            active.compareAndSet(mine, null);
            String command = commands.get();
            if (command != null) {
                throw new Refused(command + " is in progress; one run at a time: wait for its end");
            }
            Active other = active.get();
            throw new Refused("a run is already in progress" + (other == null ? "" : " (started " + other.since() + ")")
                    + "; one run at a time: wait for its summary, or stop it with Ctrl-C in its session"
                    + " (after Ctrl-C it still drains for up to its --drain-timeout)");
        }
        try {
            return beyondInterrupts(mine.run());
        } finally {
            active.set(null);
            mine.finished().countDown();
        }
    }

    /** A command of several runs (bench, find-max, tune). */
    interface Work {
        int run() throws ClusterException, CacheUnavailableException, InterruptedException;
    }

    /**
     * Runs a command of several runs as the one run in progress; a second is refused as for a run.
     * It runs on a thread of its own, as a plain run does and for the same reason: Ctrl-C (an
     * interrupt of the command's thread) becomes {@code stop}'s request, so the run in progress ends
     * early, drains and reports, and no run starts after it, while no thread that prints is interrupted.
     */
    int exclusively(String what, StopRequest stop, Work work) throws ClusterException, CacheUnavailableException,
            Refused, InterruptedException {
        if (active.get() != null || !commands.compareAndSet(null, what)) {
            throw new Refused("a run is already in progress; one run at a time: wait for its summary");
        }
        // A plain run may have started between the two looks: it checks the command in the same order.
        if (active.get() != null) {
            commands.set(null);
            throw new Refused("a run is already in progress; one run at a time: wait for its summary");
        }
        commandStop = stop;
        try {
            return apart(stop, work);
        } finally {
            commandStop = null;
            commands.set(null);
        }
    }

    private static int apart(StopRequest stop, Work work) throws ClusterException, CacheUnavailableException,
            InterruptedException {
        try {
            return onThreadOfItsOwn("metrics-stress-runs", work::run, runner -> stop.request());
        } catch (ExecutionException e) {
            if (e.getCause() instanceof InterruptedException stopped) {
                throw stopped;
            }
            throw unwrapped(e);
        }
    }

    /**
     * {@code body} on a thread named {@code name} while the command's thread waits for it; each
     * interrupt of the command's thread goes to {@code onInterrupt} (with the body's thread) instead
     * of ending the wait, and is kept for Karaf. A failure of the body is the ExecutionException.
     */
    private static <T> T onThreadOfItsOwn(String name, Callable<T> body, Consumer<Thread> onInterrupt)
            throws ExecutionException {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread runner = new Thread(() -> {
            try {
                result.complete(body.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, name);
        runner.start();
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return result.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                    onInterrupt.accept(runner);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The cause of a failure on a thread of ours, as the command's thread would have thrown it. */
    private static RuntimeException unwrapped(ExecutionException e) throws ClusterException, CacheUnavailableException {
        Throwable cause = e.getCause();
        if (cause instanceof ClusterException c) {
            throw c;
        }
        if (cause instanceof CacheUnavailableException c) {
            throw c;
        }
        if (cause instanceof RuntimeException r) {
            throw r;
        }
        if (cause instanceof Error err) {
            throw err;
        }
        throw new IllegalStateException(cause);
    }

    /**
     * Runs {@code run} on a thread of its own while the command's thread waits for it, and turns an
     * interrupt of the command's thread (Karaf's Ctrl-C) into {@link StressRun#stop}. Run on the
     * command's thread, the interrupt could land inside a write to the terminal, and then the
     * terminal showed nothing more, mid-line, neither the drain's summary nor Karaf's prompt (the
     * Ctrl-C test of KarafStressIT, in 4 of 5 full CI runs on a loaded machine, none alone). The
     * run's thread inherits the command's output, as every thread the command starts does. Before
     * generation starts the run's thread is interrupted as well: connecting stops at once.
     */
    private static Outcome beyondInterrupts(StressRun run) throws ClusterException, CacheUnavailableException {
        try {
            return onThreadOfItsOwn("metrics-stress-run", run::execute, runner -> {
                run.stop();
                try {
                    if (!run.awaitGeneration(0, TimeUnit.MILLISECONDS)) {
                        runner.interrupt();
                    }
                } catch (InterruptedException again) {
                    runner.interrupt();
                }
            });
        } catch (ExecutionException e) {
            throw unwrapped(e);
        }
    }

    /**
     * Ends the run in progress early (the bundle is stopping) and waits, up to its {@link DrainBound},
     * for it to drain and print its summary, so that no thread of ours outlives the bundle. A command
     * of several runs is asked to stop as well, not waited for: its run in progress ends as a plain
     * one does, and no other starts.
     */
    boolean stopAndAwait() {
        StopRequest command = commandStop;
        if (command != null) {
            command.request(); // its run in progress ends and drains on the command's own thread
        }
        Active current = active.get();
        if (current == null) {
            return true;
        }
        current.run().stop();
        try {
            return current.finished().await(DrainBound.of(current.config()).toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
