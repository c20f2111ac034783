package org.metricsstress.commands;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.metricsstress.api.CacheCheck;
import org.metricsstress.api.ExitCode;
import org.metricsstress.bench.Bench;
import org.metricsstress.bench.BenchOptions;
import org.metricsstress.bench.BenchReport;
import org.metricsstress.bench.BenchRepeats;
import org.metricsstress.bench.BenchResult;
import org.metricsstress.bench.BenchSetup;
import org.metricsstress.bench.ClientOnlyBench;
import org.metricsstress.bench.Soak;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.config.CacheKind;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.BenchOptionDefs;
import org.metricsstress.config.LocalClusterOptionDefs;
import org.metricsstress.config.Option;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import org.metricsstress.config.WriterModel;
import org.metricsstress.config.WriterModels;
import org.metricsstress.failure.ClusterException;

/**
 * {@code bench}: the ceiling writer and the pipeline side by side against one node (see
 * {@link Bench}). Offers the shape, pipeline, cluster and schema options of a stress run; the bench
 * itself decides the rate, the duration, indexing and the ring policy of each phase.
 */
final class BenchCommand implements ToolCommand {
    /** Options a bench sets itself for each phase, so it does not offer them. */
    private static final Set<String> DECIDED_BY_BENCH = Set.of("--duration", "--rate-factor", "--on-full",
            "--burst", "--report", "--no-index", "--cache", "--redis-pool", "--redis-near-cache", "--prime-cache",
            "--no-prime-cache", "--priming-block", "--sink", "--compression");
    private static final Option<Boolean> EMBEDDED = LocalClusterOptionDefs.EMBEDDED;

    @Override
    public String name() {
        return "bench";
    }

    @Override
    public String description() {
        return "Measure the pipeline against a minimal writer on one node, side by side: ceiling, pipeline without "
                + "indexing, with a cold and a warm cache, at half the ceiling with reads flat out beside it, ceiling "
                + "again; prints a table and writes JSON. Shape defaults: " + shape() + ".";
    }

    @Override
    public List<OptionDef> options() {
        List<OptionDef> out = new ArrayList<>(StressOptions.withDefaults(RunOptions.but(DECIDED_BY_BENCH),
                StressOptions.BENCH_DEFAULTS));
        out.addAll(BenchOptions.own());
        return out;
    }

    @Override
    public boolean onOneNode() {
        return true;
    }

    /**
     * The bench's Redis phases choose their Redis themselves (it offers no --cache): on the --redis
     * given, else on the shell's own Redis, started after the node (so nothing to reach before it).
     */
    @Override
    public void reachBeforeNode(Invocation in) throws CacheUnavailableException {
        if (!in.given().given(StressOptions.REDIS)) {
            return;
        }
        StressConfig phases;
        try {
            phases = in.builder(Map.of()).index(true).cache(CacheKind.REDIS).build();
        } catch (ConfigException e) {
            return; // the bench builds its phases with its own defaults, and says what is wrong then
        }
        CacheCheck.reach(phases);
    }

    /** The bench's shape as help tells it: {@code -n 2000 -f 10 -g 5 -a 10 -s 2 (100,000 group resources)}. */
    static String shape() {
        StringBuilder sb = new StringBuilder();
        long groupResources = 1;
        for (Option<Integer> o : List.of(StressOptions.NODES, StressOptions.INTERFACES, StressOptions.GROUPS,
                StressOptions.ATTRIBUTES, StressOptions.STRINGS)) {
            String value = StressOptions.BENCH_DEFAULTS.getOrDefault(o.longName(), o.def().defaultShown());
            sb.append(o.def().shortName()).append(' ').append(value).append(' ');
            if (o != StressOptions.ATTRIBUTES && o != StressOptions.STRINGS) {
                groupResources *= o.parse(value);
            }
        }
        return sb.append(String.format(Locale.ROOT, "(%,d group resources)", groupResources)).toString();
    }

    @Override
    public void check(Invocation in) {
        refuseOffCassandraPaths(in);
        BenchOptions.of(in.given());
        refuseBeside(in, BenchOptionDefs.CLIENT_ONLY, "runs without a cluster or Redis",
                List.of(EMBEDDED, BenchOptionDefs.NODE_PID, StressOptions.CONTACT_POINTS, StressOptions.REDIS));
        // The soak's record is its HTML report and its exit code; an option it would ignore is refused.
        refuseBeside(in, BenchOptionDefs.SOAK, "writes soak-report.html and judges by its exit code",
                List.of(BenchOptionDefs.CLIENT_ONLY, BenchOptionDefs.BENCH_JSON, BenchOptionDefs.REPEAT));
        if (in.given().given(EMBEDDED) && in.given().given(BenchOptionDefs.NODE_PID)) {
            throw new ConfigException("--embedded reports its own node's CPU: leave out --node-pid");
        }
        in.builder(Map.of()).build();
    }

