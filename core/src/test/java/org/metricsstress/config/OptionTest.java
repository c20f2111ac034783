package org.metricsstress.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class OptionTest {

    @Test
    void aTypedViewOfAnEntryOfAnotherTypeIsRefusedWhenMade() {
        // What cannot be caught at compile time (the table holds Typed<?>) is caught once, here.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Option.of(TuneOptionDefs.MAX_ROUNDS.def(), ValueType.DURATION));
        assertTrue(e.getMessage().contains("--max-rounds"), e.getMessage());
        assertSame(TuneOptionDefs.MAX_ROUNDS.def(), Option.of(TuneOptionDefs.MAX_ROUNDS.def(), ValueType.POSITIVE_INT).def());
    }

    @Test
    void defaultsAndParsingAreTyped() {
        Integer rounds = TuneOptionDefs.MAX_ROUNDS.defaultValue();
        assertEquals(4, rounds);
        Duration step = FindMaxOptionDefs.STEP_DURATION.parse("90");
        assertEquals(Duration.ofSeconds(90), step);
        assertNull(BenchOptionDefs.NODE_PID.defaultValue());
        assertEquals("1G", LocalClusterOptionDefs.EMBEDDED_HEAP.defaultValue());
        assertEquals(Path.of("bench-result.json"), BenchOptionDefs.BENCH_JSON.defaultValue());
        assertThrows(ConfigException.class, () -> TuneOptionDefs.MAX_ROUNDS.parse("0"));
    }

    @Test
    void theRunsTypedViewsAreTheTablesEntries() {
        assertSame(StressOptions.byName("--result-json"), StressOptions.RESULT_JSON.def());
        assertSame(StressOptions.byName("--sla"), StressOptions.SLA.def());
        assertSame(StressOptions.byName("-n"), StressOptions.NODES.def());
    }

    @Test
    void everyHoldersOptionIsInTheTableOnceAndNoOtherIsOwn() {
        List<OptionDef> held = new ArrayList<>();
        for (Class<?> holder : List.of(LocalClusterOptionDefs.class, BenchOptionDefs.class, FindMaxOptionDefs.class,
                TuneOptionDefs.class, VerifyOptionDefs.class, DiskOptionDefs.class, SizingOptionDefs.class,
                SavedResultsOptionDefs.class)) {
            Stream.of(holder.getFields()).filter(f -> f.getType() == Option.class).forEach(f -> {
                try {
                    held.add(((Option<?>) f.get(null)).def());
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            });
        }
        List<OptionDef> own = StressOptions.table().stream().filter(d -> !d.configures()).toList();
        assertEquals(own.size(), held.size());
        assertTrue(own.containsAll(held) && held.containsAll(own), "held " + held.size() + ", own " + own.size());
    }
}
