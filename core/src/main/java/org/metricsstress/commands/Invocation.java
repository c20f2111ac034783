package org.metricsstress.commands;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.config.GivenOptions;
import org.metricsstress.config.StressConfig;
import org.metricsstress.stop.StopRequest;
import org.metricsstress.failure.ClusterException;

/**
 * One command line as a shell parsed it, and what that shell can do for the command. The jar and
 * Karaf each implement it: where output goes, where defaults come from (Karaf: its settings file
 * too), and whether a node can be started here (the jar's {@code --embedded}; not inside OpenNMS).
 */
public interface Invocation {
    /** The command's own options, typed by the option table. */
    GivenOptions given();

    /** The positional words, as typed; empty when none. */
    List<String> positionals();

    /**
     * A configuration of the run's options as given, over {@code defaults} (text by long name),
     * with the environment for what is still unset; pointed at the command's node inside {@link #onOneNode}.
     */
    StressConfig.Builder builder(Map<String, String> defaults);

    /** Where the command prints. */
    PrintStream out();

    /** The command's name as this shell spells it, for messages ({@code metrics-stress} or {@code metrics:tune}). */
    String shellName();

    /**
     * Runs {@code body} on the node the command runs on: one the shell starts when asked (the jar's
     * {@code --embedded}), stopped afterwards whatever happened, or the cluster the options name.
     */
    int onOneNode(OneNode body) throws ClusterException, CacheUnavailableException, InterruptedException;

    /**
     * Asks a command of several runs to stop: the run in progress ends early and drains, none
     * starts after it. Karaf requests it on Ctrl-C; the jar's Ctrl-C ends its JVM instead.
     */
    StopRequest stop();

    /** A Redis server the shell starts beside a bench when one is installed, or null (then none, or --redis). */
    LocalService localRedis();

    /** What a command does on its node. */
    interface OneNode {
        /**
         * @param configured builders pointed at the node
         * @param nodePid    the node's process when it is this machine's, to read its CPU; else -1
         */
        int run(Configured configured, long nodePid) throws ClusterException, CacheUnavailableException,
                InterruptedException;
    }

    /** Builders for the runs of a command of several runs, each over defaults of its own. */
    interface Configured {
        StressConfig.Builder builder(Map<String, String> defaults);
    }

    /** A server started for the command, stopped when it ends. */
    interface LocalService extends AutoCloseable {
        java.net.URI uri();

        @Override
        void close();
    }
}
