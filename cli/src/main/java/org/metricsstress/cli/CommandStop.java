package org.metricsstress.cli;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.stop.StopRequest;

/**
 * What Ctrl-C (SIGINT or SIGTERM) does to a jar command of several runs (tune, find-max, bench), as
 * Karaf's Ctrl-C does to {@code metrics:tune}: the run in progress ends early, drains and prints its
 * summary, none starts after it, the command prints what it has, and the node it started stops.
 * The JVM starts every shutdown hook at once and exits when they end, so this is such a command's
 * one hook: it holds the exit until the command is done, and a second hook that closed the node
 * would pull it from under the drain.
 */
final class CommandStop {
    private final StopRequest stop;
    private final Duration bound;
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile LocalCluster cluster;

    private CommandStop(StopRequest stop, Duration bound) {
        this.stop = stop;
        this.bound = bound;
    }

    /**
     * Installs the hook. {@code bound}: how long a stopped command may take to drain and report
     * before the node is closed under it and the JVM goes.
     */
    static CommandStop install(StopRequest stop, Duration bound) {
        CommandStop s = new CommandStop(stop, bound);
        Runtime.getRuntime().addShutdownHook(new Thread(s::onSignal, "metrics-stress-shutdown"));
        return s;
    }

    /** The node started for the command: the command closes it, or this hook if the command overruns. */
    void cluster(LocalCluster started) {
        cluster = started;
    }

    /** The command has returned and printed all it will: the JVM may go. */
    void finished() {
        finished.countDown();
    }

    private void onSignal() {
        stop.request();
        try {
            if (!finished.await(bound.toMillis(), TimeUnit.MILLISECONDS)) {
                LocalCluster c = cluster;
                if (c != null) {
                    c.close();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
