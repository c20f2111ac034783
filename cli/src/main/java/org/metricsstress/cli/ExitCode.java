package org.metricsstress.cli;

/** Exit codes of the standalone tool; documented in the README. */
public final class ExitCode {
    /** The run completed (whatever it measured), or help/schema was printed. */
    public static final int OK = 0;
    /** Reserved for a run whose pass/fail criteria failed. */
    public static final int CRITERIA_FAILED = 1;
    /** Bad command line or configuration: one line on stderr says what. */
    public static final int USAGE = 2;
    /** The cluster (or the embedded node) could not be used: unreachable, schema refused, node failed to start. */
    public static final int CLUSTER = 3;
    /** A bug in the tool: the stack trace is printed. */
    public static final int INTERNAL = 4;

    private ExitCode() {}
}
