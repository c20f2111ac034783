package org.metricsstress.cli;

import java.util.Map;
import org.metricsstress.api.ExitCode;
import org.metricsstress.api.Tool;
import org.metricsstress.api.Sizing;
import picocli.CommandLine.ParseResult;

/**
 * {@code metrics-stress size} and {@code predict}: the parsed words handed to the core's
 * {@link Sizing}, which Karaf's {@code metrics:size} calls the same way ({@code docs/sizing.md}).
 */
final class SizeCommand {
    private SizeCommand() {}

    static int size(ParseResult parsed, Main.Configured options, CliContext cli) {
        Sizing.size(options.builder(Map.of()).build(), CliContext.given(parsed), cli.out(), CliContext.NAME,
                Tool.version());
        return ExitCode.OK;
    }

    static int predict(ParseResult parsed, Main.Configured options, CliContext cli) {
        Sizing.predict(options.builder(Map.of()).build(), CliContext.given(parsed), cli.out(), CliContext.NAME,
                Tool.version());
        return ExitCode.OK;
    }
}
