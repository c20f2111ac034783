package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built executable jar, run as a user would: {@code java -jar metrics-stress.jar --embedded}
 * starts its own Cassandra node, stresses it, prints reports and a summary, and stops the node.
 */
class EmbeddedJarIT {
    private static final Pattern NODE_PID = Pattern.compile("stopping embedded Cassandra \\(pid (\\d+)\\)");

    private static Process start(Path dir, String... args) throws IOException {
        return Jar.start(dir, "out.txt", List.of(args));
    }

    private static String finish(Process p, Path dir, long timeoutSeconds) throws Exception {
        return Jar.finish(p, dir, "out.txt", timeoutSeconds);
    }

    private static void assertNodeStopped(String out) {
        Matcher m = NODE_PID.matcher(out);
        assertTrue(m.find(), "no embedded node pid in output");
        long pid = Long.parseLong(m.group(1));
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "embedded node still running: " + pid);
    }

    @Test
    void embeddedRunEndToEnd(@TempDir Path dir) throws Exception {
        Process p = start(dir, "--embedded", "-n", "20", "-f", "2", "-g", "5", "-a", "10", "-i", "1", "-r", "1",
                "--duration", "5s", "--disk", "--result-json", "result.json");
        String out = finish(p, dir, 240);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("generated/s"), "no report header");
        assertTrue(out.contains("=== metrics-stress summary ==="));
        assertTrue(out.contains(": BALANCED"), "audit did not balance");
        assertNodeStopped(out);

        JsonNode result = new ObjectMapper().readTree(dir.resolve("result.json").toFile());
        assertEquals(10_000, result.get("generated").asLong());
        assertEquals(result.get("generated").asLong(),
                result.get("written").asLong() + result.get("dropped").asLong() + result.get("failed").asLong());
        assertEquals(2000.0, result.get("targetSamplesPerSecond").asDouble(), 1e-9);
        assertTrue(result.get("responseLatency").get("p99Ms").asDouble() > 0);
        assertEquals(20, result.get("config").get("nodes").asInt());
        assertFalse(result.get("intervals").isEmpty());
        // --disk on the embedded node: flushed over its own JMX port, measured there, not estimated.
        JsonNode disk = result.get("disk");
        assertEquals("jmx", disk.get("source").asText(), disk.toString());
        assertTrue(disk.get("flushed").asBoolean(), disk.toString());
        assertTrue(disk.get("bytesPerSample").asDouble() > 0, disk.toString());
        assertTrue(out.contains("disk/sample   "), out);
    }

    @Test
    @org.junit.jupiter.api.extension.ExtendWith(CassandraExtension.class)
    void aRunThatFailsItsSlaExitsOneAndSaysWhy(CassandraServer server, @TempDir Path dir) throws Exception {
        // written/target can never reach 2: the criteria fail whatever the machine's speed. Against
        // the shared node: the exit code is the jar's, whichever cluster it wrote to (a node of its
        // own cost this test 45 s in CI).
        Process p = start(dir, "--contact-points", server.contactPoint(), "--keyspace", "jar_sla", "-n", "2", "-f",
                "1", "-i", "1", "-r", "1", "--duration", "2s", "--sla", "rate>=2");
        String out = finish(p, dir, 240);
        assertEquals(1, p.exitValue(), out);
        assertTrue(out.contains(": BALANCED"), "the run completed and printed its summary");
        assertTrue(out.contains("metrics-stress: SLA failed: rate is "), out);
    }

    @Test
    void interruptStopsGeneratingDrainsReportsAndStopsTheNode(@TempDir Path dir) throws Exception {
        Process p = start(dir, "--embedded", "-n", "10", "-f", "2", "-g", "5", "-a", "10", "-i", "1", "-r", "1");
        awaitReportLines(p, dir.resolve("out.txt"), 2);
        p.destroy(); // SIGTERM, as Ctrl-C's SIGINT: the shutdown hook runs either way
        String text = finish(p, dir, 120);
        assertTrue(text.contains("=== metrics-stress summary ==="), "no summary after interrupt");
        assertTrue(text.contains(": BALANCED"), "audit did not balance");
        assertNodeStopped(text);
    }

    /**
     * Ctrl-C in the jar's tune, as in Karaf's: its round of 10 minutes ends early (the exit within
     * the bound proves it), drains and prints its summary, no round follows, the tune prints its
     * outcome, and the node it started stops.
     * Before, the JVM went at once: no summary, no outcome, only the node's stop.
     */
    @Test
    void interruptEndsATunesRoundWhichDrainsAndReportsAndNoRoundFollows(@TempDir Path dir) throws Exception {
        // --verbose: the round's own report lines and summary, so the stop comes while it generates.
        Process p = start(dir, "tune", "--embedded", "-n", "10", "-f", "2", "-g", "5", "-a", "10", "-i", "1", "-r", "1",
                "--duration", "600s", "--verbose");
        awaitReportLines(p, dir.resolve("out.txt"), 2);
        p.destroy(); // SIGTERM, as Ctrl-C's SIGINT: the shutdown hook runs either way
        String text = finish(p, dir, 180);
        assertTrue(text.contains(": BALANCED"), "the round drained and printed its summary");
        // Its outcome: "stopped before round 2", or what the round's verdict left to do if that ended the tune first.
        assertTrue(Pattern.compile("(?m)^outcome\\s+\\S").matcher(text).find(), "the tune's outcome");
        assertFalse(text.contains("tune round 2 of"), "no round after the stop");
        assertNodeStopped(text);
    }

    /** Waits for the run's {@code count}-th report line: the run is under way. */
    private static void awaitReportLines(Process p, Path out, int count) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (System.nanoTime() < deadline && p.isAlive()
                && Files.readString(out).lines().filter(l -> l.trim().matches("\\d+s .*")).count() < count) {
            Thread.sleep(200);
        }
        assertTrue(p.isAlive(), "exited early:\n" + Files.readString(out));
    }

    @Test
    @org.junit.jupiter.api.extension.ExtendWith(CassandraExtension.class)
    void theRowsInCassandraAreWhatTheJarSaysItWrote(CassandraServer server, @TempDir Path dir) throws Exception {
        // Not the tool's own audit: the rows counted in the cluster after the jar has exited.
        Process p = start(dir, "--contact-points", server.contactPoint(), "--keyspace", "jar_rows", "-n", "20", "-f",
                "2", "-g", "5", "-a", "10", "-i", "1", "-r", "1", "--duration", "4s", "--result-json", "result.json");
        String out = finish(p, dir, 240);
        assertEquals(0, p.exitValue(), out);
        JsonNode result = new ObjectMapper().readTree(dir.resolve("result.json").toFile());
        long written = result.get("written").asLong();
        assertTrue(written > 0, out);
        try (com.datastax.oss.driver.api.core.CqlSession s = Cql.session(server)) {
            assertEquals(written, Cql.count(s, "SELECT COUNT(*) FROM jar_rows.samples"));
        }
    }
}
