package org.metricsstress.cli;

import java.util.List;
import java.util.Map;
import org.metricsstress.commandline.StressCommandLine;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * Test fixture (in the cli test-jar): the configuration the jar would run a stress with for these
 * words, without starting anything; a mistake is the {@link ConfigException} whose message the jar
 * prints. The Karaf front end's tests hold the two front ends to the same answers through it.
 */
public final class JarConfig {
    private JarConfig() {
    }

    public static StressConfig of(List<String> args, Map<String, String> env) {
        StressCommandLine model = new StressCommandLine();
        ParseResult parsed;
        try {
            parsed = new CommandLine(CommandTree.root(model)).parseArgs(args.toArray(new String[0]));
        } catch (CommandLine.ParameterException e) {
            throw new ConfigException(e.getMessage());
        }
        return model.builder(parsed, StressOptions.all(), env, Map.of()).build();
    }
}
