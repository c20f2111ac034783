package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * One plan split over two instances, as two real processes of the jar against one real node, their
 * schedules aligned by --start-at, then merged by the jar's {@code merge}: together they write
 * exactly what one process of the whole plan would, and the merge adds up exactly.
 */
@ExtendWith(CassandraExtension.class)
class InstancesIT {
    // 20 nodes x 2 interfaces x 5 groups x 10 attributes every second, for 6 s: 12,000 samples.
    private static final List<String> PLAN = List.of("-n", "20", "-f", "2", "-g", "5", "-a", "10", "-s", "2", "-i", "1",
            "-r", "1", "--duration", "6s", "--keyspace", "instances_it");
    private static final long WHOLE_PLAN_SAMPLES = 20L * 2 * 5 * 10 * 6;

    @Test
    void twoInstancesWriteTheWholePlanOnceAndMergeExactly(CassandraServer server, @TempDir Path dir) throws Exception {
        // No lead is needed for the outcome: an instance that starts after --start-at generates
        // what it missed at once (on the same intended clock), so a short one costs no CI time and
        // a busy machine cannot make the test flaky. Either way the schedules are the same.
        long startAt = System.currentTimeMillis() / 1000 + 4;
        List<Process> instances = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            List<String> args = new ArrayList<>(List.of("--contact-points", server.contactPoint(), "--instance", i + "/2",
                    "--start-at", String.valueOf(startAt), "--result-json", "i" + i + ".json"));
            args.addAll(PLAN);
            instances.add(Jar.start(dir, "out" + i + ".txt", args));
        }
        for (int i = 0; i < 2; i++) {
            String out = Jar.finish(instances.get(i), dir, "out" + i + ".txt", 240);
            assertEquals(0, instances.get(i).exitValue(), out);
            assertTrue(out.contains("instance " + i + "/2: nodes n with n % 2 = " + i + ": 10 nodes"), out);
        }
        ObjectMapper json = new ObjectMapper();
        JsonNode a = json.readTree(dir.resolve("i0.json").toFile());
        JsonNode b = json.readTree(dir.resolve("i1.json").toFile());
        // Each instance generated its half of the plan, on the same intended clock.
        assertEquals(WHOLE_PLAN_SAMPLES / 2, a.get("generated").asLong());
        assertEquals(WHOLE_PLAN_SAMPLES / 2, b.get("generated").asLong());
        // Both on the common clock: the schedule starts at --start-at, whenever the process got there.
        assertEquals(java.time.Instant.ofEpochSecond(startAt).toString(), a.get("startedAt").asText());
        assertEquals(a.get("startedAt").asText(), b.get("startedAt").asText());

        Process merge = Jar.start(dir, "merge.txt", List.of("merge", "i0.json", "i1.json", "-o", "merged.json",
                "--report-html", "merged.html"));
        String out = Jar.finish(merge, dir, "merge.txt", 120);
        assertEquals(0, merge.exitValue(), out);
        assertTrue(out.contains("merged        2 of 2 instances"), out);
        assertTrue(out.contains(": BALANCED"), out);
        assertTrue(Files.size(dir.resolve("merged.html")) > 10_000);
        JsonNode m = json.readTree(dir.resolve("merged.json").toFile());

        assertEquals(WHOLE_PLAN_SAMPLES, m.get("generated").asLong(), "what one instance of the whole plan generates");
        assertEquals(m.get("generated").asLong(),
                m.get("written").asLong() + m.get("dropped").asLong() + m.get("failed").asLong(), "merged audit");
        assertEquals(0, m.get("unaccounted").asLong());
        try (CqlSession s = Cql.session(server)) {
            assertEquals(m.get("written").asLong(), Cql.count(s, "SELECT COUNT(*) FROM instances_it.samples"),
                    "rows in Cassandra");
            // Every group resource written, by exactly one of the two (their rows add up to the count above).
            assertEquals(200, s.execute("SELECT DISTINCT context, partition, resource FROM instances_it.samples")
                    .all().size());
        }
        assertEquals(a.get("index").get("resourcesIndexed").asLong() + b.get("index").get("resourcesIndexed").asLong(),
                m.get("index").get("resourcesIndexed").asLong());
        assertEquals(240, m.get("index").get("resourcesInPlan").asLong(), "200 group + 40 interface resources");

        // The merged p99 is the p99 of the two histograms added, not a mix of the two p99s.
        for (String kind : List.of("responseLatency", "serviceLatency", "queueLatency", "scheduleLag")) {
            Histogram sum = new Histogram(3);
            sum.add(histogram(a.get(kind)));
            sum.add(histogram(b.get(kind)));
            assertEquals(sum.getTotalCount(), m.get(kind).get("count").asLong(), kind);
            assertEquals(sum.getValueAtPercentile(99) / 1000.0, m.get(kind).get("p99Ms").asDouble(), 1e-9, kind);
            assertEquals(sum.getMaxValue() / 1000.0, m.get(kind).get("maxMs").asDouble(), 1e-9, kind);
        }
    }

    private static Histogram histogram(JsonNode latency) throws Exception {
        return Histogram.decodeFromCompressedByteBuffer(
                ByteBuffer.wrap(Base64.getDecoder().decode(latency.get("hdr").asText())), 0);
    }
}
