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
                // A long help line wraps, a default with it: read the text as one line.
                assertTrue(help.replaceAll("\\s+", " ").contains("(default: " + d.defaultShown() + ")"), d.longName());
            }
        }
        assertTrue(help.contains("contact-points = db1:9042"), help);
        assertTrue(help.contains("password = (set)"), help);
        assertTrue(help.contains("redis = redis://cache:6379/2"), help);
        assertTrue(!help.contains("s3cret") && !help.contains(":pw@"), help);
    }

    /** Karaf's help lists the jar's run options under the same headings, each option once, --help last. */
    @Test
    void helpListsEveryOptionUnderTheHeadingOfItsSectionOnce() throws Exception {
        command(Map.of()).execute(session, List.of("--help"));
        String help = console.toString(StandardCharsets.UTF_8);
        Map<String, List<String>> byHeading = new java.util.LinkedHashMap<>();
        List<String> current = null;
        for (String line : help.lines().toList()) {
            java.util.regex.Matcher h = java.util.regex.Pattern.compile("^([A-Z][^:]*):$").matcher(line);
            java.util.regex.Matcher o = java.util.regex.Pattern.compile("^ {2,6}(?:-[A-Za-z], )?(--[a-z0-9-]+)")
                    .matcher(line);
            if (h.matches()) {
                current = new java.util.ArrayList<>();
                byHeading.put(h.group(1), current);
            } else if (current != null && o.find()) {
                current.add(o.group(1));
            }
        }
        List<String> headings = new java.util.ArrayList<>();
        for (OptionDef.Section s : OptionDef.Section.values()) {
            if (StressOptions.all().stream().anyMatch(d -> d.section() == s)) {
                headings.add(Character.toUpperCase(s.heading().charAt(0)) + s.heading().substring(1));
            }
        }
        headings.add("Help");
        assertEquals(headings, List.copyOf(byHeading.keySet()), help);
        List<String> listed = byHeading.values().stream().flatMap(List::stream).toList();
        assertEquals(listed.size(), listed.stream().distinct().count(), "an option listed twice: " + listed);
        for (OptionDef d : StressOptions.all()) {
            String heading = Character.toUpperCase(d.section().heading().charAt(0)) + d.section().heading().substring(1);
            assertTrue(byHeading.get(heading).contains(d.longName()), d.longName() + " under " + heading);
        }
        assertEquals(List.of("--help"), byHeading.get("Help"));
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
