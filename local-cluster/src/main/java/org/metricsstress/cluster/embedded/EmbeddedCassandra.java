package org.metricsstress.cluster.embedded;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.LocalNode;

/**
 * A real Apache Cassandra 5.0 node, run as a child JVM on a loopback address, for tests and for
 * trying the harness without a cluster.
 *
 * <p>The node gets its own ports (free ones unless told otherwise), so it never collides with a
 * Cassandra a developer already runs on 7000/7199/9042. {@link NodeBuilder#start()} returns once the
 * node answers CQL; {@link #close()} stops exactly the process it started.
 *
 * <p>Nothing is registered globally. Callers that must not leave a node behind when their JVM
 * exits register {@code close()} in a shutdown hook; it is safe there and idempotent.
 */
public final class EmbeddedCassandra implements LocalNode, AutoCloseable {

    /** The running JVM; replaced by {@link #restart()}. */
    private volatile Process process;
    /** What started the node, kept so a restart starts it the same way. */
    private final NodeLauncher launcher;
    private final NodeConfig config;
    private final boolean ownsWorkDir;
    private final Consumer<String> output;
    /** Held for the whole of a restart, so that close() can wait for one to end. */
    private final ReentrantLock restarting = new ReentrantLock();
    private final CountDownLatch stopped = new CountDownLatch(1);
    private boolean closed;

    EmbeddedCassandra(Process process, NodeLauncher launcher, boolean ownsWorkDir, Consumer<String> output) {
        this.process = process;
        this.launcher = launcher;
        this.config = launcher.config;
        this.ownsWorkDir = ownsWorkDir;
        this.output = output;
    }

    public static NodeBuilder builder() {
        return new NodeBuilder();
    }

    /** Where clients connect: the node's address and native transport port. */
    public InetSocketAddress cqlAddress() {
        return config.cqlAddress();
    }

    @Override
    public String datacenter() {
        return config.datacenter;
    }

    /** The local-only JMX port (nodetool {@code -h 127.0.0.1 -p <port>}). */
    public int jmxPort() {
        return config.jmxPort;
    }

    public long pid() {
        return process.pid();
    }

    /**
     * The cgroup the node's JVM starts inside, restarts included, for the CPU quota of {@code
     * --embedded-node ADDR:cpu=N%}; null when it has none. Removed when the node is closed.
     */
    public Path cpuGroup() {
        return launcher.cpuQuota == null ? null : launcher.cpuQuota.dir();
    }

    /** The last line its system.log (warnings and errors only) has, or null when it has none. */
    String lastLogLine() {
        List<String> lines = LogTail.lastRelevantLines(config.systemLog(), 1);
        return lines.isEmpty() ? null : lines.get(lines.size() - 1);
    }

    /** Whether its JVM runs: false once it exited (a crash, a kill, a close). */
    public boolean running() {
        return process.isAlive();
    }

    @Override
    public String handle() {
        return "pid " + pid();
    }

    /** The node's listen and CQL address, e.g. 127.0.0.2. */
    @Override
    public String address() {
        return config.address;
    }

    public Path workDir() {
        return config.workDir;
    }

    /** SIGKILL, as a crashed server or a lost data centre: no drain, no shutdown announcement. */
    @Override
    public String kill() {
        Signals.kill(process);
        return "SIGKILL";
    }

    /** SIGSTOP: the process stays, answers nothing (a node frozen by a long GC or a hung VM). */
    @Override
    public String pause() throws LocalClusterException {
        signal("STOP");
        return "SIGSTOP";
    }

    /** SIGCONT after {@link #pause()}. */
    @Override
    public String resume() throws LocalClusterException {
        signal("CONT");
        return "SIGCONT";
    }

    private void signal(String name) throws LocalClusterException {
        Process p = process;
        if (!p.isAlive()) {
            throw new LocalClusterException("Cassandra " + config.datacenter + " on " + config.address
                    + " is not running; cannot send SIG" + name);
        }
        if (!Signals.send(p, name)) {
            throw new LocalClusterException("kill -" + name + " " + p.pid() + " failed");
        }
    }

