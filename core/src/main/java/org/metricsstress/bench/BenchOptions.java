package org.metricsstress.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.metricsstress.config.GivenOptions;
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
    public static final OptionDef WARMUP = StressOptions.byName("--warmup-samples");
    public static final OptionDef PHASE = StressOptions.byName("--phase");
    public static final OptionDef COLD_LIMIT = StressOptions.byName("--cold-limit");
    public static final OptionDef SMOKE = StressOptions.byName("--smoke");
    public static final OptionDef BENCH_JSON = StressOptions.byName("--bench-json");
    public static final OptionDef NODE_PID = StressOptions.byName("--node-pid");
    public static final OptionDef VERBOSE = StressOptions.byName("--verbose");
    public static final OptionDef CLIENT_ONLY = StressOptions.byName("--client-only");
    public static final OptionDef SOAK = StressOptions.byName("--soak");
    public static final OptionDef REPEAT = StressOptions.byName("--repeat");

    /** The bench's own options, all from the table: its section, then the cold limit and the outputs it shares with find-max. */
    public static List<OptionDef> own() {
        List<OptionDef> own = new ArrayList<>(StressOptions.own(OptionDef.Section.BENCH));
        own.addAll(List.of(COLD_LIMIT, BENCH_JSON, REPEAT, VERBOSE));
        return List.copyOf(own);
    }

    /** Reads every one of the bench's own options (a mistake fails in the table's order), then the bench's. */
    public static BenchOptions of(GivenOptions given) {
        for (OptionDef d : own()) {
            given.value(d);
        }
        boolean smoke = (Boolean) given.value(SMOKE);
        Long pid = (Long) given.value(NODE_PID);
        return new BenchOptions(smoke, (Long) value(given, WARMUP, smoke), (Duration) value(given, PHASE, smoke),
                (Duration) value(given, COLD_LIMIT, smoke), (Path) given.value(BENCH_JSON),
                (Boolean) given.value(VERBOSE), (Duration) given.value(SOAK), (Boolean) given.value(CLIENT_ONLY),
                pid == null ? -1 : pid, (Integer) given.value(REPEAT));
    }

    /** Given, else --smoke's default when it asks for one, else the table's. */
    private static Object value(GivenOptions given, OptionDef d, boolean smoke) {
        String smokeDefault = smoke ? StressOptions.SMOKE_DEFAULTS.get(d.longName()) : null;
        return given.given(d) || smokeDefault == null ? given.value(d) : d.parse(smokeDefault);
    }
}
