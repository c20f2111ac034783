package org.metricsstress.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.metricsstress.cluster.redis.LocalRedis;
import org.metricsstress.api.ExitCode;
import org.metricsstress.bench.Bench;
import org.metricsstress.bench.BenchOptions;
import org.metricsstress.bench.BenchSetup;
import org.metricsstress.bench.BenchReport;
import org.metricsstress.bench.BenchRepeats;
import org.metricsstress.bench.BenchResult;
import org.metricsstress.bench.ClientOnlyBench;
import org.metricsstress.bench.Soak;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressOptions;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.failure.ClusterException;
import picocli.CommandLine.ParseResult;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Locale;

/**
 * {@code metrics-stress bench}: the ceiling writer and the pipeline side by side against one node
 * (see {@link Bench}). Offers the shape, pipeline, cluster and schema options of a stress run; the
 * bench itself decides the rate, the duration, indexing and the ring policy of each phase.
 */
final class BenchCommand {
    /** Options a bench sets itself for each phase, so it does not offer them. */
    private static final Set<String> DECIDED_BY_BENCH = Set.of("--duration", "--rate-factor", "--on-full",
            "--burst", "--report", "--no-index", "--cache", "--redis-pool", "--redis-near-cache", "--prime-cache",
            "--no-prime-cache", "--priming-block",
            "--sink", "--compression");
    private BenchCommand() {}

    static List<OptionDef> offered() {
        List<OptionDef> out = CliContext.runOptionsBut(DECIDED_BY_BENCH);
        return StressOptions.withDefaults(out, StressOptions.BENCH_DEFAULTS);
    }

    /** The bench's own options, all from the table. */
    static final List<OptionDef> OWN = BenchOptions.own();

    /** The bench's shape as help tells it: {@code -n 2000 -f 10 -g 5 -a 10 -s 2 (100,000 group resources)}. */
    static String shape() {
        StringBuilder sb = new StringBuilder();
        long groupResources = 1;
        for (String name : List.of("-n", "-f", "-g", "-a", "-s")) {
            OptionDef d = StressOptions.byName(name);
            String value = StressOptions.BENCH_DEFAULTS.getOrDefault(d.longName(), d.defaultShown());
            sb.append(name).append(' ').append(value).append(' ');
            if (!name.equals("-a") && !name.equals("-s")) {
                groupResources *= ((Number) d.parse(value)).longValue();
            }
        }
        return sb.append(String.format(Locale.ROOT, "(%,d group resources)", groupResources)).toString();
    }

    /** Checks the bench's own options, so a typo fails before seconds are spent on a node. */
    static void validate(ParseResult parsed) {
        BenchOptions.of(CliContext.given(parsed));
        requireNoConflict(parsed);
    }

    /** The {@code bench} command: checks its options, then runs on the embedded node, the one named, or none. */
    static int execute(ParseResult parsed, CliContext cli) {
        List<OptionDef> offered = offered();
        if (LocalClusterOptions.withContactPoints(parsed)) {
            return cli.usage("--embedded starts its own node: leave out --contact-points");
        }
        validate(parsed);
        long pid = nodePid(parsed);
        cli.builder(parsed, offered, Map.of()).build(); // validate before spending seconds on a node
        WithCluster clusters = new WithCluster(cli);
        if (clientOnly(parsed)) {
            // No node to start or reach: every request ends encoded in this JVM.
            return clusters.run(parsed, ClusterLayout.SINGLE, started -> { }, () -> { }, cluster -> {
                run(parsed, cli.configured(parsed, offered), () -> -1L, cli.out());
                return ExitCode.OK;
            });
        }
        return clusters.onOneNode(parsed, offered, (configured, node) -> {
            long nodePid = node != null ? node.pid() : pid;
            return run(parsed, configured, nodePid > 0 ? processCpu(nodePid) : () -> -1L, cli.out())
                    ? ExitCode.OK : ExitCode.CRITERIA_FAILED;
        });
    }