    /**
     * Stops the node if it still runs (SIGTERM, then SIGKILL) and starts it again on the same
     * addresses, ports and data, inside its CPU quota if it has one; returns once it answers CQL again. A {@link #close()} meanwhile
     * stops the new JVM too and makes this fail: a restart never outlives its node.
     */
    @Override
    public String restart() throws LocalClusterException {
        restarting.lock();
        try {
            ensureOpen();
            Process old = process;
            if (old.isAlive()) {
                Signals.send(old, "CONT"); // a paused node cannot act on SIGTERM
                Signals.stop(old);
            }
            ensureOpen();
            Process[] spawned = new Process[1];
            boolean started = false;
            try {
                launcher.start(spawned, null, config.logsDir(), this::adopt);
                started = true;
            } finally {
                if (!started && spawned[0] != null) {
                    Signals.kill(spawned[0]);
                }
            }
            return "stop + start, now " + handle();
        } finally {
            restarting.unlock();
        }
    }

    /** The restart's new JVM becomes the node's, unless the node was closed meanwhile. */
    private void adopt(Process spawned) throws LocalClusterException {
        synchronized (this) {
            if (!closed) {
                process = spawned;
                return;
            }
        }
        Signals.kill(spawned);
        throw closedDuringRestart();
    }

    private void ensureOpen() throws LocalClusterException {
        synchronized (this) {
            if (closed) {
                throw closedDuringRestart();
            }
        }
    }

    private LocalClusterException closedDuringRestart() {
        return new LocalClusterException("Cassandra " + config.datacenter + " on " + config.address
                + " is closed; it cannot be restarted");
    }

    /**
     * Stops the node: SIGTERM (Cassandra drains and exits), up to 30 s, then SIGKILL; a restart
     * under way ends first, its new JVM stopped. A node in a temporary work directory made by
     * {@link NodeBuilder#start()} is SIGKILLed at once and the directory deleted: its drain would
     * flush every table to files deleted a moment later (5 s a node on average in a CI run, up to
     * 12 s). Its CPU quota's cgroup, if any, is removed once no JVM of the node is left.
     * Idempotent and thread-safe: a second caller returns once the node is stopped. Never throws;
     * callable from a shutdown hook.
     */
    @Override
    public void close() {
        Process current;
        boolean first;
        synchronized (this) {
            first = !closed;
            closed = true;
            current = process;
        }
        if (!first) {
            awaitStopped();
            return;
        }
        try {
            // The node's JVM, or a restart's new one: a restart adopts it only while the node is open.
            stop(current, ownsWorkDir);
            // A restart under way now fails fast (its JVM is gone, or it finds the node closed);
            // its files must be written before the directory goes, not after.
            restarting.lock();
            restarting.unlock();
            // The kernel keeps an emptied cgroup until it is removed; every JVM of the node is gone now.
            if (launcher.cpuQuota != null) {
                String left = launcher.cpuQuota.release();
                if (left != null) {
                    say("Cassandra " + config.datacenter + " on " + config.address + ": " + left);
                }
            }
            if (ownsWorkDir) {
                TempDirs.delete(config.workDir);
            }
        } finally {
            stopped.countDown();
        }
    }

    private void stop(Process p, boolean dataGoesWithIt) {
        if (p.isAlive()) {
            say("Stopping Cassandra " + config.datacenter + " (pid " + p.pid() + (dataGoesWithIt ? ", SIGKILL: its data "
                    + "is deleted with it" : "") + ")");
            long t0 = System.nanoTime();
            if (dataGoesWithIt) {
                Signals.kill(p);
            } else {
                Signals.send(p, "CONT"); // a paused node cannot act on SIGTERM
                Signals.stop(p);
            }
            say("Cassandra " + config.datacenter + " stopped after " + NodeLauncher.seconds(System.nanoTime() - t0));
        }
    }

    private void awaitStopped() {
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public String toString() {
        return "EmbeddedCassandra[" + config.datacenter + " " + config.address + ":" + config.nativePort
                + ", pid " + process.pid() + (process.isAlive() ? "" : ", exited") + "]";
    }

    private void say(String message) {
        try {
            output.accept(message);
        } catch (RuntimeException ignored) {
            // Progress is a courtesy; a broken console must not stop a node from stopping.
        }
    }
}
