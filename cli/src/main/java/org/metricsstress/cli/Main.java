package org.metricsstress.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.metricsstress.api.ExitCode;
import org.metricsstress.api.Outcome;
import org.metricsstress.api.StressRun;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.LocalNode;
import org.metricsstress.cluster.containers.ContainerCluster;
import org.metricsstress.cluster.embedded.EmbeddedCassandra;
import org.metricsstress.cluster.embedded.EmbeddedCluster;
import org.metricsstress.cluster.fault.FaultInjector;
import org.metricsstress.cluster.fault.FaultPlan;
import org.metricsstress.commandline.StressCommandLine;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.Replication;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import org.metricsstress.api.StressRun;
import org.metricsstress.config.ValueType;
import org.metricsstress.engine.Version;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.newts.NewtsSchema;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/**
 * The standalone front end: {@code metrics-stress [options]} runs a stress,
 * {@code metrics-stress schema [options]} prints the CQL. It parses, builds the one
 * {@link StressConfig}, optionally starts an embedded Cassandra node, calls the engine and maps
 * the outcome to an {@link ExitCode}.
 */
public final class Main {
    static final String NAME = "metrics-stress";

    private final PrintStream out;
    private final PrintStream err;
    private final Map<String, String> env;
    private final boolean handleSignals;
    private final StressCommandLine model = new StressCommandLine();

    Main(PrintStream out, PrintStream err, Map<String, String> env, boolean handleSignals) {
        this.out = out;
        this.err = err;
        this.env = env;
        this.handleSignals = handleSignals;
    }

    public static void main(String[] args) {
        int code = new Main(System.out, System.err, System.getenv(), true).run(args);
        System.exit(code);
    }

    int run(String[] args) {
        CommandSpec root = commands();
        CommandLine cl = new CommandLine(root);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        ParseResult parsed;
        try {
            parsed = cl.parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            return usage(e.getMessage());
        }
        if (CommandLine.printHelpIfRequested(parsed)) {
            return ExitCode.OK;
        }
        try {
            if (parsed.subcommand() != null) {
                ParseResult sub = parsed.subcommand();
                return switch (sub.commandSpec().name()) {
                    case "report" -> SavedResults.report(sub, out, err);
                    case "compare" -> SavedResults.compare(sub, out, err);
                    case "merge" -> SavedResults.merge(sub, out);
                    case "verify" -> verify(sub);
                    case "bench" -> bench(sub);
                    case "find-max" -> findMax(sub);
                    default -> printSchema(sub);
                };
            }
            return stress(parsed);
        } catch (ConfigException e) {
            return usage(e.getMessage());
        }
    }

