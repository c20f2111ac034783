package org.metricsstress.cluster.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogTailTest {

    private static final String JVM_WARNINGS = """
            WARNING: A terminally deprecated method in java.lang.System has been called
            WARNING: System::setSecurityManager will be removed in a future release
            """;

    @Test
    void keepsTheExplanationAndDropsStackFramesAndRepeats() {
        String log = JVM_WARNINGS + """
                Exception (org.apache.cassandra.exceptions.ConfigurationException) encountered during startup: The seed provider lists no seeds.
                org.apache.cassandra.exceptions.ConfigurationException: The seed provider lists no seeds.
                \tat org.apache.cassandra.config.DatabaseDescriptor.applySeedProvider(DatabaseDescriptor.java:1600)
                \t... 5 more

                The seed provider lists no seeds.
                """;

        assertEquals(List.of(
                "Exception (org.apache.cassandra.exceptions.ConfigurationException) encountered during startup: The seed provider lists no seeds.",
                "org.apache.cassandra.exceptions.ConfigurationException: The seed provider lists no seeds."),
                LogTail.relevant(log, 5));
    }

    @Test
    void returnsOnlyTheLastLines() {
        assertEquals(List.of("c", "d"), LogTail.relevant("a\nb\nc\nd\n", 2));
    }

    @Test
    void fallsBackToJvmWarningsWhenNothingElseWasPrinted() {
        List<String> lines = LogTail.relevant(JVM_WARNINGS, 5);

        assertEquals(2, lines.size());
        assertTrue(LogTail.onlyJvmWarnings(lines));
        assertFalse(LogTail.onlyJvmWarnings(List.of("Error occurred during initialization of VM")));
    }

    @Test
    void readsOnlyTheEndOfALargeFile(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("console.log");
        Files.writeString(file, "x".repeat(200_000) + "\nthe end\n");

        assertEquals(List.of("the end"), LogTail.lastRelevantLines(file, 5));
        assertEquals(List.of(), LogTail.lastRelevantLines(tmp.resolve("missing.log"), 5));
    }
}
