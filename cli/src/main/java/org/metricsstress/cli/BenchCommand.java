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
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.Parse;
import org.metricsstress.config.StressOptions;
import org.metricsstress.storage.ClusterException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code metrics-stress bench}: the ceiling writer and the pipeline side by side against one node
 * (see {@link Bench}). Offers the shape, pipeline, cluster and schema options of a stress run; the
 * bench itself decides the rate, the duration, indexing and the ring policy of each phase.
 */
final class BenchCommand {
    /** Options a bench sets itself for each phase, so it does not offer them. */
    private static final Set<String> DECIDED_BY_BENCH = Set.of("--duration", "--rate-factor", "--on-full",
            "--burst", "--report", "--no-index", "--cache", "--redis", "--redis-pool", "--prime-cache");
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

    static void declare(CommandSpec bench) {
        bench.addOption(OptionSpec.builder("--warmup-samples").arity("1").type(String.class).paramLabel("N")
                .description("samples the ceiling writer writes before anything is measured (default: 10000000)").build());
        bench.addOption(OptionSpec.builder("--phase").arity("1").type(String.class).paramLabel("DURATION")
                .description("length of each measured phase except the cold one (default: 60s)").build());
        bench.addOption(OptionSpec.builder("--cold-limit").arity("1").type(String.class).paramLabel("DURATION")
                .description("the cold-cache phase ends when every resource is indexed, or after this (default: 10m)").build());
        bench.addOption(OptionSpec.builder("--smoke").arity("0").type(boolean.class)
                .description("a quick check that every phase runs: -n 20 -f 2, 20000 warm-up samples, 3s phases").build());
        bench.addOption(OptionSpec.builder("--bench-json").arity("1").type(String.class).paramLabel("FILE")
                .description("where to write the figures as JSON (default: bench-result.json)").build());
        bench.addOption(OptionSpec.builder("--node-pid").arity("1").type(String.class).paramLabel("PID")
                .description("process id of a local Cassandra node, to report its CPU per sample (automatic with --embedded)").build());
        bench.addOption(OptionSpec.builder("--verbose").arity("0").type(boolean.class)
                .description("print each pipeline phase's own report lines and summary").build());
    }

    /** Checks the bench's own options, so a typo fails before seconds are spent on a node. */
    static void validate(ParseResult parsed) {
        Parse.positiveLong("--warmup-samples", parsed.matchedOptionValue("--warmup-samples", "1"));
        Parse.duration("--phase", parsed.matchedOptionValue("--phase", "1s"));
        Parse.duration("--cold-limit", parsed.matchedOptionValue("--cold-limit", "1s"));
        nodePid(parsed);
        requireNoConflict(parsed);
    }

    /** Runs the bench against {@code contactPoints} (already set on the builders) and prints the table. */
    static BenchResult run(ParseResult parsed, Main.Configured options, LongSupplier nodeCpu, PrintStream out)
            throws ClusterException, InterruptedException {
        boolean smoke = parsed.hasMatchedOption("--smoke");
        long warmup = Parse.positiveLong("--warmup-samples",
                parsed.matchedOptionValue("--warmup-samples", smoke ? "20000" : "10000000"));
        Duration phase = Parse.duration("--phase", parsed.matchedOptionValue("--phase", smoke ? "3s" : "60s"));
        Duration coldLimit = Parse.duration("--cold-limit",
                parsed.matchedOptionValue("--cold-limit", smoke ? "60s" : "600s"));
        Path json = Path.of(parsed.matchedOptionValue("--bench-json", "bench-result.json"));
        PrintStream runLog = parsed.hasMatchedOption("--verbose") ? out : new PrintStream(OutputStream.nullOutputStream());
        Map<String, String> defaults = new java.util.HashMap<>(BENCH_DEFAULTS);
        if (smoke) {
            defaults.putAll(SMOKE_DEFAULTS);
        }
        Bench.Settings settings = new Bench.Settings(() -> options.builder(defaults), warmup, phase, coldLimit, nodeCpu,
                runLog);
        BenchResult result = new Bench(settings, out).run();
        BenchReport.print(result, out);
        try {
            BenchReport.write(result, json);
            out.println("bench figures written to " + json);
        } catch (IOException e) {
            out.println("could not write " + json + ": " + e.getMessage());
        }
        return result;
    }

    /** CPU time of a local process, or -1 once it is gone or cannot be read. */
    static LongSupplier processCpu(long pid) {
        return () -> ProcessHandle.of(pid)
                .flatMap(h -> h.info().totalCpuDuration())
                .map(Duration::toNanos)
                .orElse(-1L);
    }

    static long nodePid(ParseResult parsed) {
        String v = parsed.matchedOptionValue("--node-pid", null);
        return v == null ? -1 : Parse.positiveLong("--node-pid", v);
    }

    static void requireNoConflict(ParseResult parsed) {
        if (parsed.hasMatchedOption("--embedded") && parsed.hasMatchedOption("--node-pid")) {
            throw new ConfigException("--embedded reports its own node's CPU: leave out --node-pid");
        }
    }
}