    /** The command and its subcommands, with the option table's options and the jar's own. */
    CommandSpec commands() {
        CommandSpec root = CommandSpec.create().name(NAME).version(NAME + " " + Version.get());
        root.mixinStandardHelpOptions(true);
        root.usageMessage()
                .description("Drives a Newts-style write pipeline (generator, ring buffer, writers) against a real "
                        + "Cassandra or ScyllaDB cluster and reports whether it keeps up.")
                .sortOptions(false)
                .abbreviateSynopsis(true)
                .commandListHeading("%nCommands:%n");
        model.addAll(root, StressOptions.all());
        addEmbeddedOptions(root);
        model.addAll(root, EMBEDDED_CLUSTER_OPTIONS);

        CommandSpec schema = CommandSpec.create().name("schema");
        schema.mixinStandardHelpOptions(true);
        schema.usageMessage().description("Print the CQL of the Newts schema this tool creates, without connecting.");
        model.addAll(schema, StressOptions.withDefaults(StressOptions.schemaOptions(), StressOptions.SCHEMA_DEFAULTS));
        root.addSubcommand("schema", schema);

        CommandSpec report = CommandSpec.create().name("report");
        report.mixinStandardHelpOptions(true);
        report.usageMessage().description("Make the HTML report of a saved result (--result-json).");
        report.addPositional(CommandLine.Model.PositionalParamSpec.builder().index("0").paramLabel("RESULT.json")
                .type(String.class).description("the result file").build());
        model.addAll(report, List.of(StressOptions.byName("--output")));
        root.addSubcommand("report", report);

        CommandSpec compare = CommandSpec.create().name("compare");
        compare.mixinStandardHelpOptions(true);
        compare.usageMessage().description("Compare two saved results side by side; exit 1 if B regressed beyond the bound.");
        compare.addPositional(CommandLine.Model.PositionalParamSpec.builder().index("0").paramLabel("A.json")
                .type(String.class).description("the baseline").build());
        compare.addPositional(CommandLine.Model.PositionalParamSpec.builder().index("1").paramLabel("B.json")
                .type(String.class).description("the candidate").build());
        model.addAll(compare, List.of(StressOptions.byName("--max-regression")));
        root.addSubcommand("compare", compare);

        CommandSpec merge = CommandSpec.create().name("merge");
        merge.mixinStandardHelpOptions(true);
        merge.usageMessage().description("Add the results of the instances of one plan (--instance I/N) into one "
                + "result, exactly: counts and latency histograms added, series by wall-clock interval.");
        merge.addPositional(CommandLine.Model.PositionalParamSpec.builder().index("0..*").arity("1..*")
                .paramLabel("RESULT.json").type(List.class).auxiliaryTypes(String.class)
                .description("the instances' result files").build());
        // The merged result is judged and reported as a run's: the run's --sla and --report-html.
        model.addAll(merge, List.of(StressOptions.byName("--output"), StressOptions.byName("--report-html"),
                StressOptions.byName("--sla"), StressOptions.byName("--partial")));
        root.addSubcommand("merge", merge);

        CommandSpec verify = CommandSpec.create().name("verify");
        verify.mixinStandardHelpOptions(true);
        verify.usageMessage().description("Read back what a run wrote, from an existing keyspace: every sample of a "
                + "share of its resources against the value function, each series complete but for what the run lost, "
                + "and their index rows; exit 1 on any mismatch.").sortOptions(false);
        model.addAll(verify, VerifyCommand.offered());
        model.addAll(verify, VerifyCommand.OWN);
        root.addSubcommand("verify", verify);

        CommandSpec bench = CommandSpec.create().name("bench");
        bench.mixinStandardHelpOptions(true);
        bench.usageMessage().description("Measure the pipeline against a minimal writer on one node, side by side: "
                + "ceiling, pipeline without indexing, with a cold and a warm cache, at half the ceiling with reads flat "
                + "out beside it, ceiling again; prints a table "
                + "and writes JSON. Shape defaults: " + BenchCommand.shape() + ".")
                .sortOptions(false);
        model.addAll(bench, BenchCommand.offered());
        model.addAll(bench, BenchCommand.OWN);
        addEmbeddedOptions(bench);
        root.addSubcommand("bench", bench);

        CommandSpec findMax = CommandSpec.create().name("find-max");
        findMax.mixinStandardHelpOptions(true);
        findMax.usageMessage().description("Find the highest rate the cluster sustains: steps of --step-duration at "
                + "rising rates until one fails, then bisection, each step judged by --sla and a ring backlog that "
                + "does not grow; prints a table of the steps and the answer (exit 0; 1 if no rate passed). "
                + "--result-json holds every step (its figures, judgement and whole run result) and the answer.")
                .sortOptions(false);
        model.addAll(findMax, FindMaxCommand.offered());
        model.addAll(findMax, FindMaxCommand.OWN);
        addEmbeddedOptions(findMax);
        root.addSubcommand("find-max", findMax);
        return root;
    }

    /** The jar's own options: a local cluster for the run. Defined in the option table, read here. */
    static final OptionDef EMBEDDED = StressOptions.byName("--embedded");
    static final OptionDef CASSANDRA_JAVA_HOME = StressOptions.byName("--cassandra-java-home");
    static final OptionDef EMBEDDED_HEAP = StressOptions.byName("--embedded-heap");
    static final OptionDef EMBEDDED_NODES = StressOptions.byName("--embedded-nodes");
    static final OptionDef EMBEDDED_FAULT = StressOptions.byName("--embedded-fault");
    static final OptionDef EMBEDDED_AUTH = StressOptions.byName("--embedded-auth");
    static final OptionDef EMBEDDED_TLS = StressOptions.byName("--embedded-tls");
    static final OptionDef EMBEDDED_IMAGE = StressOptions.byName("--embedded-image");
    static final List<OptionDef> EMBEDDED_OPTIONS = List.of(EMBEDDED, CASSANDRA_JAVA_HOME, EMBEDDED_HEAP);
    /** Only a stress run has a cluster, a plan of faults and a secured path; the bench measures one plain node. */
    static final List<OptionDef> EMBEDDED_CLUSTER_OPTIONS = List.of(EMBEDDED_NODES, EMBEDDED_FAULT, EMBEDDED_AUTH,
            EMBEDDED_TLS, EMBEDDED_IMAGE);

