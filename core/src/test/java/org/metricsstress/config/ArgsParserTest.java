package org.metricsstress.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ArgsParserTest {
    private final ArgsParser parser = new ArgsParser(StressOptions.all());

    private StressConfig parse(String... args) {
        return parser.parse(List.of(args), Map.of()).builder().build();
    }

    private String error(String... args) {
        return assertThrows(ConfigException.class, () -> parse(args)).getMessage();
    }

    @Test
    void readsShortLongEqualsAndFlags() {
        StressConfig c = parse("-n", "15", "--interfaces", "3", "--groups=2", "-b", "--duration", "90s", "--no-index");
        assertEquals(15, c.nodes());
        assertEquals(3, c.interfaces());
        assertEquals(2, c.groups());
        assertTrue(c.burst());
        assertEquals(Duration.ofSeconds(90), c.duration());
        assertFalse(c.index());
    }

    @Test
    void mistakesAreOneLineEach() {
        assertEquals("unknown option '--nodez'", error("--nodez", "3"));
        assertEquals("--nodes: needs a value (N)", error("--nodes"));
        assertEquals("--nodes: given twice", error("-n", "1", "--nodes", "2"));
        assertEquals("--burst: takes no value", error("--burst=yes"));
        assertEquals("unexpected argument 'x' (options start with - or --)", error("x"));
        assertEquals("--nodes: 'abc' is not a whole number", error("-n", "abc"));
    }

    @Test
    void helpIsAskedForAndListsEveryOptionWithItsDefault() {
        assertTrue(parser.parse(List.of("--help"), Map.of()).help());
        String help = ArgsParser.help(StressOptions.all());
        for (OptionDef d : StressOptions.all()) {
            assertTrue(help.contains(d.longName()), d.longName());
        }
        assertTrue(help.contains("-n, --nodes N"));
        assertTrue(help.contains("(default: 8192)"));
    }

    @Test
    void environmentFillsWhatTheCommandLineLeftOut() {
        StressConfig c = parser.parse(List.of("--username", "u"), Map.of(StressOptions.PASSWORD_ENV, "pw",
                StressOptions.REDIS_PASSWORD_ENV, "rpw")).builder().build();
        assertEquals("pw", c.password());
        assertEquals("rpw", c.redisPassword());
    }
}
