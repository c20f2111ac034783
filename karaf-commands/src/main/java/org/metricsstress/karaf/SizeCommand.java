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
import org.metricsstress.api.Tool;
import org.metricsstress.commandline.StressCommandLine;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.OptionDef;
import org.metricsstress.api.Sizing;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code metrics:size}: the jar's {@code size}, in OpenNMS's shell, where the result files of
 * {@code metrics:stress} are. A raw {@link Command} for the reason {@link StressCommand} gives; it
 * reads the typed words only (no ConfigAdmin settings: size connects to nothing), through the same
 * parser and the same core as the jar, so the answer is the jar's to the byte.
 */
final class SizeCommand implements Command {
    static final String NAME = "size";
    static final String FULL_NAME = StressCommand.SCOPE + ":" + NAME;

    private final Map<String, String> environment;
    private final Supplier<PrintStream> output;

    SizeCommand(Map<String, String> environment, Supplier<PrintStream> output) {
        this.environment = environment;
        this.output = output;
    }

    static List<OptionDef> offered() {
        List<OptionDef> all = new ArrayList<>(Sizing.sizeOffered());
        all.addAll(Sizing.SIZE_OWN);
        return all;
    }

    @Override
    public String getScope() {
        return StressCommand.SCOPE;
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public String getDescription() {
        return "Nodes per DC for a target rate, by throughput, disk and cold start, from saved results";
    }

    @Override
    public Completer getCompleter(boolean scoped) {
        return new OptionNameCompleter(offered());
    }

    @Override
    public Parser getParser() {
        return null;
    }

    @Override
    public Object execute(Session session, List<Object> arguments) throws Exception {
        PrintStream console = output.get();
        List<String> words = StressCommand.words(arguments);
        StressCommandLine parser = new StressCommandLine();
        CommandSpec spec = parser.command(FULL_NAME, offered());
        try {
            StressCommandLine.Parsed parsed = parser.parse(spec, words, environment);
            if (parsed.help()) {
                console.println("Usage: " + FULL_NAME + " [options]");
                console.println(getDescription() + " (docs/sizing.md).");
                console.print(StressCommandLine.optionsHelp(spec));
                return null;
            }
            Sizing.size(parsed.builder().build(), parsed.own(), console, FULL_NAME, Tool.version());
            return null;
        } catch (ConfigException e) {
            throw StressCommand.failure(FULL_NAME, e.getMessage() + " (see " + FULL_NAME + " --help)");
        }
    }
}