    private void addEmbeddedOptions(CommandSpec spec) {
        model.addAll(spec, EMBEDDED_OPTIONS);
    }

    private int usage(String message) {
        err.println(NAME + ": " + message + " (see " + NAME + " --help)");
        return ExitCode.USAGE;
    }

    /** Applies the options the user gave, then environment variables for the ones not given. */
    StressConfig.Builder builder(ParseResult parsed, List<OptionDef> offered) {
        return model.builder(parsed, offered, env, Map.of());
    }

    private int printSchema(ParseResult parsed) {
        StressConfig c = model.builder(parsed, StressOptions.schemaOptions(), env, StressOptions.SCHEMA_DEFAULTS).build();
        String dc = c.localDc();
        Replication replication = c.replicationIn(dc);
        if (c.replication() == null) {
            out.println("-- replication: the local data centre with RF 1 ('" + dc + "' here; "
                    + "a run uses the DC it connects to). Set it with --replication dc1:3,dc2:3");
        }
        for (String cql : NewtsSchema.statements(c.keyspace(), replication.toCql(), c.twcsWindow(), c.gcGrace())) {
            out.println(cql + ";");
            out.println();
        }
        out.println("-- samples are written with USING TTL " + c.ttl().getSeconds()
                + " (--ttl), in UNLOGGED batches of up to --batch-commits group commits on one replica");
        return ExitCode.OK;
    }

    private int stress(ParseResult parsed) {
        StressConfig.Builder b = builder(parsed, StressOptions.all());
        if (embeddedWithContactPoints(parsed)) {
            return usage("--embedded starts its own node: leave out --contact-points");
        }
        b.build(); // validate everything before spending seconds on a node
        ClusterLayout layout = layout(parsed);
        FaultPlan faults = faultPlan(parsed, layout);
        Lifecycle lifecycle = new Lifecycle();
        if (handleSignals) {
            // From before the cluster starts: once start() returns, the cluster is this run's to stop.
            Runtime.getRuntime().addShutdownHook(new Thread(lifecycle::onSignal, "metrics-stress-shutdown"));
        }
        return onCluster(parsed, layout, cluster -> lifecycle.cluster = cluster, lifecycle.finished::countDown, cluster -> {
            if (cluster != null) {
                b.contactPoints(List.of(contactPoint(cluster.contactPoint()))).localDc(cluster.localDc());
                if (!parsed.hasMatchedOption("--replication")) {
                    b.replication(Replication.parse("--embedded-nodes", cluster.defaultReplication()));
                }
                if (cluster.passwordAuth() && !parsed.hasMatchedOption("--username")) {
                    b.username(EmbeddedCluster.SUPERUSER).password(EmbeddedCluster.SUPERUSER);
                }
                if (cluster.tls() != null && !parsed.hasMatchedOption("--truststore")) {
                    b.truststore(cluster.tls().truststore()).truststorePassword(cluster.tls().truststorePassword());
                }
            }
            StressConfig config = b.build();
            StressRun run = new StressRun(config, out);
            lifecycle.run = run;
            lifecycle.drainBound = config.drainTimeout().toMillis() + config.requestTimeout().toMillis() + 30_000;
            Outcome outcome;
            try (FaultInjector injector = cluster == null ? null : new FaultInjector(cluster, faults, run::event)
                    .start(run)) {
                outcome = run.execute();
            }
            if (!outcome.passed()) {
                err.println(NAME + ": " + outcome.problem());
            }
            return outcome.exitCode();
        });
    }

    /** Makes a configuration builder for a bench phase: the user's options over the given defaults. */
    interface Configured {
        StressConfig.Builder builder(Map<String, String> defaults);
    }

