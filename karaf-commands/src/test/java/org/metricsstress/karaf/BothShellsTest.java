package org.metricsstress.karaf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.karaf.shell.api.console.Command;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.CommandException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.metricsstress.cli.JarCommands;

/**
 * The jar and OpenNMS's Karaf shell offer the same commands, each with the same options and
 * description; and every command of both refuses a missing, an extra and an invalid argument in one
 * line (the jar: exit 2; Karaf: the command fails) before it starts anything.
 */
class BothShellsTest {
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final Session session = (Session) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {Session.class}, (proxy, method, args) -> null);

    private Map<String, Command> karaf() {
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        Map<String, Command> all = new TreeMap<>();
        for (Command c : Activator.commands(new AdminSettings(Map::of), new OneRunAtATime(), Map.of(), () -> out)) {
            assertEquals("metrics", c.getScope());
            all.put(c.getName(), c);
        }
        return all;
    }

    @Test
    void bothShellsOfferTheSameCommandsWithTheSameOptionsAndDescriptions() {
        Map<String, JarCommands.Shown> jar = JarCommands.all();
        Map<String, Command> karaf = karaf();
        assertEquals(jar.keySet(), karaf.keySet());
        assertEquals(13, jar.size(), "the plain run and 12 subcommands: " + jar.keySet());
        for (Map.Entry<String, Command> e : karaf.entrySet()) {
            JarCommands.Shown inJar = jar.get(e.getKey());
            assertEquals(inJar.description(), e.getValue().getDescription(), e.getKey());
            OptionNameCompleter completer = (OptionNameCompleter) e.getValue().getCompleter(true);
            List<String> inKaraf = new ArrayList<>(completer.names());
            inKaraf.remove("--help");
            assertEquals(inJar.options(), new java.util.TreeSet<>(inKaraf), e.getKey());
        }
    }

    /**
     * Each command with a missing, an extra and an invalid argument. The commands of one node get
     * {@code --embedded} in the jar, which must not start the node before the mistake is found.
     */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "stress   | missing | -n",
        "stress   | extra   | stray",
        "stress   | invalid | -n 0",
        "schema   | missing | --keyspace",
        "schema   | extra   | stray",
        "schema   | invalid | --ttl soon",
        "report   | missing | ''",
        "report   | extra   | r.json --nodes 5",
        "report   | invalid | no-such-result.json",
        "compare  | missing | a.json",
        "compare  | extra   | a.json b.json c.json",
        "compare  | invalid | a.json b.json --max-regression lots",
        "merge    | missing | ''",
        "merge    | extra   | r.json --nodes 5",
        "merge    | invalid | r.json --sla p99<<5",
        "verify   | missing | --from-result",
        "verify   | extra   | stray",
        "verify   | invalid | --resources 200%",
        "disk     | missing | --keyspace",
        "disk     | extra   | stray",
        "disk     | invalid | --ttl soon",
        "bench    | missing | --phase",
        "bench    | extra   | stray",
        "bench    | invalid | --repeat 0",
        "find-max | missing | --step-duration",
        "find-max | extra   | stray",
        "find-max | invalid | --step-duration 1s",
        "tune     | missing | --max-rounds",
        "tune     | extra   | stray",
        "tune     | invalid | --max-rounds 0",
        "size     | missing | --target",
        "size     | extra   | stray",
        "size     | invalid | --headroom 2",
        "predict  | missing | --from",
        "predict  | extra   | stray",
        "predict  | invalid | --cluster-nodes 0",
    })
    void aBadArgumentIsOneLineBeforeAnythingStarts(String command, String kind, String line) throws Exception {
        List<String> words = line.isBlank() ? List.of() : List.of(line.trim().split(" +"));
        List<String> jarArgs = new ArrayList<>();
        if (!command.equals("stress")) {
            jarArgs.add(command);
        }
        jarArgs.addAll(words);
        if (List.of("stress", "bench", "find-max", "tune").contains(command)) {
            jarArgs.add("--embedded");
        }
        JarCommands.Ran jar = JarCommands.run(jarArgs.toArray(new String[0]));
        assertEquals(2, jar.exitCode(), kind + ": " + jar.err());
        assertFalse(jar.startedCluster(), "started a node before refusing: " + jar.err());
        assertEquals(1, jar.err().lines().count(), jar.err());
        assertTrue(jar.err().startsWith("metrics-stress: "), jar.err());
        assertFalse(jar.err().contains("Exception"), jar.err());

        Command karaf = karaf().get(command);
        CommandException e = assertThrows(CommandException.class, () -> karaf.execute(session, new ArrayList<>(words)));
        String full = "metrics:" + command;
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertTrue(e.getMessage().startsWith(full + ": "), e.getMessage());
        // A usage error, not a cluster that could not be reached: the mistake was found first.
        assertTrue(e.getMessage().endsWith("(see " + full + " --help)"), e.getMessage());
        assertEquals("", console.toString(StandardCharsets.UTF_8), "printed before refusing");
    }

    @Test
    void theLocalNodeIsRefusedInOneLineInOpenNmsShell() {
        for (String command : List.of("stress", "tune", "find-max", "bench")) {
            CommandException e = assertThrows(CommandException.class,
                    () -> karaf().get(command).execute(session, List.of("--embedded")));
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
            assertTrue(e.getMessage().contains("--embedded: starts Cassandra as child processes of the standalone jar"),
                    e.getMessage());
        }
    }

    @Test
    void theLocalReceiverIsRefusedInOneLineInOpenNmsShell() {
        for (String command : List.of("stress", "find-max")) {
            CommandException e = assertThrows(CommandException.class, () -> karaf().get(command).execute(session,
                    List.of("--writer", "tss", "--embedded-tsdb", "prometheus")));
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
            assertTrue(e.getMessage().contains("--embedded-tsdb: starts a remote-write receiver as a child process of "
                    + "the standalone jar"), e.getMessage());
            assertTrue(e.getMessage().contains("--tss-write-url"), e.getMessage());
        }
    }
}
