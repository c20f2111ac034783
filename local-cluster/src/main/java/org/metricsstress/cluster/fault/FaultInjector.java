package org.metricsstress.cluster.fault;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.metricsstress.api.StressRun;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.LocalNode;

/**
 * Carries out a {@link FaultPlan} on the nodes of a {@link LocalCluster} while a run goes on:
 * on a thread of its own, each event at its time from the start of generation, in order (a restart
 * that takes a while delays the events after it; each is reported at the time it really happened).
 * Every action and its result go to {@code events}, which the run prints and keeps. A pause or a
 * partition the plan has not undone when the run ends is undone by {@link #close()}: the cluster
 * outlives the run, and the next run (or test) must not find a node frozen by this one's plan.
 */
public final class FaultInjector implements AutoCloseable {

    /** The run's clock: fault times count from the start of generation, as the run's own figures do. */
    public interface GenerationClock {
        /** Blocks until the run is about to generate; false if it never will. */
        boolean awaitStart() throws InterruptedException;

        /** Seconds since generation started (negative just before). */
        double secondsIntoRun();
    }

    private final LocalCluster cluster;
    private final FaultPlan plan;
    private final Consumer<String> events;
    private Thread thread;
    /** Set when the run is over: what an action still under way says then is no longer the run's. */
    private volatile boolean closed;
    /** Nodes the plan paused and has not resumed, killed or restarted since; guarded by itself. */
    private final Set<LocalNode> paused = new LinkedHashSet<>();
    /** Nodes the plan cut off the network and has not healed since; guarded by {@link #paused}. */
    private final Set<LocalNode> partitioned = new LinkedHashSet<>();

    public FaultInjector(LocalCluster cluster, FaultPlan plan, Consumer<String> events) {
        this.cluster = cluster;
        this.plan = plan;
        this.events = events;
    }

    /** Starts carrying out the plan on {@code run}'s clock. */
    public FaultInjector start(StressRun run) {
        return start(new GenerationClock() {
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
    public FaultInjector start(GenerationClock clock) {
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
        List<? extends LocalNode> nodes = cluster.target(e.target());
        String who = e.target() + " (" + nodes.stream().map(n -> n.address() + " " + n.handle())
                .collect(Collectors.joining(", ")) + ")";
        String verb = e.verb().word();
        long t0 = System.nanoTime();
        try {
            if (e.verb() == FaultPlan.Verb.RESTART) {
                events.accept("restart " + who + ": starting");
            }
            List<String> how = new ArrayList<>();
            for (LocalNode n : nodes) {
                how.add(switch (e.verb()) {
                    case KILL -> n.kill();
                    case PAUSE -> n.pause();
                    case RESUME -> n.resume();
                    case RESTART -> n.restart();
                    case PARTITION -> n.partition();
                    case HEAL -> n.heal();
                });
                remember(e.verb(), n);
            }
            if (closed) {
                return;
            }
            String done = how.stream().distinct().collect(Collectors.joining(", "));
            if (e.verb() == FaultPlan.Verb.RESTART) {
                events.accept(String.format(Locale.ROOT, "restart %s: answers CQL again after %.1f s (%s)",
                        e.target(), (System.nanoTime() - t0) / 1e9, done));
            } else {
                events.accept(verb + " " + who + ": " + done);
            }
        } catch (LocalClusterException | RuntimeException ex) {
            if (closed) {
                return;
            }
            events.accept(verb + " " + who + " failed: " + ex.getMessage());
        }
    }

    /** What a node is left in once {@code verb} succeeded on it, as far as close() must undo it. */
    private void remember(FaultPlan.Verb verb, LocalNode n) {
        synchronized (paused) {
            switch (verb) {
                case PAUSE -> paused.add(n);
                // A killed or restarted process is no longer the one stopped (a restart sends SIGCONT first).
                case RESUME, KILL, RESTART -> paused.remove(n);
                case PARTITION -> partitioned.add(n);
                case HEAL -> partitioned.remove(n);
            }
        }
    }

    /**
     * Stops carrying out the plan (the run is over); waits briefly for an action under way, then
     * resumes what the plan left paused and heals what it left partitioned, each said in an event.
     */
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
        List<LocalNode> toResume;
        List<LocalNode> toHeal;
        synchronized (paused) {
            toResume = List.copyOf(paused);
            toHeal = List.copyOf(partitioned);
            paused.clear();
            partitioned.clear();
        }
        for (LocalNode n : toResume) {
            undo(FaultPlan.Verb.RESUME, n, "paused");
        }
        for (LocalNode n : toHeal) {
            undo(FaultPlan.Verb.HEAL, n, "partitioned");
        }
    }

    private void undo(FaultPlan.Verb verb, LocalNode n, String state) {
        String who = n.datacenter() + " (" + n.address() + " " + n.handle() + ")";
        try {
            String how = verb == FaultPlan.Verb.RESUME ? n.resume() : n.heal();
            events.accept(verb.word() + " " + who + ": " + how + " (the run ended; the plan left it " + state + ")");
        } catch (LocalClusterException | RuntimeException ex) {
            events.accept(verb.word() + " " + who + " failed (the run ended; the plan left it " + state + "): "
                    + ex.getMessage());
        }
    }
}
