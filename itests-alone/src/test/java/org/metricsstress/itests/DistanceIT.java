package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.distance.LatencyMatrix;
import org.metricsstress.cluster.embedded.EmbeddedCluster;
import org.metricsstress.config.StressConfig;
import org.metricsstress.result.Distance;
import org.metricsstress.result.StressResult;

/**
 * Two real data centres behind delay relays, as {@code --embedded-latency "dc1-dc2=..."} makes them:
 * every inter-node message between dc1 and dc2 (and the client's connection to dc2) crosses a relay
 * of this process. One cluster for the class, first at 0 ms, then 25 ms apart (the relays' delay
 * changed on their open connections): what each consistency level costs across the distance. What
 * the relays carry and a node killed behind one are ThreeDcIT's, in itests: they assert no latency.
 *
 * <p>Why 25 ms: a loaded machine adds its own delay to each crossing (the relay's thread and the
 * nodes' threads scheduled late), and that delay does not shrink with the distance. Quiet, it added
 * 1-2 ms to the round trip here. In one CI run it added 9 ms: at 10 ms each way, EACH_QUORUM's gap
 * was 29.2 ms against a bound of 20 ms +30 %. A 50 ms round trip keeps such delays inside the bound,
 * and the bound still tells one round trip from two.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Acceptance
class DistanceIT {
    private static final int ONE_WAY_MS = 25;
    private static EmbeddedCluster cluster;
    /** LOCAL_QUORUM's service p50 at 0 ms, measured by the first test for the second. */
    private static double localQuorumAtZero = Double.NaN;

    @BeforeAll
    static void startCluster() throws Exception {
        ClusterLayout layout = ClusterLayout.parse("dc1:1,dc2:1");
        cluster = EmbeddedCluster.start(layout, EmbeddedCluster.Security.NONE, apart(0),
                // C1 alone: a third less CPU to start both nodes, and what is compared is two
                // latencies of the same nodes.
                b -> b.heap("768M").jvmFlags(List.of(ClusterRuns.QUICK_JIT)).output(System.out::println),
                System.out::println);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static LatencyMatrix apart(int oneWayMs) {
        return LatencyMatrix.parse("dc1-dc2=" + oneWayMs + "ms", List.of("dc1", "dc2"));
    }

    private static StressConfig.Builder config(String keyspace, String consistency, int seconds) {
        return ClusterRuns.config(cluster, "dc1:1,dc2:1", keyspace, consistency)
                .reportInterval(Duration.ofSeconds(5)).duration(Duration.ofSeconds(seconds));
    }

    private static StressResult run(StressConfig config) throws Exception {
        StressResult r = ClusterRuns.run(cluster, config, null).result();
        assertTrue(r.auditBalances(), "audit");
        return r;
    }

    private static double p50(StressResult r, String consistency) {
        Distance.DcService s = r.distance().service(consistency, "dc1");
        assertNotNull(s, consistency + " coordinated in dc1: " + r.distance());
        return s.service().p50Ms();
    }

    @Test
    @Order(1)
    void atZeroMsTheResultSaysTheDcsAreZeroApart() throws Exception {
        cluster.latency(apart(0));
        // Fresh nodes write several times slower until their JIT has warmed: not measured.
        run(config("it_distance_warm", "LOCAL_QUORUM", 8).build());
        StressResult local = run(config("it_distance_lq0", "LOCAL_QUORUM", 6).build());
        localQuorumAtZero = p50(local, "LOCAL_QUORUM");
        assertEquals(Map.of("dc1-dc2", "0ms"), local.distance().latency(), "the matrix as it is now");
    }

    @Test
    @Order(2)
    void at25MsEachQuorumCostsOneRoundTripMoreLocalQuorumNothingAndDc2IsReadStale() throws Exception {
        cluster.latency(apart(ONE_WAY_MS));
        StressResult local = run(config("it_distance_lq", "LOCAL_QUORUM", 10)
                .freshnessProbes(5.0).freshnessDc("dc2").readConsistency("LOCAL_ONE").build());
        StressResult each = run(config("it_distance_eq", "EACH_QUORUM", 10).build());

        assertEquals(Map.of("dc1-dc2", ONE_WAY_MS + "ms"), each.distance().latency(), "the matrix is in the result");
        assertEquals(0, local.failed() + each.failed(), "no failure at either level");
        double lq = p50(local, "LOCAL_QUORUM");
        double eq = p50(each, "EACH_QUORUM");
        double gap = eq - lq;
        System.out.printf("DistanceIT: LOCAL_QUORUM p50 %.2f ms at 0 ms, %.2f ms at %d ms; EACH_QUORUM p50 %.2f ms; gap %.2f ms (one round trip %d ms)%n",
                localQuorumAtZero, lq, ONE_WAY_MS, eq, gap, 2 * ONE_WAY_MS);
        assertTrue(gap >= 0.7 * 2 * ONE_WAY_MS && gap <= 1.3 * 2 * ONE_WAY_MS,
                "EACH_QUORUM waits one round trip to dc2 more than LOCAL_QUORUM, which waits none: gap " + gap + " ms");
        // With one node per DC, EACH_QUORUM waits for exactly one round trip to dc2: the gap of one
        // round trip asserted above leaves none for LOCAL_QUORUM, both measured at this distance,
        // back to back, the bound relative to the round trip.
        // (Its p50 at 0 ms, printed above, was once held within 5 ms of this one: an absolute bound
        // across runs minutes apart, which the machine's load decided more than the distance.)
        // The probes read through dc2's own connection, which crosses the distance both ways.
        assertTrue(local.reads().probesReadable() > 0, "probes were read in dc2");
        assertTrue(local.reads().freshness().p50Ms() >= ONE_WAY_MS,
                "a sample is readable in dc2 no sooner than the one-way delay: p50 " + local.reads().freshness().p50Ms());
    }
}
