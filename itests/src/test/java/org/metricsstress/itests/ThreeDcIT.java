package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.distance.DelayRelay;
import org.metricsstress.cluster.distance.LatencyMatrix;
import org.metricsstress.cluster.embedded.EmbeddedCassandra;
import org.metricsstress.cluster.embedded.EmbeddedCluster;
import org.metricsstress.cluster.embedded.Nodetool;
import org.metricsstress.config.StressConfig;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.ReadSummary;
import org.metricsstress.result.RunEvent;
import org.metricsstress.itests.ClusterRuns.Run;
import org.metricsstress.result.StressResult;

/**
 * The field's three data centres, a few milliseconds apart ({@code --embedded-nodes
 * dc1:1,dc2:1,dc3:1 --embedded-latency "dc1-dc2=2ms,dc1-dc3=3ms,dc2-dc3=2ms"}), losing one DC and
 * then a second in one run, as {@code --embedded-fault "kill dc3 at 5s, kill dc2 at 12s"} does: at
 * LOCAL_QUORUM dc1 writes on, at EACH_QUORUM every write after the first loss fails, each failure
 * classified and the audit exact. A DC paused behind its relay stalls EACH_QUORUM writes, which go
 * on once it resumes. Probes through dc2 and dc3 measure the replication lag into each. The relays
 * carry every row into each DC, and a node killed behind its relay is seen down and up again (what
 * DistanceIT measures of the distance itself runs alone, in itests-alone). Each test finds all
 * three DCs up.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ThreeDcIT {
    private static final String LOSSES = "kill dc3 at 5s, kill dc2 at 12s";
    private static EmbeddedCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        ClusterLayout layout = ClusterLayout.parse("dc1:1,dc2:1,dc3:1");
        cluster = EmbeddedCluster.start(layout, EmbeddedCluster.Security.NONE,
                LatencyMatrix.parse("dc1-dc2=2ms,dc1-dc3=3ms,dc2-dc3=2ms", layout.nodesPerDc().keySet()),
                b -> b.heap("640M").output(System.out::println), System.out::println);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    /**
     * A test that killed DCs leaves it to the next one to bring them back: the nodes that do not
     * answer CQL (killed, or left paused: a paused process still lives) restart side by side, then
     * dc1's coordinator must see both remote DCs up again, which only a write at EACH_QUORUM proves
     * (a client local to dc1 never connects to the others).
     */
    @BeforeEach
    void everyDcIsUp() throws Exception {
        List<EmbeddedCassandra> dead = cluster.silentNodes(Duration.ofSeconds(5));
        if (dead.isEmpty()) {
            return;
        }
        ExecutorService restarts = Executors.newFixedThreadPool(dead.size());
        try {
            List<Future<String>> done = new ArrayList<>();
            for (EmbeddedCassandra n : dead) {
                done.add(restarts.submit(n::restart));
            }
            for (Future<String> f : done) {
                System.out.println("restarted: " + f.get());
            }
        } finally {
            restarts.shutdownNow();
        }
        cluster.awaitRing(System.out::println);
        EmbeddedCassandra dc1 = cluster.target("dc1").get(0);
        try (CqlSession s = cluster.clientSession(dc1.cqlAddress(), "dc1")) {
            // Schema changes wait for every node to agree: longer than the driver's 2 s on busy cores.
            s.execute(SimpleStatement.newInstance("CREATE KEYSPACE IF NOT EXISTS it_three_dc_up WITH replication ="
                    + " {'class': 'NetworkTopologyStrategy', 'dc1': 1, 'dc2': 1, 'dc3': 1}").setTimeout(Duration.ofSeconds(60)));
            s.execute(SimpleStatement.newInstance("CREATE TABLE IF NOT EXISTS it_three_dc_up.t (k int PRIMARY KEY)")
                    .setTimeout(Duration.ofSeconds(60)));
            long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            while (true) {
                try {
                    s.execute(SimpleStatement.newInstance("INSERT INTO it_three_dc_up.t (k) VALUES (1)")
                            .setConsistencyLevel(ConsistencyLevel.EACH_QUORUM).setTimeout(Duration.ofSeconds(5)));
                    return;
                } catch (RuntimeException notYet) {
                    if (System.nanoTime() > deadline) {
                        throw new AssertionError("dc1 does not see every DC up 90 s after the restarts", notYet);
                    }
                    Thread.sleep(1000);
                }
            }
        }
    }

    private static StressConfig config(String keyspace, String consistency, Path json) {
        return ClusterRuns.config(cluster, "dc1:1,dc2:1,dc3:1", keyspace, consistency)
                .reportInterval(Duration.ofSeconds(2)).duration(Duration.ofSeconds(18)).resultJson(json).build();
    }

    /** Runs {@code config} through both DC losses; both are recorded, in the JSON too. */
    private static Run runThroughTheLosses(StressConfig config) throws Exception {
        Run run = ClusterRuns.run(cluster, config, LOSSES);
        StressResult r = run.result();
        List<RunEvent> events = r.events();
        assertEquals(2, events.size(), "both losses are recorded: " + events);
        assertTrue(events.get(0).text().startsWith("kill dc3 (127.0.0.3"), events.toString());
        assertTrue(events.get(1).text().startsWith("kill dc2 (127.0.0.2"), events.toString());
        assertTrue(events.get(0).atSeconds() >= 5 && events.get(1).atSeconds() >= 12, events.toString());
        String saved = Files.readString(config.outputs().resultJson());
        assertTrue(saved.contains("\"kill dc3 (127.0.0.3") && saved.contains("\"kill dc2 (127.0.0.2"),
                "the events are in the JSON");
        assertTrue(Pattern.compile("\"dc1-dc3\"\\s*:\\s*\"3ms\"").matcher(saved).find(),
                "the latency matrix is in the JSON");
        return run;
    }

    @Test
    @Order(0)
    void aDcPausedBehindItsRelayStallsEachQuorumWritesWhichResumeWithIt(@TempDir Path dir) throws Exception {
        Run run = ClusterRuns.run(cluster, config("it_three_dc_pause", "EACH_QUORUM", dir.resolve("pause.json")),
                "pause dc3 at 3s, resume dc3 at 8s");
        StressResult r = run.result();

        List<RunEvent> events = r.events();
        assertEquals(2, events.size(), events.toString());
        assertTrue(events.get(0).text().startsWith("pause dc3 (127.0.0.3") && events.get(0).text().endsWith("SIGSTOP"),
                events.toString());
        assertTrue(events.get(1).text().startsWith("resume dc3 (127.0.0.3") && events.get(1).text().endsWith("SIGCONT"),
                events.toString());
        // dc3 is reached only through its relay: its replica's silence must stall EACH_QUORUM writes.
        assertTrue(r.failed() + r.writes().retries() > 0, "the pause was felt: " + r.failedByClass());
        assertEquals(r.failed(), r.failedByClass().getOrDefault("timeout", 0L)
                + r.failedByClass().getOrDefault("unavailable", 0L), r.failedByClass().toString());
        assertEquals(r.generated(), r.written() + r.failed() + r.dropped(), "each sample counted once");
        assertTrue(r.auditBalances(), "audit exact");
        IntervalStats last = r.intervals().get(r.intervals().size() - 1);
        assertTrue(last.elapsedSeconds() - last.intervalSeconds() >= events.get(1).atSeconds() + 4, last.toString());
        assertTrue(last.written() > 0 && last.failed() == 0,
                "EACH_QUORUM writes through dc3's relay again after the resume: " + last);
    }

    /** Bytes the relays between the DCs have carried so far, every direction. */
    private static long relayed() {
        return cluster.relays().stream().mapToLong(DelayRelay::bytesRelayed).sum();
    }

    @Test
    @Order(2)
    void theRelaysCarryEveryRowIntoEachDc() throws Exception {
        long relayedBefore = relayed();
        // LOCAL_ONE: a row reaches dc2 and dc3 only by replication through the relays.
        StressResult r = ClusterRuns.run(cluster, ClusterRuns.config(cluster, "dc1:1,dc2:1,dc3:1", "it_three_dc_bytes",
                "LOCAL_ONE").reportInterval(Duration.ofSeconds(2)).duration(Duration.ofSeconds(8)).build(), null).result();
        assertTrue(r.auditBalances(), "audit");
        assertEquals(r.generated(), r.written());
        assertTrue(relayed() > relayedBefore, "the inter-node traffic crossed the relays");
        // Hints and the repair an operator would run: whatever a relay lost would stay lost.
        Nodetool.run(cluster.target("dc1").get(0), Duration.ofMinutes(5), "repair", "-full", "it_three_dc_bytes");
        for (String dc : List.of("dc1", "dc2", "dc3")) {
            EmbeddedCassandra node = cluster.target(dc).get(0);
            try (CqlSession s = cluster.clientSession(node.cqlAddress(), dc)) {
                // The driver's default level, LOCAL_ONE: the DC's own replica alone answers.
                assertEquals(r.written(), Cql.count(s, "SELECT COUNT(*) FROM it_three_dc_bytes.samples"),
                        "every row written is in " + dc);
            }
        }
    }

    @Test
    @Order(3)
    void aNodeKilledBehindItsRelayIsSeenDownAndUpAgain() throws Exception {
        EmbeddedCassandra dc1 = cluster.target("dc1").get(0);
        EmbeddedCassandra dc2 = cluster.target("dc2").get(0);
        try (CqlSession s = cluster.clientSession(dc1.cqlAddress(), "dc1")) {
            s.execute(SimpleStatement.newInstance("CREATE KEYSPACE IF NOT EXISTS it_three_dc_fd WITH replication = "
                    + "{'class': 'NetworkTopologyStrategy', 'dc1': 1, 'dc2': 1}").setTimeout(Duration.ofSeconds(60)));
            s.execute(SimpleStatement.newInstance("CREATE TABLE IF NOT EXISTS it_three_dc_fd.t (k int PRIMARY KEY, v int)")
                    .setTimeout(Duration.ofSeconds(60)));
            assertTrue(until(s, "up", Duration.ofSeconds(30)), "dc2 answers EACH_QUORUM across its relay");
            // The nodes keep their system tables unsynced (fast start): a kill would lose the new
            // table's schema on dc2 and every write to it would fail there, relay or not.
            Nodetool.run(dc2, Duration.ofMinutes(2), "flush");
            dc2.kill();
            assertTrue(until(s, "down", Duration.ofSeconds(60)), "dc1 sees dc2 down behind its relay");
            dc2.restart();
            assertTrue(until(s, "up", Duration.ofSeconds(90)), "dc1 sees dc2 back up through its relay");
        }
        cluster.awaitRing(System.out::println);
    }

    /** "up" when an EACH_QUORUM write succeeds, "down" when dc1 refuses it as unavailable, else "unsure". */
    private static String eachQuorumWrite(CqlSession s) {
        try {
            s.execute(SimpleStatement.newInstance("INSERT INTO it_three_dc_fd.t (k, v) VALUES (1, 1)")
                    .setConsistencyLevel(ConsistencyLevel.EACH_QUORUM).setTimeout(Duration.ofSeconds(3)));
            return "up";
        } catch (UnavailableException e) {
            return "down";
        } catch (AllNodesFailedException e) {
            return e.getAllErrors().values().stream().flatMap(List::stream)
                    .anyMatch(t -> t instanceof UnavailableException) ? "down" : "unsure";
        } catch (RuntimeException e) {
            return "unsure";
        }
    }

    private static boolean until(CqlSession s, String state, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (state.equals(eachQuorumWrite(s))) {
                return true;
            }
            Thread.sleep(500);
        }
        return false;
    }

    @Test
    @Order(4)
    void atEachQuorumEveryWriteAfterTheFirstLossFailsClassifiedAndTheAuditStaysExact(@TempDir Path dir) throws Exception {
        Run run = runThroughTheLosses(config("it_three_dc_each", "EACH_QUORUM", dir.resolve("each.json")));
        StressResult r = run.result();

        assertTrue(r.failed() > 0, "EACH_QUORUM cannot be met without dc3: " + r.failedByClass());
        assertEquals(r.failed(), r.failedByClass().getOrDefault("timeout", 0L)
                + r.failedByClass().getOrDefault("unavailable", 0L),
                "every failure is a timeout or unavailable: " + r.failedByClass());
        assertEquals(r.generated(), r.written() + r.failed() + r.dropped(), "written + failed + dropped = generated");
        assertTrue(r.auditBalances(), "audit exact");
        assertTrue(run.console().contains(": BALANCED"), "the summary's audit line");
        double firstLoss = r.events().get(0).atSeconds();
        long writtenBefore = 0;
        for (IntervalStats i : r.intervals()) {
            if (i.elapsedSeconds() <= firstLoss) {
                assertEquals(0, i.failed(), "no failure while all three DCs were up: " + i);
                writtenBefore += i.written();
            }
        }
        assertTrue(writtenBefore > 0, "EACH_QUORUM wrote across all three DCs before the first loss");
        assertEquals(0, new IntervalsAfter(r, r.events().get(1).atSeconds() + 4).written,
                "nothing is written at EACH_QUORUM once two DCs are gone");
        assertNotEquals("KEPT_UP", r.verdict().kind(), "a run that failed samples did not keep up");
    }

    @Test
    @Order(5)
    void atLocalQuorumTheFirstDcWritesOnThroughTheLossOfOneDcThenTwo(@TempDir Path dir) throws Exception {
        Run run = runThroughTheLosses(config("it_three_dc", "LOCAL_QUORUM", dir.resolve("three-dc.json")));
        StressResult r = run.result();

        assertEquals(0, r.failed(), "no sample failed after either loss: " + r.failedByClass());
        assertEquals(r.generated(), r.written());
        assertTrue(r.auditBalances(), "audit exact");
        assertTrue(run.console().contains(": BALANCED"), "the summary's audit line");
        // The intervals after the second loss still wrote: dc1 alone carried the run.
        IntervalsAfter after = new IntervalsAfter(r, r.events().get(1).atSeconds());
        assertTrue(after.written > 0, "dc1 wrote on after losing dc2 too");
    }

    @Test
    @Order(1) // after the pause, which leaves every DC up (no restart first) and the nodes warmer:
              // run first on fresh nodes beside other classes, both lags were 1.4-1.5 s, in either order
    void probesThroughDc2AndDc3MeasureTheReplicationLagIntoEach() throws Exception {
        // Far apart for this test (dc3 is 45 ms farther than dc2, three crossings per probe), so the
        // two DCs' lags cannot be mistaken for each other on a busy machine.
        LatencyMatrix usual = cluster.latency();
        cluster.latency(LatencyMatrix.parse("dc1-dc2=5ms,dc1-dc3=50ms,dc2-dc3=45ms", cluster.layout().nodesPerDc().keySet()));
        StressResult r;
        try {
            r = ClusterRuns.run(cluster, ClusterRuns.config(cluster, "dc1:1,dc2:1,dc3:1", "it_three_dc_lag", "LOCAL_ONE")
                    .reportInterval(Duration.ofSeconds(2)).duration(Duration.ofSeconds(10))
                    .freshnessProbes(5.0).freshnessDc("dc2,dc3").readConsistency("LOCAL_ONE").build(), null).result();
        } finally {
            cluster.latency(usual);
        }
        ReadSummary reads = r.reads();
        assertEquals(List.of("dc2", "dc3"), List.copyOf(reads.freshnessByDc().keySet()), "each DC, in the order given");
        ReadSummary.DcFreshness dc2 = reads.freshnessByDc().get("dc2");
        ReadSummary.DcFreshness dc3 = reads.freshnessByDc().get("dc3");
        assertEquals(dc2.probesSent(), dc3.probesSent(), "the same samples probed in each DC");
        assertTrue(dc2.probesSent() >= 20, "probes " + dc2.probesSent());
        for (ReadSummary.DcFreshness f : List.of(dc2, dc3)) {
            assertEquals(f.probesSent(), f.probesReadable() + f.probesFailed() + f.probesUnsettled(), f.toString());
            assertEquals(f.probesReadable(), f.freshness().count());
            assertTrue(f.probesReadable() > f.probesSent() / 2, "most samples reach each DC within the bound: " + f);
        }
        assertEquals(reads.probesSent(), dc2.probesSent() + dc3.probesSent(), "every probe is in the totals");
        assertEquals(reads.freshness().count(), dc2.freshness().count() + dc3.freshness().count());
        // Written in dc1, replicated one way, then read through the DC's own relay both ways.
        double lag2 = dc2.freshness().p50Ms();
        double lag3 = dc3.freshness().p50Ms();
        System.out.printf("ThreeDcIT: replication lag p50 into dc2 (5 ms away) %.2f ms, into dc3 (50 ms away) %.2f ms%n",
                lag2, lag3);
        assertTrue(lag2 >= 5, "dc2 is 5 ms from dc1: p50 " + lag2);
        assertTrue(lag3 >= 50, "dc3 is 50 ms from dc1: p50 " + lag3);
        assertTrue(lag3 > lag2, "dc3 is farther than dc2: " + lag3 + " vs " + lag2 + " ms");
    }

    /**
     * What the report intervals that began after {@code seconds} wrote; there must be one, or a sum
     * of nothing (0) would pass for "nothing written" and fail nothing for "wrote on".
     */
    private static final class IntervalsAfter {
        final long written;

        IntervalsAfter(StressResult r, double seconds) {
            List<IntervalStats> after = r.intervals().stream()
                    .filter(i -> i.elapsedSeconds() - i.intervalSeconds() >= seconds).toList();
            assertFalse(after.isEmpty(), "a report interval begins " + seconds + " s in or later: " + r.intervals());
            written = after.stream().mapToLong(IntervalStats::written).sum();
        }
    }
}
