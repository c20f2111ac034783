package org.metricsstress.cli;

import java.util.List;
import java.util.Map;
import org.metricsstress.api.CacheCheck;
import org.metricsstress.api.DrainBound;
import org.metricsstress.api.Outcome;
import org.metricsstress.api.StressRun;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.cluster.embedded.EmbeddedCluster;
import org.metricsstress.cluster.fault.FaultInjector;
import org.metricsstress.cluster.fault.FaultPlan;
import org.metricsstress.cluster.tsdb.LocalTsdb;
import org.metricsstress.cluster.tsdb.LocalTsdbException;
import org.metricsstress.api.ExitCode;
import org.metricsstress.config.Replication;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import org.metricsstress.stop.StopRequest;
import picocli.CommandLine.ParseResult;
import java.util.HashMap;

/**
 * {@code metrics-stress [options]}: one stress run, on the cluster the options name or on the local
 * one --embedded starts (whose address, data centre, replication and credentials the run then
 * takes unless the user gave their own), with the faults of --embedded-fault played against it.
 */
final class RunCommand {
    private RunCommand() {}

    static int run(ParseResult parsed, CliContext cli) {
        StressConfig.Builder b = cli.builder(parsed, StressOptions.all(), Map.of());
        if (LocalClusterOptions.withContactPoints(parsed)) {
            return cli.usage("--embedded starts its own node: leave out --contact-points");
        }
        LocalTsdb.Kind receiverKind = EmbeddedReceiver.asked(parsed);
        EmbeddedReceiver.checkWith(b, receiverKind);
        b.build(); // validate everything before spending seconds on a node
        ClusterLayout layout = LocalClusterOptions.layout(parsed);
        FaultPlan faults = LocalClusterOptions.faultPlan(parsed, layout);
        // A mistake in these is found before any node starts.
        LocalClusterOptions.latency(parsed, layout);
        LocalClusterOptions.nodeOverrides(parsed, layout);
        StopRequest stop = new StopRequest();
        CommandStop signals = new CommandStop(stop, DrainBound.ofDefaults());
        if (cli.handleSignals()) {
            // From before the cluster starts: once start() returns, the cluster is this run's to stop.
            signals.install();
        }
        // The run's Redis as given: the local cluster changes only where the run connects to Cassandra.
        CliContext.BeforeNode first = () -> CacheCheck.reach(b.build());
        LocalTsdb receiver;
        try {
            receiver = EmbeddedReceiver.start(receiverKind, b, cli.out());
        } catch (LocalTsdbException e) {
            cli.fail(e.getMessage());
            return ExitCode.CLUSTER;
        }
        try {
            return runOnCluster(parsed, cli, b, layout, faults, stop, signals, first);
        } finally {
            if (receiver != null) {
                cli.out().println("stopping the embedded " + EmbeddedReceiver.name(receiver.kind()) + " (pid "
                        + receiver.pid() + ")");
                receiver.close();
            }
        }
    }

    private static int runOnCluster(ParseResult parsed, CliContext cli, StressConfig.Builder b, ClusterLayout layout,
            FaultPlan faults, StopRequest stop, CommandStop signals, CliContext.BeforeNode first) {
        return new WithCluster(cli).run(parsed, layout, first, signals::cluster, signals::finished, cluster -> {
                    if (cluster != null) {
                        pointAt(b, cluster, parsed);
                    }
                    StressConfig config = b.build();
                    StressRun run = new StressRun(config, cli.out());
                    if (cluster instanceof EmbeddedCluster embedded) {
                        embedded.describeDistanceTo(run);
                    }
                    signals.bound(DrainBound.of(config));
                    stop.watch(run::stop);
                    Outcome outcome;
                    try (FaultInjector injector = cluster == null ? null
                            : new FaultInjector(cluster, faults, run::event).start(run)) {
                        outcome = run.execute();
                    }
                    if (!outcome.passed()) {
                        cli.fail(outcome.problem());
                    }
                    return outcome.exitCode();
                });
    }

    /** The local cluster's address, data centre, replication and security, where the user gave none. */
    private static void pointAt(StressConfig.Builder b, LocalCluster cluster, ParseResult parsed) {
        b.contactPoints(List.of(LocalClusterOptions.contactPoint(cluster.contactPoint()))).localDc(cluster.localDc());
        if (!parsed.hasMatchedOption("--replication")) {
            b.replication(Replication.parse("--embedded-nodes", cluster.defaultReplication()));
        }
        if (cluster instanceof EmbeddedCluster embedded) {
            // Child JVMs bind their JMX to loopback on a port each: the tool may flush them before --disk measures.
            Map<String, String> jmx = new HashMap<>();
            embedded.nodes().forEach(n -> jmx.put(n.address(), "127.0.0.1:" + n.jmxPort()));
            b.nodeJmx(jmx).flush(true);
        }
        if (cluster.passwordAuth() && !parsed.hasMatchedOption("--username")) {
            b.username(EmbeddedCluster.SUPERUSER).password(EmbeddedCluster.SUPERUSER);
        }
        if (cluster.tls() != null && !parsed.hasMatchedOption("--truststore")) {
            b.truststore(cluster.tls().truststore()).truststorePassword(cluster.tls().truststorePassword());
        }
    }
}
