package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.metricsstress.api.Outcome;
import org.metricsstress.api.StressRun;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.Sla;
import org.metricsstress.config.StressConfig;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.result.ReadSummary;
import org.metricsstress.result.StressResult;

/**
 * Reads, searches and freshness probes beside the writes, against a real node: every operation
 * sent is settled and counted, the values read are the generator's, and the write audit still holds.
 */
@ExtendWith(CassandraExtension.class)
class ReadsIT {

    @Test
    void readsSearchesAndProbesRunBesideTheWritesAndAreAllAccountedFor(CassandraServer server) throws Exception {
        // 10 nodes x 2 x 5 x 10 every second for 8 s: 1,000 samples/s; 40 reads/s of 5 s windows
        // (up to 50 rows each), 10 searches/s, 5 probes/s.
        StressConfig config = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace("reads_it").nodes(10).interfaces(2).groups(5).attributes(10).strings(2)
                .interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(8))
                .readRate(40.0).readWindow(Duration.ofSeconds(5)).searchRate(10.0).freshnessProbes(5.0)
                // Bounds no read can meet: the check must read each figure and fail on it.
                .sla(Sla.parse("--sla", "read.p99<1us,search.p99<1us,freshness.p99<1us")).build();
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Outcome outcome = new StressRun(config, new PrintStream(buf, true, StandardCharsets.UTF_8)).execute();
        String out = buf.toString(StandardCharsets.UTF_8);
        System.out.println(out);
        StressResult r = outcome.result();
        assertEquals(org.metricsstress.api.ExitCode.CRITERIA_FAILED, outcome.exitCode(), outcome.problem());
        assertTrue(r.auditBalances(), "reads do not disturb the write audit");
        assertEquals(8_000, r.written());

        ReadSummary reads = r.reads();
        // Open loop: 40/s for 8 s is 320 reads, whatever the node's speed.
        assertEquals(320, reads.readsSent());
        assertEquals(320, reads.readsIntended(), "every read the schedule meant was sent");
        assertEquals(80, reads.searchesIntended());
        assertEquals(reads.readsSent(), reads.readsCompleted() + reads.readsFailed() + reads.readsUnsettled());
        assertEquals(0, reads.readsFailed(), "a healthy node answers every read: " + reads.readsFailedByClass());
        assertEquals(0, reads.readsUnsettled());
        assertEquals(reads.readsCompleted(), reads.readResponse().count());
        assertTrue(reads.rowsRead() > 0, "the reads found samples");
        assertTrue(reads.rowsRead() <= reads.readsCompleted() * 5 * 10, "a 5 s window holds at most 5 samples x 10 metrics");
        assertEquals(0, reads.valueMismatches(), "every value read is the generator's");

        assertEquals(80, reads.searchesSent());
        assertEquals(reads.searchesSent(), reads.searchesCompleted() + reads.searchesFailed() + reads.searchesUnsettled());
        assertEquals(0, reads.searchesFailed());
        assertEquals(reads.searchesCompleted(), reads.searchResponse().count());
        // A search made in the first second may come before its resource's index rows: then it misses.
        assertTrue(reads.searchMisses() < reads.searchesCompleted() / 2, "misses " + reads.searchMisses());

        assertTrue(reads.probesSent() >= 30, "probes " + reads.probesSent());
        assertEquals(reads.probesSent(), reads.probesReadable() + reads.probesFailed() + reads.probesUnsettled());
        assertEquals(0, reads.probesUnsettled());
        assertEquals(0, reads.probesFailed(), "every probed sample became readable within 10 s");
        assertEquals(reads.probesReadable(), reads.freshness().count(), "one freshness value per probe that read its sample");
        assertTrue(reads.probesReadable() > 0);

