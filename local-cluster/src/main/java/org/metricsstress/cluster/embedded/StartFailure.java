package org.metricsstress.cluster.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a failed start leaves the user: the few log lines most likely to say why, and the logs
 * themselves, kept aside when the temporary work directory they were in is deleted.
 */
final class StartFailure {
    private static final int TAIL_LINES = 5;

    private StartFailure() {
    }

    /** The lines that say why the node failed, and where the rest is ({@code logs}). */
    static String explain(NodeConfig config, Path logs) {
        List<String> lines = LogTail.lastRelevantLines(config.consoleLog(), TAIL_LINES);
        String source = "console log";
        if (LogTail.onlyJvmWarnings(lines)) {
            // Once logging is up, Cassandra's complaints go to system.log, not the console.
            List<String> fromSystemLog = LogTail.lastRelevantLines(config.systemLog(), TAIL_LINES);
            if (!fromSystemLog.isEmpty()) {
                lines = fromSystemLog;
                source = "system.log";
            }
        }
        return LogTail.onlyJvmWarnings(lines)
                ? "no error in its logs so far (logs: " + logs + ")"
                : "last lines of the " + source + ": " + String.join(" | ", lines) + " (logs: " + logs + ")";
    }

    /**
     * Where the logs of a node in a temporary work directory go after a failed start: beside it, in
     * a directory named after the node's address and port.
     */
    static Path keptLogsDir(NodeConfig config) {
        return config.workDir.resolveSibling(
                "metrics-stress-cassandra-" + config.address + "-" + config.nativePort + "-logs");
    }

    /** Moves the logs to {@link #keptLogsDir}, before the work directory is deleted. */
    static void keepLogsAside(NodeConfig config) {
        Path target = keptLogsDir(config);
        try {
            if (Files.isDirectory(config.logsDir())) {
                TempDirs.delete(target);
                Files.move(config.logsDir(), target);
            }
        } catch (IOException ignored) {
            // The message already carries the logs' last lines.
        }
    }
}
