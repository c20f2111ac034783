package org.metricsstress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.api.ExitCode;
import org.metricsstress.bench.BenchPhase;
import org.metricsstress.bench.BenchReport;
import org.metricsstress.bench.BenchResult;

/**
 * {@code bench --client-only --smoke} through the jar's entry point: no cluster anywhere, every phase
 * of both field shapes writes (into --sink null) with nothing lost, the cold phases index every
 * resource, and the figures reach the table and the JSON. No rate is asserted.
 */
class ClientOnlyBenchTest {
    @Test
    void bothFieldShapesRunColdAndWarmWithNoCluster(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path json = dir.resolve("client-only.json");
        int code = new Main(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), Map.of(), false)
                .run(new String[] {"bench", "--client-only", "--smoke", "--bench-json", json.toString()});
        String text = out.toString(StandardCharsets.UTF_8);
        System.out.println(text);
        assertEquals(ExitCode.OK, code, err.toString(StandardCharsets.UTF_8));

        BenchResult r = BenchReport.read(json);
        assertEquals(List.of("field-50k-cold", "field-50k-warm", "field-100k-cold", "field-100k-warm"),
                r.phases().stream().map(BenchPhase::name).toList());
        for (BenchPhase p : r.phases()) {
            assertTrue(p.written() > 0 && p.failed() + p.dropped() == 0, p.name() + ": " + p);
            assertTrue(p.bytesSentPerSample() > 0, p.name() + " encoded nothing");
            assertTrue(p.clientCpuMicrosPerSample() > 0, p.name() + " has no CPU figure");
        }
        // Smoke shape: 150 nodes x 20 interfaces x 5 groups, one string: 15,000 group and 3,000 interface resources.
        assertTrue(r.phases().get(0).secondsToIndexed() > 0, "the cold phase ends indexed");
        assertTrue(r.phases().get(0).indexRowsWritten() > 15_000, "index rows built: " + r.phases().get(0).indexRowsWritten());
        assertEquals(0, r.phases().get(1).indexRowsWritten(), "warm: the cache knows every resource");
        assertEquals(18_000, r.memory().get("cachedResourcesMeasured"));
        assertTrue(text.contains("--sink null") && text.contains("field-100k-warm"), text);
    }
}
