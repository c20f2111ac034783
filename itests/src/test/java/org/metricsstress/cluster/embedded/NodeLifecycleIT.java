package org.metricsstress.cluster.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.cluster.LocalClusterException;

/**
 * After a failure or a Ctrl-C, no child JVM of ours remains: real Cassandra nodes, stopped in the
 * middle of what the launcher does to them.
 */
class NodeLifecycleIT {
    private final List<ProcessHandle> leftovers = new java.util.ArrayList<>();

    @AfterEach
    void killLeftovers() {
        // A failed assertion must not leave its nodes to the next test, nor to the machine.
        CassandraProcesses.kill(leftovers);
    }

    @Test
    void closeDuringARestartStopsTheRestartedNodeAndKeepsItsDirectoryGone() throws Exception {
        EmbeddedCassandra node = EmbeddedCassandra.builder().output(System.out::println).start();
        long first = node.pid();
        Path workDir = node.workDir();
        CompletableFuture<String> restart = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                restart.complete(node.restart());
            } catch (LocalClusterException | RuntimeException e) {
                restart.complete("failed: " + e.getMessage());
            }
        }, "restart");
        t.start();
        // The restart has stopped the first JVM and spawned the second, which is starting.
        ProcessHandle second = await(() -> CassandraProcesses.ofThisJvm().stream().filter(p -> p.pid() != first)
                .findFirst(), 120, "the restart's new JVM");

        node.close();

        leftovers.addAll(CassandraProcesses.ofThisJvm());
        assertEquals(List.of(), leftovers, "after close(), no node of ours runs (the restart spawned pid "
                + second.pid() + ")");
        String outcome = restart.get(180, TimeUnit.SECONDS);
        leftovers.addAll(CassandraProcesses.ofThisJvm());
        assertEquals(List.of(), leftovers, "the restart started no node after close(): " + outcome);
        assertTrue(outcome.startsWith("failed: "), "a restart cut short by close() says it failed: " + outcome);
        assertFalse(Files.exists(workDir), "the temporary work directory is gone, and stays gone: " + workDir);
    }

    @Test
    void aSignalWhileAClusterStartsLeavesNoNodeBehind(@TempDir Path tmp) throws Exception {
        // The JVM a front end runs in: its temporary directories, hence its nodes' work directories, under tmp.
        Path console = tmp.resolve("console.txt");
        Process jvm = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"),
                "-Djava.io.tmpdir=" + tmp, "-D" + CassandraLib.PROPERTY + "=" + CassandraLib.locate(),
                "-cp", System.getProperty("java.class.path"), StartCluster.class.getName(), "dc1:2")
                .redirectErrorStream(true).redirectOutput(console.toFile()).start();
        try {
            // One node is up (its own start is over), the other still starting or the ring forming.
            await(() -> Optional.of(text(console)).filter(s -> s.contains("answers CQL")), 180, "a node up");
            assertFalse(text(console).contains("cluster started"), "the signal must come before start() returns");
            jvm.destroy(); // SIGTERM, as Ctrl-C's SIGINT: the JVM runs its shutdown hooks either way
            assertTrue(jvm.waitFor(120, TimeUnit.SECONDS), "the JVM exits");
        } finally {
            jvm.destroyForcibly();
            System.out.println(text(console));
        }
        leftovers.addAll(CassandraProcesses.naming(tmp.toString()));
        assertEquals(List.of(), leftovers, "no node outlives the JVM that was starting them");
    }

    private static String text(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (java.io.IOException e) {
            return "";
        }
    }

    private static <T> T await(Supplier<Optional<T>> what, int seconds, String name) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            Optional<T> found = what.get();
            if (found.isPresent()) {
                return found.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no " + name + " within " + seconds + " s");
    }
}
