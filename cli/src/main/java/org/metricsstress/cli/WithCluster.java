package org.metricsstress.cli;

import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.metricsstress.api.ExitCode;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.LocalNode;
import org.metricsstress.config.ConfigException;
import org.metricsstress.failure.ClusterException;
import picocli.CommandLine.ParseResult;

/**
 * Runs a stress on the local cluster it asked for (or on --contact-points): starts the cluster,
 * runs the command, maps its failures to exit codes with one line each, and stops the nodes
 * whatever happened.
 */
final class WithCluster {
    /** What a command does once its cluster (embedded, or null for --contact-points) is there. */
    interface Body {
        int run(LocalCluster cluster) throws ClusterException, CacheUnavailableException, InterruptedException;
    }

    private final CliContext cli;

    WithCluster(CliContext cli) {
        this.cli = cli;
    }

    /**
     * {@code first} is checked before the cluster starts, {@code started} sees the cluster once it
     * is up, {@code finished} runs after it is stopped (or when there was none).
     */
    int run(ParseResult parsed, ClusterLayout layout, CliContext.BeforeNode first, Consumer<LocalCluster> started,
            Runnable finished, Body body) {
        LocalCluster cluster = null;
        try {
            if (LocalClusterOptions.asked(parsed)) {
                cluster = cli.startCluster(parsed, layout, first);
                started.accept(cluster);
            }
            return body.run(cluster);
        } catch (ClusterException e) {
            cli.fail(e, true); // the plain run, the one caller, offers --embedded
            return ExitCode.CLUSTER;
        } catch (LocalClusterException | CacheUnavailableException e) {
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
}
