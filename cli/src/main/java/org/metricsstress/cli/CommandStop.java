package org.metricsstress.cli;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.stop.StopRequest;

/**
 * What Ctrl-C (SIGINT or SIGTERM) does to a jar command that drives load, a plain run or one of
 * several runs (tune, find-max, bench), as Karaf's Ctrl-C does: the run in progress ends early,
 * drains and prints its summary, none starts after it, the command prints what it has, and the node
 * it started stops. The JVM starts every shutdown hook at once and exits when they end, so this is
 * such a command's one hook: it holds the exit until the command is done, and a second hook that
 * closed the node would pull it from under the drain.
 */
final class CommandStop {
    private final StopRequest stop;
    private volatile Duration bound;
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile LocalCluster cluster;

    /**
     * {@code bound}: how long a stopped command may take to drain and report before the node is
     * closed under it and the JVM goes. Nothing happens on a signal until {@link #install}.
     */
    CommandStop(StopRequest stop, Duration bound) {
        this.stop = stop;
        this.bound = bound;
    }

    /** Makes this the JVM's hook for Ctrl-C and SIGTERM (the jar owns its signals; a test calling Main does not). */
    CommandStop install() {
        Runtime.getRuntime().addShutdownHook(new Thread(this::onSignal, "metrics-stress-shutdown"));
        return this;
    }

    /** The bound once the run's own configuration is known (its --drain-timeout and --request-timeout). */
    void bound(Duration ofTheRun) {
        bound = ofTheRun;
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
