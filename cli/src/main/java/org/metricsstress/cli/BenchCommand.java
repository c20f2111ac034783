package org.metricsstress.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.metricsstress.bench.Bench;
import org.metricsstress.bench.BenchReport;
import org.metricsstress.bench.BenchResult;
import org.metricsstress.bench.ClientOnlyBench;
import org.metricsstress.bench.Soak;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.ValueType;
import org.metricsstress.config.StressOptions;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.failure.ClusterException;
import picocli.CommandLine.ParseResult;

/**
 * {@code metrics-stress bench}: the ceiling writer and the pipeline side by side against one node
 * (see {@link Bench}). Offers the shape, pipeline, cluster and schema options of a stress run; the
 * bench itself decides the rate, the duration, indexing and the ring policy of each phase.
 */
final class BenchCommand {
    /** Options a bench sets itself for each phase, so it does not offer them. */
    private static final Set<String> DECIDED_BY_BENCH = Set.of("--duration", "--rate-factor", "--on-full",
            "--burst", "--report", "--no-index", "--cache", "--redis-pool", "--redis-near-cache", "--prime-cache",
            "--sink", "--compression");
    /** The reference shape: 100k group resources, 1M samples per interval. */
    private static final Map<String, String> BENCH_DEFAULTS = Map.of("--nodes", "2000", "--keyspace",
            "metrics_stress_bench");
    private static final Map<String, String> SMOKE_DEFAULTS = Map.of("--nodes", "20", "--interfaces", "2");

    private BenchCommand() {}

    static List<OptionDef> offered() {
        List<OptionDef> out = new ArrayList<>();
        for (OptionDef d : StressOptions.in(EnumSet.of(OptionDef.Section.PLAN, OptionDef.Section.PIPELINE,
                OptionDef.Section.CLUSTER, OptionDef.Section.SCHEMA, OptionDef.Section.INDEX))) {
            if (!DECIDED_BY_BENCH.contains(d.longName())) {
                String dflt = BENCH_DEFAULTS.get(d.longName());
                out.add(dflt == null ? d : d.withDefaultShown(dflt));
            }
        }
        return out;
    }

    static final OptionDef WARMUP = OptionDef.own("--warmup-samples", "N",
            "samples the ceiling writer writes before anything is measured", ValueType.POSITIVE_LONG, 10_000_000L, null);
    static final OptionDef PHASE = OptionDef.own("--phase", "DURATION",
            "length of each measured phase except the cold one", ValueType.DURATION, Duration.ofSeconds(60), null);
    static final OptionDef COLD_LIMIT = OptionDef.own("--cold-limit", "DURATION",
            "the cold-cache phase ends when every resource is indexed, or after this", ValueType.DURATION,
            Duration.ofMinutes(10), null);
    static final OptionDef SMOKE = OptionDef.own("--smoke", null,
            "a quick check that every phase runs: -n 20 -f 2, 20000 warm-up samples, 3s phases, 60s cold limit",
            ValueType.FLAG, false, null);
    static final OptionDef BENCH_JSON = OptionDef.own("--bench-json", "FILE", "where to write the figures as JSON",
            ValueType.PATH, Path.of("bench-result.json"), null);
    static final OptionDef NODE_PID = OptionDef.own("--node-pid", "PID",
            "process id of a local Cassandra node, to report its CPU per sample", ValueType.POSITIVE_LONG, null,
            "automatic with --embedded");
    static final OptionDef VERBOSE = OptionDef.own("--verbose", null,
            "print each pipeline phase's own report lines and summary", ValueType.FLAG, false, null);
    static final OptionDef CLIENT_ONLY = OptionDef.own("--client-only", null,
            "no cluster: the field's 50K and 100K shapes through the whole pipeline into --sink null, cold and warm,"
                    + " and the heap of a full ring and of the shape's cache", ValueType.FLAG, false, null);
    static final OptionDef SOAK = OptionDef.own("--soak", "DURATION",
            "instead of the phases: every resource indexed first, then one run this long at 80% of the ceiling,"
                    + " judged for drift per twelfth (heap after GC less the run's own series, CPU per sample, p99,"
                    + " drops); its HTML report goes to soak-report.html",
            ValueType.DURATION, null, "off");
    static final List<OptionDef> OWN = List.of(WARMUP, PHASE, COLD_LIMIT, SMOKE, BENCH_JSON, NODE_PID, VERBOSE,
            CLIENT_ONLY, SOAK);
    /** What --smoke changes in the bench's own defaults (the shape's are in SMOKE_DEFAULTS). */
    private static final Map<OptionDef, Object> SMOKE_OWN = Map.of(WARMUP, 20_000L, PHASE, Duration.ofSeconds(3),
            COLD_LIMIT, Duration.ofSeconds(60));

    /** Checks the bench's own options, so a typo fails before seconds are spent on a node. */
    static void validate(ParseResult parsed) {
        for (OptionDef d : OWN) {
            value(parsed, d, false);
        }
        requireNoConflict(parsed);
    }

