package org.metricsstress.cli.embedded;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.metricsstress.api.StressRun;

/**
 * Carries out a {@link FaultPlan} on the nodes of an {@link EmbeddedCluster} while a run goes on:
 * on a thread of its own, each event at its time from the start of generation, in order (a restart
 * that takes a while delays the events after it; each is reported at the time it really happened).
 * Every action and its result go to {@code events}, which the run prints and keeps.
 */
public final class FaultInjector implements AutoCloseable {

    /** The run's clock: fault times count from the start of generation, as the run's own figures do. */
    public interface RunClock {
        /** Blocks until the run is about to generate; false if it never will. */
        boolean awaitStart() throws InterruptedException;

        /** Seconds since generation started (negative just before). */
        double secondsIntoRun();
    }

    private final EmbeddedCluster cluster;
    private final FaultPlan plan;
    private final Consumer<String> events;
    private Thread thread;
    /** Set when the run is over: what an action still under way says then is no longer the run's. */
    private volatile boolean closed;

    public FaultInjector(EmbeddedCluster cluster, FaultPlan plan, Consumer<String> events) {
        this.cluster = cluster;
        this.plan = plan;
        this.events = events;
    }

    /** Starts carrying out the plan on {@code run}'s clock. */
    public FaultInjector start(StressRun run) {
        return start(new RunClock() {
            @Override
            public boolean awaitStart() throws InterruptedException {
                return run.awaitGeneration(1, TimeUnit.DAYS);
            }

            @Override
            public double secondsIntoRun() {
                return run.secondsIntoRun();
            }
        });
    }

    /** Starts carrying out the plan on {@code clock}. */
    public FaultInjector start(RunClock clock) {
        if (plan.isEmpty()) {
            return this;
        }
        thread = new Thread(() -> {
            try {
                if (!clock.awaitStart()) {
                    return;
                }
                for (FaultPlan.Event e : plan.events()) {
                    double wait = e.at().toNanos() / 1e9 - clock.secondsIntoRun();
                    if (wait > 0) {
                        TimeUnit.NANOSECONDS.sleep((long) (wait * 1e9));
                    }
                    apply(e);
                }
            } catch (InterruptedException e) {
                // The run ended first: the rest of the plan is moot.
            }
        }, "metrics-stress-fault-injector");
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    private void apply(FaultPlan.Event e) {
        List<EmbeddedCassandra> nodes = cluster.target(e.target());
        String who = e.target() + " (" + nodes.stream().map(n -> n.address() + " pid " + n.pid())
                .collect(Collectors.joining(", ")) + ")";
        long t0 = System.nanoTime();
        try {
            switch (e.verb()) {
                case KILL -> {
                    nodes.forEach(EmbeddedCassandra::kill);
                    events.accept("kill " + who + ": SIGKILL");
                }
                case PAUSE -> {
                    for (EmbeddedCassandra n : nodes) {
                        n.pause();
                    }
                    events.accept("pause " + who + ": SIGSTOP");
                }
                case RESUME -> {
                    for (EmbeddedCassandra n : nodes) {
                        n.resume();
                    }
                    events.accept("resume " + who + ": SIGCONT");
                }
                case RESTART -> {
                    events.accept("restart " + who + ": starting");
                    for (EmbeddedCassandra n : nodes) {
                        n.restart();
                    }
                    if (closed) {
                        return;
                    }
                    events.accept(String.format(Locale.ROOT, "restart %s: answers CQL again after %.1f s (pid %s)",
                            e.target(), (System.nanoTime() - t0) / 1e9,
                            nodes.stream().map(n -> Long.toString(n.pid())).collect(Collectors.joining(", "))));
                }
            }
        } catch (EmbeddedCassandraException | RuntimeException ex) {
            if (closed) {
                return;
            }
            events.accept(e.verb().name().toLowerCase(Locale.ROOT) + " " + who + " failed: " + ex.getMessage());
        }
    }

    /** Stops carrying out the plan (the run is over); waits briefly for an action under way. */
    @Override
    public void close() {
        closed = true;
        Thread t = thread;
        if (t != null) {
            t.interrupt();
            try {
                t.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
