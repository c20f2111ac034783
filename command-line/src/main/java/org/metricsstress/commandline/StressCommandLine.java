package org.metricsstress.commandline;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * The one command-line parser of every front end: picocli's, with a model built from the option
 * table. The standalone jar and the Karaf command both read their words through it, so they accept
 * the same spellings ({@code -n 10}, {@code -n10}, {@code --nodes=10}) and refuse the same mistakes
 * with the same one-line message.
 *
 * <p>Each table entry becomes a string-valued picocli option whose text goes back to the table's
 * own parser, so types, checks and messages live in one place, the core.
 */
public final class StressCommandLine {
    /** Usage lines wide enough that a default is never split over two lines. */
    private static final int HELP_WIDTH = 160;

    private final Map<String, OptionDef> byLongName = new HashMap<>();

    /** What a command line asked for. */
    public record Parsed(StressConfig.Builder builder, Set<String> given, boolean help) {}

    /** A command of its own (Karaf's {@code metrics:stress}) offering {@code offered} and {@code -h/--help}. */
    public CommandSpec command(String name, Collection<OptionDef> offered) {
        CommandSpec spec = CommandSpec.create().name(name);
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).description("print this help").build());
        spec.usageMessage().width(HELP_WIDTH).sortOptions(false);
        addAll(spec, offered);
        return spec;
    }

    /** Adds the table's options to a picocli command. */
    public void addAll(CommandSpec spec, Collection<OptionDef> defs) {
        spec.usageMessage().width(HELP_WIDTH);
        for (OptionDef d : defs) {
            // picocli formats descriptions with String.format: a literal % must be doubled.
            OptionSpec.Builder o = OptionSpec.builder(d.names()).description(d.helpWithDefault().replace("%", "%%"));
            if (d.isFlag()) {
                o.arity("0").type(boolean.class);
            } else {
                o.arity("1").type(String.class).paramLabel(d.label());
            }
            spec.addOption(o.build());
            byLongName.put(d.longName(), d);
        }
    }

    /** Parses {@code args} against a command made by {@link #command}; a mistake is one {@link ConfigException}. */
    public Parsed parse(CommandSpec spec, List<String> args, Map<String, String> env) {
        ParseResult parsed;
        try {
            parsed = new CommandLine(spec).parseArgs(args.toArray(new String[0]));
        } catch (CommandLine.ParameterException e) {
            throw new ConfigException(e.getMessage());
        }
        Collection<OptionDef> offered = offered(spec);
        return new Parsed(builder(parsed, offered, env, Map.of()), given(parsed), parsed.isUsageHelpRequested());
    }

    /**
     * The configuration a parsed command asks for: the table's defaults, then {@code defaults}
     * (text by long name, a subcommand's own) for options not given, then the typed options, then
     * environment variables for what is still unset.
     */
    public StressConfig.Builder builder(ParseResult parsed, Collection<OptionDef> offered, Map<String, String> env,
            Map<String, String> defaults) {
        StressConfig.Builder b = StressConfig.builder();
        defaults.forEach((name, value) -> {
            if (!parsed.hasMatchedOption(name)) {
                StressOptions.byName(name).apply(b, value);
            }
        });
        for (OptionSpec o : parsed.matchedOptions()) {
            OptionDef d = byLongName.get(o.longestName());
            if (d != null && d.configures()) {
                d.apply(b, d.isFlag() ? "true" : (String) o.getValue());
            }
        }
        StressOptions.applyEnvironment(b, offered, given(parsed), env);
        return b;
    }

    /** The long names of the table options given. */
    public Set<String> given(ParseResult parsed) {
        Set<String> given = new LinkedHashSet<>();
        for (OptionSpec o : parsed.matchedOptions()) {
            OptionDef d = byLongName.get(o.longestName());
            if (d != null) {
                given.add(d.longName());
            }
        }
        return given;
    }

    /** The option list of a command's help, one option per entry with its default. */
    public static String optionsHelp(CommandSpec spec) {
        return new CommandLine(spec).getHelp().optionList();
    }

    private Collection<OptionDef> offered(CommandSpec spec) {
        return spec.options().stream().map(o -> byLongName.get(o.longestName())).filter(d -> d != null).toList();
    }
}
