package org.metricsstress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.metricsstress.api.ExitCode;
import org.metricsstress.commands.Commands;
import org.metricsstress.commands.ToolCommand;

/**
 * A Redis or a cluster nothing answers at: one line of ours and exit 3, before anything is spent on
 * the run. The jar runs here with a local cluster that must not start ({@link JarCommands#run}
 * records whether it was asked to), so no test starts Cassandra.
 */
class UnreachableTest {
    /** The commands that connect to a cluster; the others work on files or print. */
    private static final List<String> CONNECTING = List.of("", "disk", "verify", "bench", "find-max", "tune");
    private static final Set<String> OFFLINE = Set.of("schema", "report", "judge", "compare", "merge", "size", "predict");

    private static JarCommands.Ran jar(String command, String... args) {
        List<String> words = new ArrayList<>();
        if (!command.isEmpty()) {
            words.add(command);
        }
        words.addAll(Arrays.asList(args));
        if (command.equals("verify")) {
            // a run two hours past, so verify goes as far as connecting
            words.addAll(List.of("--start-at", Instant.now().minusSeconds(7_200).toString(), "--duration", "60s"));
        }
        return JarCommands.run(words.toArray(new String[0]));
    }

    private static boolean offersEmbedded(String command) {
        return command.isEmpty() || Commands.named(command).map(ToolCommand::onOneNode).orElseThrow();
    }

    /** tune refuses --cache redis in a line of its own (its rounds would start warm). */
    @ParameterizedTest
    @ValueSource(strings = {"", "find-max"})
    void aRedisNothingAnswersAtIsRefusedBeforeTheNodeStarts(String command) {
        String closed = ClosedPort.address();
        JarCommands.Ran r = jar(command, "--cache", "redis", "--redis", "redis://" + closed, "--embedded");
        assertRefusedBeforeTheNode(r, "metrics-stress: cannot reach Redis at " + closed + ": ");
    }

    /** The bench's Redis phases run on the --redis given. */
    @Test
    void theBenchsGivenRedisIsReachedBeforeTheNodeStarts() {
        String closed = ClosedPort.address();
        JarCommands.Ran r = jar("bench", "--redis", "redis://" + closed, "--embedded");
        assertRefusedBeforeTheNode(r, "metrics-stress: cannot reach Redis at " + closed + ": ");
    }

    private static void assertRefusedBeforeTheNode(JarCommands.Ran r, String line) {
        assertFalse(r.startedCluster(), "the node was started first: " + r.out() + r.err());
        assertEquals(ExitCode.CLUSTER, r.exitCode(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith(line), r.err());
        assertFalse(r.out().contains("Starting Cassandra"), r.out());
    }

    /**
     * Where the command line names no Redis to reach (the run's cache in the JVM; the bench's own
     * local Redis without --redis, started after the node), the node is asked for as before: the check refuses only
     * what it reached and found silent.
     */
    @ParameterizedTest
    @ValueSource(strings = {"--embedded", "find-max --embedded", "bench --embedded"})
    void withNoRedisToReachTheNodeStartsAsBefore(String line) {
        String[] words = line.split(" ");
        String command = words[0].startsWith("--") ? "" : words[0];
        JarCommands.Ran r = jar(command, Arrays.copyOfRange(words, command.isEmpty() ? 0 : 1, words.length));
        assertTrue(r.startedCluster(), r.err());
    }

    @Test
    void everyCommandIsEitherConnectingOrOffline() {
        Set<String> all = new TreeSet<>();
        Commands.all().forEach(c -> all.add(c.name()));
        Set<String> sorted = new TreeSet<>(CONNECTING.subList(1, CONNECTING.size()));
        sorted.addAll(OFFLINE);
        assertEquals(all, sorted, "a new command: does it connect to a cluster? add it to CONNECTING or OFFLINE");
    }

    /**
     * Every command that connects but the bench, whose measure of the heap it needs (before it
     * connects) takes 25 s in a test's JVM; it goes through the same connector and the same line.
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "disk", "verify", "find-max", "tune"})
    void aClusterNothingAnswersAtIsOneLineOfOursNamingWhatToGive(String command) {
        String closed = ClosedPort.address();
        JarCommands.Ran r = jar(command, "--contact-points", closed);
        assertEquals(ExitCode.CLUSTER, r.exitCode(), r.err());
        String expected = "metrics-stress: nothing answers at " + closed + ": give --contact-points"
                + (offersEmbedded(command) ? ", or --embedded for a node of its own" : "");
        assertEquals(expected, r.err().strip());
        assertFalse(r.startedCluster());
    }

    /** Something that accepts and closes (a node that wants TLS does) is not "nothing": the driver's words stay. */
    @Test
    void somethingThatAcceptsAndClosesIsNotNothing() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getByName(ClosedPort.HOST))) {
            Thread closer = new Thread(() -> {
                while (!server.isClosed()) {
                    try (Socket s = server.accept()) {
                        // closed at once
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            closer.setDaemon(true);
            closer.start();
            String address = ClosedPort.HOST + ":" + server.getLocalPort();
            JarCommands.Ran r = jar("disk", "--contact-points", address, "--connect-timeout", "5s");
            assertEquals(ExitCode.CLUSTER, r.exitCode(), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().contains("cannot connect to Cassandra at " + address), r.err());
            assertFalse(r.err().contains("nothing answers"), r.err());
        }
    }
}
