package org.metricsstress.api;

import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.config.ConfigException;
import org.metricsstress.failure.ClusterException;

/**
 * Exit codes, the same for every front end: the jar exits with them, the Karaf command fails with
 * the same one line for every code but {@link #OK}. Documented in docs/options.md.
 */
public final class ExitCode {
    /** The run completed and met its criteria (or had none), or help/schema was printed. */
    public static final int OK = 0;
    /** The run completed but its pass/fail criteria (--sla) failed, or compare found a regression. */
    public static final int CRITERIA_FAILED = 1;
    /** Bad command line or configuration: one line says what. */
    public static final int USAGE = 2;
    /**
     * The cluster, the cache, the embedded node or receiver, or the TSS path's key-value store could not be
     * used: unreachable, refused, failed to start.
     */
    public static final int CLUSTER = 3;
    /** A bug in the tool: the stack trace is printed. */
    public static final int INTERNAL = 4;

    private ExitCode() {}

    /** What a code means, in words: Karaf fails a command with it where the jar would exit with the code. */
    public static String meaning(int code) {
        return switch (code) {
            case OK -> "done";
            case CRITERIA_FAILED -> "its pass/fail criteria failed (exit code 1 of the jar)";
            case USAGE -> "bad command line (exit code 2 of the jar)";
            case CLUSTER -> "the cluster, the cache or a node could not be used (exit code 3 of the jar)";
            default -> "internal error (exit code " + code + " of the jar)";
        };
    }

    /** The code for a run that ended with {@code failure}. */
    public static int of(Throwable failure) {
        if (failure instanceof ConfigException) {
            return USAGE;
        }
        if (failure instanceof ClusterException || failure instanceof CacheUnavailableException) {
            return CLUSTER;
        }
        return INTERNAL;
    }
}
