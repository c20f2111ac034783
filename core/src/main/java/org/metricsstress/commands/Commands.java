package org.metricsstress.commands;

import java.util.List;
import java.util.Optional;

/**
 * Every subcommand of the tool, in the order help lists them. Both shells offer exactly these (the
 * jar as {@code metrics-stress NAME}, Karaf as {@code metrics:NAME}), besides the plain run
 * ({@code metrics-stress [options]}, Karaf's {@code metrics:stress}); a test compares the two.
 */
public final class Commands {
    /** What the plain run does, as both shells describe it. */
    public static final String STRESS_DESCRIPTION = "Drive a Newts-style write pipeline (generator, ring buffer, "
            + "writers) against a real Cassandra or ScyllaDB cluster and report whether it keeps up.";

    private static final List<ToolCommand> ALL = List.of(new SchemaCommand(), new ReportCommand(), new JudgeCommand(),
            new CompareCommand(), new MergeCommand(), new VerifyCommand(), new DiskCommand(), new BenchCommand(),
            new FindMaxCommand(), new TuneCommand(), new SizeCommand(), new PredictCommand());

    private Commands() {}

    public static List<ToolCommand> all() {
        return ALL;
    }

    public static Optional<ToolCommand> named(String name) {
        return ALL.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /** --max-regression's default: for pages that judge runs without compare's options (tune's rounds). */
    public static double defaultRegressionBound() {
        return CompareCommand.defaultRegressionBound();
    }
}
