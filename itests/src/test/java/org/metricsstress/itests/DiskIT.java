package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.api.Outcome;
import org.metricsstress.api.StressRun;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.StressConfig;
import org.metricsstress.result.DiskSummary;
import org.metricsstress.result.RetentionProjection;

/**
 * What a run leaves on disk, measured by the tool against what the node's own data directory
 * holds, on the suite's one real node: over JMX after a flush, and over CQL (estimates) when the
 * node's JMX does not answer.
 */
@ExtendWith(CassandraExtension.class)
class DiskIT {
    private static final String KEYSPACE = "disk_run";

    @Test
    void theToolsLiveBytesAreTheNodesOwnFilesAndBytesPerSampleIsPerRowCounted(CassandraServer server)
            throws Exception {
        // 20 nodes x 2 x 5 groups x 10 attributes every second for 3 s: 6,000 samples.
        StressConfig config = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace(KEYSPACE).nodes(20).interfaces(2).groups(5).attributes(10).strings(2)
                .interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(3))
                .disk(true).flush(true).nodeJmxPort(server.jmxPort()).build();
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Outcome outcome = new StressRun(config, new PrintStream(buf, true, StandardCharsets.UTF_8)).execute();
        String out = buf.toString(StandardCharsets.UTF_8);
        System.out.println(out);
        assertTrue(outcome.passed(), outcome.problem());
        DiskSummary d = outcome.result().disk();
        assertNotNull(d, out);
        assertEquals(DiskSummary.JMX, d.source(), d.notes().toString());
        assertTrue(d.flushed());
        assertEquals(1, d.replicationFactor());
        assertEquals(1, d.nodesMeasured());

        // The same flush has happened: the keyspace's files now are what the tool measured.
        long onDisk = directorySize(server.dataDirectory().resolve(KEYSPACE));
        long measured = d.tables().stream().mapToLong(DiskSummary.TableDisk::liveBytes).sum();
        assertTrue(measured > 0 && Math.abs(measured - onDisk) <= 0.10 * onDisk,
                "the tool measured " + measured + " bytes, the data directory holds " + onDisk);

        long rows;
        try (CqlSession s = Cql.session(server)) {
            rows = Cql.count(s, "SELECT COUNT(*) FROM " + KEYSPACE + ".samples");
        }
        assertEquals(outcome.result().written(), rows, "every written sample is a row");
        DiskSummary.TableDisk samples = d.table("samples");
        assertEquals(samples.bytesPerCopy() / rows, d.bytesPerSample(), 1e-9);
        assertTrue(samples.sstables() >= 1, "flushed to at least one SSTable");
        assertTrue(out.contains("disk/sample   "), out);

        // Projected at the run's rate over Newts' TTL in the schema's 7-day windows, on this one node.
        RetentionProjection p = d.projection();
        assertNotNull(p, d.notes().toString());
        assertEquals(31_540_000, p.retentionSeconds());
        assertEquals(604_800, p.windowSeconds());
        assertEquals(54, p.windowsLive());
        assertEquals(1, p.perNode().size());
        assertEquals(outcome.result().writtenSamplesPerSecond() * 31_540_000 * d.bytesPerSample()
                + (d.bytesPerCopy() - samples.bytesPerCopy()), p.perNode().get(0).bytesPerNode(), 1.0);
    }

    @Test
    void withoutJmxTheFiguresComeFromCqlMarkedAsEstimates(CassandraServer server, @TempDir Path dir) throws Exception {
        // A keyspace of its own, written by a run without --disk, then measured by the subcommand.
        StressConfig config = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace("disk_nojmx").nodes(5).interfaces(2).groups(5).attributes(10)
                .interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(2))
                .build();
        assertTrue(new StressRun(config, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                .execute().passed());
        int closed = closedPort();
        String out = Jar.finish(Jar.start(dir, "disk.out", List.of("disk", "--contact-points", server.contactPoint(),
                "--keyspace", "disk_nojmx", "--node-jmx-port", String.valueOf(closed), "--flush", "--count-rows",
                "--project-rate", "50000", "--project-nodes", "4,8,16")), dir, "disk.out", 120);
        assertTrue(out.contains("source cql-estimate"), out);
        assertTrue(out.contains("node " + server.cqlAddress().getAddress().getHostAddress() + ": JMX at "), out);
        assertTrue(out.contains("did not answer"), out);
        assertTrue(out.contains("not flushed"), "a flush needs JMX: " + out);
        assertTrue(out.contains("  samples "), out);
        assertTrue(out.contains("cql-estimate (estimate)"), out);
        // 500 samples a second for 2 s, counted; unflushed, nothing is on disk yet: no bytes per sample
        // and no projection of nothing, each said in a line.
        assertTrue(out.contains("          1,000  "), out);
        assertTrue(out.contains("the samples table has nothing on disk yet: no bytes per sample"), out);
        assertTrue(out.contains("no retention projection: it needs bytes per sample"), out);
        assertTrue(!out.contains("disk/sample"), out);
    }

    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    private static long directorySize(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(f -> {
                try {
                    return Files.size(f);
                } catch (IOException e) {
                    return 0; // a file compaction removed while walking: no longer on disk
                }
            }).sum();
        }
    }
}
