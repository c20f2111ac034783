package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.metricsstress.api.Outcome;
import org.metricsstress.api.StressRun;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.ResourceIds;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.ValueModel;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.VerifyReport;

/**
 * Reading a run back from a real node: a clean run verifies clean under every value model and id
 * shape, and a corrupted sample, a deleted sample and a deleted index row are each found, with their keys.
 */
@ExtendWith(CassandraExtension.class)
class VerifyIT {
    // 10 nodes x 2 x 5 groups x 10 attributes, 2 strings, every second for 3 s: 3,000 samples.
    private static StressConfig.Builder run(CassandraServer server, String keyspace) {
        return StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace(keyspace).nodes(10).interfaces(2).groups(5).attributes(10).strings(2)
                .interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(3));
    }

    private static Outcome execute(StressConfig config) throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Outcome outcome = new StressRun(config, new PrintStream(buf, true, StandardCharsets.UTF_8)).execute();
        System.out.println(buf.toString(StandardCharsets.UTF_8));
        return outcome;
    }

    @ParameterizedTest
    @CsvSource({"OPENNMS,NODE,14", "RANDOM,FOREIGN_SOURCE,16", "COUNTER,NODE,14"})
    void aRunReadBackAfterItselfIsCleanAndComplete(ValueModel values, ResourceIds ids, int groupAttributes,
            CassandraServer server) throws Exception {
        String keyspace = ("verify_after_" + values + "_" + ids).toLowerCase();
        Outcome outcome = execute(run(server, keyspace).values(values).resourceIds(ids).verifyAfter(1.0).build());
        assertTrue(outcome.passed(), outcome.problem());
        VerifyReport v = outcome.result().verify();
        assertEquals(100, v.resourcesChecked());
        assertEquals(outcome.result().written(), v.samplesExpected(), "every series complete");
        assertEquals(v.samplesExpected(), v.samplesRead());
        assertEquals(0, v.missing() + v.unexpected() + v.wrongValues() + v.indexRowsMissing(), v.firstMismatches().toString());
        // Per group resource: 10 metric rows, 10 metric ids and an _idx per element of its id (4 or 6)
        // as attributes (row and term each), 2 strings on its interface (row and term each); per
        // interface its "strings" metric row.
        assertEquals(100 * (10 + 2 * groupAttributes + 2 * 2) + 20, v.indexRowsChecked());
    }

    @Test
    void verifyFindsACorruptedSampleADeletedOneAndAMissingIndexRow(CassandraServer server, @TempDir Path dir)
            throws Exception {
        Path result = dir.resolve("run.json");
        StressResult r = execute(run(server, "verify_cmd").resultJson(result).build()).result();
        assertEquals(3_000, r.written());

        String out = verify(dir, server, result, 0);
        assertTrue(out.contains("verify        100 resources, 3,000 samples expected, 3,000 read: 0 missing, "
                + "0 unexpected, 0 wrong value"), out);
        assertTrue(out.contains(": CLEAN"), out);

        String corrupted;
        String undecodable;
        String deleted;
        String metricRow;
        try (CqlSession s = Cql.session(server)) {
            List<Row> rows = s.execute("SELECT partition, resource, collected_at, metric_name FROM verify_cmd.samples "
                    + "LIMIT 3").all();
            Row a = rows.get(0);
            Row b = rows.get(1);
            Row c = rows.get(2);
            // A gauge of 0.5 where another value belongs (OpenNMS's values are whole numbers), and 4
            // zero bytes that Newts could not read at all.
            s.execute("UPDATE verify_cmd.samples SET value = 0x043fe0000000000000 WHERE context = 'G' AND partition = ? "
                    + "AND resource = ? AND collected_at = ? AND metric_name = ?", a.getInt(0), a.getString(1),
                    a.getInstant(2), a.getString(3));
            s.execute("UPDATE verify_cmd.samples SET value = 0x00000000 WHERE context = 'G' AND partition = ? "
                    + "AND resource = ? AND collected_at = ? AND metric_name = ?", c.getInt(0), c.getString(1),
                    c.getInstant(2), c.getString(3));
            undecodable = "undecodable value " + c.getString(1) + " " + c.getString(3) + " at "
                    + c.getInstant(2).toEpochMilli() + ": 0x00000000, wanted a GAUGE of ";
            s.execute("DELETE FROM verify_cmd.samples WHERE context = 'G' AND partition = ? AND resource = ? "
                    + "AND collected_at = ? AND metric_name = ?", b.getInt(0), b.getString(1), b.getInstant(2),
                    b.getString(3));
            corrupted = "wrong value " + a.getString(1) + " " + a.getString(3) + " at " + a.getInstant(2).toEpochMilli()
                    + ": 0.5, wanted ";
            deleted = "missing " + b.getString(1) + " " + b.getString(3) + " at " + b.getInstant(2).toEpochMilli();
            Row m = s.execute("SELECT resource, metric_name FROM verify_cmd.resource_metrics LIMIT 1").one();
            s.execute("DELETE FROM verify_cmd.resource_metrics WHERE context = 'G' AND resource = ? AND metric_name = ?",
                    m.getString(0), m.getString(1));
            metricRow = "index row missing: resource_metrics " + m.getString(0) + " " + m.getString(1);
        }
        out = verify(dir, server, result, 1);
        assertTrue(out.contains("2,999 read: 1 missing (0 the run's own losses, series by series, 1 unexplained), "
                + "0 unexpected, 2 wrong value"), out);
        assertTrue(out.contains(", 1 missing : MISMATCH"), out);
        assertTrue(out.contains(corrupted), out);
        assertTrue(out.contains(undecodable), out);
        assertTrue(out.contains(deleted), out);
        assertTrue(out.contains(metricRow), out);
    }

    @Test
    void aMissingAcknowledgedSampleIsAMismatchWhateverElseTheRunLost(CassandraServer server, @TempDir Path dir)
            throws Exception {
        // A ring of one slot per lane drops most commits: the run lost thousands of samples, in many
        // series. (The pipelined writer indexes every commit it wrote; OpenNMS's may also drop a
        // commit's index-only event, whose rows a read-back would then rightly miss.)
        Path result = dir.resolve("lossy.json");
        StressResult r = execute(run(server, "verify_lossy").writer(org.metricsstress.config.Writer.PIPELINED)
                .ringSize(16).resultJson(result).build()).result();
        assertTrue(r.dropped() > 100, "the run dropped samples: " + r.dropped());
        org.metricsstress.plan.StressPlan plan = org.metricsstress.plan.StressPlan.of(run(server, "verify_lossy").build());
        int[] lost = r.losses().byKey(plan.groupResources());
        assertEquals(r.dropped() + r.failed() + r.unsent(), java.util.Arrays.stream(lost).asLongStream().sum(),
                "every lost sample charged to its series");
        assertTrue(verify(dir, server, result, 0).contains(": CLEAN"), "its own losses explain what is missing");

        // One sample of a series that lost nothing goes: the run's thousands of other losses must not excuse it.
        String deleted;
        try (CqlSession s = Cql.session(server)) {
            Row row = null;
            for (Row candidate : s.execute("SELECT partition, resource, collected_at, metric_name FROM verify_lossy.samples")) {
                int[] nig = org.metricsstress.newts.ResourceNames.NODE.parseGroupResource(candidate.getString(1));
                if (lost[plan.resourceKey(nig[0], nig[1], nig[2])] == 0) {
                    row = candidate;
                    break;
                }
            }
            org.junit.jupiter.api.Assertions.assertNotNull(row, "a series that lost nothing");
            s.execute("DELETE FROM verify_lossy.samples WHERE context = 'G' AND partition = ? AND resource = ? "
                    + "AND collected_at = ? AND metric_name = ?", row.getInt(0), row.getString(1), row.getInstant(2),
                    row.getString(3));
            deleted = "unexplained: " + row.getString(1) + " misses 1 samples, lost 0";
        }
        String out = verify(dir, server, result, 1);
        assertTrue(out.contains(deleted), out);
        assertTrue(out.contains(": MISMATCH"), out);
    }

    /**
     * A counter run read back from its saved result (which must carry --values and --resource-ids):
     * clean; then a counter one too high is a wrong value, and the same count as a GAUGE blob is not
     * a counter Newts would read.
     */
    @Test
    void aCounterRunIsReadBackAsCountersFromItsResult(CassandraServer server, @TempDir Path dir) throws Exception {
        Path result = dir.resolve("counter.json");
        StressResult r = execute(run(server, "verify_counter").values(ValueModel.COUNTER)
                .resourceIds(ResourceIds.FOREIGN_SOURCE).resultJson(result).build()).result();
        assertEquals(3_000, r.written());
        String out = verify(dir, server, result, 0);
        assertTrue(out.contains("3,000 read: 0 missing, 0 unexpected, 0 wrong value"), out);

        String higher;
        String gauge;
        try (CqlSession s = Cql.session(server)) {
            List<Row> rows = s.execute("SELECT partition, resource, collected_at, metric_name, value FROM "
                    + "verify_counter.samples LIMIT 2").all();
            Row a = rows.get(0);
            Row b = rows.get(1);
            assertTrue(a.getString(1).startsWith("snmp:fs:STRESS:"), a.getString(1));
            assertEquals(1, a.getByteBuffer(4).get(0), "Newts' COUNTER type byte");
            long count = a.getByteBuffer(4).getLong(1);
            java.nio.ByteBuffer plusOne = java.nio.ByteBuffer.allocate(9).put((byte) 1).putLong(count + 1).flip();
            s.execute("UPDATE verify_counter.samples SET value = ? WHERE context = 'G' AND partition = ? "
                    + "AND resource = ? AND collected_at = ? AND metric_name = ?", plusOne, a.getInt(0), a.getString(1),
                    a.getInstant(2), a.getString(3));
            higher = "wrong value " + a.getString(1) + " " + a.getString(3) + " at " + a.getInstant(2).toEpochMilli()
                    + ": " + (double) (count + 1) + ", wanted " + (double) count;
            long other = b.getByteBuffer(4).getLong(1);
            java.nio.ByteBuffer asGauge = java.nio.ByteBuffer.allocate(9).put((byte) 4).putDouble(other).flip();
            s.execute("UPDATE verify_counter.samples SET value = ? WHERE context = 'G' AND partition = ? "
                    + "AND resource = ? AND collected_at = ? AND metric_name = ?", asGauge, b.getInt(0), b.getString(1),
                    b.getInstant(2), b.getString(3));
            gauge = "undecodable value " + b.getString(1) + " " + b.getString(3) + " at " + b.getInstant(2).toEpochMilli()
                    + ": 0x04";
        }
        out = verify(dir, server, result, 1);
        assertTrue(out.contains("0 unexpected, 2 wrong value"), out);
        assertTrue(out.contains(higher), out);
        assertTrue(out.contains(gauge), out);
        assertTrue(out.contains("wanted a COUNTER of"), out);
    }

    /** {@code verify --from-result} through the jar, every resource; asserts its exit code. */
    private static String verify(Path dir, CassandraServer server, Path result, int exitCode) throws Exception {
        Process p = Jar.start(dir, "verify.txt", List.of("verify", "--from-result", result.toString(),
                "--contact-points", server.contactPoint(), "--resources", "all"));
        String out = Jar.finish(p, dir, "verify.txt", 120);
        assertEquals(exitCode, p.exitValue(), out);
        return out;
    }
}
