package org.metricsstress.cluster.fault;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.metricsstress.api.StressRun;
import org.metricsstress.cluster.CpuCgroup;
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
 *
 * <p>Each {@link FaultPlan.Stall} runs on a thread of its own, started with generation, so that
 * neither delays the other: the events keep their times while a stall stops and resumes its
 * nodes, and a restart under way does not hold up a stall's start. A stall says two events, its
 * start and its end (with the number of cycles carried out), never one per cycle. On a node, the
 * later instruction wins: a kill, pause, resume or restart of the plan on a node a stall acts on
 * takes the node from the stall (resumed first if the stall had it stopped), and the stall leaves
 * it alone from then on; a stall that begins while such an action is under way on its node (a
 * restart waiting for CQL) stops the node only once that action is done; a stall that begins on a
 * node another stall acts on takes it over. Partition and heal leave a stall be. A stall acts on
 * its other nodes while one is taken, and ends when it has none left, at its {@code until}, or at
 * {@link #close()}, which leaves every node it stopped running again.
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
    /** The clock the plan runs on, once started; for the times said in events. */
    private volatile GenerationClock clock;
    /** Set when the run is over: what an action still under way says then is no longer the run's. */
    private volatile boolean closed;
    /** Nodes the plan paused and has not resumed, killed or restarted since; guarded by itself. */
    private final Set<LocalNode> paused = new LinkedHashSet<>();
    /** Nodes the plan cut off the network and has not healed since; guarded by {@link #paused}. */
    private final Set<LocalNode> partitioned = new LinkedHashSet<>();
    /** Who acts on each node a stall or an action of the plan touched, and whether a stall stopped it. */
    private final Map<LocalNode, Hold> holds = new ConcurrentHashMap<>();
    /** The stalls' and the CPU quotas' threads; guarded by itself, and none is added once {@link #closed}. */
    private final List<Thread> timedThreads = new ArrayList<>();
    /** Counted down by {@link #close()}: the stalls wait on it, so an end never interrupts a signal. */
    private final CountDownLatch closing = new CountDownLatch(1);

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
        this.clock = clock;
        thread = new Thread(() -> {
            try {
                if (!clock.awaitStart()) {
                    return;
                }
                startStalls(clock);
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
                if (e.verb() == FaultPlan.Verb.PARTITION || e.verb() == FaultPlan.Verb.HEAL) {
                    // Off or on the network: a stall's SIGSTOP and SIGCONT go on regardless.
                    how.add(e.verb() == FaultPlan.Verb.PARTITION ? n.partition() : n.heal());
                    remember(e.verb(), n);
                    continue;
                }
                Hold h = hold(n);
                h.lock.lock();
                try {
                    h.takeFromStall(n, verb + " at " + String.format(Locale.ROOT, "%.1f s", secondsNow()));
                    how.add(switch (e.verb()) {
                        case KILL -> n.kill();
                        case PAUSE -> n.pause();
                        case RESUME -> n.resume();
                        case RESTART -> n.restart();
                        case PARTITION, HEAL -> throw new IllegalStateException(verb);
                    });
                    remember(e.verb(), n);
                } finally {
                    h.lock.unlock();
                }
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
     * Stops carrying out the plan (the run is over); waits briefly for an action under way and for
     * the stalls to end (each resumes what it stopped and says its end), then resumes what the plan
     * left paused or a stall left stopped and heals what the plan left partitioned, each said in an
     * event.
     */
    @Override
    public void close() {
        closed = true;
        closing.countDown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        Thread t = thread;
        List<Thread> waitFor = new ArrayList<>();
        if (t != null) {
            t.interrupt();
            waitFor.add(t);
        }
        synchronized (timedThreads) {
            waitFor.addAll(timedThreads);
        }
        for (Thread w : waitFor) {
            try {
                w.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        for (Map.Entry<LocalNode, Hold> e : holds.entrySet()) {
            e.getValue().resumeIfStopped(e.getKey());
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

    private Hold hold(LocalNode n) {
        return holds.computeIfAbsent(n, k -> new Hold());
    }

    private double secondsNow() {
        GenerationClock c = clock;
        return c == null ? 0 : c.secondsIntoRun();
    }

    /** Starts one thread per stall of the plan, unless the injector was closed first. */
    private void startStalls(GenerationClock clock) {
        synchronized (timedThreads) {
            if (closed) {
                return;
            }
            for (FaultPlan.Stall s : plan.stalls()) {
                Thread st = new Thread(new StallRun(s, clock)::run, "metrics-stress-stall-" + s.target());
                st.setDaemon(true);
                timedThreads.add(st);
                st.start();
            }
            for (FaultPlan.CpuQuota q : plan.cpuQuotas()) {
                Thread qt = new Thread(() -> holdToQuota(q, clock), "metrics-stress-cpu-" + q.target());
                qt.setDaemon(true);
                timedThreads.add(qt);
                qt.start();
            }
        }
    }

    /**
     * One CPU quota of the plan, on its own thread: from its start, each node of its target in a
     * cgroup of its own, released (the process moved back, the group removed) at its end or the
     * run's. A node restarted meanwhile runs free of it: its new process was never put in the group
     * (one of {@code --embedded-node ADDR:cpu=N%} starts inside its own quota again).
     */
    private void holdToQuota(FaultPlan.CpuQuota q, GenerationClock clock) {
        List<CpuCgroup> groups = new ArrayList<>();
        String who = q.target();
        try {
            if (awaitClosing(q.from().toNanos() / 1e9 - clock.secondsIntoRun())) {
                return;
            }
            List<? extends LocalNode> nodes = cluster.target(q.target());
            who = q.target() + " (" + nodes.stream().map(n -> n.address() + " " + n.handle())
                    .collect(Collectors.joining(", ")) + ")";
            for (LocalNode n : nodes) {
                long pid = n.pid();
                CpuCgroup g = CpuCgroup.make("metrics-stress-" + ProcessHandle.current().pid() + "-cpu-" + n.address(),
                        q.percent());
                groups.add(g);
                g.hold(pid);
            }
            events.accept("cpu " + who + ": " + q.describe() + " (" + groups.get(0).kind() + ")");
            boolean runEnded;
            if (q.until() == null) {
                closing.await();
                runEnded = true;
            } else {
                runEnded = awaitClosing(q.until().toNanos() / 1e9 - clock.secondsIntoRun());
            }
            String throttled = groups.stream().map(CpuCgroup::throttled).distinct().collect(Collectors.joining(", "));
            String problems = release(groups);
            events.accept("cpu " + who + ": released (" + (runEnded ? "the run ended" : "until " + FaultPlan.seconds(q.until()))
                    + "; " + throttled + ")" + (problems == null ? "" : "; " + problems));
        } catch (LocalClusterException | RuntimeException ex) {
            String problems = release(groups);
            events.accept("cpu " + who + " failed: " + ex.getMessage() + (problems == null ? "" : "; " + problems));
        } catch (InterruptedException ex) {
            release(groups);
            Thread.currentThread().interrupt();
        }
    }

    /** Waits {@code seconds} (nothing if not positive) unless the run ends first; true if it did. */
    private boolean awaitClosing(double seconds) throws InterruptedException {
        if (closed) {
            return true;
        }
        return seconds > 0 && closing.await((long) (seconds * 1e9), TimeUnit.NANOSECONDS);
    }

    private static String release(List<CpuCgroup> groups) {
        List<String> problems = new ArrayList<>();
        for (CpuCgroup g : groups) {
            String p = g.release();
            if (p != null) {
                problems.add(p);
            }
        }
        groups.clear();
        return problems.isEmpty() ? null : String.join("; ", problems);
    }

    /**
     * What acts on one node: {@link #lock} is held by an action of the plan on it for the whole
     * action (a restart included) and by a stall for each signal it sends; {@link #owner} is the
     * stall that acts on the node, if any.
     */
    private final class Hold {
        final ReentrantLock lock = new ReentrantLock();
        final AtomicReference<StallRun> owner = new AtomicReference<>();
        /** Whether a stall sent the node SIGSTOP and not yet SIGCONT; guarded by {@link #lock}. */
        boolean stopped;

        /**
         * With {@link #lock} held, before an action of the plan: the stall acting on the node, if
         * any, loses it, and the node runs again if the stall had it stopped. If SIGCONT fails, the
         * action fails with it, and close() tries again.
         */
        void takeFromStall(LocalNode n, String by) throws LocalClusterException {
            StallRun s = owner.getAndSet(null);
            if (s != null) {
                s.lost(n, "taken over by " + by);
            }
            if (stopped) {
                n.resume();
                stopped = false;
            }
        }

        /** For close(): SIGCONT if a stall left the node stopped, said in an event. */
        void resumeIfStopped(LocalNode n) {
            boolean locked;
            try {
                locked = lock.tryLock(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (!locked) {
                // An action of the plan holds the node: it took the node from any stall, resumed.
                return;
            }
            try {
                owner.set(null);
                if (stopped) {
                    stopped = false;
                    undo(FaultPlan.Verb.RESUME, n, "stopped by a stall");
                }
            } finally {
                lock.unlock();
            }
        }
    }

    /** One stall of the plan, carried out on its own thread. */
    private final class StallRun {
        private final FaultPlan.Stall stall;
        private final GenerationClock clock;
        /** The nodes it still acts on; its thread's only. */
        private final List<LocalNode> active = new ArrayList<>();
        /** Why a node left it, by node, in order: another thread may write (a take-over). */
        private final Map<LocalNode, String> lost = new LinkedHashMap<>();
        private int cycles;

        StallRun(FaultPlan.Stall stall, GenerationClock clock) {
            this.stall = stall;
            this.clock = clock;
        }

        void lost(LocalNode n, String why) {
            synchronized (lost) {
                lost.putIfAbsent(n, why);
            }
        }

        void run() {
            double from = stall.from().toNanos() / 1e9;
            double period = stall.period().toNanos() / 1e9;
            double stopped = stall.stopped().toNanos() / 1e9;
            double until = stall.until() == null ? Double.POSITIVE_INFINITY : stall.until().toNanos() / 1e9;
            if (sleepUntil(from)) {
                return;
            }
            String who;
            try {
                List<? extends LocalNode> nodes = cluster.target(stall.target());
                who = stall.target() + " (" + nodes.stream().map(n -> n.address() + " " + n.handle())
                        .collect(Collectors.joining(", ")) + ")";
                for (LocalNode n : nodes) {
                    StallRun before = hold(n).owner.getAndSet(this);
                    if (before != null) {
                        before.lost(n, "taken over by the stall from " + FaultPlan.seconds(stall.from()));
                    }
                    active.add(n);
                }
            } catch (RuntimeException e) {
                events.accept("stall " + stall.target() + " failed: " + e.getMessage());
                return;
            }
            events.accept("stall " + who + ": " + stall.describe());
            String end = "the run ended";
            try {
                for (long k = 0; ; k++) {
                    double stopAt = from + k * period;
                    if (stopAt >= until) {
                        end = "until " + FaultPlan.seconds(stall.until());
                        break;
                    }
                    double resumeAt = Math.min(stopAt + stopped, until);
                    if (clock.secondsIntoRun() >= resumeAt) {
                        continue; // late (a busy machine): this cycle's stop is already over
                    }
                    if (sleepUntil(stopAt)) {
                        break;
                    }
                    if (step(true)) {
                        cycles++;
                    }
                    if (sleepUntil(resumeAt)) {
                        break;
                    }
                    step(false);
                    if (active.isEmpty()) {
                        end = null;
                        break;
                    }
                }
            } finally {
                release();
                String why;
                synchronized (lost) {
                    why = lost.entrySet().stream().map(e -> e.getKey().address() + ": " + e.getValue())
                            .collect(Collectors.joining("; "));
                }
                why = end == null ? why : why.isEmpty() ? end : end + "; " + why;
                events.accept("stall " + who + ": ended after " + cycles + (cycles == 1 ? " cycle" : " cycles")
                        + " (" + why + ")");
            }
        }

        /** Waits until {@code seconds} into the run; true if the injector closed meanwhile. */
        private boolean sleepUntil(double seconds) {
            double wait = seconds - clock.secondsIntoRun();
            try {
                return wait > 0 ? closing.await((long) (wait * 1e9), TimeUnit.NANOSECONDS) : closing.getCount() == 0;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return true;
            }
        }

        /**
         * Stops ({@code stop}) or resumes every node it still acts on; a node whose lock an action
         * of the plan holds is left to it this time. True if a node was stopped.
         */
        private boolean step(boolean stop) {
            boolean any = false;
            for (var it = active.iterator(); it.hasNext(); ) {
                LocalNode n = it.next();
                Hold h = hold(n);
                if (h.owner.get() != this) {
                    it.remove(); // taken over; whoever took it said why
                    continue;
                }
                if (!h.lock.tryLock()) {
                    continue; // an action under way since before this stall began: the next cycle
                }
                try {
                    if (h.owner.get() != this) {
                        it.remove();
                        continue;
                    }
                    if (stop && !h.stopped) {
                        synchronized (paused) {
                            paused.remove(n); // the stall's SIGCONTs end a pause of the plan's
                        }
                        try {
                            n.pause();
                            h.stopped = true;
                            any = true;
                        } catch (LocalClusterException | RuntimeException e) {
                            lost(n, "stopping it failed: " + e.getMessage());
                            quietlyResume(n); // in case the signal went out after all
                            h.owner.compareAndSet(this, null);
                            it.remove();
                        }
                    } else if (!stop && h.stopped) {
                        try {
                            n.resume();
                            h.stopped = false;
                        } catch (LocalClusterException | RuntimeException e) {
                            // Left marked stopped: close() tries again.
                            lost(n, "resuming it failed: " + e.getMessage());
                            h.owner.compareAndSet(this, null);
                            it.remove();
                        }
                    }
                } finally {
                    h.lock.unlock();
                }
            }
            return any;
        }

        /** At the end: every node it still acts on runs again and is no longer its. */
        private void release() {
            for (LocalNode n : active) {
                Hold h = hold(n);
                if (!h.lock.tryLock()) {
                    // An action holds the node: it took it (and resumed it), or it began before this stall did.
                    h.owner.compareAndSet(this, null);
                    continue;
                }
                try {
                    if (h.owner.compareAndSet(this, null) && h.stopped) {
                        try {
                            n.resume();
                            h.stopped = false;
                        } catch (LocalClusterException | RuntimeException e) {
                            lost(n, "resuming it failed: " + e.getMessage()); // close() tries again
                        }
                    }
                } finally {
                    h.lock.unlock();
                }
            }
            active.clear();
        }

        private static void quietlyResume(LocalNode n) {
            try {
                n.resume();
            } catch (LocalClusterException | RuntimeException ignored) {
                // Not running, as the failed stop said.
            }
        }
    }
}