    /** The typed value of one of the bench's own options: given, else the smoke or plain default. */
    private static Object value(ParseResult parsed, OptionDef d, boolean smoke) {
        if (d.isFlag()) {
            return parsed.hasMatchedOption(d.longName());
        }
        String text = parsed.matchedOptionValue(d.longName(), null);
        if (text != null) {
            return d.parse(text);
        }
        return smoke && SMOKE_OWN.containsKey(d) ? SMOKE_OWN.get(d) : d.defaultValue();
    }

    /**
     * Runs the bench against the contact points already set on the builders and prints its table;
     * false when a soak failed its judgement (the jar's exit code 1).
     */
    static boolean run(ParseResult parsed, Main.Configured options, LongSupplier nodeCpu, PrintStream out)
            throws ClusterException, CacheUnavailableException, InterruptedException {
        boolean smoke = (Boolean) value(parsed, SMOKE, false);
        long warmup = (Long) value(parsed, WARMUP, smoke);
        Duration phase = (Duration) value(parsed, PHASE, smoke);
        Duration coldLimit = (Duration) value(parsed, COLD_LIMIT, smoke);
        Path json = (Path) value(parsed, BENCH_JSON, smoke);
        PrintStream runLog = (Boolean) value(parsed, VERBOSE, smoke) ? out : new PrintStream(OutputStream.nullOutputStream());
        Map<String, String> defaults = new java.util.HashMap<>(BENCH_DEFAULTS);
        if (smoke) {
            defaults.putAll(SMOKE_DEFAULTS);
        }
        Duration soak = (Duration) value(parsed, SOAK, smoke);
        if (soak != null) {
            Bench.Settings settings = new Bench.Settings(() -> options.builder(defaults), warmup, phase, coldLimit,
                    nodeCpu, runLog, null);
            Path report = Path.of("soak-report.html");
            Soak.Outcome outcome = new Soak(settings, soak, report, out).run();
            out.println("soak report written to " + report.toAbsolutePath());
            return outcome.passed();
        }
        BenchResult result;
        if (clientOnly(parsed)) {
            defaults.put("--threads", String.valueOf(Runtime.getRuntime().availableProcessors()));
            result = new ClientOnlyBench(() -> options.builder(defaults), phase, coldLimit, smoke, runLog, out).run();
        } else {
            try (LocalRedis redis = parsed.hasMatchedOption("--redis") ? null : LocalRedis.startIfInstalled(out)) {
                java.net.URI uri = redis != null ? redis.uri()
                        : parsed.hasMatchedOption("--redis") ? options.builder(defaults).build().redisUri() : null;
                Bench.Settings settings = new Bench.Settings(() -> options.builder(defaults), warmup, phase, coldLimit,
                        nodeCpu, runLog, uri);
                result = new Bench(settings, out).run();
            }
        }
        BenchReport.print(result, out);
        try {
            BenchReport.write(result, json);
            out.println("bench figures written to " + json);
        } catch (IOException e) {
            out.println("could not write " + json + ": " + e.getMessage());
        }
        return true;
    }

    /** CPU time of a local process, or -1 once it is gone or cannot be read. */
    static LongSupplier processCpu(long pid) {
        return () -> ProcessHandle.of(pid)
                .flatMap(h -> h.info().totalCpuDuration())
                .map(Duration::toNanos)
                .orElse(-1L);
    }

    static boolean clientOnly(ParseResult parsed) {
        return (Boolean) value(parsed, CLIENT_ONLY, false);
    }

    static long nodePid(ParseResult parsed) {
        Long pid = (Long) value(parsed, NODE_PID, false);
        return pid == null ? -1 : pid;
    }

    static void requireNoConflict(ParseResult parsed) {
        refuseBeside(parsed, CLIENT_ONLY.longName(), "runs without a cluster or Redis",
                List.of(Main.EMBEDDED.longName(), NODE_PID.longName(), "--contact-points", "--redis"));
        // The soak's record is its HTML report and its exit code; an option it would ignore is refused.
        refuseBeside(parsed, SOAK.longName(), "writes soak-report.html and judges by its exit code",
                List.of(CLIENT_ONLY.longName(), BENCH_JSON.longName()));
        if (parsed.hasMatchedOption(Main.EMBEDDED.longName()) && parsed.hasMatchedOption(NODE_PID.longName())) {
            throw new ConfigException("--embedded reports its own node's CPU: leave out --node-pid");
        }
    }

    /** With {@code option} given, any of {@code refused} is a usage error saying {@code why}. */
    private static void refuseBeside(ParseResult parsed, String option, String why, List<String> refused) {
        if (!parsed.hasMatchedOption(option)) {
            return;
        }
        for (String other : refused) {
            if (parsed.hasMatchedOption(other)) {
                throw new ConfigException(option + ": " + why + "; leave out " + other);
            }
        }
    }
}