    private int bench(ParseResult parsed) {
        List<OptionDef> offered = BenchCommand.offered();
        if (embeddedWithContactPoints(parsed)) {
            return usage("--embedded starts its own node: leave out --contact-points");
        }
        BenchCommand.validate(parsed);
        long pid = BenchCommand.nodePid(parsed);
        builder(parsed, offered).build(); // validate before spending seconds on a node
        if (BenchCommand.clientOnly(parsed)) {
            // No node to start or reach: every request ends encoded in this JVM.
            return onCluster(parsed, ClusterLayout.SINGLE, started -> { }, () -> { }, cluster -> {
                BenchCommand.run(parsed, defaults -> model.builder(parsed, offered, env, defaults), () -> -1L, out);
                return ExitCode.OK;
            });
        }
        return onOneNode(parsed, offered, (configured, node) -> {
            long nodePid = node != null ? node.pid() : pid;
            return BenchCommand.run(parsed, configured, nodePid > 0 ? BenchCommand.processCpu(nodePid) : () -> -1L, out)
                    ? ExitCode.OK : ExitCode.CRITERIA_FAILED;
        });
    }

    private int verify(ParseResult parsed) {
        List<OptionDef> offered = VerifyCommand.offered();
        try {
            return VerifyCommand.run(parsed, defaults -> model.builder(parsed, offered, env, defaults), out);
        } catch (ClusterException e) {
            err.println(NAME + ": " + e.getMessage());
            return ExitCode.CLUSTER;
        }
    }

    private int findMax(ParseResult parsed) {
        List<OptionDef> offered = FindMaxCommand.offered();
        if (embeddedWithContactPoints(parsed)) {
            return usage("--embedded starts its own node: leave out --contact-points");
        }
        // Everything, the rates against the plan too, before spending seconds on a node.
        FindMaxCommand.validate(parsed, defaults -> model.builder(parsed, offered, env, defaults));
        return onOneNode(parsed, offered, (configured, node) -> FindMaxCommand.run(parsed, configured, out));
    }

    /** A command of several runs against one node: the embedded one, or --contact-points (node null). */
    private interface OnOneNode {
        int run(Configured configured, EmbeddedCassandra node)
                throws ClusterException, CacheUnavailableException, InterruptedException;
    }

    /** Starts the embedded node when asked; every run's configuration then points at it. */
    private int onOneNode(ParseResult parsed, List<OptionDef> offered, OnOneNode body) {
        return onCluster(parsed, ClusterLayout.SINGLE, started -> {
            if (handleSignals) {
                Runtime.getRuntime().addShutdownHook(new Thread(started::close, "metrics-stress-shutdown"));
            }
        }, () -> { }, cluster -> {
            EmbeddedCassandra node = cluster == null ? null : ((EmbeddedCluster) cluster).nodes().get(0);
            Configured configured = defaults -> {
                StressConfig.Builder b = model.builder(parsed, offered, env, defaults);
                if (node != null) {
                    b.contactPoints(List.of(contactPoint(node.cqlAddress()))).localDc(node.datacenter());
                }
                return b;
            };
            return body.run(configured, node);
        });
    }

    /** What a front-end command does once its cluster (embedded, or null for --contact-points) is there. */
    private interface OnCluster {
        int run(LocalCluster cluster) throws ClusterException, CacheUnavailableException, InterruptedException;
    }

    /** The embedded cluster's shape; a layout without --embedded is a mistake worth a line. */
    private static ClusterLayout layout(ParseResult parsed) {
        for (OptionDef d : List.of(EMBEDDED_AUTH, EMBEDDED_TLS)) {
            if (parsed.hasMatchedOption(d.longName()) && !parsed.hasMatchedOption("--embedded")) {
                throw new ConfigException(d.longName() + ": secures the nodes --embedded starts; add --embedded");
            }
            if (parsed.hasMatchedOption(d.longName()) && parsed.hasMatchedOption(EMBEDDED_IMAGE.longName())) {
                throw new ConfigException(d.longName() + ": secures child-JVM nodes only; leave out --embedded-image");
            }
        }
        if (parsed.hasMatchedOption(EMBEDDED_IMAGE.longName()) && !parsed.hasMatchedOption("--embedded")) {
            throw new ConfigException("--embedded-image: says what --embedded starts; add --embedded");
        }
        String text = parsed.matchedOptionValue(EMBEDDED_NODES.longName(), null);
        if (text != null && !parsed.hasMatchedOption("--embedded")) {
            throw new ConfigException("--embedded-nodes: shapes the cluster --embedded starts; add --embedded");
        }
        return text == null ? ClusterLayout.SINGLE : ClusterLayout.parse(text);
    }