    /**
     * Runs the bench against the contact points already set on the builders and prints its table;
     * false when a soak failed its judgement (the jar's exit code 1).
     */
    static boolean run(ParseResult parsed, Main.Configured options, LongSupplier nodeCpu, PrintStream out)
            throws ClusterException, CacheUnavailableException, InterruptedException {
        BenchOptions own = BenchOptions.of(CliContext.given(parsed));
        boolean smoke = own.smoke();
        long warmup = own.warmupSamples();
        Duration phase = own.phase();
        Duration coldLimit = own.coldLimit();
        Path json = own.json();
        PrintStream runLog = own.verbose() ? out : new PrintStream(OutputStream.nullOutputStream());
        Map<String, String> defaults = new HashMap<>(StressOptions.BENCH_DEFAULTS);
        if (smoke) {
            defaults.putAll(StressOptions.SMOKE_DEFAULTS); // the builder takes the shape; the bench's own are read above
        }
        Duration soak = own.soak();
        if (soak != null) {
            BenchSetup setup = new BenchSetup(() -> options.builder(defaults), warmup, phase, coldLimit,
                    nodeCpu, runLog, null, BenchSetup.SETTLE);
            Path report = Path.of("soak-report.html");
            Soak.Judgement judgement = new Soak(setup, soak, report, out).run();
            out.println("soak report written to " + report.toAbsolutePath());
            return judgement.passed();
        }
        List<BenchResult> benches = new ArrayList<>();
        for (int k = 1; k <= own.repeat(); k++) {
            if (own.repeat() > 1) {
                out.printf("bench %d of %d%n", k, own.repeat());
            }
            benches.add(once(parsed, options, own, defaults, nodeCpu, runLog, out));
        }
        BenchResult result = benches.get(benches.size() - 1);
        if (benches.size() > 1) {
            result = result.withRepeats(BenchRepeats.json(benches));
        }
        BenchReport.print(result, out);
        if (benches.size() > 1) {
            BenchRepeats.print(benches, out);
        }
        try {
            BenchReport.write(result, json);
            out.println("bench figures written to " + json);
        } catch (IOException e) {
            out.println("could not write " + json + ": " + e.getMessage());
        }
        return true;
    }

    /** One bench: client-only, or against the node with a local Redis when one is installed. */
    private static BenchResult once(ParseResult parsed, Main.Configured options, BenchOptions own,
            Map<String, String> defaults, LongSupplier nodeCpu, PrintStream runLog, PrintStream out)
            throws ClusterException, CacheUnavailableException, InterruptedException {
        if (own.clientOnly()) {
            Map<String, String> clientDefaults = new HashMap<>(defaults);
            clientDefaults.put("--threads", String.valueOf(Runtime.getRuntime().availableProcessors()));
            return new ClientOnlyBench(() -> options.builder(clientDefaults), own.phase(), own.coldLimit(), own.smoke(),
                    runLog, out).run();
        }
        try (LocalRedis redis = parsed.hasMatchedOption("--redis") ? null : LocalRedis.startIfInstalled(out)) {
            URI uri = redis != null ? redis.uri()
                    : parsed.hasMatchedOption("--redis") ? options.builder(defaults).build().index().redisUri() : null;
            BenchSetup setup = new BenchSetup(() -> options.builder(defaults), own.warmupSamples(), own.phase(),
                    own.coldLimit(), nodeCpu, runLog, uri, BenchSetup.SETTLE);
            return new Bench(setup, out).run();
        }
    }

    /** CPU time of a local process, or -1 once it is gone or cannot be read. */
    static LongSupplier processCpu(long pid) {
        return () -> ProcessHandle.of(pid)
                .flatMap(h -> h.info().totalCpuDuration())
                .map(Duration::toNanos)
                .orElse(-1L);
    }

    static boolean clientOnly(ParseResult parsed) {
        return BenchOptions.of(CliContext.given(parsed)).clientOnly();
    }

    static long nodePid(ParseResult parsed) {
        return BenchOptions.of(CliContext.given(parsed)).nodePid();
    }

    static void requireNoConflict(ParseResult parsed) {
        refuseBeside(parsed, BenchOptions.CLIENT_ONLY.longName(), "runs without a cluster or Redis",
                List.of(LocalClusterOptions.EMBEDDED.longName(), BenchOptions.NODE_PID.longName(), "--contact-points", "--redis"));
        // The soak's record is its HTML report and its exit code; an option it would ignore is refused.
        refuseBeside(parsed, BenchOptions.SOAK.longName(), "writes soak-report.html and judges by its exit code",
                List.of(BenchOptions.CLIENT_ONLY.longName(), BenchOptions.BENCH_JSON.longName(),
                        BenchOptions.REPEAT.longName()));
        if (parsed.hasMatchedOption(LocalClusterOptions.EMBEDDED.longName()) && parsed.hasMatchedOption(BenchOptions.NODE_PID.longName())) {
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
