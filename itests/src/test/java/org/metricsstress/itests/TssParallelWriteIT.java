package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.api.Outcome;
import org.metricsstress.cluster.tsdb.LocalTsdb;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.WriterPaths;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.WriterPath;

/**
 * OpenNMS's parallel write ({@code --writer opennms,tss}) on real servers: the module's Cassandra
 * node for the Newts path and Debian's VictoriaMetrics 1.79 for the TSS path. Each path keeps its
 * own audit, in {@code --writer} order, both offered the same collection; what the receiver stored
 * is what the TSS path counted written. No verdict or rate: the shared node's speed is the
 * machine's.
 */
@ExtendWith(CassandraExtension.class)
class TssParallelWriteIT {

    @Test
    void bothPathsAuditTheSameCollectionInWriterOrder(CassandraServer server, @TempDir Path dir) throws Exception {
        try (LocalTsdb vm = LocalTsdb.start(LocalTsdb.Kind.VICTORIAMETRICS, System.out)) {
            Path json = dir.resolve("parallel.json");
            long before = TssRuns.samplesStored(vm);
            Outcome o = TssRuns.run(TssRuns.plan(vm.writeUrl()).writers(WriterPaths.parse("--writer", "opennms,tss"))
                    .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(),
                            server.cqlAddress().getPort())))
                    .localDc(server.datacenter()).keyspace("it_tss_parallel").nodes(10)
                    .duration(Duration.ofSeconds(5)).resultJson(json).build());
            StressResult r = o.result();
            assertNotNull(r, o.problem());
            List<WriterPath> paths = r.writers();
            assertEquals(List.of("opennms", "tss"), paths.stream().map(WriterPath::name).toList(), paths.toString());
            WriterPath opennms = paths.get(0);
            WriterPath tss = paths.get(1);
            assertTrue(opennms.generated() > 0, opennms.toString());
            assertEquals(opennms.generated(), tss.generated(), "both paths were offered the same collection");
            for (WriterPath p : paths) {
                assertEquals(p.generated(), p.written() + p.dropped() + p.failed(), p.name() + ": " + p);
                assertEquals(0, p.unaccounted(), p.toString());
            }
            assertNull(opennms.remoteWrite(), "the Newts path has no remote-write figures");
            assertNotNull(tss.remoteWrite(), tss.toString());
            assertEquals(tss.remoteWrite().requests(),
                    tss.remoteWrite().answersByStatus().values().stream().mapToLong(Long::longValue).sum(),
                    tss.remoteWrite().toString());
            assertEquals(tss.written(), TssRuns.samplesStored(vm) - before, "VictoriaMetrics' own count of what it stored");

            JsonNode writers = TssRuns.json(json).get("writers");
            assertEquals(2, writers.size(), writers.toString());
            assertEquals("opennms", writers.get(0).get("name").asText());
            assertEquals("tss", writers.get(1).get("name").asText());
            assertTrue(writers.get(1).get("remoteWrite").isObject(), writers.get(1).toString());
        }
    }
}