    private static FaultPlan faultPlan(ParseResult parsed, ClusterLayout layout) {
        String text = parsed.matchedOptionValue(EMBEDDED_FAULT.longName(), null);
        if (text != null && !parsed.hasMatchedOption("--embedded")) {
            throw new ConfigException("--embedded-fault: acts on the nodes --embedded starts; add --embedded"
                    + " (for a cluster of your own, use your own tooling)");
        }
        return FaultPlan.parse(text).checkedAgainst(layout)
                .checkedFor(parsed.hasMatchedOption(EMBEDDED_IMAGE.longName()));
    }

    /**
     * Starts the embedded cluster when asked, runs {@code body}, maps its failures to exit codes with
     * one line each, and stops the nodes whatever happened.
     */
    private int onCluster(ParseResult parsed, ClusterLayout layout,
            java.util.function.Consumer<LocalCluster> started, Runnable finished, OnCluster body) {
        LocalCluster cluster = null;
        try {
            if (parsed.hasMatchedOption("--embedded")) {
                cluster = startEmbedded(parsed, layout);
                started.accept(cluster);
            }
            return body.run(cluster);
        } catch (LocalClusterException | ClusterException | CacheUnavailableException e) {
            err.println(NAME + ": " + e.getMessage());
            return ExitCode.CLUSTER;
        } catch (ConfigException e) {
            return usage(e.getMessage());
        } catch (InterruptedException e) {
            err.println(NAME + ": interrupted");
            return ExitCode.CLUSTER;
        } catch (RuntimeException e) {
            err.println(NAME + ": internal error (please report): " + e);
            e.printStackTrace(err);
            return ExitCode.INTERNAL;
        } finally {
            if (cluster != null) {
                out.println("stopping " + cluster.kind() + " (" + cluster.nodes().stream().map(LocalNode::handle)
                        .collect(java.util.stream.Collectors.joining(", ")) + ")");
                cluster.close();
            }
            finished.run();
        }
    }

    private static boolean embeddedWithContactPoints(ParseResult parsed) {
        return parsed.hasMatchedOption("--embedded") && parsed.hasMatchedOption("--contact-points");
    }

    private static ContactPoint contactPoint(java.net.InetSocketAddress cql) {
        return new ContactPoint(cql.getHostString(), cql.getPort());
    }

    private LocalCluster startEmbedded(ParseResult parsed, ClusterLayout layout) throws LocalClusterException {
        String javaHome = parsed.matchedOptionValue(CASSANDRA_JAVA_HOME.longName(), null);
        Path jdk = javaHome == null ? null : (Path) CASSANDRA_JAVA_HOME.parse(javaHome);
        String heap = parsed.matchedOptionValue(EMBEDDED_HEAP.longName(), (String) EMBEDDED_HEAP.defaultValue());
        if (!heap.matches("\\d+[mMgG]")) {
            throw new ConfigException("--embedded-heap: '" + heap + "' is not a heap size such as 512M or 2G");
        }
        String image = parsed.matchedOptionValue(EMBEDDED_IMAGE.longName(), null);
        if (image != null) {
            return ContainerCluster.start(image, layout, heap, out::println);
        }
        EmbeddedCluster.Security security = new EmbeddedCluster.Security(
                parsed.hasMatchedOption(EMBEDDED_AUTH.longName()), parsed.hasMatchedOption(EMBEDDED_TLS.longName()));
        return EmbeddedCluster.start(layout, security, eb -> {
            eb.output(out::println).heap(heap);
            if (jdk != null) {
                eb.javaHome(jdk);
            }
        }, out::println);
    }

    /**
     * What Ctrl-C (SIGINT/SIGTERM) must do: stop generating, let the main thread drain, print the
     * summary and stop the embedded node, then let the JVM go.
     */
    private static final class Lifecycle {
        final CountDownLatch finished = new CountDownLatch(1);
        volatile StressRun run;
        volatile LocalCluster cluster;
        volatile long drainBound = 60_000;

        void onSignal() {
            StressRun r = run;
            if (r != null) {
                r.stop();
            }
            try {
                if (!finished.await(drainBound, TimeUnit.MILLISECONDS)) {
                    LocalCluster c = cluster;
                    if (c != null) {
                        c.close();
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
