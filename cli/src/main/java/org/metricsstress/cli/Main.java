package org.metricsstress.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Map;
import org.metricsstress.api.ExitCode;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.commandline.StressCommandLine;
import org.metricsstress.commands.Commands;
import org.metricsstress.commands.ToolCommand;
import org.metricsstress.config.ConfigException;
import org.metricsstress.failure.ClusterException;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * The standalone front end: {@code metrics-stress [options]} runs a stress; its subcommands are the
 * {@link Commands} both shells offer. It parses, has the command check its whole line before
 * anything starts, runs it and returns its {@link ExitCode}, each failure one line.
 */
public final class Main {
    private final CliContext cli;

    Main(PrintStream out, PrintStream err, Map<String, String> env, boolean handleSignals) {
        this(out, err, env, handleSignals, LocalClusterOptions::start);
    }

    /** With what starts local clusters given: a test that must never start one says so here. */
    Main(PrintStream out, PrintStream err, Map<String, String> env, boolean handleSignals,
            CliContext.ClusterStarter starter) {
        this.cli = new CliContext(out, err, env, handleSignals, new StressCommandLine(), starter);
    }

    public static void main(String[] args) {
        int code = new Main(System.out, System.err, System.getenv(), true).run(args);
        System.exit(code);
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
                return subcommand(Commands.named(sub.commandSpec().name()).orElseThrow(), sub);
            }
            return RunCommand.run(parsed, cli);
        } catch (ConfigException e) {
            return cli.usage(e.getMessage());
        }
    }

    private int subcommand(ToolCommand command, ParseResult parsed) {
        if (command.onOneNode()) {
            LocalClusterOptions.check(parsed);
        }
        CliInvocation in = new CliInvocation(parsed, command, cli);
        command.check(in);
        CommandStop signals = in.stopOnSignal();
        try {
            return command.run(in);
        } catch (ClusterException e) {
            cli.fail(e, command.onOneNode());
            return ExitCode.CLUSTER;
        } catch (CacheUnavailableException e) {
            cli.fail(e.getMessage());
            return ExitCode.CLUSTER;
        } catch (InterruptedException e) {
            // A stopped command says where it stopped ("find-max stopped after step 2").
            cli.fail(e.getMessage() == null ? "interrupted" : e.getMessage());
            return ExitCode.CLUSTER;
        } catch (ConfigException e) {
            return cli.usage(e.getMessage());
        } catch (RuntimeException e) {
            cli.fail("internal error (please report): " + e);
            e.printStackTrace(cli.err());
            return ExitCode.INTERNAL;
        } finally {
            if (signals != null) {
                signals.finished();
            }
        }
    }
}
