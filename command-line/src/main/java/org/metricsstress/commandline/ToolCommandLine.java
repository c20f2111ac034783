package org.metricsstress.commandline;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.metricsstress.stop.StopRequest;
import org.metricsstress.commands.Invocation;
import org.metricsstress.commands.Positionals;
import org.metricsstress.commands.ToolCommand;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.GivenOptions;
import org.metricsstress.config.LocalClusterOptionDefs;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * A {@link ToolCommand} as picocli sees it, the same in both shells: its options from the table
 * (with the local node's when it runs on one), its positional words, and one parsed command line
 * read back as an {@link Invocation}.
 */
public final class ToolCommandLine {
    /** The options of the node the jar starts for a command of one node ({@code --embedded} and its JDK and heap). */
    public static final List<OptionDef> ONE_NODE = List.of(LocalClusterOptionDefs.EMBEDDED.def(),
            LocalClusterOptionDefs.CASSANDRA_JAVA_HOME.def(), LocalClusterOptionDefs.EMBEDDED_HEAP.def());

    private ToolCommandLine() {}

    /** Everything the command offers in either shell: its options, then the local node's when it runs on one. */
    public static List<OptionDef> offered(ToolCommand command) {
        List<OptionDef> all = new ArrayList<>(command.options());
        if (command.onOneNode()) {
            all.addAll(ONE_NODE);
        }
        return all;
    }

    /** The command's picocli model under {@code name}, with {@code -h/--help}, and {@code -V/--version} when asked. */
    public static CommandSpec spec(ToolCommand command, String name, StressCommandLine model, boolean version) {
        CommandSpec spec = CommandSpec.create().name(name);
        if (version) {
            spec.mixinStandardHelpOptions(true);
        } else {
            spec.addOption(CommandLine.Model.OptionSpec.builder("-h", "--help").usageHelp(true)
                    .description("print this help").build());
        }
        spec.usageMessage().description(StressCommandLine.literal(command.description())).sortOptions(false);
        Positionals words = command.positionals();
        if (words.any()) {
            spec.addPositional(PositionalParamSpec.builder().index("0..*").arity(words.atLeastOne() ? "1..*" : "0..*")
                    .paramLabel(words.label()).type(List.class).auxiliaryTypes(String.class)
                    .description(StressCommandLine.literal(words.description())).build());
        }
        model.addAll(spec, offered(command));
        return spec;
    }

    /** Parses {@code words} against a spec made by {@link #spec}; a mistake is one {@link ConfigException}. */
    public static ParseResult parse(CommandSpec spec, List<String> words) {
        try {
            return new CommandLine(spec).parseArgs(words.toArray(new String[0]));
        } catch (CommandLine.ParameterException e) {
            throw new ConfigException(e.getMessage());
        }
    }

    /**
     * What every shell's invocation reads from a parsed command line: its own options, its words, the
     * run's configuration. The shell adds where output goes and what it can start.
     */
    public abstract static class Parsed implements Invocation {
        private final ParseResult parsed;
        private final StressCommandLine model;
        private final List<OptionDef> offered;
        private final Map<String, String> env;
        private final StopRequest stop = new StopRequest();

        protected Parsed(ParseResult parsed, StressCommandLine model, List<OptionDef> offered, Map<String, String> env) {
            this.parsed = parsed;
            this.model = model;
            this.offered = offered;
            this.env = env;
        }

        public ParseResult parseResult() {
            return parsed;
        }

        @Override
        public StopRequest stop() {
            return stop;
        }

        @Override
        public GivenOptions given() {
            return StressCommandLine.own(parsed);
        }

        @Override
        public List<String> positionals() {
            if (parsed.matchedPositional(0) == null) {
                return List.of();
            }
            return ((List<?>) parsed.matchedPositional(0).getValue()).stream().map(String::valueOf).toList();
        }

        @Override
        public StressConfig.Builder builder(Map<String, String> defaults) {
            return model.builder(parsed, offered, env, defaults);
        }

        @Override
        public abstract PrintStream out();
    }
}
