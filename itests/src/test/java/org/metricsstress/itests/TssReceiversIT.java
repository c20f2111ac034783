package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.api.Outcome;
import org.metricsstress.cluster.tsdb.LocalTsdb;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.WriterPath;

/**
 * {@code --writer tss} into Debian's real Prometheus 2.42 and VictoriaMetrics 1.79, started here on
 * free ports: what must hold on any machine, at any speed (no verdict, rate or latency). The audit
 * balances, the result JSON carries the remote-write figures with every request answered once, and
 * what the receiver itself says it stored is exactly what the run counted written. And a refusal
 * counted exactly: Prometheus refuses a sample at a series' last timestamp with another value
 * (HTTP 400, the whole request), so a second run over the first one's timestamps with another seed
 * loses every sample, each counted refused.
 */
class TssReceiversIT {

    @Test
    void intoPrometheusWhatItStoredIsWhatWasCountedWritten(@TempDir Path dir) throws Exception {
        try (LocalTsdb prometheus = LocalTsdb.start(LocalTsdb.Kind.PROMETHEUS, System.out)) {
            writtenIsStored(prometheus, dir);
        }
    }

    @Test
    void intoVictoriaMetricsWhatItStoredIsWhatWasCountedWritten(@TempDir Path dir) throws Exception {
        try (LocalTsdb vm = LocalTsdb.start(LocalTsdb.Kind.VICTORIAMETRICS, System.out)) {
            writtenIsStored(vm, dir);
        }
    }

    private static void writtenIsStored(LocalTsdb tsdb, Path dir) throws Exception {
        Path json = dir.resolve("result.json");
        long before = TssRuns.samplesStored(tsdb);
        Outcome o = TssRuns.run(TssRuns.plan(tsdb.writeUrl()).duration(Duration.ofSeconds(4)).resultJson(json).build());
        StressResult r = o.result();
        assertNotNull(r, o.problem());
        assertTrue(r.generated() > 0, "the run generated samples");
        assertTrue(r.auditBalances(), r.auditGaps());
        assertEquals(0, r.unaccounted());
        WriterPath tss = TssRuns.onlyPath(r);
        assertEquals("tss", tss.name());
        assertEquals(tss.generated(), tss.written() + tss.dropped() + tss.failed(), tss.toString());
        assertEquals(0, tss.unaccounted());

        JsonNode remoteWrite = TssRuns.json(json).get("remoteWrite");
        assertNotNull(remoteWrite, "the result JSON has remoteWrite");
        long requests = remoteWrite.get("requests").asLong();
        assertTrue(requests > 0, remoteWrite.toString());
        assertEquals(requests, TssRuns.answersSum(remoteWrite), "every request answered once: " + remoteWrite);
        assertEquals(1, TssRuns.json(json).get("writers").size());

        long stored = TssRuns.samplesStored(tsdb) - before;
        assertEquals(r.written(), stored, tsdb.kind() + "'s own count of the samples it stored");
        assertNotNull(r.remoteWrite().receiver(), "the run read the receiver's /metrics");
        assertEquals(r.written(), r.remoteWrite().receiver().samplesAppended(), r.remoteWrite().receiver().toString());
    }

    @Test
    void prometheusRefusingEverySampleAsADuplicateIsCountedRefusedExactly(@TempDir Path dir) throws Exception {
        try (LocalTsdb prometheus = LocalTsdb.start(LocalTsdb.Kind.PROMETHEUS, System.out)) {
            // One burst (-b) of a 10-minute interval: every series gets exactly one sample, at a
            // timestamp fixed by --start-at. The second run starts late (within the 5 minutes
            // allowed) and catches up with the same timestamps, its values those of another seed.
            Instant startAt = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.SECONDS);
            Outcome first = TssRuns.run(TssRuns.plan(prometheus.writeUrl()).interval(Duration.ofMinutes(10)).burst(true)
                    .startAt(startAt).duration(Duration.ofSeconds(2)).seed(1).build());
            assertNotNull(first.result(), first.problem());
            assertTrue(first.result().written() > 0, "the first run wrote: " + first.result().failedByClass());
            assertEquals(first.result().generated(), first.result().written(), first.result().failedByClass().toString());
            long storedAfterFirst = TssRuns.samplesStored(prometheus);

            Path json = dir.resolve("refused.json");
            // Long enough to end after now: the second run's generation is the catch-up burst alone.
            Duration length = Duration.between(startAt, Instant.now()).plusSeconds(3).truncatedTo(ChronoUnit.SECONDS);
            Outcome second = TssRuns.run(TssRuns.plan(prometheus.writeUrl()).interval(Duration.ofMinutes(10)).burst(true)
                    .startAt(startAt).duration(length).seed(2).resultJson(json).build());
            StressResult r = second.result();
            assertNotNull(r, second.problem());
            assertEquals(first.result().generated(), r.generated(), "the same plan's one burst, again");
            assertTrue(r.auditBalances(), r.auditGaps());
            WriterPath tss = TssRuns.onlyPath(r);
            assertEquals(tss.generated(), tss.failedByClass().get("refused"), tss.failedByClass().toString());
            assertEquals(tss.generated(), tss.failed());
            assertEquals(0, tss.written());
            assertEquals(0, tss.dropped());

            JsonNode remoteWrite = TssRuns.json(json).get("remoteWrite");
            long requests = remoteWrite.get("requests").asLong();
            assertEquals(r.groupCommitsGenerated(), requests, "one request per group");
            assertEquals(requests, remoteWrite.get("answersByStatus").path("400").asLong(), remoteWrite.toString());
            assertEquals(1, remoteWrite.get("answersByStatus").size(), remoteWrite.get("answersByStatus").toString());
            String refusal = remoteWrite.path("firstRefusal").asText();
            assertTrue(refusal.contains("duplicate"), "Prometheus' own words: " + refusal);
            assertEquals(storedAfterFirst, TssRuns.samplesStored(prometheus), "Prometheus stored none of them");
        }
    }
}
