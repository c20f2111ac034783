package org.metricsstress.cluster.embedded;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.CqlProbe;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.LocalNode;
import org.metricsstress.cluster.ThrowawayTls;

/**
 * A real Apache Cassandra 5.0 node, run as a child JVM on a loopback address, for tests and for
 * trying the harness without a cluster.
 *
 * <p>The node gets its own ports (free ones unless told otherwise), so it never collides with a
 * Cassandra a developer already runs on 7000/7199/9042. {@link Builder#start()} returns once the
 * node answers CQL; {@link #close()} stops exactly the process it started.
 *
 * <p>Nothing is registered globally. Callers that must not leave a node behind when their JVM
 * exits register {@code close()} in a shutdown hook; it is safe there and idempotent.
 */
public final class EmbeddedCassandra implements LocalNode, AutoCloseable {

    private static final Duration STOP_GRACE = Duration.ofSeconds(30);
    private static final Duration KILL_WAIT = Duration.ofSeconds(10);
    private static final long POLL_MILLIS = 200;
    private static final long PROGRESS_EVERY_MILLIS = 10_000;
    private static final int TAIL_LINES = 5;
    /** Environment variables the child's JVM would obey, silently changing the command line we built. */
    private static final List<String> SCRUBBED_ENV = List.of("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "CLASSPATH");

    /** The running JVM; replaced by {@link #restart()}. */
    private volatile Process process;
    private final NodeConfig config;
    private final boolean ownsWorkDir;
    private final Consumer<String> output;
    private final InetSocketAddress cqlAddress;
    /** What started the node, kept so a restart starts it the same way. */
    private final Builder origin;
    private final Path jdk;
    private final Path lib;
    private final Path jamm;
    private boolean closed;

    private EmbeddedCassandra(Process process, NodeConfig config, boolean ownsWorkDir, Consumer<String> output,
            Builder origin, Path jdk, Path lib, Path jamm) {
        this.process = process;
        this.config = config;
        this.ownsWorkDir = ownsWorkDir;
        this.output = output;
        this.cqlAddress = new InetSocketAddress(literal(config.address), config.nativePort);
        this.origin = origin;
        this.jdk = jdk;
        this.lib = lib;
        this.jamm = jamm;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Where clients connect: the node's address and native transport port. */
    public InetSocketAddress cqlAddress() {
        return cqlAddress;
    }

    @Override
    public String datacenter() {
        return config.datacenter;
    }

    /** The inter-node port; a second node in the same cluster must use the same one, and name it in its seeds. */
    public int storagePort() {
        return config.storagePort;
    }

    /** {@code address:storagePort}, the form a second node's {@link Builder#seeds(String)} wants. */
    public String seedAddress() {
        return config.address + ":" + config.storagePort;
    }

    /** The local-only JMX port (nodetool {@code -h 127.0.0.1 -p <port>}). */
    public int jmxPort() {
        return config.jmxPort;
    }

    public long pid() {
        return process.pid();
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

    /** SIGKILL, as a crashed server or a lost data centre: no drain, no shutdown announcement. */
    @Override
    public String kill() {
        kill(process);
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

    /**
     * Stops the node if it still runs (SIGTERM, then SIGKILL) and starts it again on the same
     * addresses, ports and data; returns once it answers CQL again.
     */
    @Override
    public String restart() throws LocalClusterException {
        synchronized (this) {
            if (closed) {
                throw new LocalClusterException("Cassandra " + config.datacenter + " on " + config.address
                        + " is closed; it cannot be restarted");
            }
        }
        Process old = process;
        if (old.isAlive()) {
            signalQuietly(old, "CONT"); // a paused node cannot act on SIGTERM
            stop(old);
        }
        Process[] spawned = new Process[1];
        boolean started = false;
        try {
            process = origin.spawn(config, jdk, lib, jamm, spawned, false);
            started = true;
        } finally {
            if (!started && spawned[0] != null) {
                kill(spawned[0]);
            }
        }
        return "stop + start, now " + handle();
    }

    /**
     * Runs Cassandra's nodetool against this node over its local JMX port (e.g. {@code repair -full
     * ks}) and returns its output; fails with the output's last line when nodetool does.
     */
    public String nodetool(Duration timeout, String... args) throws LocalClusterException {
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(jdk.resolve("bin").resolve("java").toString());
        // nodetool loads server classes that reach into JDK internals, as the server does.
        cmd.addAll(NodeConfig.JPMS_FLAGS);
        // Its history file goes under the node's directory, not the user's home.
        cmd.addAll(List.of("-Duser.home=" + config.workDir,
                "-Dlogback.configurationFile=" + config.logbackFile(), "-Dcassandra.logdir=" + config.logsDir(),
                "-cp", lib.toAbsolutePath().normalize().resolve("*").toString(), "org.apache.cassandra.tools.NodeTool",
                "-h", "127.0.0.1", "-p", Integer.toString(config.jmxPort)));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            java.util.concurrent.CompletableFuture<String> out = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return "";
                }
            });
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new LocalClusterException("nodetool " + String.join(" ", args) + " did not finish within "
                        + timeout.toSeconds() + " s");
            }
            String text = out.join();
            if (p.exitValue() != 0) {
                String why = text.lines().filter(l -> l.startsWith("error:")).findFirst()
                        .orElse(text.lines().filter(l -> !l.isBlank()).findFirst().orElse("no output"));
                throw new LocalClusterException("nodetool " + String.join(" ", args) + " failed (exit "
                        + p.exitValue() + "): " + why);
            }
            return text;
        } catch (IOException e) {
            throw new LocalClusterException("cannot run nodetool: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LocalClusterException("interrupted while running nodetool", e);
        }
    }

