package org.metricsstress.karaf;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.karaf.shell.api.console.Command;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Parser;
import org.apache.karaf.shell.api.console.Session;
import org.metricsstress.api.ExitCode;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.commandline.StressCommandLine;
import org.metricsstress.commandline.ToolCommandLine;
import org.metricsstress.commands.ToolCommand;
import org.metricsstress.config.ConfigException;
import org.metricsstress.failure.ClusterException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code metrics:NAME}: one of the tool's {@link ToolCommand}s in Karaf's shell, with the options,
 * description and exit meaning it has in the jar. A raw {@link Command} for the reason
 * {@link StressCommand} gives. The settings of {@code etc/org.metricsstress.cfg} lie under the typed
 * words for the options the command offers. The jar's local node ({@code --embedded}) is refused in
 * one line; a command that runs load (bench, find-max, tune) takes the one run this Karaf allows.
 *
 * <p>Every failure is one line and fails the command, so {@code ssh ... metrics:NAME} exits non-zero:
 * a mistake before anything starts, an unreachable cluster, or the criteria the jar exits 1 on.
 */
final class ShellCommand implements Command {
    private final ToolCommand command;
    private final AdminSettings settings;
    private final OneRunAtATime runs;
    private final Map<String, String> environment;
    private final Supplier<PrintStream> output;

    ShellCommand(ToolCommand command, AdminSettings settings, OneRunAtATime runs, Map<String, String> environment,
            Supplier<PrintStream> output) {
        this.command = command;
        this.settings = settings;
        this.runs = runs;
        this.environment = environment;
        this.output = output;
    }

    String fullName() {
        return StressCommand.SCOPE + ":" + command.name();
    }

    @Override
    public String getScope() {
        return StressCommand.SCOPE;
    }

    @Override
    public String getName() {
        return command.name();
    }

    @Override
    public String getDescription() {
        return command.description();
    }

    @Override
    public Completer getCompleter(boolean scoped) {
        return new OptionNameCompleter(ToolCommandLine.offered(command));
    }

    @Override
    public Parser getParser() {
        return null;
    }

    @Override
    public Object execute(Session session, List<Object> arguments) throws Exception {
        PrintStream console = output.get();
        List<String> typed = StressCommand.words(arguments);
        try {
            StressCommandLine typedModel = new StressCommandLine();
            ParseResult asTyped = ToolCommandLine.parse(ToolCommandLine.spec(command, fullName(), typedModel, false),
                    typed);
            if (asTyped.isUsageHelpRequested()) {
                help(console, ToolCommandLine.spec(command, fullName(), new StressCommandLine(), false));
                return null;
            }
            LocalNodeOptions.refuse(typedModel.given(asTyped));
            // A new model for the whole line: picocli keeps what it matched in its model.
            StressCommandLine model = new StressCommandLine();
            CommandSpec spec = ToolCommandLine.spec(command, fullName(), model, false);
            List<String> words = settings.under(typed, typedModel.given(asTyped), ToolCommandLine.offered(command));
            ParseResult parsed = ToolCommandLine.parse(spec, words);
            Invocation in = new Invocation(parsed, model, console);
            command.check(in);
            int code = command.onOneNode() ? runs.exclusively(fullName(), in.stop(), () -> command.run(in)) : command.run(in);
            if (code != ExitCode.OK) {
                throw StressCommand.failure(fullName(), ExitCode.meaning(code));
            }
            return null;
        } catch (ConfigException e) {
            throw StressCommand.failure(fullName(), e.getMessage() + " (see " + fullName() + " --help)");
        } catch (ClusterException | CacheUnavailableException | OneRunAtATime.Refused e) {
            throw StressCommand.failure(fullName(), e.getMessage());
        } catch (InterruptedException e) {
            // Ctrl-C stopped a command of several runs: it did not finish, and says where it stopped.
            Thread.currentThread().interrupt();
            throw StressCommand.failure(fullName(), e.getMessage() == null ? "interrupted" : e.getMessage());
        }
    }

    private void help(PrintStream console, CommandSpec spec) {
        String words = command.positionals().any() ? " " + command.positionals().label() + "..." : "";
        console.println("Usage: " + fullName() + " [options]" + words);
        console.println(command.description());
        console.print(StressCommandLine.optionsHelp(spec));
    }

    /** The command line in OpenNMS's shell: output to the session, no node of its own, no local Redis. */
    private final class Invocation extends ToolCommandLine.Parsed {
        private final PrintStream console;

        Invocation(ParseResult parsed, StressCommandLine model, PrintStream console) {
            super(parsed, model, ToolCommandLine.offered(command), environment);
            this.console = console;
        }

        @Override
        public PrintStream out() {
            return console;
        }

        @Override
        public String shellName() {
            return fullName();
        }

        @Override
        public int onOneNode(OneNode body) throws ClusterException, CacheUnavailableException, InterruptedException {
            return body.run(this::builder, -1);
        }

        @Override
        public LocalService localRedis() {
            return null;
        }
    }
}
