package org.metricsstress.karaf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.CommandException;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressOptions;

class StressCommandTest {
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    /** The command needs nothing of the session: it prints to its output and reads no keys. */
    private final Session session = (Session) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {Session.class}, (proxy, method, args) -> null);

    private StressCommand command(Map<String, String> settings) {
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        return new StressCommand(new AdminSettings(() -> settings), new OneRunAtATime(), Map.of(), () -> out);
    }

    @Test
    void helpListsEveryOptionOfTheTableWithItsDefaultAndTheSettingsWithoutSecrets() throws Exception {
        assertNull(command(Map.of("contact-points", "db1:9042", "password", "s3cret", "redis", "redis://:pw@cache:6379/2"))
                .execute(session, List.of("--help")));
        String help = console.toString(StandardCharsets.UTF_8);
        for (OptionDef d : StressOptions.all()) {
            assertTrue(help.contains(d.longName()), d.longName());
            if (d.defaultShown() != null) {
                assertTrue(help.contains("(default: " + d.defaultShown() + ")"), d.longName());
            }
        }
        assertTrue(help.contains("contact-points = db1:9042"), help);
        assertTrue(help.contains("password = (set)"), help);
        assertTrue(help.contains("redis = redis://cache:6379/2"), help);
        assertTrue(!help.contains("s3cret") && !help.contains(":pw@"), help);
    }

    @Test
    void aMistakeIsOneLineNamingTheCommandForKarafToPrintAsIs() {
        CommandException e = assertThrows(CommandException.class,
                () -> command(Map.of()).execute(session, List.of("-n", "10", "-x")));
        assertEquals("metrics:stress: Unknown option: '-x' (see metrics:stress --help)", e.getNiceHelp());
        assertEquals("", console.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aMistakeInTheSettingsFileIsOneLineToo() {
        CommandException e = assertThrows(CommandException.class,
                () -> command(Map.of("nodes", "0")).execute(session, List.of("--duration", "1s")));
        assertTrue(e.getNiceHelp().startsWith("metrics:stress: etc/org.metricsstress.cfg: --nodes"), e.getNiceHelp());
    }

    @Test
    void gogoValuesAreTakenAsTheWordsTyped() {
        // Gogo turns a bare true into a Boolean; the table parser sees "true" and says what it thinks of it.
        CommandException e = assertThrows(CommandException.class,
                () -> command(Map.of()).execute(session, List.of("--nodes", Boolean.TRUE)));
        assertTrue(e.getNiceHelp().startsWith("metrics:stress: --nodes: 'true'"), e.getNiceHelp());
    }
}
