package org.metricsstress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * find-max of the TSS path in the jar: a mistake is one line and exit 2 before any receiver
 * starts, and a short search against a real Prometheus (Debian's, started by --embedded-tsdb on a
 * free port) ends and prints its table. No rate is asserted: this machine's speed is not the point.
 */
class FindMaxTssTest {
    private static final Pattern TABLE_HEADER = Pattern.compile("(?m)^step\\s+phase\\s+target/s\\s+achieved/s");

    @ParameterizedTest
    @ValueSource(strings = {
        // no receiver at all
        "find-max --writer tss",
        // a receiver for a run without a TSS path
        "find-max --embedded-tsdb prometheus",
        // two receivers
        "find-max --writer tss --embedded-tsdb prometheus --tss-write-url http://127.0.0.1:9/api/v1/write",
        "find-max --writer tss --embedded-tsdb influx",
        // the bench measures Newts writers only
        "bench --writer tss",
        "bench --writer opennms,tss",
    })
    void aMistakeIsOneLineAndExitTwoBeforeAnythingStarts(String line) {
        JarCommands.Ran r = JarCommands.run(line.split(" "));
        assertEquals(2, r.exitCode(), r.err() + r.out());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertEquals("", r.out(), "nothing printed (nor started) before the mistake");
        assertFalse(r.startedCluster());
    }

    @Test
    void withoutAReceiverTheLineSaysHowToGiveOne() {
        JarCommands.Ran r = JarCommands.run("find-max", "--writer", "tss");
        assertTrue(r.err().contains("--tss-write-url") && r.err().contains("--embedded-tsdb"), r.err());
    }

    @Test
    void benchRefusesTheTssPathByName() {
        JarCommands.Ran r = JarCommands.run("bench", "--writer", "tss");
        assertTrue(r.err().contains("bench measures the Newts writers"), r.err());
    }

    @Test
    void aShortSearchAgainstAnEmbeddedPrometheusEndsAndPrintsItsTable() {
        long t0 = System.nanoTime();
        JarCommands.Ran r = JarCommands.run("find-max", "--writer", "tss", "--embedded-tsdb", "prometheus",
                "-n", "5", "-f", "1", "-g", "2", "-a", "10", "-i", "1s", "--step-duration", "3s", "--warm-up", "0s",
                "--start-rate", "100", "--max-rate", "400");
        System.out.println(r.out());
        assertTrue(r.exitCode() == 0 || r.exitCode() == 1, "exit " + r.exitCode() + ": " + r.err() + r.out());
        assertTrue(r.out().contains("embedded prometheus"), r.out());
        assertTrue(TABLE_HEADER.matcher(r.out()).find(), "the steps' table:\n" + r.out());
        assertTrue(r.out().contains("highest sustainable rate") || r.out().contains("no rate"), r.out());
        assertTrue(r.out().contains("stopping the embedded prometheus"), "the receiver is stopped:\n" + r.out());
        System.out.printf("search took %.1f s%n", (System.nanoTime() - t0) / 1e9);
    }
}
