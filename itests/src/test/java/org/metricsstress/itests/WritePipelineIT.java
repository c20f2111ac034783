package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.OnFull;
import org.metricsstress.config.Replication;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.api.StressRun;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.result.NodeTelemetry;
import org.metricsstress.result.StressResult;
import org.metricsstress.newts.SampleValueCodec;

/** The write pipeline end to end against a real Cassandra node. Each test writes its own keyspace. */
@ExtendWith(CassandraExtension.class)
class WritePipelineIT {

    private static StressConfig.Builder small(CassandraServer server, String keyspace) {
        return StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace(keyspace).writer(Writer.PIPELINED)
                .nodes(20).interfaces(2).groups(5).attributes(10).strings(1)
                .interval(Duration.ofSeconds(1))
                .reportInterval(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(4))
                .seed(4242);
    }

    private static StressResult run(StressConfig config) throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        StressResult r = new StressRun(config, new PrintStream(buf, true, StandardCharsets.UTF_8)).execute().result();
        System.out.println(buf.toString(StandardCharsets.UTF_8));
        return r;
    }

    @Test
    void aShortRunWritesExactlyTheRowsItCountsWithTheValuesOfTheFunction(CassandraServer server) throws Exception {
        StressConfig config = small(server, "it_short").build();
        StressResult r = run(config);

        // 200 group resources x 10 samples every second for 4 s.
        assertEquals(8_000, r.generated());
        assertEquals(0, r.dropped());
        assertEquals(0, r.failed(), "failures: " + r.failedByClass());
        assertEquals(r.generated(), r.written());
        assertTrue(r.auditBalances());
        assertEquals(800, r.groupCommitsGenerated());
        assertEquals(800, r.responseLatency().count());
        assertTrue(r.responseLatency().p99Ms() > 0);

        try (CqlSession s = Cql.session(server)) {
            assertEquals(r.written(), Cql.count(s, "SELECT COUNT(*) FROM it_short.samples"));
            StressPlan plan = StressPlan.of(config);
            int checked = 0;
            for (Row row : s.execute(SimpleStatement.newInstance(
                    "SELECT context, resource, collected_at, metric_name, value, ttl(value) FROM it_short.samples LIMIT 500")
                    .setTimeout(Duration.ofSeconds(30)))) {
                assertEquals("G", row.getString("context"));
                int[] res = ResourceNames.NODE.parseGroupResource(row.getString("resource"));
                int[] metric = ResourceNames.parseMetricName(row.getString("metric_name"));
                assertEquals(res[2], metric[0], "metric belongs to its group");
                int key = plan.resourceKey(res[0], res[1], res[2]);
                double expected = plan.values().value(key, metric[1], row.getInstant("collected_at").toEpochMilli());
                assertEquals(expected, SampleValueCodec.decodeGauge(row.getByteBuffer("value")));
                int ttl = row.getInt(5);
                assertTrue(ttl > 31_540_000 - 600 && ttl <= 31_540_000, "ttl " + ttl);
                checked++;
            }
            assertEquals(500, checked);
        }
    }

    @Test
    void theKeyspaceIsNetworkTopologyAndSamplesUseTwcs(CassandraServer server) throws Exception {
        StressResult r = run(small(server, "it_schema")
                .replication(Replication.of(server.datacenter(), 1))
                .twcsWindow(Duration.ofHours(2))
                .gcGrace(Duration.ofHours(3))
                .duration(Duration.ofSeconds(1))
                .build());
        assertTrue(r.auditBalances());
        try (CqlSession s = Cql.session(server)) {
            Map<String, String> replication = s.execute(
                    "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = 'it_schema'")
                    .one().getMap(0, String.class, String.class);
            assertEquals("org.apache.cassandra.locator.NetworkTopologyStrategy", replication.get("class"));
            assertEquals("1", replication.get(server.datacenter()));
            Row table = s.execute("SELECT compaction, gc_grace_seconds FROM system_schema.tables "
                    + "WHERE keyspace_name = 'it_schema' AND table_name = 'samples'").one();
            Map<String, String> compaction = table.getMap(0, String.class, String.class);
            assertEquals("org.apache.cassandra.db.compaction.TimeWindowCompactionStrategy", compaction.get("class"));
            assertEquals("HOURS", compaction.get("compaction_window_unit"));
            assertEquals("2", compaction.get("compaction_window_size"));
            assertEquals(10_800, table.getInt(1));
            for (String t : List.of("terms", "resource_attributes", "resource_metrics")) {
                assertEquals(1, Cql.count(s, "SELECT COUNT(*) FROM system_schema.tables WHERE keyspace_name = 'it_schema' "
                        + "AND table_name = '" + t + "'"), t);
            }
        }
    }

    @Test
    void aTinyRingWithSlowWritesDropsAndCountsEveryDrop(CassandraServer server) throws Exception {
        // 4000 group commits a second against one writer with one request in flight: the ring of 2
        // overflows, and every overflowing commit must show up as dropped.
        StressResult r = run(small(server, "it_drop")
                .nodes(400).interfaces(2).groups(5)
                .ringSize(2).writerThreads(1).maxInFlight(1).onFull(OnFull.DROP)
                .duration(Duration.ofSeconds(3))
                .build());
        assertTrue(r.dropped() > 0, "nothing dropped");
        assertEquals(r.dropped(), r.groupCommitsDropped() * 10);
        assertTrue(r.written() > 0);
        assertTrue(r.auditBalances(), "unaccounted " + r.unaccounted());
        assertEquals(r.generated(), r.written() + r.dropped() + r.failed());
        try (CqlSession s = Cql.session(server)) {
            assertEquals(r.written(), Cql.count(s, "SELECT COUNT(*) FROM it_drop.samples"));
        }
    }

    @Test
    void blockPolicyNeverDropsAndFallsBehindInstead(CassandraServer server) throws Exception {
        StressResult r = run(small(server, "it_block")
                .nodes(400).interfaces(2).groups(5)
                .ringSize(2).writerThreads(1).maxInFlight(1).onFull(OnFull.BLOCK)
                .duration(Duration.ofSeconds(3))
                .build());
        assertEquals(0, r.dropped());
        assertTrue(r.auditBalances(), "unaccounted " + r.unaccounted());
        // Latency counts from the intended time, so falling behind shows in the queue time.
        assertTrue(r.queueLatency().maxMs() > 100, "queue max " + r.queueLatency().maxMs() + " ms");
        try (CqlSession s = Cql.session(server)) {
            assertEquals(r.written(), Cql.count(s, "SELECT COUNT(*) FROM it_block.samples"));
        }
    }

    /** Runs until interrupted in another thread; {@code afterStart} says whether to wait for the first report line. */
    private static StressResult interrupted(StressConfig config, boolean afterStart, AtomicBoolean restored,
            AtomicReference<Exception> thrown) throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        AtomicReference<StressResult> result = new AtomicReference<>();
        Thread runner = new Thread(() -> {
            try {
                result.set(new StressRun(config, new PrintStream(console, true, StandardCharsets.UTF_8)).execute().result());
                restored.set(Thread.currentThread().isInterrupted());
            } catch (Exception e) {
                thrown.set(e);
            }
        });
        runner.start();
        if (afterStart) {
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (!console.toString(StandardCharsets.UTF_8).contains("generated/s") && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            Thread.sleep(1500);
        }
        runner.interrupt(); // what a Karaf shell does on Ctrl-C
        runner.join(60_000);
        System.out.println(console.toString(StandardCharsets.UTF_8));
        assertTrue(!runner.isAlive(), "the run did not end after an interrupt");
        return result.get();
    }

    @Test
    void anInterruptStopsTheRunWhichStillDrainsAndRestoresTheInterrupt(CassandraServer server) throws Exception {
        AtomicBoolean restored = new AtomicBoolean();
        AtomicReference<Exception> thrown = new AtomicReference<>();
        StressResult r = interrupted(small(server, "it_interrupt").duration(null).build(), true, restored, thrown);
        assertNotNull(r, "the run failed instead of stopping: " + thrown.get());
        assertTrue(r.generated() > 0);
        assertTrue(r.auditBalances(), "unaccounted " + r.unaccounted());
        assertEquals(0, r.failed());
        assertTrue(restored.get(), "the caller must see the interrupt");
    }

    @Test
    void anInterruptBeforeTheRunConnectsEndsItWithOneLine(CassandraServer server) throws Exception {
        // The interrupt is there before the run starts: it must end at connecting, every time,
        // with the one-line cluster error (a later interrupt is the test above).
        AtomicReference<Exception> thrown = new AtomicReference<>();
        AtomicBoolean restored = new AtomicBoolean();
        Thread runner = new Thread(() -> {
            Thread.currentThread().interrupt();
            try {
                new StressRun(small(server, "it_interrupt_early").duration(null).build(),
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).execute();
            } catch (Exception e) {
                thrown.set(e);
            }
            restored.set(Thread.currentThread().isInterrupted());
        });
        runner.start();
        runner.join(60_000);
        assertTrue(!runner.isAlive(), "the run did not end");
        assertTrue(thrown.get() instanceof ClusterException, String.valueOf(thrown.get()));
        assertTrue(thrown.get().getMessage().startsWith("interrupted while connecting"), thrown.get().getMessage());
        assertTrue(restored.get(), "the caller must still see the interrupt");
    }

    @Test
    void tablesOfAnotherShapeAreAClusterErrorNamingTheStepNotABug(CassandraServer server) throws Exception {
        try (CqlSession s = Cql.session(server)) {
            s.execute("CREATE KEYSPACE IF NOT EXISTS it_shape WITH replication = "
                    + "{'class': 'NetworkTopologyStrategy', '" + server.datacenter() + "': 1}");
            // Tables of these names with other columns: the schema's IF NOT EXISTS keeps them.
            s.execute("CREATE TABLE IF NOT EXISTS it_shape.samples (context text PRIMARY KEY, other int)");
            s.execute("CREATE TABLE IF NOT EXISTS it_shape.resource_metrics (context text PRIMARY KEY, other int)");
        }
        ClusterException prepare = assertThrows(
                ClusterException.class,
                () -> new StressRun(small(server, "it_shape").build(), new PrintStream(new ByteArrayOutputStream()))
                        .execute());
        assertTrue(prepare.getMessage().startsWith("preparing the writers failed: "), prepare.getMessage());
        // OpenNMS's writer prepares no sample statement: each literal batch fails at the node, counted.
        StressResult literal = run(small(server, "it_shape").writer(Writer.OPENNMS).index(false)
                .duration(Duration.ofSeconds(2)).build());
        assertTrue(literal.failed() > 0 && literal.failed() == literal.generated() - literal.dropped(),
                "every sample sent failed: " + literal.failed());
        assertEquals(0, literal.written());
        assertTrue(literal.auditBalances());
        ClusterException priming = assertThrows(
                ClusterException.class,
                () -> new StressRun(small(server, "it_shape").primeCache(true).build(),
                        new PrintStream(new ByteArrayOutputStream())).execute());
        assertTrue(priming.getMessage().startsWith("priming the cache from it_shape failed: "), priming.getMessage());
        assertEquals(1, priming.getMessage().lines().count());
    }

    @Test
    void aCommitWiderThanOneRequestIsOneResponseTime(CassandraServer server) throws Exception {
        // 100 samples per group commit: more than one request holds (48 rows), so each is sliced.
        StressResult r = run(small(server, "it_wide").nodes(5).interfaces(1).groups(1).attributes(100).strings(0)
                .index(false).duration(Duration.ofSeconds(3)).build());
        assertEquals(r.generated(), r.written());
        assertEquals(r.groupCommitsGenerated(), r.responseLatency().count(), "one response time per commit, not per slice");
        assertTrue(r.writeRequests() >= 3 * r.groupCommitsGenerated(), "each commit went out in slices");
        try (CqlSession s = Cql.session(server)) {
            assertEquals(r.written(), Cql.count(s, "SELECT COUNT(*) FROM it_wide.samples"));
        }
    }

    /**
     * The node watch's prepared reads against a real node: the pools it asks for by name come back
     * (and only they), the run's own tables' writes are counted, the settings are read once. Not a
     * timing: a reading the loaded machine answered late is allowed, one that answered must be whole.
     */
    @Test
    void theNodeWatchReadsTheNodesOwnPoolsTablesAndSettings(CassandraServer server) throws Exception {
        StressResult r = run(small(server, "it_watch").duration(Duration.ofSeconds(8))
                .nodeTelemetryEvery(Duration.ofSeconds(1)).build());
        NodeTelemetry t = r.nodeTelemetry();
        assertEquals(1, t.nodes().size(), "the one node: " + t);
        NodeTelemetry.Node n = t.nodes().get(0);
        assertEquals("32", n.settings().get("concurrent_writes"), n.settings().toString());
        List<NodeTelemetry.Reading> answered = n.readings().stream()
                .filter(NodeTelemetry.Reading::answered).toList();
        assertTrue(!answered.isEmpty(), "the node answered a reading: " + n.readings());
        long completed = 0;
        for (NodeTelemetry.Reading reading : answered) {
            assertEquals(Set.copyOf(NodeTelemetry.POOLS), reading.pools().keySet(),
                    "every pool asked for, and only those: " + reading);
            assertEquals(32, reading.pool(NodeTelemetry.MUTATION).limit(), reading.toString());
            assertTrue(reading.tables().containsKey("samples"), "the run's samples table: " + reading.tables());
            assertEquals(0, reading.hintFiles(), reading.toString());
            completed += reading.pool(NodeTelemetry.MUTATION).completedSince();
        }
        assertTrue(completed > 0, "the node's mutations counted: " + answered);
        assertEquals(answered.stream().anyMatch(NodeTelemetry.Reading::jmxAnswered), t.source().endsWith("+jmx"),
                "the source names JMX only where it gave figures: " + t.source());
    }
}
