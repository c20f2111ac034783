package org.metricsstress.commandline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;

class StressCommandLineTest {

    private static StressCommandLine.Parsed parsed(Map<String, String> env, String... args) {
        StressCommandLine parser = new StressCommandLine();
        return parser.parse(parser.command("metrics:stress", StressOptions.all()), List.of(args), env);
    }

    private static StressConfig parse(String... args) {
        return parsed(Map.of(), args).builder().build();
    }

    private static String error(String... args) {
        return assertThrows(ConfigException.class, () -> parse(args)).getMessage();
    }

    @Test
    void readsShortLongAttachedEqualsAndFlags() {
        StressConfig c = parse("-n", "15", "-f3", "--groups=2", "-b", "--duration", "90s", "--no-index");
        assertEquals(15, c.plan().nodes());
        assertEquals(3, c.plan().interfaces());
        assertEquals(2, c.plan().groups());
        assertTrue(c.pacing().burst());
        assertEquals(Duration.ofSeconds(90), c.pacing().duration());
        assertFalse(c.index().enabled());
    }

    @Test
    void mistakesAreOneLineEach() {
        for (String[] args : List.of(new String[] {"--nodez", "3"}, new String[] {"--nodes"},
                new String[] {"-n", "1", "--nodes", "2"}, new String[] {"x"}, new String[] {"-n", "abc"})) {
            String message = error(args);
            assertFalse(message.isBlank(), String.join(" ", args));
            assertFalse(message.contains("\n"), message);
        }
        assertTrue(error("--nodez", "3").contains("'--nodez'"), error("--nodez", "3"));
        assertTrue(error("-n", "1", "--nodes", "2").contains("should be specified only once"));
        // The table's own checks, not picocli's: the message names the option and the value.
        assertEquals("--nodes: 'abc' is not a whole number", error("-n", "abc"));
        assertEquals("--ring-size: must be a power of two of at least 2 (e.g. 8192), got 1000",
                error("--ring-size", "1000"));
    }

    @Test
    void helpIsAskedForAndListsEveryOptionWithItsDefault() {
        assertTrue(parsed(Map.of(), "--help").help());
        StressCommandLine parser = new StressCommandLine();
        String help = StressCommandLine.optionsHelp(parser.command("metrics:stress", StressOptions.all()));
        // A long help line wraps, a default with it: read the text as one line.
        String flat = help.replaceAll("\\s+", " ");
        for (OptionDef d : StressOptions.all()) {
            assertTrue(help.contains(d.longName()), d.longName());
            if (d.defaultShown() != null && !d.isFlag()) {
                assertTrue(flat.contains("(default: " + d.defaultShown() + ")"), d.longName() + " default in:\n" + help);
            }
        }
        assertTrue(help.contains("-n, --nodes=N"), help);
    }

    @Test
    void givenNamesAreLongNamesWhateverWasTyped() {
        assertEquals(java.util.Set.of("--nodes", "--burst"), parsed(Map.of(), "-n", "3", "-b").given());
    }

    @Test
    void environmentFillsWhatTheCommandLineLeftOut() {
        StressConfig c = parsed(Map.of(StressOptions.PASSWORD_ENV, "pw", StressOptions.REDIS_PASSWORD_ENV, "rpw"),
                "--username", "u").builder().build();
        assertEquals("pw", c.cluster().password());
        assertEquals("rpw", c.index().redisPassword());
    }
}
