package org.metricsstress.commands;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.metricsstress.config.ConfigException;
import org.metricsstress.report.ResultJson;
import org.metricsstress.result.StressResult;

/** Result files read and written by the commands, every mistake in them one line naming the file. */
final class ResultFiles {
    private ResultFiles() {}

    /** Puts something in a file, e.g. as JSON or HTML. */
    interface Content {
        void write(Path file) throws IOException;
    }

    static void write(Path file, Content content) {
        try {
            content.write(file);
        } catch (IOException e) {
            throw new ConfigException("cannot write " + file + ": " + e.getMessage());
        }
    }

    static StressResult read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new ConfigException(file + ": no such file");
        }
        try {
            return ResultJson.read(file);
        } catch (IOException e) {
            throw new ConfigException(file + ": not a metrics-stress result file (" + firstLine(e) + ")");
        }
    }

    /** Every file is there before any is read: a missing one is found by {@code check}. */
    static void requireFiles(List<String> files) {
        for (String f : files) {
            if (!Files.isRegularFile(Path.of(f))) {
                throw new ConfigException(f + ": no such file");
            }
        }
    }

    /**
     * A result that passed {@link #read}'s checks yet broke a command on something inside it (a
     * hand-edited figure): one line naming the files, exit 2, rather than a stack trace and exit 1.
     */
    static ConfigException unusable(List<String> files, RuntimeException e) {
        return new ConfigException(String.join(", ", files) + ": not a usable metrics-stress result file ("
                + firstLine(e) + ")");
    }

    private static String firstLine(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
    }
}
