package org.metricsstress.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.metricsstress.api.ExitCode;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.commandline.StressCommandLine;
import org.metricsstress.config.OptionDef;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.config.StressConfig;
import picocli.CommandLine.ParseResult;

/**
 * What every command of the jar works with: its output streams, the environment options fall back
 * to, the one parser over the option table, whether it owns the JVM's signals (the jar does; a test
 * calling {@link Main} does not), and what starts a local cluster (a test may forbid it).
 */
record CliContext(PrintStream out, PrintStream err, Map<String, String> env, boolean handleSignals,
        StressCommandLine model, ClusterStarter starter) {
    static final String NAME = "metrics-stress";

    /** Starts the local cluster a command line asks for. */
    interface ClusterStarter {
        LocalCluster start(ParseResult parsed, ClusterLayout layout, PrintStream out) throws LocalClusterException;
    }

    /** What a command line needs that can be checked without a node (its Redis), checked before one starts. */
    interface BeforeNode {
        void check() throws CacheUnavailableException;
    }

    /**
     * Starts the local cluster a command line asks for, once {@code first} passed: every check that
     * needs no node comes before the seconds a node takes.
     */
    LocalCluster startCluster(ParseResult parsed, ClusterLayout layout, BeforeNode first)
            throws LocalClusterException, CacheUnavailableException {
        first.check();
        return starter.start(parsed, layout, out);
    }

    /** A usage error: one line pointing at --help, and the exit code that says so. */
    int usage(String message) {
        err.println(NAME + ": " + message + " (see " + NAME + " --help)");
        return ExitCode.USAGE;
    }

    /**
     * A cluster that could not be used, in one line; where nothing answers at the contact points and
     * the command offers --embedded, that is named beside --contact-points.
     */
    void fail(ClusterException e, boolean offersEmbedded) {
        fail(offersEmbedded ? e.getMessage("--embedded for a node of its own") : e.getMessage());
    }

    /** A failure that is not the user's wording: one line, no stack trace. */
    void fail(String message) {
        err.println(NAME + ": " + message);
    }

    /** The options the user gave over {@code defaults}, then environment variables for the ones not given. */
    StressConfig.Builder builder(ParseResult parsed, List<OptionDef> offered, Map<String, String> defaults) {
        return model.builder(parsed, offered, env, defaults);
    }
}
