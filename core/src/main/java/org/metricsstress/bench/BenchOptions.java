package org.metricsstress.bench;

import static org.metricsstress.config.BenchOptionDefs.COLD_LIMIT;
import static org.metricsstress.config.BenchOptionDefs.PHASE;
import static org.metricsstress.config.BenchOptionDefs.SMOKE;
import static org.metricsstress.config.BenchOptionDefs.VERBOSE;
import static org.metricsstress.config.BenchOptionDefs.WARMUP_SAMPLES;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.metricsstress.config.BenchOptionDefs;
import org.metricsstress.config.GivenOptions;
import org.metricsstress.config.Option;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressOptions;

/**
 * The bench's own options as a front end's parser was given them, typed by the option table, with
 * {@code --smoke}'s defaults (a small shape, short phases) where the user gave no value of their own.
 *
 * @param nodePid the local node's process id for its CPU per sample; -1 for none
 * @param soak the soak's length; null for the bench
 */
public record BenchOptions(boolean smoke, long warmupSamples, Duration phase, Duration coldLimit, Path json,
        boolean verbose, Duration soak, boolean clientOnly, long nodePid, int repeat) {

    /** The bench's own options, all from the table: its section, then the cold limit and the outputs it shares with find-max. */
    public static List<OptionDef> own() {
        List<OptionDef> own = new ArrayList<>(StressOptions.own(OptionDef.Section.BENCH));
        own.addAll(List.of(COLD_LIMIT.def(), BenchOptionDefs.BENCH_JSON.def(), BenchOptionDefs.REPEAT.def(),
                VERBOSE.def()));
        return List.copyOf(own);
    }

    /** Reads every one of the bench's own options (a mistake fails in the table's order), then the bench's. */
    public static BenchOptions of(GivenOptions given) {
        for (OptionDef d : own()) {
            given.value(d);
        }
        boolean smoke = given.get(SMOKE);
        Long pid = given.get(BenchOptionDefs.NODE_PID);
        return new BenchOptions(smoke, value(given, WARMUP_SAMPLES, smoke), value(given, PHASE, smoke),
                value(given, COLD_LIMIT, smoke), given.get(BenchOptionDefs.BENCH_JSON), given.get(VERBOSE),
                given.get(BenchOptionDefs.SOAK), given.get(BenchOptionDefs.CLIENT_ONLY), pid == null ? -1 : pid,
                given.get(BenchOptionDefs.REPEAT));
    }

    /** Given, else --smoke's default when it asks for one, else the table's. */
    private static <T> T value(GivenOptions given, Option<T> option, boolean smoke) {
        String smokeDefault = smoke ? BenchOptionDefs.SMOKE_DEFAULTS.get(option.longName()) : null;
        return given.given(option) || smokeDefault == null ? given.get(option) : option.parse(smokeDefault);
    }
}