    private void signal(String name) throws LocalClusterException {
        Process p = process;
        if (!p.isAlive()) {
            throw new LocalClusterException("Cassandra " + config.datacenter + " on " + config.address
                    + " is not running; cannot send SIG" + name);
        }
        if (!signalQuietly(p, name)) {
            throw new LocalClusterException("kill -" + name + " " + p.pid() + " failed");
        }
    }

    /** Only our own child, by its PID; the JDK has no portable SIGSTOP, so the system's kill sends it. */
    private static boolean signalQuietly(Process p, String name) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(p.pid()))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public Path workDir() {
        return config.workDir;
    }

    /** The child's combined stdout and stderr. Cassandra's own WARN+ log is {@code system.log} beside it. */
    public Path logFile() {
        return config.consoleLog();
    }

    public boolean isRunning() {
        return process.isAlive();
    }

    /**
     * Stops the node: SIGTERM (Cassandra drains and exits), up to 30 s, then SIGKILL. Deletes the
     * work directory if it was a temporary one made by {@link Builder#start()}. Idempotent,
     * thread-safe, never throws; callable from a shutdown hook.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        Process process = this.process;
        if (process.isAlive()) {
            say("Stopping Cassandra " + config.datacenter + " (pid " + process.pid() + ")");
            long t0 = System.nanoTime();
            signalQuietly(process, "CONT"); // a paused node cannot act on SIGTERM
            stop(process);
            say("Cassandra " + config.datacenter + " stopped after " + seconds(System.nanoTime() - t0));
        }
        if (ownsWorkDir) {
            deleteRecursively(config.workDir);
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

    private static void stop(Process process) {
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

    private static void kill(Process process) {
        process.destroyForcibly();
        try {
            process.waitFor(KILL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Deletes a directory tree, best effort; also used by the Karaf tests for their own work dirs. */
    public static void deleteRecursively(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try {
            // walkFileTree does not follow symbolic links, so nothing outside root is touched.
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException exc) {
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // Best effort: a leftover temp directory is untidy, not harmful.
        }
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    private static InetAddress literal(String ip) {
        try {
            // An IPv4 literal: no name service is consulted.
            return InetAddress.getByName(ip);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("address '" + ip + "' is not an IP address", e);
        }
    }

    /** Configures and starts one node. Every setting has a default that works on a laptop. */
    public static final class Builder {

        private Path libDir;
        private Path javaHome;
        private Path workDir;
        private String address = "127.0.0.1";
        private int nativePort;
        private int storagePort;
        private String seeds;
        private String datacenter = "dc1";
        private String rack = "rack1";
        private String clusterName = "metrics-stress";
        private String heap = "1G";
        private Duration startTimeout = Duration.ofSeconds(120);
        private Consumer<String> output = message -> { };
        private boolean passwordAuth;
        private ThrowawayTls tls;
        private boolean clientAuth;

        private Builder() {
        }

        /** Password authentication on; clients log in as the default superuser cassandra/cassandra. */
        public Builder passwordAuth(boolean on) {
            this.passwordAuth = on;
            return this;
        }

        /** Client-to-node TLS only, with {@code tls}'s key pair; null for none. */
        public Builder clientTls(ThrowawayTls tls) {
            this.tls = tls;
            return this;
        }

        /** With {@link #clientTls}: clients must also show {@code tls}'s client certificate (mutual TLS). */
        public Builder requireClientCertificate(boolean on) {
            this.clientAuth = on;
            return this;
        }

        /** Directory of the server jars; default {@link CassandraLib#locate()}. */
        public Builder libDir(Path dir) {
            this.libDir = dir;
            return this;
        }

        /** JDK 11 or 17 home to run the node with; default {@link JdkLocator#locate()}. */
        public Builder javaHome(Path jdkHome) {
            this.javaHome = jdkHome;
            return this;
        }

        /**
         * Directory for configuration, data and logs; kept on close, and reused by a later start
         * (a restart keeps its data). Default: a fresh temporary directory, deleted on close.
         */
        public Builder workDir(Path dir) {
            this.workDir = dir;
            return this;
        }

        /** A 127.x.x.x address; other nodes on this machine take 127.0.0.2, 127.0.0.3, ... */
        public Builder address(String ip) {
            this.address = NodeConfig.requireLoopback(ip);
            return this;
        }

        /** CQL port; 0 (the default) picks a free one. */
        public Builder nativePort(int port) {
            this.nativePort = NodeConfig.requirePort(port, "native port", true);
            return this;
        }

        /**
         * Inter-node port; 0 (the default) picks a free one. All nodes of a cluster must use the
         * same one, so a second node passes the first node's {@link EmbeddedCassandra#storagePort()}.
         */
        public Builder storagePort(int port) {
            this.storagePort = NodeConfig.requirePort(port, "storage port", true);
            return this;
        }

        /** Comma-separated {@code address:port} seeds; default the node itself. */
        public Builder seeds(String seeds) {
            this.seeds = seeds == null ? null : NodeConfig.requireSeeds(seeds);
            return this;
        }

        public Builder datacenter(String dc) {
            this.datacenter = ClusterLayout.requireName(dc, "datacenter");
            return this;
        }

        public Builder rack(String rack) {
            this.rack = ClusterLayout.requireName(rack, "rack");
            return this;
        }

        public Builder clusterName(String name) {
            this.clusterName = NodeConfig.requireClusterName(name);
            return this;
        }

        /** Maximum heap as a JVM size ({@code 512m}, {@code 1G}); the initial heap is 256m. */
        public Builder heap(String maxHeap) {
            this.heap = NodeConfig.requireHeap(maxHeap);
            return this;
        }

        public Builder startTimeout(Duration timeout) {
            if (timeout == null || timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("start timeout " + timeout + " must be positive, e.g. 120 s");
            }
            this.startTimeout = timeout;
            return this;
        }

        /** Receives one-line progress messages meant for the user; default: none. */
        public Builder output(Consumer<String> progress) {
            this.output = Objects.requireNonNull(progress, "output");
            return this;
        }

        /**
         * Starts the node and waits until it answers CQL. On failure the child is killed, a
         * temporary work directory removed (its logs kept beside it, in a directory named in
         * the message), and the exception says why in one line.
         */
        public EmbeddedCassandra start() throws LocalClusterException {
            Path lib = CassandraLib.locate(libDir);
            Path jamm = CassandraLib.jammJar(lib);
            Path jdk = JdkLocator.locate(javaHome);
            InetAddress bindAddress = literal(address);

            int nativeP = choosePort(bindAddress, nativePort, "native (CQL)");
            int storageP = choosePort(bindAddress, storagePort, "storage");
            // Cassandra binds local-only JMX to the loopback address, whatever the node's address.
            int jmxP = choosePort(InetAddress.getLoopbackAddress(), 0, "JMX");
            if (nativeP == storageP) {
                throw new LocalClusterException("native and storage port are both " + nativeP
                        + "; give them different ports (or 0 to pick free ones)");
            }

            boolean tempWorkDir = workDir == null;
            Path dir;
            try {
                dir = tempWorkDir ? Files.createTempDirectory("metrics-stress-cassandra-") : workDir;
            } catch (IOException e) {
                throw new LocalClusterException("Cannot create a temporary directory for Cassandra ("
                        + e.getMessage() + "); check the space and permissions of " + System.getProperty("java.io.tmpdir"), e);
            }
            NodeConfig config = new NodeConfig(clusterName, address, nativeP, storageP, jmxP,
                    seeds != null ? seeds : address + ":" + storageP, datacenter, rack, heap, dir,
                    new NodeConfig.Security(passwordAuth, tls == null ? null : tls.keystore(),
                            tls == null ? null : tls.keystorePassword(),
                            tls == null || !clientAuth ? null : tls.nodeTruststore(),
                            tls == null || !clientAuth ? null : tls.nodeTruststorePassword()));

            Process[] spawned = new Process[1];
            boolean started = false;
            try {
                Process process = spawn(config, jdk, lib, jamm, spawned, tempWorkDir);
                started = true;
                return new EmbeddedCassandra(process, config, tempWorkDir, output, this, jdk, lib, jamm);
            } finally {
                if (!started) {
                    if (spawned[0] != null) {
                        kill(spawned[0]);
                    }
                    if (tempWorkDir) {
                        keepLogsAside(config);
                        deleteRecursively(dir);
                    }
                }
            }
        }

        /**
         * Writes the node's files and starts its JVM in {@code config}'s work directory (a restart
         * finds its data there), then waits until it answers CQL. The process is in
         * {@code spawned[0]} as soon as it exists, so a caller can kill it when this throws.
         */
        Process spawn(NodeConfig config, Path jdk, Path lib, Path jamm, Process[] spawned, boolean tempWorkDir)
                throws LocalClusterException {
            Thread guard = null;
            try {
                writeFiles(config);
                output.accept("Starting Cassandra " + config.datacenter + " on " + config.address + ":" + config.nativePort
                        + " (storage " + config.storagePort + ", JMX " + config.jmxPort + ", JDK " + jdk
                        + ", log " + config.consoleLog() + ")");
                ProcessBuilder pb = new ProcessBuilder(config.command(jdk, lib, jamm))
                        .directory(config.workDir.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(config.consoleLog().toFile()));
                Map<String, String> env = pb.environment();
                SCRUBBED_ENV.forEach(env::remove);
                env.put("JAVA_HOME", jdk.toString());
                long t0 = System.nanoTime();
                Process process = pb.start();
                spawned[0] = process;
                // The node never reads stdin; closing it spares it a pipe to us.
                process.getOutputStream().close();
                guard = cleanUpOnExitDuringStart(process, tempWorkDir ? config.workDir : null);
                awaitCql(process, config, t0);
                output.accept("Cassandra " + config.datacenter + " answers CQL on " + config.address + ":"
                        + config.nativePort + " after " + seconds(System.nanoTime() - t0) + " (pid " + process.pid() + ")");
                return process;
            } catch (IOException e) {
                throw new LocalClusterException("Cannot start Cassandra with " + jdk + "/bin/java in " + config.workDir
                        + " (" + e.getMessage() + "); check that the JDK and the directory are usable", e);
            } finally {
                removeGuard(guard);
            }
        }

        private static int choosePort(InetAddress address, int requested, String what) throws LocalClusterException {
            if (requested == 0) {
                try {
                    return PortPicker.freePort(address);
                } catch (IOException e) {
                    throw new LocalClusterException("Cannot bind " + address.getHostAddress() + " to pick a " + what
                            + " port (" + e.getMessage() + ")" + aliasHint(address));
                }
            }
            if (!PortPicker.isFree(address, requested)) {
                throw new LocalClusterException(what + " port " + address.getHostAddress() + ":" + requested
                        + " is already in use (another Cassandra?); choose another port, or 0 to pick a free one"
                        + aliasHint(address));
            }
            return requested;
        }

        /** Linux routes all of 127/8 to lo; macOS has only 127.0.0.1 until an alias is added. */
        private static String aliasHint(InetAddress address) {
            String ip = address.getHostAddress();
            return "127.0.0.1".equals(ip) ? "" : "; if " + ip + " is not configured here, add it (macOS: sudo ifconfig lo0 alias " + ip + ")";
        }

        private static void writeFiles(NodeConfig config) throws IOException {
            for (Path d : config.directoriesToCreate()) {
                Files.createDirectories(d);
            }
            Files.writeString(config.yamlFile(), config.renderYaml(), StandardCharsets.UTF_8);
            Files.writeString(config.rackDcFile(), config.renderRackDc(), StandardCharsets.UTF_8);
            Files.writeString(config.logbackFile(), config.renderLogback(), StandardCharsets.UTF_8);
        }

        private void awaitCql(Process process, NodeConfig config, long t0) throws LocalClusterException {
            InetSocketAddress cql = new InetSocketAddress(literal(config.address), config.nativePort);
            long deadline = t0 + startTimeout.toNanos();
            long nextProgress = t0 + TimeUnit.MILLISECONDS.toNanos(PROGRESS_EVERY_MILLIS);
            while (true) {
                if (!process.isAlive()) {
                    throw new LocalClusterException("Cassandra " + config.datacenter + " on " + config.address
                            + " exited with code " + process.exitValue() + " during start after "
                            + seconds(System.nanoTime() - t0) + ": " + explain(config));
                }
                if (CqlProbe.answers(cql, (int) POLL_MILLIS, tls == null ? null : tls.clientContext(clientAuth))) {
                    return;
                }
                long now = System.nanoTime();
                if (now - deadline >= 0) {
                    throw new LocalClusterException("Cassandra " + config.datacenter + " on " + config.address
                            + " did not answer CQL within " + startTimeout.toSeconds() + " s (raise the start timeout"
                            + " on a slow or busy machine); " + explain(config));
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

        /** The few log lines most likely to say why the node failed, and where the rest is. */
        private String explain(NodeConfig config) {
            List<String> lines = LogTail.lastRelevantLines(config.consoleLog(), TAIL_LINES);
            String source = "console log";
            if (LogTail.onlyJvmWarnings(lines)) {
                // Once logging is up, Cassandra's complaints go to system.log, not the console.
                List<String> fromSystemLog = LogTail.lastRelevantLines(config.systemLog(), TAIL_LINES);
                if (!fromSystemLog.isEmpty()) {
                    lines = fromSystemLog;
                    source = "system.log";
                }
            }
            Path logs = workDir == null ? keptLogsDir(config) : config.logsDir();
            return LogTail.onlyJvmWarnings(lines)
                    ? "no error in its logs so far (logs: " + logs + ")"
                    : "last lines of the " + source + ": " + String.join(" | ", lines) + " (logs: " + logs + ")";
        }

        /**
         * A temporary work directory is deleted after a failed start, but its logs are what the
         * user needs next; they move to a directory named after the node's address and port.
         */
        private static Path keptLogsDir(NodeConfig config) {
            return config.workDir.resolveSibling(
                    "metrics-stress-cassandra-" + config.address + "-" + config.nativePort + "-logs");
        }

        private static void keepLogsAside(NodeConfig config) {
            Path target = keptLogsDir(config);
            try {
                if (Files.isDirectory(config.logsDir())) {
                    deleteRecursively(target);
                    Files.move(config.logsDir(), target);
                }
            } catch (IOException ignored) {
                // The message already carries the logs' last lines.
            }
        }

        /**
         * Until start() returns, the caller holds no handle and so cannot stop the node; a Ctrl-C
         * in those seconds would leave an orphan Cassandra (and its temp directory: the JVM halts
         * without running start()'s finally block). This hook covers exactly that window and is
         * removed before start() returns.
         */
        private static Thread cleanUpOnExitDuringStart(Process process, Path tempDir) {
            Thread guard = new Thread(() -> {
                kill(process);
                if (tempDir != null) {
                    deleteRecursively(tempDir);
                }
            }, "embedded-cassandra-start-guard-" + process.pid());
            try {
                Runtime.getRuntime().addShutdownHook(guard);
                return guard;
            } catch (IllegalStateException e) {
                // Already shutting down; the finally block in start() kills the child.
                return null;
            }
        }

        private static void removeGuard(Thread guard) {
            if (guard == null) {
                return;
            }
            try {
                Runtime.getRuntime().removeShutdownHook(guard);
            } catch (IllegalStateException ignored) {
                // Shutting down: the hook is running or will run, and kills only our own child.
            }
        }
    }
}
