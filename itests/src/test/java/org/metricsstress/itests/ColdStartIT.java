package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.api.StressRun;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.report.ResultJson;
import org.metricsstress.result.ColdStart;
import org.metricsstress.result.StressResult;

/**
 * The field's cold start, in miniature, on a real node: the same plan at a rate the node holds
 * warm (10,000 samples/s; the pipelined writer writes it without a drop), from a cold cache big
 * enough for the plan (3,000 resources), both with a ring of 2,048 events (to fill within seconds
 * rather than within the run's 40 s). The OpenNMS writer's workers wait for their index writes
 * (about 21 requests for a new group resource), the ring fills, and samples are dropped until
 * every resource is indexed; then the ring drains. Both asserted from the result JSON each run writes.
 */
@ExtendWith(CassandraExtension.class)
class ColdStartIT {

    private static StressResult run(CassandraServer server, Writer writer, Path dir) throws Exception {
        Path json = dir.resolve(writer.name().toLowerCase() + ".json");
        StressConfig config = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace("cold_" + writer.name().toLowerCase())
                .nodes(50).interfaces(10).groups(5).attributes(10).strings(2)
                .interval(Duration.ofMillis(2_500)).reportInterval(Duration.ofSeconds(5)).duration(Duration.ofSeconds(40))
                .writer(writer).ringSize(2048).cacheMaxEntries(20_000).resultJson(json).build();
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
        StressResult opennms = run(server, Writer.OPENNMS, dir);
        ColdStart c = opennms.coldStart();
        assertTrue(c.ringFilled(), "the ring filled: " + c);
        assertTrue(c.droppedWhileIndexing() > 0, "samples dropped while indexing: " + c);
        assertTrue(c.indexedAtSeconds() > c.ringFullAtSeconds(), "the ring filled before the index was complete: " + c);
        assertTrue(c.percentOfTargetWhileIndexing() < 100, "indexing held the sample rate down: " + c);
        assertTrue(c.ringDrainedAtSeconds() > c.ringFullAtSeconds(), "the ring drained once the cache was warm: " + c);
        assertEquals(3_000, opennms.index().resourcesIndexed(), "every resource indexed in the end");

        StressResult pipelined = run(server, Writer.PIPELINED, dir);
        assertEquals(0, pipelined.dropped(), "the same plan and rate, the pipelined writer: no drop");
        assertEquals(0, pipelined.coldStart().droppedWhileIndexing());
        assertTrue(pipelined.coldStart().indexedAtSeconds() >= 0);
        // The same index rows in both keyspaces: the writers differ in how they send, not in what.
        try (com.datastax.oss.driver.api.core.CqlSession s = Cql.session(server)) {
            for (String table : List.of("terms", "resource_attributes", "resource_metrics")) {
                assertEquals(Cql.count(s, "SELECT COUNT(*) FROM cold_opennms." + table),
                        Cql.count(s, "SELECT COUNT(*) FROM cold_pipelined." + table), table);
            }
        }
    }
}
