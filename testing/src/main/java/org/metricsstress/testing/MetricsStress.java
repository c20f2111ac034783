package org.metricsstress.testing;

import java.net.InetSocketAddress;
import java.util.function.Consumer;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.containers.ContainerCluster;
import org.metricsstress.cluster.distance.LatencyMatrix;
import org.metricsstress.cluster.embedded.EmbeddedCluster;
import org.testcontainers.cassandra.CassandraContainer;
import org.testcontainers.scylladb.ScyllaDBContainer;

/**
 * Stress a Cassandra or ScyllaDB cluster from a test and assert on the result:
 *
 * <pre>{@code
 * @Container
 * static CassandraContainer cassandra = new CassandraContainer("cassandra:5.0");
 *
 * @Test
 * void keepsUp() throws Exception {
 *     StressResult r = MetricsStress.on(cassandra).run(b -> b.nodes(20).duration(Duration.ofSeconds(10)));
 *     assertTrue(r.auditBalances());
 *     assertEquals(r.generated(), r.written());
 * }
 * }</pre>
 *
 * Or let it start the cluster: {@link #containers(String, String)} (a Docker engine) or
 * {@link #embedded(String)} (child JVMs of Cassandra from Maven Central, no Docker).
 */
public final class MetricsStress {
    private MetricsStress() {
    }

    /** A container the test started, e.g. with {@code @Container}. */
    public static StressTarget on(CassandraContainer cassandra) {
        return on(cassandra.getContactPoint(), cassandra.getLocalDatacenter());
    }

    /** A ScyllaDB container the test started. */
    public static StressTarget on(ScyllaDBContainer scylla) {
        return on(new InetSocketAddress(scylla.getHost(), scylla.getMappedPort(9042)), "datacenter1");
    }

    /** Any cluster: one CQL address and the data centre it is in. */
    public static StressTarget on(InetSocketAddress cql, String datacenter) {
        return new StressTarget() {
            @Override
            public InetSocketAddress cqlAddress() {
                return cql;
            }

            @Override
            public String datacenter() {
                return datacenter;
            }
        };
    }

    /**
     * Starts containers of {@code image} as {@code layout} says ({@code "dc1:1"}, {@code "dc1:2,dc2:1"}),
     * as {@code --embedded --embedded-image IMAGE --embedded-nodes LAYOUT} does; close it at the end.
     */
    public static LocalStressCluster containers(String image, String layout) throws LocalClusterException {
        return containers(image, layout, ClusterLayout.DEFAULT_HEAP, System.out::println);
    }

    public static LocalStressCluster containers(String image, String layout, String heap, Consumer<String> output)
            throws LocalClusterException {
        return new LocalStressCluster(ContainerCluster.start(image, ClusterLayout.parse(layout), heap, output));
    }

    /**
     * Starts child-JVM Cassandra nodes on 127.0.0.x as {@code layout} says, as {@code --embedded
     * --embedded-nodes LAYOUT} does; close it at the end.
     */
    public static LocalStressCluster embedded(String layout) throws LocalClusterException {
        return new LocalStressCluster(EmbeddedCluster.start(ClusterLayout.parse(layout),
                b -> b.output(System.out::println), System.out::println));
    }

    /**
     * As {@link #embedded(String)}, with the DCs {@code latency} apart ({@code --embedded-latency}'s
     * syntax, e.g. {@code "dc1-dc2=10ms"}; {@code "dc1-dc2=0ms"} for relays that delay nothing yet):
     * cross-DC traffic goes through delay relays, whose delays {@link LocalStressCluster#latency}
     * changes between runs without a restart.
     */
    public static LocalStressCluster embedded(String layout, String latency) throws LocalClusterException {
        ClusterLayout l = ClusterLayout.parse(layout);
        return new LocalStressCluster(EmbeddedCluster.start(l, EmbeddedCluster.Security.NONE,
                LatencyMatrix.parse(latency, l.nodesPerDc().keySet()), b -> b.output(System.out::println),
                System.out::println));
    }
}
