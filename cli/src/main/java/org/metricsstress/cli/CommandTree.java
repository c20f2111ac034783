package org.metricsstress.cli;

import java.util.List;
import org.metricsstress.commandline.StressCommandLine;
import org.metricsstress.config.StressOptions;
import org.metricsstress.api.Tool;
import org.metricsstress.api.Sizing;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/** The jar's command and subcommands as picocli sees them, every option from the option table. */
final class CommandTree {
    private CommandTree() {}

    static CommandSpec root(StressCommandLine model) {
        CommandSpec root = CommandSpec.create().name(CliContext.NAME).version(Tool.versionLine());
        root.mixinStandardHelpOptions(true);
        root.usageMessage()
                .description("Drives a Newts-style write pipeline (generator, ring buffer, writers) against a real "
                        + "Cassandra or ScyllaDB cluster and reports whether it keeps up.")
                .sortOptions(false)
                .abbreviateSynopsis(true)
                .commandListHeading("%nCommands:%n");
        model.addAll(root, StressOptions.all());
        model.addAll(root, LocalClusterOptions.ONE_NODE);
        model.addAll(root, LocalClusterOptions.CLUSTER_ONLY);

        CommandSpec schema = CommandSpec.create().name("schema");
        schema.mixinStandardHelpOptions(true);
        schema.usageMessage().description("Print the CQL of the Newts schema this tool creates, without connecting.");
        model.addAll(schema, StressOptions.withDefaults(StressOptions.schemaOptions(), StressOptions.SCHEMA_DEFAULTS));
        root.addSubcommand("schema", schema);

        CommandSpec report = CommandSpec.create().name("report");
        report.mixinStandardHelpOptions(true);
        report.usageMessage().description("Make the HTML report of a saved result (--result-json); of several, "
                + "one page with their charts overlaid and each judged against the first.");
        report.addPositional(PositionalParamSpec.builder().index("0..*").arity("1..*").paramLabel("RESULT.json")
                .type(List.class).auxiliaryTypes(String.class).description("the result file(s); the first is the baseline")
                .build());
        model.addAll(report, List.of(StressOptions.byName("--output")));
        root.addSubcommand("report", report);

        CommandSpec compare = CommandSpec.create().name("compare");
        compare.mixinStandardHelpOptions(true);
        compare.usageMessage().description("Compare saved results side by side, each figure's change with its 95% "
                + "interval: better, worse or within noise; exit 1 if B regressed, significantly and beyond the bound "
                + "(docs/reports.md). One run per side (A B), or several (A1 A2 --vs B1 B2).");
        compare.addPositional(PositionalParamSpec.builder().index("0..*").arity("0..*").paramLabel("A.json")
                .type(List.class).auxiliaryTypes(String.class)
                .description("A (the baseline) then B (the candidate); with --vs, A's runs").build());
        model.addAll(compare, List.of(StressOptions.byName("--vs"), StressOptions.byName("--max-regression"),
                StressOptions.byName("--output"), StressOptions.byName("--result-json")));
        root.addSubcommand("compare", compare);

        CommandSpec merge = CommandSpec.create().name("merge");
        merge.mixinStandardHelpOptions(true);
        merge.usageMessage().description("Add the results of the instances of one plan (--instance I/N) into one "
                + "result, exactly: counts and latency histograms added, series by wall-clock interval.");
        merge.addPositional(PositionalParamSpec.builder().index("0..*").arity("1..*")
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

        CommandSpec disk = CommandSpec.create().name("disk");
        disk.mixinStandardHelpOptions(true);
        disk.usageMessage().description("Measure an existing Newts keyspace on disk over the local DC's nodes (JMX "
                + "table metrics at --node-jmx-port, else CQL estimates; --flush first), per copy of the data, and "
                + "project its retention per node at --project-rate (docs/disk-and-retention.md).").sortOptions(false);
        model.addAll(disk, DiskCommand.offered());
        model.addAll(disk, List.of(DiskCommand.COUNT_ROWS));
        root.addSubcommand("disk", disk);

        CommandSpec bench = CommandSpec.create().name("bench");
        bench.mixinStandardHelpOptions(true);
        bench.usageMessage().description("Measure the pipeline against a minimal writer on one node, side by side: "
                + "ceiling, pipeline without indexing, with a cold and a warm cache, at half the ceiling with reads flat "
                + "out beside it, ceiling again; prints a table "
                + "and writes JSON. Shape defaults: " + BenchCommand.shape() + ".")
                .sortOptions(false);
        model.addAll(bench, BenchCommand.offered());
        model.addAll(bench, BenchCommand.OWN);
        model.addAll(bench, LocalClusterOptions.ONE_NODE);
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
        model.addAll(findMax, LocalClusterOptions.ONE_NODE);
        root.addSubcommand("find-max", findMax);

        CommandSpec tune = CommandSpec.create().name("tune");
        tune.mixinStandardHelpOptions(true);
        tune.usageMessage().description("Advice proven by a run: run the plan, apply the advice (OpenNMS's cache.max_entries, "
                + "ring_buffer_size, writer_threads), run again, until a run keeps up, the cluster is the limit or "
                + "--max-rounds runs are done; every round starts from a cold cache. Prints a table of the rounds and the "
                + "properties that kept up (--advice-file writes them; --result-json holds the last run with its rounds). "
                + "Exit 0 when the last round kept up, 1 when not (docs/diagnosis.md).").sortOptions(false);
        model.addAll(tune, TuneCommand.offered());
        model.addAll(tune, TuneCommand.OWN);
        model.addAll(tune, LocalClusterOptions.ONE_NODE);
        root.addSubcommand("tune", tune);

        CommandSpec size = CommandSpec.create().name("size");
        size.mixinStandardHelpOptions(true);
        size.usageMessage().description("Nodes per DC for a target (--target, or the plan's flags): by throughput (the "
                + "USL fitted to find-max results at three or more cluster sizes, else linear per-node scaling, said), "
                + "by disk (a --disk run's bytes per sample and per resource, --retention, --replication, --node-disk) and "
                + "by the cold start (a cold run's costs, the ring over --max-drain), and the one that binds; reads "
                + "files, connects to nothing (docs/sizing.md).").sortOptions(false);
        model.addAll(size, Sizing.sizeOffered());
        model.addAll(size, Sizing.SIZE_OWN);
        root.addSubcommand("size", size);

        CommandSpec predict = CommandSpec.create().name("predict");
        predict.mixinStandardHelpOptions(true);
        predict.usageMessage().description("Predict OpenNMS's writer's cold start for a plan (its flags, --ring-size, "
                + "--cache-max-entries, --writer-threads), calibrated on a cold run's result (--from run.json): when the "
                + "ring fills, how long it drops, when it drains, its peak (docs/sizing.md).").sortOptions(false);
        model.addAll(predict, Sizing.predictOffered());
        model.addAll(predict, Sizing.PREDICT_OWN);
        root.addSubcommand("predict", predict);
        return root;
    }
}
