package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.api.Outcome;
import org.metricsstress.api.StressRun;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.distance.LatencyMatrix;
import org.metricsstress.cluster.embedded.EmbeddedCassandra;
import org.metricsstress.cluster.embedded.EmbeddedCluster;
import org.metricsstress.cluster.fault.FaultInjector;
import org.metricsstress.cluster.fault.FaultPlan;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.Replication;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.result.RunEvent;
import org.metricsstress.result.StressResult;

/**
 * The field's three data centres, a few milliseconds apart ({@code --embedded-nodes
 * dc1:1,dc2:1,dc3:1 --embedded-latency "dc1-dc2=2ms,dc1-dc3=3ms,dc2-dc3=2ms"}), losing one DC and
 * then a second in one run, as {@code --embedded-fault "kill dc3 at 5s, kill dc2 at 12s"} does.
 */
class ThreeDcIT {
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

    @Test
    void atLocalQuorumTheFirstDcWritesOnThroughTheLossOfOneDcThenTwo(@TempDir Path dir) throws Exception {
        EmbeddedCassandra dc1 = cluster.target("dc1").get(0);
        Path json = dir.resolve("three-dc.json");
        StressConfig config = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(dc1.cqlAddress().getHostString(), dc1.cqlAddress().getPort())))
                .localDc("dc1").replication(Replication.parse("--replication", "dc1:1,dc2:1,dc3:1"))
                .keyspace("it_three_dc").writeConsistency("LOCAL_QUORUM").writer(Writer.PIPELINED)
                .nodes(10).interfaces(2).groups(5).attributes(10).strings(0).index(false)
                .interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(2))
                .duration(Duration.ofSeconds(18)).requestTimeout(Duration.ofSeconds(3))
                .drainTimeout(Duration.ofSeconds(10)).resultJson(json).build();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        StressRun run = new StressRun(config, new PrintStream(console, true, StandardCharsets.UTF_8))
                .distance(cluster.latency().describe());
        Outcome outcome;
        try (FaultInjector injector = new FaultInjector(cluster,
                FaultPlan.parse("kill dc3 at 5s, kill dc2 at 12s").checkedAgainst(cluster.layout()), run::event).start(run)) {
            outcome = run.execute();
        } finally {
            System.out.println(console.toString(StandardCharsets.UTF_8));
        }
        StressResult r = outcome.result();

        List<RunEvent> events = r.events();
        assertEquals(2, events.size(), "both losses are recorded: " + events);
        assertTrue(events.get(0).text().startsWith("kill dc3 (127.0.0.3"), events.toString());
        assertTrue(events.get(1).text().startsWith("kill dc2 (127.0.0.2"), events.toString());
        assertTrue(events.get(0).atSeconds() >= 5 && events.get(1).atSeconds() >= 12, events.toString());
        assertEquals(0, r.failed(), "no sample failed after either loss: " + r.failedByClass());
        assertEquals(r.generated(), r.written());
        assertTrue(r.auditBalances(), "audit exact");
        assertTrue(console.toString(StandardCharsets.UTF_8).contains(": BALANCED"), "the summary's audit line");
        // The intervals after the second loss still wrote: dc1 alone carried the run.
        IntervalsAfter after = new IntervalsAfter(r, events.get(1).atSeconds());
        assertTrue(after.written > 0, "dc1 wrote on after losing dc2 too");

        String saved = Files.readString(json);
        assertTrue(saved.contains("\"kill dc3 (127.0.0.3") && saved.contains("\"kill dc2 (127.0.0.2"),
                "the events are in the JSON");
        assertTrue(java.util.regex.Pattern.compile("\"dc1-dc3\"\\s*:\\s*\"3ms\"").matcher(saved).find(),
                "the latency matrix is in the JSON");
    }

    /** What the report intervals that began after {@code seconds} wrote. */
    private static final class IntervalsAfter {
        final long written;

        IntervalsAfter(StressResult r, double seconds) {
            written = r.intervals().stream().filter(i -> i.elapsedSeconds() - i.intervalSeconds() >= seconds)
                    .mapToLong(org.metricsstress.result.IntervalStats::written).sum();
        }
    }
}
