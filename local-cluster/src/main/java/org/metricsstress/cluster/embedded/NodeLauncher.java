package org.metricsstress.cluster.embedded;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import javax.net.ssl.SSLContext;
import org.metricsstress.cluster.CpuCgroup;
import org.metricsstress.cluster.CqlProbe;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.ShutdownGuard;

/**
 * Starts a node's JVM in its work directory and waits until it answers CQL: writes the node's
 * files, spawns the child with the command line {@link NodeConfig} renders (nothing in the
 * environment may change it), inside the node's CPU quota when it has one, and reports progress.
 * A node keeps its launcher, so that a restart starts it the same way on the same data, back in
 * its quota.
 */
final class NodeLauncher {
    private static final long POLL_MILLIS = 200;
    private static final long PROGRESS_EVERY_MILLIS = 10_000;
    /** Environment variables the child's JVM would obey, silently changing the command line we built. */
    private static final List<String> SCRUBBED_ENV = List.of("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "CLASSPATH");

    final NodeConfig config;
    private final Path jdk;
    private final Path lib;
    private final Path jamm;
    /** How the readiness probe speaks to a node that requires TLS; null for plain CQL. */
    private final SSLContext probeTls;
    private final Duration startTimeout;
    private final Consumer<String> output;
    /** The user's JVM flags, after the launcher's own (so that they win). */
    private final List<String> extraFlags;
    /** The cgroup every JVM of the node starts inside ({@code --embedded-node ADDR:cpu=N%}); null for none. */
    final CpuCgroup cpuQuota;

    NodeLauncher(NodeConfig config, Path jdk, Path lib, Path jamm, SSLContext probeTls, Duration startTimeout,
            Consumer<String> output, List<String> extraFlags) {
        this(config, jdk, lib, jamm, probeTls, startTimeout, output, extraFlags, null);
    }

    NodeLauncher(NodeConfig config, Path jdk, Path lib, Path jamm, SSLContext probeTls, Duration startTimeout,
            Consumer<String> output, List<String> extraFlags, CpuCgroup cpuQuota) {
        this.cpuQuota = cpuQuota;
        this.extraFlags = List.copyOf(extraFlags);
        this.config = config;
        this.jdk = jdk;
        this.lib = lib;
        this.jamm = jamm;
        this.probeTls = probeTls;
        this.startTimeout = startTimeout;
        this.output = output;
    }

    /** Whoever must know of the child as soon as it exists; may refuse it by throwing (then it is killed). */
    interface Spawned {
        void accept(Process process) throws LocalClusterException;
    }

    /**
     * Writes the node's files and starts its JVM, then waits until it answers CQL. The process is
     * in {@code spawned[0]} as soon as it exists, so a caller can kill it when this throws. Should
     * this JVM exit meanwhile, the child is killed, and {@code tempWorkDir} deleted if not null.
     * {@code logs} is where a failure message sends the user.
     */
    Process start(Process[] spawned, Path tempWorkDir, Path logs) throws LocalClusterException {
        return start(spawned, tempWorkDir, logs, process -> { });
    }

    /** As {@link #start(Process[], Path, Path)}, telling {@code onSpawn} of the child first thing. */
    Process start(Process[] spawned, Path tempWorkDir, Path logs, Spawned onSpawn) throws LocalClusterException {
        try {
            writeFiles();
            output.accept("Starting Cassandra " + config.datacenter + " on " + config.address + ":" + config.nativePort
                    + " (storage " + config.storagePort + ", JMX " + config.jmxPort + ", JDK " + jdk
                    + ", log " + config.consoleLog() + ")"
                    + (extraFlags.isEmpty() ? "" : ", JVM flags added: " + String.join(" ", extraFlags))
                    + (cpuQuota == null ? "" : ", held to " + config.settings.cpuPercent() + "% of one core from its start ("
                            + cpuQuota.kind() + " " + cpuQuota.dir() + ")"));
            ProcessBuilder pb = new ProcessBuilder(launchCommand(config.command(jdk, lib, jamm, extraFlags),
                    cpuQuota == null ? null : cpuQuota.dir()))
                    .directory(config.workDir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(config.consoleLog().toFile()));
            Map<String, String> env = pb.environment();
            SCRUBBED_ENV.forEach(env::remove);
            env.put("JAVA_HOME", jdk.toString());
            long t0 = System.nanoTime();
            Process process = pb.start();
            spawned[0] = process;
            onSpawn.accept(process);
            // The node never reads stdin; closing it spares it a pipe to us.
            process.getOutputStream().close();
            try (ShutdownGuard guard = ShutdownGuard.install("embedded-cassandra-start-guard-" + process.pid(), () -> {
                Signals.kill(process);
                if (cpuQuota != null) {
                    cpuQuota.release();
                }
                if (tempWorkDir != null) {
                    TempDirs.delete(tempWorkDir);
                }
            })) {
                awaitCql(process, t0, logs);
            }
            output.accept("Cassandra " + config.datacenter + " answers CQL on " + config.address + ":"
                    + config.nativePort + " after " + seconds(System.nanoTime() - t0) + " (pid " + process.pid() + ")");
            return process;
        } catch (IOException e) {
            throw new LocalClusterException("Cannot start Cassandra with " + jdk + "/bin/java in " + config.workDir
                    + " (" + e.getMessage() + "); check that the JDK and the directory are usable", e);
        }
    }

    /**
     * The node's JVM command line, behind the shell that starts it inside {@code cpuGroup} when the
     * node has a CPU quota (null: none): the pid the launcher keeps stays the JVM's.
     */
    static List<String> launchCommand(List<String> jvm, Path cpuGroup) {
        return cpuGroup == null ? jvm : CpuCgroup.startingInside(cpuGroup, jvm);
    }

    private void writeFiles() throws IOException {
        for (Path d : config.directoriesToCreate()) {
            Files.createDirectories(d);
        }
        Files.writeString(config.yamlFile(), config.renderYaml(), StandardCharsets.UTF_8);
        Files.writeString(config.rackDcFile(), config.renderRackDc(), StandardCharsets.UTF_8);
        Files.writeString(config.logbackFile(), config.renderLogback(), StandardCharsets.UTF_8);
    }

    private void awaitCql(Process process, long t0, Path logs) throws LocalClusterException {
        long deadline = t0 + startTimeout.toNanos();
        long nextProgress = t0 + TimeUnit.MILLISECONDS.toNanos(PROGRESS_EVERY_MILLIS);
        while (true) {
            if (!process.isAlive()) {
                throw new LocalClusterException("Cassandra " + config.datacenter + " on " + config.address
                        + " exited with code " + process.exitValue() + " during start after "
                        + seconds(System.nanoTime() - t0) + ": " + StartFailure.explain(config, logs));
            }
            if (CqlProbe.answers(config.cqlAddress(), (int) POLL_MILLIS, probeTls)) {
                return;
            }
            long now = System.nanoTime();
            if (now - deadline >= 0) {
                throw new LocalClusterException("Cassandra " + config.datacenter + " on " + config.address
                        + " did not answer CQL within " + startTimeout.toSeconds() + " s (raise the start timeout"
                        + " on a slow or busy machine); " + StartFailure.explain(config, logs));
            }
            if (now - nextProgress >= 0) {
                output.accept("Cassandra " + config.datacenter + " still starting (" + seconds(now - t0) + ")");
                nextProgress = now + TimeUnit.MILLISECONDS.toNanos(PROGRESS_EVERY_MILLIS);
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LocalClusterException("Interrupted while waiting for Cassandra " + config.datacenter
                        + " to start; the node was stopped", e);
            }
        }
    }

    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }
}
