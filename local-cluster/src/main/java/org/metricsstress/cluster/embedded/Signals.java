package org.metricsstress.cluster.embedded;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.metricsstress.cluster.ChildProcesses;

/** How the launcher ends or signals a child JVM: only its own children, by their PID. */
final class Signals {
    private static final Duration STOP_GRACE = Duration.ofSeconds(30);
    private static final Duration KILL_WAIT = Duration.ofSeconds(10);

    private Signals() {
    }

    /**
     * Sends {@code SIG<name>}; false if it could not be sent. The JDK has no portable SIGSTOP or
     * SIGCONT, so the system's kill sends them.
     */
    static boolean send(Process p, String name) {
        return org.metricsstress.cluster.ChildProcesses.signal(p, name);
    }

    /**
     * SIGTERM (Cassandra drains and exits), up to 30 s, then SIGKILL. An interrupt cuts the wait
     * short, never the stop; the interrupt is kept for the caller.
     */
    static void stop(Process process) {
        boolean interrupted = false;
        try {
            process.destroy();
            try {
                if (process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
            process.destroyForcibly();
            try {
                process.waitFor(KILL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** SIGKILL, and a short wait for the process to be gone. */
    static void kill(Process process) {
        process.destroyForcibly();
        try {
            process.waitFor(KILL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
