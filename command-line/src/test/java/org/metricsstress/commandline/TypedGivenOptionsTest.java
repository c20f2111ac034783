package org.metricsstress.commandline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.BenchOptionDefs;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.FindMaxOptionDefs;
import org.metricsstress.config.GivenOptions;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.SavedResultsOptionDefs;
import org.metricsstress.config.SizingOptionDefs;
import org.metricsstress.config.TuneOptionDefs;

/**
 * A command's own options read by type through the parser both shells use: what was given, the
 * table's default, and a flag. A use of the wrong type does not compile, so what is left to test is
 * the values.
 */
class TypedGivenOptionsTest {
    private static final List<OptionDef> OFFERED = List.of(TuneOptionDefs.MAX_ROUNDS.def(),
            BenchOptionDefs.SMOKE.def(), BenchOptionDefs.VERBOSE.def(), BenchOptionDefs.NODE_PID.def(),
            FindMaxOptionDefs.STEP_DURATION.def(), FindMaxOptionDefs.GROWTH.def(), SizingOptionDefs.FROM.def(),
            SavedResultsOptionDefs.OUTPUT.def());

    private static GivenOptions given(String... args) {
        StressCommandLine parser = new StressCommandLine();
        return parser.parse(parser.command("typed", OFFERED), List.of(args), Map.of()).own();
    }

    @Test
    void givenValuesComeBackAsTheirType() {
        GivenOptions g = given("--max-rounds", "3", "--step-duration", "90s", "--growth", "1.5", "--node-pid", "42",
                "--from", "a.json", "--from", "b.json", "-o", "out.html");
        int rounds = g.get(TuneOptionDefs.MAX_ROUNDS);
        Duration step = g.get(FindMaxOptionDefs.STEP_DURATION);
        double growth = g.get(FindMaxOptionDefs.GROWTH);
        long pid = g.get(BenchOptionDefs.NODE_PID);
        List<Path> from = g.get(SizingOptionDefs.FROM);
        Path output = g.get(SavedResultsOptionDefs.OUTPUT);
        assertEquals(3, rounds);
        assertEquals(Duration.ofSeconds(90), step);
        assertEquals(1.5, growth);
        assertEquals(42L, pid);
        assertEquals(List.of(Path.of("a.json"), Path.of("b.json")), from);
        assertEquals(Path.of("out.html"), output);
        assertTrue(g.given(TuneOptionDefs.MAX_ROUNDS));
        assertEquals("90s", g.text(FindMaxOptionDefs.STEP_DURATION));
    }

    @Test
    void notGivenIsTheTablesDefaultOrNull() {
        GivenOptions g = given();
        assertEquals(4, g.get(TuneOptionDefs.MAX_ROUNDS));
        assertEquals(Duration.ofSeconds(60), g.get(FindMaxOptionDefs.STEP_DURATION));
        assertEquals(2.0, g.get(FindMaxOptionDefs.GROWTH));
        assertNull(g.get(BenchOptionDefs.NODE_PID));
        assertNull(g.get(SavedResultsOptionDefs.OUTPUT));
        assertEquals(List.of(), g.get(SizingOptionDefs.FROM));
        assertFalse(g.given(TuneOptionDefs.MAX_ROUNDS));
        assertEquals("4", g.text(TuneOptionDefs.MAX_ROUNDS));
    }

    @Test
    void aFlagIsWhetherItWasNamed() {
        GivenOptions g = given("--smoke");
        boolean smoke = g.get(BenchOptionDefs.SMOKE);
        boolean verbose = g.get(BenchOptionDefs.VERBOSE);
        assertTrue(smoke);
        assertFalse(verbose);
    }

    @Test
    void aBadValueIsTheTablesOneLineWhenRead() {
        GivenOptions g = given("--max-rounds", "0");
        ConfigException e = assertThrows(ConfigException.class, () -> g.get(TuneOptionDefs.MAX_ROUNDS));
        assertTrue(e.getMessage().startsWith("--max-rounds"), e.getMessage());
    }
}
