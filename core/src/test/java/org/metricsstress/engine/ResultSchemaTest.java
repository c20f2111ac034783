package org.metricsstress.engine;

import org.metricsstress.analysis.Judgement;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.cache.GuavaResourceCache;
import org.metricsstress.config.Sla;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.IntervalSampler;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.plan.Schedule;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.report.ResultJson;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.analysis.SlaCheck;
import org.metricsstress.result.StressResult;

/**
 * The result file, assembled by the engine's own code from real counters, matches
 * docs/result-schema.json: renaming a field of the result model without the schema fails here.
 */
class ResultSchemaTest {

    /** What StressEngine.prepare reads from a connected session. */
    /** Every part of the cluster present: its members and the driver's settings too. */
    private static org.metricsstress.result.ClusterFacts cluster() {
        return new org.metricsstress.result.ClusterFacts("test", 1, "dc1", List.of("5.0.9"), "newts",
                Map.of("class", "org.apache.cassandra.locator.NetworkTopologyStrategy", "dc1", "1"),
                List.of(new org.metricsstress.result.ClusterFacts.Member("127.0.0.1:9042", "dc1", "rack1", "UP")),
                new org.metricsstress.result.ClusterFacts.DriverFacts(2000L, "DefaultRetryPolicy (the driver's, counted)",
                        1, 1024, 256, false, "OpenNMS's: the driver's defaults, options given win"));
    }

    /** One table by JMX, the rest CQL estimates, with a projection: every optional part present. */
    private static org.metricsstress.result.DiskSummary disk() {
        List<org.metricsstress.result.DiskSummary.TableDisk> tables = List.of(
                new org.metricsstress.result.DiskSummary.TableDisk("samples", "jmx", 1200, 1200, 2L, 0.4, 100L, 12.0),
                new org.metricsstress.result.DiskSummary.TableDisk("terms", "cql-estimate", 1 << 20, 1 << 20, null, null, null, null),
                new org.metricsstress.result.DiskSummary.TableDisk("resource_attributes", "cql-estimate", 0, 0, null, null, null, null),
                new org.metricsstress.result.DiskSummary.TableDisk("resource_metrics", "cql-estimate", 0, 0, null, null, null, null));
        return new org.metricsstress.result.DiskSummary("newts", "dc1", 1, 1, 1, true, "mixed", tables, 100, 4, 12.0,
                262_144.0, org.metricsstress.result.RetentionProjection.project(9, 12, 1 << 20, 31_540_000, 604_800, 1,
                        List.of(4, 8), 0.4, 1e12), List.of("node 127.0.0.2: JMX did not answer"));
    }

    /** One node that answered with JMX, one whose reading ran out of time: every optional part present. */
    private static org.metricsstress.result.NodeTelemetry telemetry() {
        var pool = new org.metricsstress.result.NodeTelemetry.Pool(2, 32, 1, 0, 0, 900);
        var table = new org.metricsstress.result.NodeTelemetry.TableWrites(900, 0.02, 0.1, 300, 0.3, 1.2);
        var answered = new org.metricsstress.result.NodeTelemetry.Reading(1.0, null, 3.5,
                Map.of("MutationStage", pool), 1, 0, Map.of("samples", table), 12, 45, 0, 0);
        var late = org.metricsstress.result.NodeTelemetry.Reading.unanswered(2.0, "no answer within 800 ms");
        return new org.metricsstress.result.NodeTelemetry("system_views+jmx", List.of("127.0.0.2:9042: JMX did not answer"),
                List.of(new org.metricsstress.result.NodeTelemetry.Node("127.0.0.1:9042", "dc1",
                        Map.of("concurrent_writes", "32"), List.of(answered, late), 2)));
    }

