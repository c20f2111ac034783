package org.metricsstress.cluster.embedded;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.cluster.LocalClusterException;

/**
 * The nodes of a local cluster starting together, each on a thread of its own. Whatever ends the
 * wait (a node that fails, an interrupt, the JVM exiting), every start is waited for before
 * anything is stopped, so that no node comes up after its cluster was given up.
 */
final class NodeStarts {
    /** How long a JVM on its way out waits for the starts: each ends within moments once its child is killed. */
    private static final long ABANDON_WAIT_MILLIS = TimeUnit.SECONDS.toMillis(60);

    private final List<Thread> threads = new ArrayList<>();
    private final List<FutureTask<EmbeddedCassandra>> tasks = new ArrayList<>();
    /** Every node whose start has returned, as they come up. */
    private final List<EmbeddedCassandra> up = new CopyOnWriteArrayList<>();
    private boolean abandoned;

    /** Starts the node {@code b} describes, on a thread named {@code name}, unless the start was abandoned. */
    synchronized void begin(String name, NodeBuilder b) throws LocalClusterException {
        if (abandoned) {
            throw new LocalClusterException("the start of the local cluster was abandoned");
        }
        FutureTask<EmbeddedCassandra> task = new FutureTask<>(() -> {
            EmbeddedCassandra node = b.start();
            up.add(node);
            return node;
        });
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        threads.add(t);
        tasks.add(task);
        t.start();
    }

    /**
     * The nodes, in the order begun, once every one answers CQL. If one fails, or the caller is
     * interrupted (which is passed on to the starts: each then stops its node), this waits for every
     * other start to end, stops what came up, and throws the first failure.
     */
    List<EmbeddedCassandra> await() throws LocalClusterException {
        List<EmbeddedCassandra> started = new ArrayList<>();
        LocalClusterException failure = null;
        boolean interrupted = false;
        for (FutureTask<EmbeddedCassandra> task : tasks) {
            while (true) {
                try {
                    started.add(task.get());
                    break;
                } catch (ExecutionException e) {
                    if (failure == null) {
                        failure = e.getCause() instanceof LocalClusterException lce ? lce
                                : new LocalClusterException("a node failed to start: " + e.getCause(), e.getCause());
                    }
                    break;
                } catch (InterruptedException e) {
                    if (!interrupted) {
                        interrupted = true;
                        synchronized (this) {
                            threads.forEach(Thread::interrupt);
                        }
                        if (failure == null) {
                            failure = new LocalClusterException("interrupted while starting the local cluster", e);
                        }
                    }
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            if (failure == null && abandoned) {
                failure = new LocalClusterException("the start of the local cluster was abandoned");
            }
        }
        if (failure != null) {
            LocalCluster.stopInParallel(up, EmbeddedCassandra::close);
            throw failure;
        }
        return started;
    }

    /**
     * Gives the cluster up in the middle of its start, as a JVM on its way out must: interrupts the
     * starts, waits for them to end (bounded: a shutdown hook must finish), and stops every node
     * that came up.
     */
    void abandon() {
        List<Thread> threads;
        synchronized (this) {
            abandoned = true;
            threads = List.copyOf(this.threads);
        }
        threads.forEach(Thread::interrupt);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(ABANDON_WAIT_MILLIS);
        for (Thread t : threads) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            try {
                if (left > 0) {
                    t.join(left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        LocalCluster.stopInParallel(up, EmbeddedCassandra::close);
    }
}
