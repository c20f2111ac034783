package org.metricsstress.config;

import static org.metricsstress.config.OptionDef.Section.BENCH;
import static org.metricsstress.config.OptionDef.Section.INDEX;
import static org.metricsstress.config.OptionDef.Section.JUDGING;
import static org.metricsstress.config.OptionDef.Section.OUTPUT;
import static org.metricsstress.config.ValueType.DURATION;
import static org.metricsstress.config.ValueType.FLAG;
import static org.metricsstress.config.ValueType.PATH;
import static org.metricsstress.config.ValueType.POSITIVE_INT;
import static org.metricsstress.config.ValueType.POSITIVE_LONG;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * bench's own options, and those it shares with find-max ({@code --cold-limit}, {@code --repeat},
 * {@code --verbose}, which tune prints its rounds by too): read by {@code bench.BenchOptions},
 * {@code capacity.SearchSettings} and the bench, find-max and tune commands.
 *
 * <p>Declared here, in {@code config}, because the option table ({@link StressOptions#table()}) lists
 * them and the table is at the bottom of the layering; see {@link StressOptions} for why.
 */
public final class BenchOptionDefs {
    /** bench --smoke: every phase, briefly, on a small shape (over the table's defaults, as typed). */
    public static final Map<String, String> SMOKE_DEFAULTS = CommandDefaults.ordered("--nodes", "20",
            "--interfaces", "2", "--warmup-samples", "20000", "--phase", "3s", "--cold-limit", "60s");
    public static final Option<Long> WARMUP_SAMPLES =
            Option.own("--warmup-samples", "N", "samples the ceiling writer writes before anything is measured",
                    BENCH, POSITIVE_LONG, 10_000_000L, null);
    public static final Option<Duration> PHASE =
            Option.own("--phase", "DURATION", "length of each measured phase except the cold one", BENCH,
                    DURATION, Duration.ofSeconds(60), null);
    public static final Option<Boolean> SMOKE =
            Option.own("--smoke", null, "a quick check that every phase runs: " + CommandDefaults.typed(SMOKE_DEFAULTS), BENCH,
                    FLAG, false, null);
    public static final Option<Long> NODE_PID =
            Option.own("--node-pid", "PID", "process id of a local Cassandra node, to report its CPU per sample",
                    BENCH, POSITIVE_LONG, null, "automatic with --embedded");
    public static final Option<Boolean> CLIENT_ONLY =
            Option.own("--client-only", null, "no cluster: the field's 50K and 100K shapes through the whole "
                    + "pipeline into --sink null, cold and warm, and the heap of a full ring and of the shape's cache",
                    BENCH, FLAG, false, null);
    public static final Option<Duration> SOAK =
            Option.own("--soak", "DURATION", "instead of the phases: every resource indexed first, then one run "
                    + "this long at 80% of the ceiling, judged for drift per twelfth (heap after GC less the run's own "
                    + "series, CPU per sample, p99, drops); its HTML report goes to soak-report.html", BENCH,
                    DURATION, null, "off");
    public static final Option<Duration> COLD_LIMIT =
            Option.own("--cold-limit", "DURATION", "the bench's cold-cache phase and find-max's warm-up end when "
                    + "every resource is indexed, or after this", INDEX, DURATION, Duration.ofMinutes(10), null);
    public static final Option<Path> BENCH_JSON =
            Option.own("--bench-json", "FILE", "where bench writes its figures as JSON", OUTPUT, PATH,
                    Path.of("bench-result.json"), null);
    public static final Option<Boolean> VERBOSE =
            Option.own("--verbose", null, "print the report lines and summary of each bench phase or find-max step",
                    OUTPUT, FLAG, false, null);
    public static final Option<Integer> REPEAT =
            Option.own("--repeat", "N", "find-max: searches to run, the answer their median with its interval; "
                    + "bench: benches to run, each ratio its median with its interval", JUDGING, POSITIVE_INT, 1, null);

    private BenchOptionDefs() {}
}