        assertTrue(out.contains("reads         320 sent"), out);
        assertTrue(out.contains("freshness     "), out);
        List<String> failures = r.sla().failures();
        assertFalse(r.sla().passed());
        assertEquals(3, failures.size(), failures.toString());
        for (String metric : List.of("read.p99", "search.p99", "freshness.p99")) {
            assertTrue(failures.stream().anyMatch(f -> f.startsWith(metric + " is ") && f.endsWith(", wanted < 0.00100")
                    && !f.contains("not measured")), metric + " judged on its measured value: " + failures);
        }
    }

    /**
     * A value on the read path that is not the generator's is counted: one sample of a run is
     * overwritten with another gauge, a second run over the same resource reads it back in its
     * window. Before, no test made a mismatch appear on the read path.
     */
    @Test
    void aValueThatIsNotTheGeneratorsIsCountedOnTheReadPath(CassandraServer server) throws Exception {
        StressConfig.Builder plan = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace("reads_it_mismatch").nodes(1).interfaces(1).groups(1).attributes(2).strings(0)
                .interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(3));
        Outcome first = new StressRun(plan.build(), new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8)).execute();
        assertEquals(6, first.result().written());
        try (com.datastax.oss.driver.api.core.CqlSession s = Cql.session(server)) {
            com.datastax.oss.driver.api.core.cql.Row a = s.execute("SELECT partition, resource, collected_at, "
                    + "metric_name FROM reads_it_mismatch.samples LIMIT 1").one();
            // A gauge of 0.5: OpenNMS's values are whole numbers (2.0 could be the very value there).
            s.execute("UPDATE reads_it_mismatch.samples SET value = 0x043fe0000000000000 WHERE context = 'G' "
                    + "AND partition = ? AND resource = ? AND collected_at = ? AND metric_name = ?", a.getInt(0),
                    a.getString(1), a.getInstant(2), a.getString(3));
        }
        // The one resource, read 5 times a second over an hour's window: every read holds the first run's rows.
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Outcome second = new StressRun(plan.readRate(5.0).readWindow(Duration.ofHours(1)).build(),
                new PrintStream(buf, true, StandardCharsets.UTF_8)).execute();
        String out = buf.toString(StandardCharsets.UTF_8);
        ReadSummary reads = second.result().reads();
        assertTrue(reads.readsCompleted() > 0, out);
        assertEquals(reads.readsCompleted(), reads.valueMismatches(), "each read met the overwritten value once:\n" + out);
        assertTrue(out.contains(reads.valueMismatches() + " values not the generator's"), out);
    }

    /**
     * A read stage that cannot prepare its statements (here: probes read through a --freshness-dc
     * no node is in, so the driver has no node to prepare on) fails the run as a cluster error in one
     * line, and leaves no thread of the run behind: before, the driver's exception escaped as an
     * internal error with its stack trace, and the probes' session and the writers' threads stayed.
     */
    @Test
    void aReadStageThatCannotPrepareIsOneClusterErrorAndLeavesNoThreadBehind(CassandraServer server) throws Exception {
        java.util.Set<Thread> before = Thread.getAllStackTraces().keySet();
        StressConfig config = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace("reads_it_prepare").nodes(2).interfaces(1).groups(1).attributes(1).strings(0)
                .interval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(5)).freshnessProbes(1.0)
                .freshnessDc("nowhere").build();
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        ClusterException e = assertThrows(ClusterException.class,
                () -> new StressRun(config, new PrintStream(buf, true, StandardCharsets.UTF_8)).execute());
        assertTrue(e.getMessage().startsWith("preparing the reads failed: "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        // The sessions' and the pipeline's threads end (a driver's event loop winds down within seconds).
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        List<String> left;
        do {
            Thread.sleep(200);
            left = Thread.getAllStackTraces().keySet().stream().filter(t -> !before.contains(t) && t.isAlive())
                    .map(Thread::getName).filter(n -> n.startsWith("metrics-stress")).sorted().toList();
        } while (!left.isEmpty() && System.nanoTime() < deadline);
        assertEquals(List.of(), left, "threads of the run left running");
    }
}
