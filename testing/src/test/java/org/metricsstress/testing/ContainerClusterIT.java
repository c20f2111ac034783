package org.metricsstress.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.metricsstress.config.Writer;
import org.metricsstress.result.StressResult;

/**
 * Two Cassandra containers, one per data centre, on a Docker network of their own; dc2 is cut off
 * the network during a run (a partition: both nodes keep running, neither reaches the other), a
 * fault the child-JVM nodes on loopback cannot give; then its container is killed mid-run and
 * restarted on its data.
 */
@RequiresDocker
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ContainerClusterIT {
    private static LocalStressCluster cluster;

    @BeforeAll
    static void start() throws Exception {
        cluster = MetricsStress.containers(Images.CASSANDRA, "dc1:1,dc2:1", "768M", System.out::println);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    void localQuorumWritesGoOnWhileDc2IsCutOff() throws Exception {
        StressResult r = localQuorumRun("partition dc2 at 3s", Duration.ofSeconds(10));
        assertTrue(r.auditBalances(), "unaccounted " + r.unaccounted());
        assertEquals(r.generated(), r.written(), "LOCAL_QUORUM in dc1 needs nothing of dc2: " + r.failedByClass());
        assertTrue(r.events().stream().anyMatch(e -> e.text().startsWith("partition dc2")
                && e.text().contains("docker network disconnect")), "events: " + r.events());
        // The keyspace spans both DCs, so dc1's coordinator does owe dc2 every write (as hints).
        try (CqlSession s = Plans.session(cluster)) {
            String replication = s.execute("SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = "
                    + "'tc_partition'").one().getMap(0, String.class, String.class).toString();
            assertTrue(replication.contains("dc2=1") && replication.contains("dc1=1"), replication);
        }
    }

    @Test
    @Order(2)
    void eachQuorumWritesFailWhileDc2IsCutOffAndEveryFailureIsCounted() throws Exception {
        // Its own partition: a run's faults end with it (the one before healed dc2 at its end).
        StressResult r = cluster.faults("partition dc2 at 1s").run(b -> b.keyspace("tc_partition")
                .nodes(2).interfaces(2).groups(5).attributes(10).strings(1)
                .interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(4)).writeConsistency("EACH_QUORUM")
                // OpenNMS's writer sends samples at LOCAL_ONE whatever the level: the pipelined one uses it.
                .writer(Writer.PIPELINED)
                .requestTimeout(Duration.ofSeconds(3)));
        assertTrue(r.auditBalances(), "unaccounted " + r.unaccounted());
        assertTrue(r.failed() > 0, "dc2 is unreachable, yet EACH_QUORUM writes succeeded");
        assertEquals(r.generated(), r.written() + r.dropped() + r.failed());
    }

    @Test
    @Order(3)
    void onceTheRunThatCutItOffHasEndedDc2TakesEachQuorumWritesAgain() throws Exception {
        // No heal here: the run's fault injector healed the partition it made when the run ended.
        awaitEachQuorumWrite("the partition healed at the end of its run");
    }

    @Test
    @Order(4)
    void aKilledDc2ContainerGoesUnnoticedAtLocalQuorumAndRestartsOnItsData() throws Exception {
        StressResult r = localQuorumRun("kill dc2 at 2s", Duration.ofSeconds(6));
        assertTrue(r.auditBalances(), "unaccounted " + r.unaccounted());
        assertEquals(r.generated(), r.written(), "failures: " + r.failedByClass());
        assertTrue(r.events().stream().anyMatch(e -> e.text().startsWith("kill dc2")
                && e.text().endsWith(": docker kill")), "events: " + r.events());

        String how = cluster.cluster().target("dc2").get(0).restart();
        assertTrue(how.startsWith("docker stop + start, now at "), how);
        // On its own data: the keyspace is still there, and dc2 takes its share of writes again.
        awaitEachQuorumWrite("restarting");
    }

    /** A LOCAL_QUORUM run in dc1 with {@code faults} carried out during it; its console printed. */
    private static StressResult localQuorumRun(String faults, Duration duration) throws Exception {
        StressTarget.Console run = cluster.faults(faults).runCapturing(b -> b.keyspace("tc_partition")
                .nodes(10).interfaces(2).groups(5).attributes(10).strings(1)
                .interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(1))
                .duration(duration).writeConsistency("LOCAL_QUORUM").writer(Writer.PIPELINED));
        System.out.println(run.text());
        return run.result();
    }

    /** Waits until a write needing a quorum in both DCs succeeds: dc2 is back in the cluster. */
    private static void awaitEachQuorumWrite(String after) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        String last = "never tried";
        try (CqlSession s = Plans.session(cluster)) {
            while (System.nanoTime() < deadline) {
                try {
                    s.execute(SimpleStatement.newInstance("INSERT INTO tc_partition.resource_metrics "
                            + "(context, resource, metric_name) VALUES ('G', 'back', 'm')")
                            .setConsistencyLevel(ConsistencyLevel.EACH_QUORUM).setTimeout(Duration.ofSeconds(3)));
                    return;
                } catch (RuntimeException e) {
                    last = e.getMessage();
                    Thread.sleep(1000);
                }
            }
        }
        throw new AssertionError("dc2 did not take an EACH_QUORUM write within 120 s of " + after + ": " + last);
    }
}
