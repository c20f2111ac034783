package org.metricsstress.karaf;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.karaf.shell.api.console.Command;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Parser;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.CommandException;
import org.metricsstress.api.Outcome;
import org.metricsstress.api.Tool;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.commandline.StressCommandLine;
import org.metricsstress.commands.Commands;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import org.metricsstress.failure.ClusterException;

/**
 * {@code metrics:stress}: OpenNMS's command, with the option table of the standalone CLI.
 *
 * <p>This is Karaf's low-level {@link Command}, not an annotated {@code Action}: Karaf parses an
 * Action's options itself from {@code @Option} fields and rejects any {@code -x} it does not know
 * (and takes {@code --help} for its own), so the table would have to be written out a second time
 * as annotated fields. A {@code Command} receives the words as typed; {@link StressCommandLine},
 * the parser the standalone jar uses too, reads them against {@link StressOptions#all()}, so both
 * front ends accept the same spellings with the same checks and messages.
 *
 * <p>A run that completes but fails its criteria fails the command, with the one line the jar
 * prints before it exits 1, so a script over {@code ssh} sees a non-zero status in both cases.
 */
final class StressCommand implements Command {
    static final String SCOPE = "metrics";
    static final String NAME = "stress";
    static final String FULL_NAME = SCOPE + ":" + NAME;

    private final AdminSettings settings;
    private final OneRunAtATime runs;
    private final Map<String, String> environment;
    private final Supplier<PrintStream> output;

    /**
     * @param output where the command prints: in Karaf, {@code System.out}, which the shell points
     *               at the executing command's own output, so that {@code metrics:stress ... | grep}
     *               and {@code help metrics:stress} (which captures it) work as for any command
     */
    StressCommand(AdminSettings settings, OneRunAtATime runs, Map<String, String> environment,
            Supplier<PrintStream> output) {
        this.settings = settings;
        this.runs = runs;
        this.environment = environment;
        this.output = output;
    }

    @Override
    public String getScope() {
        return SCOPE;
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public String getDescription() {
        return Commands.STRESS_DESCRIPTION;
    }

    @Override
    public Completer getCompleter(boolean scoped) {
        return new OptionNameCompleter(offered());
    }

    @Override
    public Parser getParser() {
        return null; // Karaf's own tokenizer: quoting works as for every other command
    }

    @Override
    public Object execute(Session session, List<Object> arguments) throws Exception {
        PrintStream console = output.get();
        try {
            List<String> typed = words(arguments);
            if (typed.equals(List.of("--version"))) {
                console.println(Tool.versionLine());
                return null;
            }
            StressCommandLine.Parsed asTyped = AdminSettings.parse(typed, Map.of());
            if (asTyped.help()) {
                Help.print(console, settings.current());
                return null;
            }
            LocalNodeOptions.refuse(asTyped.given());
            StressConfig config = settings.withTyped(typed, environment).builder().build();
            Outcome outcome = runs.run(config, console);
            if (!outcome.passed()) {
                throw failure(outcome.problem());
            }
            return null; // the summary is printed; a returned object would be echoed by the shell
        } catch (ConfigException e) {
            throw failure(e.getMessage() + " (see " + FULL_NAME + " --help)");
        } catch (ClusterException | CacheUnavailableException | OneRunAtATime.Refused e) {
            throw failure(e.getMessage());
        }
    }

    /**
     * What the jar's plain run offers: the table's run options and its local cluster's, which this
     * shell parses only to refuse in one line ({@link LocalNodeOptions}).
     */
    static List<OptionDef> offered() {
        List<OptionDef> all = new ArrayList<>(StressOptions.all());
        all.addAll(StressOptions.own(OptionDef.Section.LOCAL_CLUSTER));
        return all;
    }

    /** Gogo hands over tokens it evaluated (a bare {@code true} is a Boolean): back to the text typed. */
    static List<String> words(List<Object> arguments) {
        List<String> words = new ArrayList<>(arguments.size());
        for (Object a : arguments) {
            words.add(String.valueOf(a));
        }
        return words;
    }

    /**
     * Karaf prints a {@link CommandException}'s help text as is and nothing else (the stack trace
     * only goes to the log at debug level), and the command counts as failed, so an SSH client gets
     * a non-zero exit status.
     */
    private static CommandException failure(String message) {
        return failure(FULL_NAME, message);
    }

    /** The one line a command of this bundle fails with, its name first. */
    static CommandException failure(String command, String message) {
        String line = command + ": " + message;
        return new CommandException(line, line);
    }
}
