package org.metricsstress.karaf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.CommandException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.api.Sizing;
import org.metricsstress.commands.Commands;

/** {@code metrics:size}: the jar's size in Karaf's shell, same parser, same answer, one line on a mistake. */
class SizeCommandTest {
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final Session session = (Session) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {Session.class}, (proxy, method, args) -> null);

    private ShellCommand command() {
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        return new ShellCommand(Commands.named("size").orElseThrow(), new AdminSettings(Map::of), new OneRunAtATime(),
                Map.of(), () -> out);
    }

    @Test
    void answersFromTypedPointsAndWritesItsFiles(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("size.json");
        Path html = dir.resolve("size.html");
        assertNull(command().execute(session, List.of("--target", "50000", "--points", "1:12000,2:22000",
                "--result-json", json.toString(), "--report-html", html.toString())));
        String out = console.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("answer        6 nodes per DC, bound by throughput"), out);
        assertTrue(Files.readString(json).contains("\"tool\" : \"metrics:size\""), Files.readString(json));
        assertTrue(Files.readString(html).contains("6 nodes per DC"));
    }

    @Test
    void aMistakeIsOneLineNamingTheCommand() {
        CommandException e = assertThrows(CommandException.class,
                () -> command().execute(session, List.of("--target", "0", "--points", "1:100")));
        assertTrue(e.getMessage().startsWith("metrics:size: "), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertFalse(e.getMessage().contains("Exception"), e.getMessage());
    }

    @Test
    void helpListsSizesOwnOptions() throws Exception {
        command().execute(session, List.of("--help"));
        String help = console.toString(StandardCharsets.UTF_8);
        Sizing.SIZE_OWN.forEach(d -> assertTrue(help.contains(d.longName()), d.longName() + " in " + help));
        assertTrue(help.contains("--report-html"), help);
    }
}
