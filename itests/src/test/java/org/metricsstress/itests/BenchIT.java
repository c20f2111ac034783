package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.bench.Bench;
import org.metricsstress.bench.BenchSetup;
import org.metricsstress.bench.BenchPhase;
import org.metricsstress.bench.BenchReport;
import org.metricsstress.bench.BenchResult;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.StressConfig;

/**
 * The bench in its smoke size against a real node: every phase runs and writes, nothing is lost,
 * the cold phase writes every index row and the warm one none, the table and the JSON hold every
 * phase. No timing is asserted: figures on a shared CI machine mean nothing.
 */
@ExtendWith(CassandraExtension.class)
class BenchIT {
    @Test
    void everyPhaseRunsAndIsReported(CassandraServer server, @TempDir Path dir) throws Exception {
        ContactPoint node = new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort());
        BenchResult result;
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        try (TestRedis redis = new TestRedis()) {
            BenchSetup setup = new BenchSetup(
                    () -> StressConfig.builder().contactPoints(List.of(node)).keyspace("it_bench")
                            .nodes(20).interfaces(2).groups(5).attributes(10).strings(2)
                            // Flat out on the node the other classes load too: a slow answer is
                            // no fault here (this test asserts no speed), a timed-out one would be.
                            .requestTimeout(Duration.ofSeconds(60)).drainTimeout(Duration.ofSeconds(120))
                            // Nor is the node's own write timeout (2 s), when the classes beside it
                            // load it: in three suites' runs a cold phase lost 160-1,200 samples so.
                            // Sent again instead, counted as retries, never twice as written.
                            .retries(3),
                    20_000, Duration.ofSeconds(3), Duration.ofSeconds(60), () -> -1L,
                    new PrintStream(OutputStream.nullOutputStream()), redis.uri(),
                    // The rest alone: the other classes' flushes and compactions never let this node settle.
                    Duration.ofSeconds(2));
            result = new Bench(setup, new PrintStream(console, true, StandardCharsets.UTF_8)).run();
        }

        List<String> names = result.phases().stream().map(BenchPhase::name).toList();
        assertEquals(List.of("ceiling", "pipeline-no-index", "pipeline-cold-index", "pipeline-warm-index",
                "pipeline-warm-lz4", "pipeline-mixed", "pipeline-cold-redis", "pipeline-warm-redis",
                "pipeline-warm-redis-only", "cold-start", "cold-start-256", "opennms-cold", "opennms-warm",
                "ceiling-again"), names);
        for (BenchPhase p : result.phases()) {
            assertTrue(p.written() > 0, p.name() + " wrote nothing");
            // OpenNMS's writer on a cold cache drops by design when its ring fills; nothing fails.
            assertEquals(0, p.failed() + (p.name().equals("opennms-cold") ? 0 : p.dropped()), p.name() + " lost samples: "
                    + p.failedByClass() + " failed, " + p.dropped() + " dropped");
            assertTrue(p.clientCpuSeconds() > 0, p.name() + " has no CPU figure");
            assertTrue(p.ratioToCeiling() > 0, p.name() + " has no ratio");
        }
        // Newts' rows as IndexingIT counts them, with 10 attributes, 2 strings and OpenNMS's default
        // ids (4 elements): 42 per group resource (14 terms, 14 attributes, 10 metrics, and its 2
        // strings' term and attribute on its interface), 1 per interface resource (its "strings" metric).
        assertEquals(200 * 42 + 40, result.phases().get(2).indexRowsWritten(), "cold: every index row once");
        assertEquals(0, result.phases().get(3).indexRowsWritten(), "warm: the cache knows every resource");
        BenchPhase warm = phase(result, "pipeline-warm-index");
        BenchPhase lz4 = phase(result, "pipeline-warm-lz4");
        assertTrue(warm.bytesSentPerSample() > 40, "bytes on the wire per sample: " + warm.bytesSentPerSample());
        assertTrue(lz4.bytesSentPerSample() < warm.bytesSentPerSample(), "LZ4 sends fewer bytes: " + lz4.bytesSentPerSample());
        assertEquals(200 * 42 + 40, phase(result, "pipeline-cold-redis").indexRowsWritten(),
                "cold Redis: every index row once");
        assertEquals(0, phase(result, "pipeline-warm-redis").indexRowsWritten(), "warm Redis knows every resource");
        assertEquals(0, phase(result, "pipeline-warm-redis-only").indexRowsWritten(), "so does Redis alone");
        assertTrue((double) result.findings().get("redisBytesPerKey") > 8, "Redis memory per key: " + result.findings());
        assertEquals(240L, result.findings().get("redisKeys"), "one key per group and interface resource");
        for (String cold : List.of("cold-start", "cold-start-256", "pipeline-cold-index", "pipeline-cold-redis")) {
            BenchPhase p = phase(result, cold);
            assertTrue(p.secondsToIndexed() > 0 && p.indexedBoundSeconds() > 0, cold + ": time to indexed and its bound");
        }
        assertTrue(result.findings().containsKey("warmRedisToGuava") && result.findings().containsKey("cold-startToBound"),
                result.findings().toString());
        BenchPhase mixed = phase(result, "pipeline-mixed");
        assertTrue(mixed.readsPerSecond() > 0 && mixed.readServiceP99Millis() > 0, "mixed: reads answered beside ingest");
        assertTrue(result.phases().stream().filter(p -> p != mixed).allMatch(p -> p.readsPerSecond() < 0),
                "only the mixed phase reads");
        // The figures every ratio is made of are the node's: each sample a phase (and the ceiling's
        // warm-up of 20,000) counted written is a row in the table (the ceiling writes a day back, each
        // pass an interval later; a row it may share with a pipeline phase's to the millisecond aside).
        long claimed = 20_000 + result.phases().stream().mapToLong(BenchPhase::written).sum();
        long rows;
        try (com.datastax.oss.driver.api.core.CqlSession s = Cql.session(server)) {
            rows = Cql.count(s, "SELECT COUNT(*) FROM it_bench.samples");
        }
        assertTrue(rows <= claimed && rows >= claimed - claimed / 1000, "rows " + rows + ", counted written " + claimed);
        double perSample = (double) result.memory().get("heapBytesPerBufferedSample");
        assertTrue(perSample > 8 && perSample < 64, "heap per buffered sample: " + perSample);
        assertTrue((double) result.memory().get("heapBytesPerCachedResource") > 16);

        ByteArrayOutputStream table = new ByteArrayOutputStream();
        BenchReport.print(result, new PrintStream(table, true, StandardCharsets.UTF_8));
        String text = table.toString(StandardCharsets.UTF_8);
        System.out.println(console.toString(StandardCharsets.UTF_8) + text);
        for (String name : names) {
            assertTrue(text.contains(name), "table lacks " + name);
        }
        // Every phase starts after its 2 s of rest (this setup's bound; the node's thread pools are
        // still read once).
        Matcher settled = Pattern.compile("\\(node settled in ([0-9.]+) s\\)\\.\\.\\.")
                .matcher(console.toString(StandardCharsets.UTF_8));
        int phasesSettled = 0;
        while (settled.find()) {
            double s = Double.parseDouble(settled.group(1));
            assertTrue(s >= 2 && s < 3, "a phase waited " + s + " s for the node");
            phasesSettled++;
        }
        assertEquals(names.size(), phasesSettled, "every phase's line says how long the node took to settle");
        Path json = dir.resolve("bench.json");
        BenchReport.write(result, json);
        assertEquals(result.phases(), BenchReport.read(json).phases());
    }

    private static BenchPhase phase(BenchResult r, String name) {
        return r.phases().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }
}
