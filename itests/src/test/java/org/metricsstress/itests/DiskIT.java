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
@CassandraExtension.OwnNode
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
        // Independent of the tool's formula: the samples table's files over the rows counted.
        double filesPerRow = (double) tableFiles(server.dataDirectory().resolve(KEYSPACE), "samples") / rows;
        assertEquals(filesPerRow, d.bytesPerSample(), 0.10 * filesPerRow, "the samples table's files per row");
        assertTrue(samples.sstables() >= 1, "flushed to at least one SSTable");
        assertTrue(out.contains("disk/sample   "), out);

        // Projected at the plan's target, 200 group resources x 10 samples a second, over Newts' TTL in
        // the schema's 7-day windows, on this one node.
        RetentionProjection p = d.projection();
        assertNotNull(p, d.notes().toString());
        assertEquals(2000.0, p.samplesPerSecond());
        assertEquals(RetentionProjection.RATE_TARGET, p.rateSource());
        assertEquals(31_540_000, p.retentionSeconds());
        assertEquals(604_800, p.windowSeconds());
        assertEquals(54, p.windowsLive());
        assertEquals(1, p.perNode().size());
        assertEquals(2000.0 * 31_540_000 * d.bytesPerSample()
                + (d.bytesPerCopy() - samples.bytesPerCopy()), p.perNode().get(0).bytesPerNode(), 1.0);
    }

    @Test
    void aSecondRunInTheSameKeyspaceIsMeasuredByWhatItAdded(CassandraServer server) throws Exception {
        // The same plan three times in one keyspace: the second (its cache cold, so it writes the index
        // rows again) must not count the first's bytes, and the third, whose cache is primed from the
        // keyspace and so indexes nothing, has no bytes per resource to report.
        StressConfig.Builder plan = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace("disk_twice").nodes(20).interfaces(2).groups(5).attributes(10).strings(2)
                .interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(3))
                .disk(true).flush(true).nodeJmxPort(server.jmxPort()).primeCache(false);
        Path samplesDir = server.dataDirectory().resolve("disk_twice");
        Outcome first = run(plan.build());
        long filesAfterFirst = tableFiles(samplesDir, "samples");
        Outcome second = run(plan.build());
        long filesAfterSecond = tableFiles(samplesDir, "samples");
        Outcome third = run(plan.primeCache(true).build());
        DiskSummary d1 = first.result().disk();
        DiskSummary d2 = second.result().disk();
        DiskSummary d3 = third.result().disk();
        assertNotNull(d1.bytesPerSample(), d1.notes().toString());
        assertNotNull(d2.bytesPerSample(), d2.notes().toString());
        assertEquals(d1.bytesPerSample(), d2.bytesPerSample(), 0.25 * d1.bytesPerSample(),
                "the second run's bytes per sample are its own, not both runs' over its samples");
        // Independent of the tool's formula: what the samples table's files grew by, per sample written.
        double grown = (double) (filesAfterSecond - filesAfterFirst) / second.result().written();
        assertEquals(grown, d2.bytesPerSample(), 0.15 * grown, "the data directory grew by " + grown + " bytes a sample");
        assertNotNull(d2.bytesPerResource(), d2.notes().toString());
        assertEquals(d1.bytesPerResource(), d2.bytesPerResource(), 0.25 * d1.bytesPerResource());
        assertEquals(0, third.result().index().resourcesWritten(), "primed from the keyspace: nothing indexed");
        assertNull(d3.bytesPerResource(), "no resource indexed by the run: no bytes per resource");
        assertTrue(d2.notes().stream().anyMatch(n -> n.contains("per copy before this run")), d2.notes().toString());
        for (Outcome o : List.of(first, second, third)) {
            assertEquals(2000.0, o.result().disk().projection().samplesPerSecond(),
                    "projected at the plan's target rate, not at what the run managed");
            assertTrue(o.result().disk().notes().stream().noneMatch(n -> n.contains("did not answer")));
        }
    }

    private static Outcome run(StressConfig config) throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Outcome outcome = new StressRun(config, new PrintStream(buf, true, StandardCharsets.UTF_8)).execute();
        System.out.println(buf.toString(StandardCharsets.UTF_8));
        assertTrue(outcome.passed(), outcome.problem());
        return outcome;
    }

    /** Bytes in the files of the table's directories ({@code TABLE-<id>}) of the keyspace's data directory. */
    private static long tableFiles(Path keyspaceDir, String table) throws IOException {
        long sum = 0;
        try (Stream<Path> dirs = Files.list(keyspaceDir)) {
            for (Path d : dirs.filter(d -> d.getFileName().toString().startsWith(table + "-")).toList()) {
                sum += directorySize(d);
            }
        }
        return sum;
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
