package org.metricsstress.commandline;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.GivenOptions;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
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
    /** The heading of the options no section holds: picocli's help and version. */
    public static final String HELP_HEADING = "help";

    private final Map<String, OptionDef> byLongName = new HashMap<>();

    /** What a command line asked for. */
    public record Parsed(StressConfig.Builder builder, Set<String> given, boolean help, GivenOptions own) {}

    /** A command of its own (Karaf's {@code metrics:stress}) offering {@code offered} and {@code -h/--help}. */
    public CommandSpec command(String name, Collection<OptionDef> offered) {
        CommandSpec spec = CommandSpec.create().name(name);
        spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true).description("print this help").build());
        spec.usageMessage().width(HELP_WIDTH).sortOptions(false);
        addAll(spec, offered);
        return spec;
    }

    /**
     * {@code text} as picocli must be given it to print it as written. picocli passes every
     * description through {@code String.format}, so a "95% interval" is read as a conversion, and on
     * the failure it prints a warning and the text with its {@code %n} unreplaced. Every text a
     * shell hands picocli goes through here; Karaf prints the same texts itself, unescaped.
     */
    public static String literal(String text) {
        return text.replace("%", "%%");
    }

    /** Adds the table's options to a picocli command, whose help then lists its options by section. */
    public void addAll(CommandSpec spec, Collection<OptionDef> defs) {
        spec.usageMessage().width(HELP_WIDTH);
        spec.usageMessage().sectionMap().put(UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING, help -> "");
        spec.usageMessage().sectionMap().put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, this::bySection);
        for (OptionDef d : defs) {
            OptionSpec.Builder o = OptionSpec.builder(d.names()).description(literal(d.helpWithDefault()));
            if (d.isFlag()) {
                o.arity("0").type(boolean.class);
            } else if (d.severalAfterOne()) {
                o.arity("1..*").type(List.class).auxiliaryTypes(String.class).paramLabel(d.label());
            } else if (d.repeatable()) {
                o.arity("1").type(List.class).auxiliaryTypes(String.class).paramLabel(d.label());
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
        return new Parsed(builder(parsed, offered, env, Map.of()), given(parsed), parsed.isUsageHelpRequested(),
                own(parsed));
    }

    /**
     * The configuration a parsed command asks for: the table's defaults, then {@code defaults}
     * (text by long name, a subcommand's, from the table) for options not given, then the typed options, then
     * environment variables for what is still unset.
     */
    public StressConfig.Builder builder(ParseResult parsed, Collection<OptionDef> offered, Map<String, String> env,
            Map<String, String> defaults) {
        StressConfig.Builder b = StressConfig.builder();
        defaults.forEach((name, value) -> {
            OptionDef d = StressOptions.byName(name);
            // A command's default for one of its own options (bench --smoke's --phase) is the command's to read.
            if (!parsed.hasMatchedOption(name) && d.configures()) {
                d.apply(b, value);
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

    /**
     * A command's own options (not the run's) as the core reads them: typed by the table, the
     * default when not given, a flag whether named, a repeatable option every value given.
     */
    public static GivenOptions own(ParseResult parsed) {
        return new GivenOptions() {
            @Override
            public Object value(OptionDef option) {
                if (option.isFlag()) {
                    return parsed.hasMatchedOption(option.longName());
                }
                if (option.repeatable()) {
                    List<Object> all = new ArrayList<>();
                    if (parsed.hasMatchedOption(option.longName())) {
                        for (Object text : (List<?>) parsed.matchedOption(option.longName()).getValue()) {
                            all.addAll((Collection<?>) option.parse(String.valueOf(text)));
                        }
                    }
                    return all;
                }
                String text = parsed.matchedOptionValue(option.longName(), null);
                return text != null ? option.parse(text) : option.defaultValue();
            }

            @Override
            public boolean given(OptionDef option) {
                return parsed.hasMatchedOption(option.longName());
            }

            @Override
            public String text(OptionDef option) {
                Object text = parsed.hasMatchedOption(option.longName())
                        ? parsed.matchedOption(option.longName()).getValue() : null;
                return text != null ? String.valueOf(text) : option.defaultShown();
            }
        };
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

    /** The option list of a command's help, under the sections' headings, one option per entry with its default. */
    public static String optionsHelp(CommandSpec spec) {
        CommandLine.Help help = new CommandLine(spec).getHelp();
        CommandLine.IHelpSectionRenderer list = spec.usageMessage().sectionMap()
                .get(UsageMessageSpec.SECTION_KEY_OPTION_LIST);
        return list != null ? list.render(help) : help.optionList();
    }

    /**
     * A command's options under their sections' headings ({@code Plan:}, {@code Pacing:}, ...), in
     * the sections' order, each in the order it was added; picocli's own ({@code -h}, {@code -V})
     * last, under {@value #HELP_HEADING}.
     */
    private String bySection(CommandLine.Help help) {
        Map<String, List<OptionSpec>> byHeading = new LinkedHashMap<>();
        for (OptionDef.Section s : OptionDef.Section.values()) {
            byHeading.put(s.heading(), new ArrayList<>());
        }
        byHeading.put(HELP_HEADING, new ArrayList<>());
        for (OptionSpec o : help.commandSpec().options()) {
            if (!o.hidden()) {
                OptionDef d = byLongName.get(o.longestName());
                byHeading.get(d == null ? HELP_HEADING : d.section().heading()).add(o);
            }
        }
        StringBuilder sb = new StringBuilder();
        byHeading.forEach((heading, options) -> {
            if (!options.isEmpty()) {
                sb.append(String.format("%n%s:%n", Character.toUpperCase(heading.charAt(0)) + heading.substring(1)));
                sb.append(help.optionListExcludingGroups(options));
            }
        });
        return sb.toString();
    }

    private Collection<OptionDef> offered(CommandSpec spec) {
        return spec.options().stream().map(o -> byLongName.get(o.longestName())).filter(d -> d != null).toList();
    }
}
