package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.api.StressRun;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.newts.IndexRules;
import org.metricsstress.report.ResultJson;
import org.metricsstress.result.ColdStart;
import org.metricsstress.result.StressResult;

/**
 * The field's cold start, in miniature, on a real node: the same plan at a rate the node holds
 * warm (half its warm speed, measured first; the pipelined writer writes it without a drop),
 * from a cold cache big enough for the plan (3,000 resources), both with a ring of 1,024 events (to
 * fill within seconds rather than within the run). The OpenNMS writer's workers wait for their index writes
 * (about 21 requests for a new group resource), the ring fills, and samples are dropped until
 * every resource is indexed; then the ring drains. Both asserted from the result JSON each run writes.
 */
@ExtendWith(CassandraExtension.class)
@Acceptance
class ColdStartIT {

    /** Group commits in one pass of the plan below: 50 nodes x 10 interfaces x 5 groups, 10 samples each. */
    private static final int COMMITS_PER_PASS = 2_500;
    /**
     * The node's speed, measured here the way OpenNMS's 16 workers write a warm commit: literal
     * UNLOGGED batches of 10 INSERTs, synchronously, from 16 threads, for 2 s: warm commits per
     * second. A cold commit adds about 21 index requests, most of them single rows and cheaper than
     * a batch: at half this rate an idle node wrote about 80 % of the target while indexing (at
     * 1/2.5, 91 %, and the ring filled only just). So the target is half this rate, one the node
     * holds warm twice over and cannot hold cold, on a fast idle machine as on a loaded one, whose
     * speeds differ nine times over: a fixed rate filled the ring on one and not on the other.
     */
    private static double warmCommitsPerSecond(CassandraServer server) throws Exception {
        try (CqlSession s = Cql.session(server)) {
            // Schema changes on a busy node take longer than the driver's 2 s default.
            s.execute(SimpleStatement.newInstance("CREATE KEYSPACE IF NOT EXISTS cold_probe WITH replication = "
                    + "{'class': 'SimpleStrategy', 'replication_factor': 1}").setTimeout(Duration.ofSeconds(60)));
            s.execute(SimpleStatement.newInstance("CREATE TABLE IF NOT EXISTS cold_probe.rows (k int, c int, v blob, "
                    + "PRIMARY KEY (k, c))").setTimeout(Duration.ofSeconds(60)));
            AtomicLong batches = new AtomicLong();
            long warmUntil = System.nanoTime() + Duration.ofSeconds(1).toNanos();
            long end = warmUntil + Duration.ofSeconds(2).toNanos();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 16; t++) {
                int base = t * 1_000_000;
                Thread th = new Thread(() -> {
                    StringBuilder batch = new StringBuilder();
                    for (int i = 0; System.nanoTime() < end; i++) {
                        batch.setLength(0);
                        batch.append("BEGIN UNLOGGED BATCH ");
                        for (int c = 0; c < 10; c++) {
                            batch.append("INSERT INTO cold_probe.rows (k, c, v) VALUES (").append(base + i).append(", ")
                                    .append(c).append(", 0x040000000000000").append(c).append("); ");
                        }
                        s.execute(SimpleStatement.newInstance(batch.append("APPLY BATCH").toString())
                                .setTimeout(Duration.ofSeconds(20)));
                        if (System.nanoTime() > warmUntil) {
                            batches.incrementAndGet();
                        }
                    }
                });
                th.start();
                threads.add(th);
            }
            for (Thread th : threads) {
                th.join();
            }
            return batches.get() / 2.0;
        }
    }

    /**
     * The index rows of the plan below by {@link IndexRules}: 2,500 group resources (50 nodes x 10
     * interfaces x 5 groups), each with its 10 metrics and 14 attributes (the metric ids and
     * _idx0.._idx3 of OpenNMS's default 4-element id), and 500 interface resources, each with the strings metric and 5 groups x 2
     * string attributes. An attribute is one terms row and one resource_attributes row.
     */
    private static Map<String, Long> plannedIndexRows() {
        long groups = 2_500;
        long interfaces = 500;
        long attributes = groups * IndexRules.groupAttributeCount(org.metricsstress.newts.ResourceNames.storeByForeignSource(false), 10) + interfaces * 5 * 2;
        return Map.of("resource_metrics", groups * 10 + interfaces, "resource_attributes", attributes, "terms", attributes);
    }

    private static StressResult run(CassandraServer server, Writer writer, Path dir, Duration interval, Duration duration)
            throws Exception {
        Path json = dir.resolve(writer.name().toLowerCase() + ".json");
        StressConfig config = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace("cold_" + writer.name().toLowerCase())
                .nodes(50).interfaces(10).groups(5).attributes(10).strings(2)
                .interval(interval).reportInterval(Duration.ofSeconds(5)).duration(duration)
                .writer(writer).ringSize(1024).cacheMaxEntries(20_000).resultJson(json).build();
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        new StressRun(config, new PrintStream(buf, true, StandardCharsets.UTF_8)).execute();
        System.out.println(buf.toString(StandardCharsets.UTF_8));
        StressResult r = ResultJson.read(json);
        assertTrue(r.auditBalances(), "audit: unaccounted " + r.unaccounted());
        assertEquals(0, r.failed(), "no write failed");
        return r;
    }

    @Test
    void theOpenNmsWriterFillsTheRingAndDropsWhileIndexingThePipelinedOneDoesNot(CassandraServer server,
            @TempDir Path dir) throws Exception {
        double warm = warmCommitsPerSecond(server);
        double targetCommitsPerSecond = warm / 2;
        Duration interval = Duration.ofMillis(Math.max(500, Math.min(10_000,
                Math.round(1000 * COMMITS_PER_PASS / targetCommitsPerSecond))));
        // Long enough for the cold pass (about six warm commits' worth per commit) twice over, and the drain.
        double coldSeconds = COMMITS_PER_PASS * 6 / warm;
        Duration duration = Duration.ofSeconds(Math.max(20, Math.min(60, Math.round(2 * coldSeconds + 10))));
        System.out.printf("node: %.0f warm commits/s from 16 threads; target %.0f samples/s: interval %s, duration %s%n",
                warm, targetCommitsPerSecond * 10, interval, duration);
        StressResult opennms = run(server, Writer.OPENNMS, dir, interval, duration);
        ColdStart c = opennms.coldStart();
        assertTrue(c.ringFilled(), "the ring filled: " + c);
        assertTrue(c.droppedWhileIndexing() > 0, "samples dropped while indexing: " + c);
        assertTrue(c.indexedAtSeconds() > c.ringFullAtSeconds(), "the ring filled before the index was complete: " + c);
        // -1 stands for unknown: it must not pass for "held down".
        assertTrue(c.percentOfTargetWhileIndexing() >= 0 && c.percentOfTargetWhileIndexing() < 100,
                "indexing held the sample rate down: " + c);
        assertTrue(c.ringDrainedAtSeconds() > c.ringFullAtSeconds(), "the ring drained once the cache was warm: " + c);
        assertEquals(3_000, opennms.index().resourcesIndexed(), "every resource indexed in the end");

        StressResult pipelined = run(server, Writer.PIPELINED, dir, interval, duration);
        assertEquals(0, pipelined.dropped(), "the same plan and rate, the pipelined writer: no drop");
        assertEquals(0, pipelined.coldStart().droppedWhileIndexing());
        assertTrue(pipelined.coldStart().indexedAtSeconds() >= 0);
        // The plan's index rows in both keyspaces, not merely equal ones (0 = 0 would pass): the
        // writers differ in how they send, not in what.
        Map<String, Long> planned = plannedIndexRows();
        try (com.datastax.oss.driver.api.core.CqlSession s = Cql.session(server)) {
            for (Map.Entry<String, Long> table : planned.entrySet()) {
                for (String keyspace : List.of("cold_opennms", "cold_pipelined")) {
                    assertEquals(table.getValue(), Cql.count(s, "SELECT COUNT(*) FROM " + keyspace + "." + table.getKey()),
                            keyspace + "." + table.getKey());
                }
            }
        }
    }
}
