package org.metricsstress.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import org.metricsstress.api.ExitCode;
import org.metricsstress.commandline.StressCommandLine;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.api.Sizing;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * The standalone front end: {@code metrics-stress [options]} runs a stress, its subcommands work
 * on schemas, saved results, read-backs, benches and searches. It parses, hands the command its
 * {@link CliContext} and returns the command's {@link ExitCode}.
 */
public final class Main {
    private final CliContext cli;

    Main(PrintStream out, PrintStream err, Map<String, String> env, boolean handleSignals) {
        this.cli = new CliContext(out, err, env, handleSignals, new StressCommandLine());
    }

    public static void main(String[] args) {
        int code = new Main(System.out, System.err, System.getenv(), true).run(args);
        System.exit(code);
    }

    /** Makes a configuration builder for one run of a command: the user's options over the given defaults. */
    interface Configured {
        StressConfig.Builder builder(Map<String, String> defaults);
    }

    int run(String[] args) {
        CommandLine cl = new CommandLine(CommandTree.root(cli.model()));
        cl.setOut(new PrintWriter(cli.out(), true));
        cl.setErr(new PrintWriter(cli.err(), true));
        ParseResult parsed;
        try {
            parsed = cl.parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            return cli.usage(e.getMessage());
        }
        if (CommandLine.printHelpIfRequested(parsed)) {
            return ExitCode.OK;
        }
        try {
            if (parsed.subcommand() != null) {
                ParseResult sub = parsed.subcommand();
                return switch (sub.commandSpec().name()) {
                    case "report" -> SavedResults.report(sub, cli.out(), cli.err());
                    case "compare" -> SavedResults.compare(sub, cli.out(), cli.err());
                    case "merge" -> SavedResults.merge(sub, cli.out());
                    case "verify" -> verify(sub);
                    case "disk" -> disk(sub);
                    case "bench" -> BenchCommand.execute(sub, cli);
                    case "find-max" -> findMax(sub);
                    case "tune" -> tune(sub);
                    case "size" -> SizeCommand.size(sub, cli.configured(sub, Sizing.sizeOffered()), cli);
                    case "predict" -> SizeCommand.predict(sub, cli.configured(sub, Sizing.predictOffered()), cli);
                    default -> SchemaCommand.print(sub, cli);
                };
            }
            return RunCommand.run(parsed, cli);
        } catch (ConfigException e) {
            return cli.usage(e.getMessage());
        }
    }

    private int verify(ParseResult parsed) {
        try {
            return VerifyCommand.run(parsed, cli.configured(parsed, VerifyCommand.offered()), cli.out());
        } catch (ClusterException e) {
            cli.fail(e.getMessage());
            return ExitCode.CLUSTER;
        }
    }

    private int disk(ParseResult parsed) {
        try {
            return DiskCommand.run(parsed, cli.configured(parsed, DiskCommand.offered()), cli.out());
        } catch (ClusterException e) {
            cli.fail(e.getMessage());
            return ExitCode.CLUSTER;
        }
    }

    private int tune(ParseResult parsed) {
        List<OptionDef> offered = TuneCommand.offered();
        if (LocalClusterOptions.withContactPoints(parsed)) {
            return cli.usage("--embedded starts its own node: leave out --contact-points");
        }
        TuneCommand.validate(cli.configured(parsed, offered));
        return new WithCluster(cli).onOneNode(parsed, offered,
                (configured, node) -> TuneCommand.run(parsed, configured, cli.out()));
    }

    private int findMax(ParseResult parsed) {
        List<OptionDef> offered = FindMaxCommand.offered();
        if (LocalClusterOptions.withContactPoints(parsed)) {
            return cli.usage("--embedded starts its own node: leave out --contact-points");
        }
        // Everything, the rates against the plan too, before spending seconds on a node.
        FindMaxCommand.validate(parsed, cli.configured(parsed, offered));
        return new WithCluster(cli).onOneNode(parsed, offered,
                (configured, node) -> FindMaxCommand.run(parsed, configured, cli.out()));
    }
}
