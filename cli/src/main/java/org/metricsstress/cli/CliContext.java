package org.metricsstress.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.metricsstress.api.ExitCode;
import org.metricsstress.commandline.StressCommandLine;
import org.metricsstress.config.GivenOptions;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import picocli.CommandLine.ParseResult;

/**
 * What every command of the jar works with: its output streams, the environment options fall back
 * to, the one parser over the option table, and whether it owns the JVM's signals (the jar does;
 * a test calling {@link Main} does not).
 */
record CliContext(PrintStream out, PrintStream err, Map<String, String> env, boolean handleSignals,
        StressCommandLine model) {
    static final String NAME = "metrics-stress";

    /** A usage error: one line pointing at --help, and the exit code that says so. */
    int usage(String message) {
        err.println(NAME + ": " + message + " (see " + NAME + " --help)");
        return ExitCode.USAGE;
    }

    /** A failure that is not the user's wording: one line, no stack trace. */
    void fail(String message) {
        err.println(NAME + ": " + message);
    }

    /** The options the user gave over {@code defaults}, then environment variables for the ones not given. */
    StressConfig.Builder builder(ParseResult parsed, List<OptionDef> offered, Map<String, String> defaults) {
        return model.builder(parsed, offered, env, defaults);
    }

    /**
     * What a subcommand of whole runs offers of a run's options: the plan, pacing, pipeline, cluster,
     * schema and index sections, less those it decides itself. A list the caller may add to.
     */
    static List<OptionDef> runOptionsBut(Set<String> decided) {
        List<OptionDef> out = new ArrayList<>();
        for (OptionDef d : StressOptions.in(EnumSet.of(OptionDef.Section.PLAN, OptionDef.Section.PACING,
                OptionDef.Section.PIPELINE, OptionDef.Section.CLUSTER, OptionDef.Section.SCHEMA,
                OptionDef.Section.INDEX))) {
            if (!decided.contains(d.longName())) {
                out.add(d);
            }
        }
        return out;
    }

    /** The typed value of one of a subcommand's own options (not the run's): given, else its default. */
    static Object own(ParseResult parsed, OptionDef d) {
        return StressCommandLine.own(parsed).value(d);
    }

    /** Builders for the runs of a command of several runs, each over defaults of its own. */
    Main.Configured configured(ParseResult parsed, List<OptionDef> offered) {
        return defaults -> builder(parsed, offered, defaults);
    }

    /** A subcommand's own options as the core reads them: typed values and, for messages, the text given. */
    static GivenOptions given(ParseResult parsed) {
        return StressCommandLine.own(parsed);
    }
}