    @Test
    void aResultAssembledFromCountersMatchesTheDocumentedSchema(@TempDir Path dir) throws Exception {
        StressConfig config = StressConfig.builder().nodes(2).interfaces(1).groups(2).attributes(3)
                .interval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(1))
                .sla(Sla.parse("--sla", "p99<1s,drops=0")).build();
        StressPlan plan = StressPlan.of(config);
        StressMetrics metrics = new StressMetrics();
        long start = System.nanoTime();
        IndexMetrics index = new IndexMetrics(metrics.registry(), metrics, plan.groupResources(),
                plan.interfaceResources(), start);
        IntervalSampler sampler = new IntervalSampler(metrics, start, plan.samplesPerSecond(), () -> 3, () -> 1);
        try (GuavaResourceCache cache = new GuavaResourceCache(100)) {
            sampler.withIndex(index, cache::size);
            metrics.generated(12, 4);
            metrics.handedToWriter(12);
            metrics.written(9);
            metrics.failed(3, ErrorClass.TIMEOUT);
            metrics.response().recordNanos(2_000_000);
            metrics.service().recordNanos(1_000_000);
            metrics.queue().recordNanos(100_000);
            metrics.scheduleLag().recordNanos(50_000);
            metrics.nodes().of("127.0.0.1:9042", "dc1").succeeded(9, 1_000_000);
            metrics.nodes().of("127.0.0.2:9042", "dc2").failed(ErrorClass.TIMEOUT);
            metrics.retried();
            index.requestSent();
            index.rowsWritten(28);
            index.groupIndexed(0);
            index.lookedUp(150_000_000L, 2); // two lookups one stalled round trip answered: both slow
            cache.put(1, 2);
            List<IntervalStats> intervals = List.of(sampler.sample(start + 1_000_000_000L));
            org.metricsstress.metrics.ReadMetrics reads = new org.metricsstress.metrics.ReadMetrics(metrics.registry(),
                    List.of("dc2", "dc3"));
            reads.readSent();
            reads.readCompleted(240, 0, start, start + 1_000_000, start + 3_000_000);
            reads.readSent();
            reads.readFailed(ErrorClass.TIMEOUT);
            reads.searchSent();
            reads.searchCompleted(true, start, start + 2_000_000);
            reads.probeSent("dc2");
            reads.probeReadable("dc2", start, start + 40_000_000);
            reads.probeSent("dc3");
            reads.probeFailed("dc3");
            Schedule schedule = new Schedule(plan, start, System.currentTimeMillis(), Duration.ofSeconds(1).toNanos());
            StressResult r = Judgement.of(RunResults.of(new RunResults.Run(config, plan, schedule, cluster(),
                            List.of(new org.metricsstress.result.RunEvent(0.5, "kill dc2 (127.0.0.2)")),
                            Map.of("dc1-dc2", "10ms~0.5ms"), telemetry()),
                    new RunResults.Meters(metrics, index, cache, null, reads, null, null, 8192),
                    new Settle.Settled(new Settle.Generation(start + 1_000_000_000L, start + 1_000_000_000L),
                            start + 1_100_000_000L, true, intervals, null),
                    new Baseline.ClientCost(5_000_000L, 123_456L, 7_890L, 0, 0,
                            new org.metricsstress.result.Distance.Relays(2_000_000, 0.25), 61.5, 0.15, 0.8)));
            r = r.withSla(SlaCheck.evaluate(config.judging().sla(), r));
            r = r.withDisk(disk());

            Path file = dir.resolve("result.json");
            ResultJson.write(r, file);
            // Surefire runs in the module directory; the schema is in the repository's docs.
            JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                    .getSchema(Files.readString(Path.of("..", "docs", "result-schema.json")));
            ObjectMapper mapper = new ObjectMapper();
            JsonNode json = mapper.readTree(file.toFile());
            Set<ValidationMessage> errors = schema.validate(json);
            assertEquals(Set.of(), errors, "the result file does not match docs/result-schema.json");
            assertEquals(StressResult.SCHEMA_VERSION, json.get("schemaVersion").asInt());
            assertTrue(json.get("responseLatency").has("p99Ms"));
            assertEquals(2, json.get("nodes").size(), "one entry per coordinator");
            assertEquals("dc2", json.get("nodes").get(1).get("dc").asText());
            assertEquals(1, json.get("nodes").get(1).get("failedAttemptsByClass").get("timeout").asInt());
            assertEquals(9, json.get("nodes").get(0).get("samplesWritten").asInt());
            assertEquals(1, json.get("writes").get("retries").asInt());
            JsonNode readSide = json.get("reads");
            assertEquals(2, readSide.get("readsSent").asInt());
            assertEquals(1, readSide.get("readsFailedByClass").get("timeout").asInt());
            assertEquals(240, readSide.get("rowsRead").asInt());
            assertEquals(1, readSide.get("freshness").get("count").asInt());
            assertEquals(40.0, readSide.get("freshness").get("p99Ms").asDouble(), 0.1);
            assertEquals(2, readSide.get("probesSent").asInt(), "a probe per DC, in the totals");
            assertEquals(1, readSide.get("freshnessByDc").get("dc2").get("probesReadable").asInt());
            assertEquals(40.0, readSide.get("freshnessByDc").get("dc2").get("freshness").get("p99Ms").asDouble(), 0.1);
            assertEquals(1, readSide.get("freshnessByDc").get("dc3").get("probesFailed").asInt());
            assertEquals(0, readSide.get("freshnessByDc").get("dc3").get("freshness").get("count").asInt());
            assertEquals("kill dc2 (127.0.0.2)", json.get("events").get(0).get("text").asText());
            assertEquals(2_000_000, json.get("distance").get("relays").get("bytes").asLong());
            assertEquals(4, json.get("disk").get("tables").size());
            assertEquals(2, json.get("disk").get("projection").get("perNode").size());
            Path again = dir.resolve("again.json");
            ResultJson.write(ResultJson.read(file), again);
            assertEquals(json, mapper.readTree(again.toFile()), "a result file reads back as the result written");

            assertEquals(2, json.get("cache").get("slowLookups").asInt());
            assertEquals(2, json.get("cache").get("lookups").get("count").asInt(), "the lookups' latency is kept");
            assertEquals(150.0, json.get("cache").get("lookups").get("p50Ms").asDouble(), 0.2);
            // A result written before the lookups were timed has none: it still matches and reads.
            ((com.fasterxml.jackson.databind.node.ObjectNode) json.get("cache")).remove("lookups");
            assertEquals(Set.of(), schema.validate(json), "an older result's cache still matches");
            Path older = dir.resolve("older.json");
            mapper.writeValue(older.toFile(), json);
            assertEquals(null, ResultJson.read(older).cache().lookups());
        }
    }
}
