package org.metricsstress.cli;

import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.metricsstress.api.ExitCode;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.LocalNode;
import org.metricsstress.cluster.embedded.EmbeddedCassandra;
import org.metricsstress.cluster.embedded.EmbeddedCluster;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.failure.ClusterException;
import picocli.CommandLine.ParseResult;

/**
 * Runs a command on the local cluster it asked for (or on --contact-points): starts the cluster,
 * runs the command, maps its failures to exit codes with one line each, and stops the nodes
 * whatever happened.
 */
final class WithCluster {
    /** What a command does once its cluster (embedded, or null for --contact-points) is there. */
    interface Body {
        int run(LocalCluster cluster) throws ClusterException, CacheUnavailableException, InterruptedException;
    }

    /** A command of several runs against one node: the embedded one, or --contact-points (node null). */
    interface OnOneNode {
        int run(Main.Configured configured, EmbeddedCassandra node)
                throws ClusterException, CacheUnavailableException, InterruptedException;
    }

    private final CliContext cli;

    WithCluster(CliContext cli) {
        this.cli = cli;
    }

    /**
     * {@code started} sees the cluster once it is up, {@code finished} runs after it is stopped
     * (or when there was none).
     */
    int run(ParseResult parsed, ClusterLayout layout, Consumer<LocalCluster> started, Runnable finished, Body body) {
        LocalCluster cluster = null;
        try {
            if (LocalClusterOptions.asked(parsed)) {
                cluster = LocalClusterOptions.start(parsed, layout, cli.out());
                started.accept(cluster);
            }
            return body.run(cluster);
        } catch (LocalClusterException | ClusterException | CacheUnavailableException e) {
            cli.fail(e.getMessage());
            return ExitCode.CLUSTER;
        } catch (ConfigException e) {
            return cli.usage(e.getMessage());
        } catch (InterruptedException e) {
            cli.fail("interrupted");
            return ExitCode.CLUSTER;
        } catch (RuntimeException e) {
            cli.fail("internal error (please report): " + e);
            e.printStackTrace(cli.err());
            return ExitCode.INTERNAL;
        } finally {
            if (cluster != null) {
                cli.out().println("stopping " + cluster.kind() + " (" + cluster.nodes().stream().map(LocalNode::handle)
                        .collect(Collectors.joining(", ")) + ")");
                cluster.close();
            }
            finished.run();
        }
    }

    /** Starts the embedded node when asked; every run's configuration then points at it. */
    int onOneNode(ParseResult parsed, List<OptionDef> offered, OnOneNode body) {
        return run(parsed, ClusterLayout.SINGLE, started -> {
            if (cli.handleSignals()) {
                Runtime.getRuntime().addShutdownHook(new Thread(started::close, "metrics-stress-shutdown"));
            }
        }, () -> { }, cluster -> {
            EmbeddedCassandra node = cluster == null ? null : ((EmbeddedCluster) cluster).nodes().get(0);
            Main.Configured configured = defaults -> {
                StressConfig.Builder b = cli.builder(parsed, offered, defaults);
                if (node != null) {
                    b.contactPoints(List.of(LocalClusterOptions.contactPoint(node.cqlAddress())))
                            .localDc(node.datacenter());
                }
                return b;
            };
            return body.run(configured, node);
        });
    }
}
