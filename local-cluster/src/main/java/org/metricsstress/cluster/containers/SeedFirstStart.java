package org.metricsstress.cluster.containers;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.LocalNode;

/**
 * How the nodes of a container cluster start: the first alone (the seed the others join), then the
 * others together, each on a thread of its own.
 *
 * <p>No reaper removes what a JVM leaves on the engine, so {@link #stopAll()}, whenever it comes (a
 * node failed, the JVM is exiting, the run is over), first interrupts every start still under way
 * and waits for it to end, and only then stops the nodes: a start it did not wait for could create
 * its container after the stop, and that container would outlive the cluster.
 */
final class SeedFirstStart<N extends LocalNode> {
    /** Starts one node; returns once it is up. */
    interface NodeStart<N> {
        void start(N node) throws LocalClusterException;
    }

    private final List<N> nodes;
    private final Function<N, String> name;
    private final NodeStart<N> start;
    private final Consumer<N> stop;
    /** How long a start can take at most (its engine's own timeouts bound it); stopAll waits no longer. */
    private final Duration longestStart;
    private final List<Thread> threads = new ArrayList<>();
    private final BlockingQueue<FutureTask<Void>> ended = new LinkedBlockingQueue<>();
    private boolean givenUp;

    /** {@code name} names a node's start thread; {@code stop} must be safe on a node that never started. */
    SeedFirstStart(List<N> nodes, Function<N, String> name, NodeStart<N> start, Consumer<N> stop, Duration longestStart) {
        this.nodes = List.copyOf(nodes);
        this.name = name;
        this.start = start;
        this.stop = stop;
        this.longestStart = longestStart;
    }

    /**
     * Starts every node: returns once all are up, or fails with the first failure as soon as it
     * happens (the caller then stops the cluster, which waits for the other starts), or fails when
     * {@link #stopAll()} gave the start up.
     */
    void run() throws LocalClusterException {
        await(List.of(begin(nodes.get(0))));
        List<FutureTask<Void>> rest = new ArrayList<>();
        for (N n : nodes.subList(1, nodes.size())) {
            rest.add(begin(n));
        }
        await(rest);
    }

    /** Starts {@code n} on a thread of its own, unless the start was given up. */
    private synchronized FutureTask<Void> begin(N n) throws LocalClusterException {
        if (givenUp) {
            throw new LocalClusterException("the start of the containers was given up");
        }
        FutureTask<Void> task = new FutureTask<>(() -> {
            start.start(n);
            return null;
        }) {
            @Override
            protected void done() {
                ended.add(this);
            }
        };
        Thread t = new Thread(task, "container-start-" + name.apply(n));
        threads.add(t);
        t.start();
        return task;
    }

    /** Waits until every one of {@code tasks} has ended well, or one has failed. */
    private void await(List<FutureTask<Void>> tasks) throws LocalClusterException {
        for (int left = tasks.size(); left > 0; left--) {
            FutureTask<Void> task;
            try {
                task = ended.take();
                task.get();
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                throw cause instanceof LocalClusterException lce ? lce
                        : new LocalClusterException("a container did not start: " + cause, cause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LocalClusterException("interrupted while starting containers", e);
            }
        }
        synchronized (this) {
            if (givenUp) {
                throw new LocalClusterException("the start of the containers was given up");
            }
        }
    }

    /**
     * Stops every node, in parallel, once no start is under way any more: starts still running are
     * interrupted and waited for (at most the longest a start takes). No start begins after this.
     * Safe to call from a shutdown hook, and more than once.
     */
    void stopAll() {
        List<Thread> started;
        synchronized (this) {
            givenUp = true;
            started = List.copyOf(threads);
        }
        started.forEach(Thread::interrupt);
        long deadline = System.nanoTime() + longestStart.toNanos();
        boolean interrupted = false;
        for (Thread t : started) {
            while (t.isAlive()) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    break;
                }
                try {
                    t.join(left);
                } catch (InterruptedException e) {
                    // The stop must not be cut short: a start left running would outlive it.
                    interrupted = true;
                }
            }
        }
        LocalCluster.stopInParallel(nodes, stop);
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
