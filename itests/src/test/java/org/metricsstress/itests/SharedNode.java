package org.metricsstress.itests;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.Properties;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.embedded.EmbeddedCassandra;

/**
 * The single-node Cassandra every test JVM of the integration tests shares: the forks of itests,
 * then itests-alone's, instead of a node each. Maven starts {@code SharedNode start DIR} in the
 * background before itests' integration tests (pre-integration-test), again before itests-alone's,
 * where it keeps the node it finds kept, and runs {@code SharedNode stop DIR} after itests-alone's;
 * Maven's exit destroys the keeper, and the node with it, should the build end in between. The node's address is published in {@code DIR/node.properties}, the
 * keeper's and the node's lines are in {@code DIR/keeper.log};
 * {@link CassandraExtension} reads it when the system property {@value #PROPERTY} names DIR, and
 * starts a node of its own when it does not (a test run from an IDE).
 */
public final class SharedNode {
    static final String PROPERTY = "metrics-stress.shared-node";
    private static final String NODE = "node.properties";
    private static final String FAILED = "failed.txt";
    private static final String STOP = "stop";

    private SharedNode() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2 || !(args[0].equals("start") || args[0].equals("stop"))) {
            System.err.println("usage: SharedNode start|stop DIR");
            System.exit(2);
        }
        Path dir = Path.of(args[1]);
        if (args[0].equals("start")) {
            keep(dir);
        } else {
            stop(dir);
        }
    }

    /**
     * Starts the node, publishes it, and keeps it until DIR/stop appears; leaves it to its keeper
     * when a live one already publishes a node in DIR.
     */
    private static void keep(Path dir) throws Exception {
        Files.createDirectories(dir);
        OptionalLong keeper = liveKeeper(dir.resolve(NODE));
        if (keeper.isPresent()) {
            System.out.println("shared test Cassandra: kept already, by pid " + keeper.getAsLong());
            return;
        }
        for (String f : new String[] {NODE, FAILED, STOP}) {
            Files.deleteIfExists(dir.resolve(f));
        }
        // Its own log: Maven's console is the build's, and the node's lines are wanted when a test fails.
        PrintStream log = new PrintStream(Files.newOutputStream(dir.resolve("keeper.log")), true, StandardCharsets.UTF_8);
        System.setOut(log);
        System.setErr(log);
        EmbeddedCassandra node;
        long t0 = System.nanoTime();
        try {
            node = EmbeddedCassandra.builder().output(System.out::println).start();
        } catch (LocalClusterException e) {
            write(dir.resolve(FAILED), e.getMessage());
            System.exit(1);
            return;
        }
        // Maven's exit destroys the keeper (SIGTERM) when no "stop" comes: itests built without
        // itests-alone, or a build ended early. The node must not outlive it.
        Runtime.getRuntime().addShutdownHook(new Thread(node::close, "shared-node-close"));
        try (node) {
            Properties p = new Properties();
            p.setProperty("host", node.cqlAddress().getHostString());
            p.setProperty("port", Integer.toString(node.cqlAddress().getPort()));
            p.setProperty("dc", node.datacenter());
            p.setProperty("jmx", Integer.toString(node.jmxPort()));
            p.setProperty("data", node.workDir().resolve("data").resolve("data").toString());
            p.setProperty("keeper", Long.toString(ProcessHandle.current().pid()));
            ProcessHandle.current().info().startInstant()
                    .ifPresent(i -> p.setProperty("keeper-started", Long.toString(i.toEpochMilli())));
            StringBuilder text = new StringBuilder();
            p.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
            write(dir.resolve(NODE), text.toString());
            System.out.printf("shared test Cassandra up in %.1f s at %s%n", (System.nanoTime() - t0) / 1e9, node.cqlAddress());
            while (!Files.exists(dir.resolve(STOP))) {
                Thread.sleep(200);
            }
        } finally {
            Files.deleteIfExists(dir.resolve(NODE));
        }
    }

    /** The pid of the keeper that published {@code node}, if it still runs. */
    private static OptionalLong liveKeeper(Path node) throws IOException {
        if (!Files.exists(node)) {
            return OptionalLong.empty();
        }
        Properties p = load(node);
        String pid = p.getProperty("keeper");
        String started = p.getProperty("keeper-started");
        if (pid == null || started == null) {
            return OptionalLong.empty();
        }
        long keeper = Long.parseLong(pid);
        // A pid can outlive its keeper (killed, then reused): its start time says whose it is. (Not
        // its command line: the JDK reads 4,096 characters of it, less than the classpath.)
        return ProcessHandle.of(keeper).filter(ProcessHandle::isAlive)
                .filter(h -> h.info().startInstant().map(i -> Long.toString(i.toEpochMilli())).orElse("")
                        .equals(started))
                .isPresent() ? OptionalLong.of(keeper) : OptionalLong.empty();
    }

    /** Asks the keeper to stop the node and waits until it has (the published file gone). */
    private static void stop(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) {
            return;
        }
        write(dir.resolve(STOP), "");
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (Files.exists(dir.resolve(NODE)) && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        System.out.println(Files.exists(dir.resolve(NODE))
                ? "shared test Cassandra: not stopped within 60 s (Maven's exit ends its keeper)"
                : "shared test Cassandra stopped");
    }

    /**
     * The shared node as a test sees it, once its keeper has published it: waits for that (the
     * keeper starts beside the forks' JVMs), at most {@code bound}.
     */
    static CassandraServer await(Path dir, Duration bound) {
        long deadline = System.nanoTime() + bound.toNanos();
        try {
            while (System.nanoTime() < deadline) {
                if (Files.exists(dir.resolve(FAILED))) {
                    throw new IllegalStateException("the shared test Cassandra did not start: "
                            + Files.readString(dir.resolve(FAILED), StandardCharsets.UTF_8));
                }
                if (Files.exists(dir.resolve(NODE))) {
                    return read(dir.resolve(NODE));
                }
                Thread.sleep(200);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the shared test Cassandra's address: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the shared test Cassandra");
        }
        throw new IllegalStateException("the shared test Cassandra was not up within " + bound.toSeconds()
                + " s (" + dir + ")");
    }

    private static CassandraServer read(Path file) throws IOException {
        Properties p = load(file);
        InetSocketAddress cql = new InetSocketAddress(p.getProperty("host"), Integer.parseInt(p.getProperty("port")));
        String dc = p.getProperty("dc");
        int jmx = Integer.parseInt(p.getProperty("jmx"));
        Path data = Path.of(p.getProperty("data"));
        return new CassandraServer() {
            @Override
            public InetSocketAddress cqlAddress() {
                return cql;
            }

            @Override
            public String datacenter() {
                return dc;
            }

            @Override
            public int jmxPort() {
                return jmx;
            }

            @Override
            public Path dataDirectory() {
                return data;
            }
        };
    }

    /** The published node's properties, as the keeper wrote them. */
    private static Properties load(Path file) throws IOException {
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        return p;
    }

    /** Whole or not at all: a reader never sees half a file. */
    private static void write(Path file, String text) throws IOException {
        Path part = file.resolveSibling(file.getFileName() + ".part");
        Files.writeString(part, text, StandardCharsets.UTF_8);
        Files.move(part, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
