package org.metricsstress.commands;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.metricsstress.commandline.StressCommandLine;
import org.metricsstress.commandline.ToolCommandLine;
import picocli.CommandLine.ParseResult;

/** Test fixture: a command's words parsed as both shells parse them, into an invocation that starts nothing. */
final class Words {
    private Words() {}

    static ToolCommandLine.Parsed of(ToolCommand command, String... words) {
        StressCommandLine model = new StressCommandLine();
        ParseResult parsed = ToolCommandLine.parse(ToolCommandLine.spec(command, command.name(), model, true),
                List.of(words));
        return new ToolCommandLine.Parsed(parsed, model, ToolCommandLine.offered(command), Map.of()) {
            @Override
            public PrintStream out() {
                return new PrintStream(OutputStream.nullOutputStream());
            }

            @Override
            public String shellName() {
                return "test";
            }

            @Override
            public int onOneNode(OneNode body) throws org.metricsstress.failure.ClusterException,
                    org.metricsstress.cache.CacheUnavailableException, InterruptedException {
                return body.run(this::builder, -1);
            }

            @Override
            public LocalService localRedis() {
                return null;
            }
        };
    }
}
