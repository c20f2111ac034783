package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.metricsstress.api.StressRun;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.embedded.EmbeddedCassandra;
import org.metricsstress.cluster.embedded.EmbeddedCluster;
import org.metricsstress.cluster.fault.FaultInjector;
import org.metricsstress.cluster.fault.FaultPlan;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.Replication;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.analysis.Advisor;
import org.metricsstress.analysis.ClusterDiagnosis;
import org.metricsstress.result.NodeTelemetry;
import org.metricsstress.result.StressResult;

/**
 * The cluster's side of the verdict on three real nodes of one DC (RF 1, the pipelined writer), each
 * fault made by the test itself and judged from what the nodes and the client measured, never from
 * the fault's setting: a healthy run names no node; a node stopped 1.8 s of every 2 s (the fault
 * plan's {@code stall}) is named, and advised to be looked at rather than a fourth node bought; a
 * node whose mutation stage was cut to one thread over JMX (as {@code nodetool setconcurrency
 * MutationStage 1} does) is named with its mutation stage and {@code concurrent_writes}. One cluster
 * for the class; each test leaves every node running at its own settings. In itests-alone: three
 * nodes beside the parallel suites' own overloaded the shared machine (the Karaf suite's drain ran
 * out of its bound).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Acceptance
class ClusterFaultsIT {
    /** 20 nodes x 10 interfaces x 5 groups x 10 attributes a second: 10,000 samples/s over three nodes. */
    private static final int PLAN_NODES = 20;
    private static EmbeddedCluster cluster;

    @BeforeAll
    static void startCluster() throws Exception {
        cluster = EmbeddedCluster.start(ClusterLayout.parse("dc1:3"), nb -> nb.heap("640M").output(System.out::println),
                System.out::println);
        // A healthy cluster is a warm one. In a clean-clone CI run the control, as the fresh cluster's
        // first load, found its first node (the contact point, the busiest coordinator) unable to
        // answer its own figures within 1 s in 6 of 7 readings, and answering in 257 ms once the load
        // ended: the nodes' first seconds on a loaded 2-core machine (C1 only), not a fault, and the
        // faults below run on a warm cluster. Not judged.
        run(plan("it_faults_warm", Duration.ofSeconds(6)), FaultPlan.NONE);
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static StressConfig plan(String keyspace, Duration duration) {
        return plan(keyspace, duration, false);
    }

    /** With {@code index}: a cold index's rows, a single-row request each, on top of the samples. */
    private static StressConfig plan(String keyspace, Duration duration, boolean index) {
        return plan(keyspace, duration, index, 1);
    }

    /**
     * {@code spread}: the same samples a second over {@code spread} times the resources and the
     * interval, so a cold index lasts about that many times longer.
     */
    private static StressConfig plan(String keyspace, Duration duration, boolean index, int spread) {
        EmbeddedCassandra first = cluster.nodes().get(0);
        Map<String, String> jmx = new HashMap<>();
        cluster.nodes().forEach(n -> jmx.put(n.address(), "127.0.0.1:" + n.jmxPort()));
        return StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(first.cqlAddress().getHostString(), first.cqlAddress().getPort())))
                .localDc(first.datacenter()).replication(Replication.of(first.datacenter(), 1)).nodeJmx(jmx)
                .keyspace(keyspace).writer(Writer.PIPELINED).index(index).nodes(PLAN_NODES * spread).interfaces(10)
                .groups(5).attributes(10).strings(0).interval(Duration.ofSeconds(spread)).reportInterval(Duration.ofSeconds(1))
                .duration(duration).build();
    }

    private static StressResult run(StressConfig config, FaultPlan faults) throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        StressRun run = new StressRun(config, new PrintStream(buf, true, StandardCharsets.UTF_8));
        StressResult r;
        try (FaultInjector injector = new FaultInjector(cluster, faults, run::event).start(run)) {
            r = run.execute().result();
        }
        System.out.println(buf.toString(StandardCharsets.UTF_8));
        assertTrue(r.auditBalances(), r.auditGaps());
        return r;
    }

    private static String name(EmbeddedCassandra n) {
        return n.address() + ":" + n.cqlAddress().getPort();
    }

    @Test
    @Order(1)
    void aHealthyRunNamesNoNode() throws Exception {
        StressResult r = run(plan("it_faults_control", Duration.ofSeconds(8)), FaultPlan.NONE);
        NodeTelemetry t = r.nodeTelemetry();
        assertEquals(3, t.nodes().size(), "every node of the DC read: " + t);
        assertTrue(t.source().contains("jmx"), "the nodes' JMX answered: " + t.source() + " " + t.notes());
        for (NodeTelemetry.Node n : t.nodes()) {
            // On a loaded 2-core machine a healthy node may miss a reading's bound now and then.
            assertTrue(n.readings().stream().filter(NodeTelemetry.Reading::answered).count() >= n.readings().size() / 2,
                    n.node() + " answered its readings: " + n.readings());
            assertEquals("32", n.settings().get("concurrent_writes"), n.settings().toString());
        }
        // What the faults below are named by is not named here. (On a loaded machine the three nodes
        // may still be slow together, GC included: that is not a fault of one of them.)
        ClusterDiagnosis.Finding f = ClusterDiagnosis.locate(r, 0, r.generationSeconds());
        assertTrue(f == null || !List.of("sick-node", "mutation-stage").contains(f.part()), f == null ? "" : f.message());
        assertFalse(r.verdict().message().contains("is sick"), r.verdict().message());
        assertFalse(r.verdict().message().contains("mutation stage is saturated"), r.verdict().message());
    }

    @Test
    @Order(2)
    void aNodeStoppedMostOfTheTimeIsNamedAndNotAnsweredWithANewNode() throws Exception {
        EmbeddedCassandra third = cluster.nodes().get(2);
        StressResult r = run(plan("it_faults_stall", Duration.ofSeconds(14)),
                FaultPlan.parse("stall " + third.address() + " 1.8s every 2s from 4s"));
        // Stopped nine tenths of the time, the node may still write its third of the samples in its
        // tenth, late (KEPT_UP by the rate, "but ..."), or not (CLUSTER_BEHIND): named either way.
        assertTrue(List.of("KEPT_UP", "CLUSTER_BEHIND").contains(r.verdict().kind()), r.verdict().message());
        assertTrue(r.verdict().message().contains("node " + name(third) + " (dc1) is sick"), r.verdict().message());
        for (EmbeddedCassandra other : cluster.nodes().subList(0, 2)) {
            assertFalse(r.verdict().message().contains("node " + name(other) + " (dc1) is"), r.verdict().message());
        }
        assertNotNull(r.advice().get("node " + third.address()), "look at the node: " + r.advice());
        assertNull(r.advice().get(Advisor.NODES), "no fourth node for a sick third: " + r.advice());
    }

    @Test
    @Order(3)
    void aNodeWhoseMutationStageHasOneThreadIsNamedWithConcurrentWrites() throws Exception {
        EmbeddedCassandra second = cluster.nodes().get(1);
        setMutationThreads(second, 1);
        StressResult r;
        try {
            // The index's cold start sends each node thousands of single-row writes a second, each a
            // task of its mutation stage: one thread cannot take them as they come. Three times the
            // resources at the same rate: with 1,000 the cold start once lasted 1.9 s, the stage was
            // full in 2 of 12 readings (355 queued), and its queue showed at native transport instead.
            r = run(plan("it_faults_mutation", Duration.ofSeconds(12), true, 3), FaultPlan.NONE);
        } finally {
            setMutationThreads(second, 32);
        }
        ClusterDiagnosis.Finding f = ClusterDiagnosis.locate(r, 0, r.generationSeconds());
        assertNotNull(f, "the nodes' figures single something out: " + r.verdict().message());
        assertEquals("mutation-stage", f.part(), f.message());
        assertEquals(List.of(name(second)), f.nodes(), f.message());
        assertTrue(r.verdict().message().contains("the mutation stage is saturated on node " + name(second)),
                r.verdict().message());
        assertTrue(List.of("KEPT_UP", "CLUSTER_BEHIND").contains(r.verdict().kind()), r.verdict().message());
        assertEquals("1", r.advice().get("cassandra.yaml:concurrent_writes").current(), r.advice().toString());
    }

    /** What {@code nodetool setconcurrency MutationStage N} does: the maximum alone (a core size is refused). */
    private static void setMutationThreads(EmbeddedCassandra node, int threads) throws Exception {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + node.jmxPort() + "/jmxrmi");
        try (JMXConnector c = JMXConnectorFactory.connect(url, new HashMap<>())) {
            MBeanServerConnection server = c.getMBeanServerConnection();
            server.invoke(new ObjectName("org.apache.cassandra.db:type=StorageService"), "setConcurrency",
                    new Object[] {"MutationStage", -1, threads}, new String[] {"java.lang.String", "int", "int"});
        }
        TimeUnit.MILLISECONDS.sleep(200);
    }
}
