package org.metricsstress.cli;

import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.metricsstress.api.DrainBound;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.LocalNode;
import org.metricsstress.cluster.embedded.EmbeddedCassandra;
import org.metricsstress.cluster.embedded.EmbeddedCluster;
import org.metricsstress.cluster.redis.LocalRedis;
import org.metricsstress.cluster.tsdb.LocalTsdb;
import org.metricsstress.cluster.tsdb.LocalTsdbException;
import org.metricsstress.commandline.ToolCommandLine;
import org.metricsstress.commands.ToolCommand;
import org.metricsstress.config.LocalClusterOptionDefs;
import org.metricsstress.config.StressConfig;
import org.metricsstress.failure.ClusterException;
import picocli.CommandLine.ParseResult;

/**
 * A subcommand's command line in the jar: it prints to the jar's output, starts the node
 * {@code --embedded} asks for (and a local Redis beside a bench when one is installed).
 */
final class CliInvocation extends ToolCommandLine.Parsed {
    private final CliContext cli;
    private final ParseResult parsed;
    private final ToolCommand command;
    /** Ctrl-C's stop of a command of several runs; null until {@link #stopOnSignal}, or where none applies. */
    private CommandStop signals;
    /** The receiver --embedded-tsdb asks for (find-max offers it), or null. */
    private final LocalTsdb.Kind receiverKind;
    /** Where that receiver listens, once started; till then the runs are checked against a placeholder. */
    private URI receiverUrl;

    CliInvocation(ParseResult parsed, ToolCommand command, CliContext cli) {
        super(parsed, cli.model(), ToolCommandLine.offered(command), cli.env());
        this.cli = cli;
        this.parsed = parsed;
        this.command = command;
        this.receiverKind = command.options().contains(LocalClusterOptionDefs.EMBEDDED_TSDB.def())
                ? EmbeddedReceiver.asked(parsed) : null;
        // Before the command's own check: a receiver for a run without a TSS path is the mistake to name.
        EmbeddedReceiver.checkWith(super.builder(Map.of()), receiverKind);
    }

    /** The runs' options, pointed at the embedded receiver when one is asked for. */
    @Override
    public StressConfig.Builder builder(Map<String, String> defaults) {
        StressConfig.Builder b = super.builder(defaults);
        if (receiverKind != null) {
            b.tssWriteUrl(receiverUrl != null ? receiverUrl : EmbeddedReceiver.NOT_YET);
        }
        return b;
    }

    /**
     * From here on, where the jar owns the JVM's signals and the command is one of several runs (tune,
     * find-max and bench: the commands that may start a node of their own), Ctrl-C stops it as
     * {@link CommandStop} says; the caller reports the command finished to what this returns. Null
     * otherwise: Ctrl-C ends the JVM at once, as before (the other commands drive no write load to drain).
     */
    CommandStop stopOnSignal() {
        if (cli.handleSignals() && command.onOneNode()) {
            signals = new CommandStop(stop(), drainBound()).install();
        }
        return signals;
    }

    /** The bound of the command line's own runs (its --drain-timeout and --request-timeout), else the defaults'. */
    private Duration drainBound() {
        try {
            return DrainBound.of(builder(Map.of()).build());
        } catch (RuntimeException e) {
            return DrainBound.ofDefaults();
        }
    }

    @Override
    public PrintStream out() {
        return cli.out();
    }

    @Override
    public String shellName() {
        return CliContext.NAME;
    }

    /**
     * The body on its node, with the receiver --embedded-tsdb asks for started first (as a run starts
     * it, {@link RunCommand}) and stopped after.
     */
    @Override
    public int onOneNode(OneNode body) throws ClusterException, CacheUnavailableException, InterruptedException {
        if (receiverKind == null) {
            return onNode(body);
        }
        LocalTsdb receiver;
        try {
            receiver = LocalTsdb.start(receiverKind, cli.out());
        } catch (LocalTsdbException e) {
            throw new ClusterException(e.getMessage());
        }
        try {
            receiverUrl = receiver.writeUrl();
            return onNode(body);
        } finally {
            cli.out().println("stopping the embedded " + EmbeddedReceiver.name(receiver.kind()) + " (pid "
                    + receiver.pid() + ")");
            receiver.close();
        }
    }

    private int onNode(OneNode body) throws ClusterException, CacheUnavailableException, InterruptedException {
        if (!LocalClusterOptions.asked(parsed)) {
            return body.run(this::builder, -1);
        }
        LocalCluster cluster = null;
        try {
            cluster = startNode();
            EmbeddedCassandra node = ((EmbeddedCluster) cluster).nodes().get(0);
            Configured configured = defaults -> {
                StressConfig.Builder b = builder(defaults);
                b.contactPoints(List.of(LocalClusterOptions.contactPoint(node.cqlAddress()))).localDc(node.datacenter());
                return b;
            };
            return body.run(configured, node.pid());
        } finally {
            if (cluster != null) {
                cli.out().println("stopping " + cluster.kind() + " (" + cluster.nodes().stream().map(LocalNode::handle)
                        .collect(Collectors.joining(", ")) + ")");
                cluster.close();
            }
        }
    }

    private LocalCluster startNode() throws ClusterException, CacheUnavailableException {
        LocalCluster cluster;
        try {
            cluster = cli.startCluster(parsed, ClusterLayout.SINGLE, () -> command.reachBeforeNode(this));
        } catch (LocalClusterException e) {
            throw new ClusterException(e.getMessage());
        }
        if (signals != null) {
            signals.cluster(cluster);
        } else if (cli.handleSignals()) {
            Runtime.getRuntime().addShutdownHook(new Thread(cluster::close, "metrics-stress-shutdown"));
        }
        return cluster;
    }

    @Override
    public LocalService localRedis() {
        LocalRedis redis = LocalRedis.startIfInstalled(cli.out());
        if (redis == null) {
            return null;
        }
        return new LocalService() {
            @Override
            public URI uri() {
                return redis.uri();
            }

            @Override
            public void close() {
                redis.close();
            }
        };
    }
}