    /**
     * The bench measures writers against a Cassandra node (its ceiling writer is a Newts one): a path
     * that writes elsewhere has no place in it, and is refused before the missing receiver is.
     */
    private static void refuseOffCassandraPaths(Invocation in) {
        if (!in.given().given(StressOptions.WRITER)) {
            return;
        }
        for (WriterModel model : in.given().get(StressOptions.WRITER).paths().stream().map(WriterModels::of).toList()) {
            if (!model.writesToCassandra()) {
                throw new ConfigException("--writer " + in.given().text(StressOptions.WRITER) + ": bench measures the "
                        + "Newts writers against a Cassandra node and " + model.label() + " writes to none; "
                        + "search its rate with find-max");
            }
        }
    }

    /** With {@code option} given, any of {@code refused} is a usage error saying {@code why}. */
    private static void refuseBeside(Invocation in, Option<?> option, String why, List<Option<?>> refused) {
        if (!in.given().given(option)) {
            return;
        }
        for (Option<?> other : refused) {
            if (in.given().given(other)) {
                throw new ConfigException(option.longName() + ": " + why + "; leave out " + other.longName());
            }
        }
    }

    @Override
    public int run(Invocation in) throws ClusterException, CacheUnavailableException, InterruptedException {
        BenchOptions own = BenchOptions.of(in.given());
        if (own.clientOnly()) {
            // No node to start or reach: every request ends encoded in this JVM.
            bench(in, in::builder, () -> -1L);
            return ExitCode.OK;
        }
        return in.onOneNode((configured, node) -> {
            long pid = node > 0 ? node : own.nodePid();
            return bench(in, configured, pid > 0 ? processCpu(pid) : () -> -1L) ? ExitCode.OK : ExitCode.CRITERIA_FAILED;
        });
    }

    /**
     * Runs the bench against the contact points already set on the builders and prints its table;
     * false when a soak failed its judgement (exit code 1).
     */
    private static boolean bench(Invocation in, Invocation.Configured options, LongSupplier nodeCpu)
            throws ClusterException, CacheUnavailableException, InterruptedException {
        PrintStream out = in.out();
        BenchOptions own = BenchOptions.of(in.given());
        PrintStream runLog = own.verbose() ? out : new PrintStream(OutputStream.nullOutputStream());
        Map<String, String> defaults = new HashMap<>(StressOptions.BENCH_DEFAULTS);
        if (own.smoke()) {
            defaults.putAll(StressOptions.SMOKE_DEFAULTS); // the builder takes the shape; the bench's own are read above
        }
        Duration soak = own.soak();
        if (soak != null) {
            BenchSetup setup = new BenchSetup(() -> options.builder(defaults), own.warmupSamples(), own.phase(),
                    own.coldLimit(), nodeCpu, runLog, null, BenchSetup.SETTLE, in.stop());
            Path report = Path.of("soak-report.html");
            Soak.Judgement judgement = new Soak(setup, soak, report, out).run();
            out.println("soak report written to " + report.toAbsolutePath());
            return judgement.passed();
        }
        List<BenchResult> benches = new ArrayList<>();
        for (int k = 1; k <= own.repeat(); k++) {
            if (in.stop().requested()) {
                throw new InterruptedException("bench stopped before repeat " + k);
            }
            if (own.repeat() > 1) {
                out.printf("bench %d of %d%n", k, own.repeat());
            }
            benches.add(once(in, options, own, defaults, nodeCpu, runLog));
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
            BenchReport.write(result, own.json());
            out.println("bench figures written to " + own.json());
        } catch (IOException e) {
            out.println("could not write " + own.json() + ": " + e.getMessage());
        }
        return true;
    }

    /** One bench: client-only, or against the node with a local Redis when the shell starts one. */
    private static BenchResult once(Invocation in, Invocation.Configured options, BenchOptions own,
            Map<String, String> defaults, LongSupplier nodeCpu, PrintStream runLog)
            throws ClusterException, CacheUnavailableException, InterruptedException {
        if (own.clientOnly()) {
            Map<String, String> clientDefaults = new HashMap<>(defaults);
            clientDefaults.put("--threads", String.valueOf(Runtime.getRuntime().availableProcessors()));
            return new ClientOnlyBench(() -> options.builder(clientDefaults), own.phase(), own.coldLimit(), own.smoke(),
                    runLog, in.out()).stoppedBy(in.stop()).run();
        }
        boolean redisGiven = in.given().given(StressOptions.REDIS);
        try (Invocation.LocalService redis = redisGiven ? null : in.localRedis()) {
            URI uri = redis != null ? redis.uri() : redisGiven ? options.builder(defaults).build().index().redisUri() : null;
            BenchSetup setup = new BenchSetup(() -> options.builder(defaults), own.warmupSamples(), own.phase(),
                    own.coldLimit(), nodeCpu, runLog, uri, BenchSetup.SETTLE, in.stop());
            return new Bench(setup, in.out()).run();
        }
    }

    /** CPU time of a local process, or -1 once it is gone or cannot be read. */
    static LongSupplier processCpu(long pid) {
        return () -> ProcessHandle.of(pid)
                .flatMap(h -> h.info().totalCpuDuration())
                .map(Duration::toNanos)
                .orElse(-1L);
    }
}
