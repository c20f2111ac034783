package org.metricsstress.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/** The one-line checks the sections share. */
final class Checks {
    private Checks() {}

    static final Set<String> CONSISTENCY_LEVELS = Set.of(
            "ANY", "ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_ONE", "LOCAL_QUORUM", "EACH_QUORUM");

    static void atLeast(String option, long value, long min) {
        if (value < min) {
            throw new ConfigException(option + ": must be at least " + min + ", got " + value);
        }
    }

    static void readable(String option, Path file) {
        if (file != null && !Files.isReadable(file)) {
            throw new ConfigException(option + ": cannot read " + file);
        }
    }
}
