package org.metricsstress.commands;

import java.util.List;
import java.util.Map;
import org.metricsstress.api.CacheCheck;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.failure.ClusterException;

/**
 * One command of the tool, written once for both shells: the jar's {@code metrics-stress NAME} and
 * Karaf's {@code metrics:NAME} each adapt it (picocli's model from {@link #options()} and
 * {@link #positionals()}, their own output and errors). A shell never decides what a command
 * offers, checks or means; it only parses, prints, and maps failures to its exit.
 *
 * <p>The contract with the shells: {@link #check} reads the whole command line before anything
 * starts (a node, a connection, a file written), so a mistake is one line and exit 2 at once;
 * {@link #run} then does the work and returns an {@link org.metricsstress.api.ExitCode}.
 */
public interface ToolCommand {
    /** The name in both shells: {@code tune} is the jar's {@code tune} and Karaf's {@code metrics:tune}. */
    String name();

    /** What it does, one paragraph: both shells' help and Karaf's command list show it. */
    String description();

    /** Every option it offers, in help order: the run's options it takes, then its own. */
    List<OptionDef> options();

    /** The words it takes besides options; none unless it says so. */
    default Positionals positionals() {
        return Positionals.NONE;
    }

    /**
     * Whether it may run on a node the shell starts for it ({@code --embedded}): the jar offers the
     * local node's options then; OpenNMS's shell offers them too and refuses them in one line.
     */
    default boolean onOneNode() {
        return false;
    }

    /**
     * What must answer before a shell starts a node for this command line ({@code --embedded}),
     * reached then so that a wrong address costs no node's start: its runs' Redis, when their
     * cache is Redis. A command whose runs choose their cache themselves says what they use.
     */
    default void reachBeforeNode(Invocation in) throws CacheUnavailableException {
        StressConfig runs;
        try {
            runs = in.builder(Map.of()).build();
        } catch (ConfigException e) {
            return; // the command builds its runs with its own defaults, and says what is wrong then
        }
        CacheCheck.reach(runs);
    }

    /** Reads and checks the whole command line; a mistake is a {@link org.metricsstress.config.ConfigException}. */
    void check(Invocation in);

    /** Does the work, {@link #check} passed; returns the exit code. */
    int run(Invocation in) throws ClusterException, CacheUnavailableException, InterruptedException;
}
