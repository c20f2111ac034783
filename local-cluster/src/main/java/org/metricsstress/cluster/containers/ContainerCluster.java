package org.metricsstress.cluster.containers;

import com.datastax.oss.driver.api.core.CqlSession;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.NodeJvmFlags;
import org.metricsstress.cluster.RingCheck;
import org.metricsstress.cluster.ShutdownGuard;
import org.testcontainers.cassandra.CassandraContainer;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.scylladb.ScyllaDBContainer;
import org.testcontainers.utility.DockerImageName;
import java.util.HashMap;

/**
 * A local cluster of Cassandra or ScyllaDB containers ({@code --embedded-image}), one per node of a
 * {@link ClusterLayout}, on a Docker network of its own, started through Testcontainers. The first
 * node is the seed and starts first; the others join it together. {@link #close()} removes the
 * containers and the network.
 *
 * <p>With one node the run connects through the port the engine publishes on loopback, which works
 * with any engine. With several, the driver must reach every node on its own address, so it
 * connects to the containers' addresses: that needs an engine on this host (Linux), not a VM.
 */
public final class ContainerCluster implements LocalCluster {
    private static final Duration RING_TIMEOUT = Duration.ofSeconds(240);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(240);

    /** The longest a node's start takes: the wait for CQL, and a minute to create and start its container. */
    private static final Duration START_BOUND = START_TIMEOUT.plusSeconds(60);

    private final ClusterLayout layout;
    private final Network network;
    private final List<ContainerNode> nodes;
    private final boolean scylla;
    private final SeedFirstStart<ContainerNode> starts;

    private ContainerCluster(ClusterLayout layout, Network network, List<ContainerNode> nodes, boolean scylla,
            SeedFirstStart<ContainerNode> starts) {
        this.layout = layout;
        this.network = network;
        this.nodes = List.copyOf(nodes);
        this.scylla = scylla;
        this.starts = starts;
    }

    /** Whether the image is a ScyllaDB one (started with Testcontainers' ScyllaDB module). */
    static boolean isScylla(String image) {
        return DockerImageName.parse(image).getRepository().toLowerCase(Locale.ROOT).contains("scylla");
    }

    /**
     * Starts the cluster from {@code image}; fails with one line when no engine answers, the image
     * is neither here nor pullable, or the nodes do not form a cluster in time.
     */
    public static ContainerCluster start(String image, ClusterLayout layout, String heap, Consumer<String> output)
            throws LocalClusterException {
        boolean scylla = isScylla(image);
        if (scylla && layout.size() > 1) {
            throw new LocalClusterException("--embedded-image " + image + ": a ScyllaDB cluster of more than one"
                    + " node is not supported yet; use --embedded-nodes dc1:1");
        }
        DockerEngine.require(image, output);
        Network network = Network.newNetwork();
        List<ContainerNode> nodes = new ArrayList<>();
        List<ClusterLayout.Member> members = layout.members();
        String seed = alias(members.get(0), 1);
        Map<String, Integer> counters = new HashMap<>();
        for (ClusterLayout.Member m : members) {
            String alias = alias(m, counters.merge(m.dc(), 1, Integer::sum));
            nodes.add(new ContainerNode(container(image, scylla, m.dc(), seed, heap, layout.size() > 1)
                    .withNetwork(network).withNetworkAliases(alias), network, alias, scylla ? "datacenter1" : m.dc()));
        }
        long t0 = System.nanoTime();
        SeedFirstStart<ContainerNode> starts = new SeedFirstStart<>(nodes, ContainerNode::alias,
                n -> startNode(n, output, t0), ContainerCluster::stop, START_BOUND);
        ContainerCluster cluster = new ContainerCluster(layout, network, nodes, scylla, starts);
        boolean ok = false;
        // Until this returns the caller holds nothing it could close; a Ctrl-C meanwhile must not
        // leave containers behind (no reaper runs here).
        try (ShutdownGuard guard = ShutdownGuard.install("container-cluster-start-guard", cluster::close)) {
            output.accept("Starting " + layout.size() + " container" + (layout.size() > 1 ? "s" : "") + " of " + image
                    + " (" + layout + ") on Docker network " + network.getId().substring(0, 12));
            starts.run();
            cluster.awaitRing(output);
            ok = true;
            return cluster;
        } finally {
            if (!ok) {
                cluster.close();
            }
        }
    }

    private static String alias(ClusterLayout.Member m, int n) {
        return m.dc() + "-n" + n;
    }

    private static GenericContainer<?> container(String image, boolean scylla, String dc, String seed, String heap,
            boolean several) {
        if (scylla) {
            return new ScyllaDBContainer(DockerImageName.parse(image).asCompatibleSubstituteFor("scylladb/scylla"))
                    .withStartupTimeout(START_TIMEOUT);
        }
        CassandraContainer c = new CassandraContainer(DockerImageName.parse(image).asCompatibleSubstituteFor("cassandra"));
        c.withEnv("CASSANDRA_DC", dc)
                .withEnv("CASSANDRA_RACK", "rack1")
                .withEnv("CASSANDRA_ENDPOINT_SNITCH", "GossipingPropertyFileSnitch")
                .withEnv("CASSANDRA_CLUSTER_NAME", "metrics-stress")
                .withEnv("CASSANDRA_SEEDS", seed)
                .withEnv("MAX_HEAP_SIZE", heap)
                // Testcontainers pins one token for a single node; nodes of a cluster take their own.
                // No 30 s ring delay, and the joining nodes bootstrap at once, together: the
                // cluster is empty, there is nothing to stream. Cassandra's default quarantine
                // delay kept (the embedded NodeConfig says why): with the short ring delay alone,
                // peers still starting that miss one gossip round drop each other for good. The
                // wait for a peer's schema as long as the embedded nodes' (NodeConfig says why).
                .withEnv("JVM_OPTS", "-Dcassandra.skip_wait_for_gossip_to_settle=0 -Dcassandra.ring_delay_ms=1000"
                        + " -Dcassandra.gossip_quarantine_delay_ms=60000 -Dcassandra.schema_delay_ms=90000"
                        + (several ? " -Dcassandra.consistent.rangemovement=false" : " -Dcassandra.initial_token=0")
                        + extraJvmFlags())
                .withStartupTimeout(START_TIMEOUT);
        return c;
    }

    /** {@link NodeJvmFlags#ENV}'s flags, as a child-JVM node gets them: after the node's own. */
    private static String extraJvmFlags() {
        List<String> flags = NodeJvmFlags.fromEnvironment();
        return flags.isEmpty() ? "" : " " + String.join(" ", flags);
    }

    private static void startNode(ContainerNode n, Consumer<String> output, long t0) throws LocalClusterException {
        try {
            n.container().start();
        } catch (RuntimeException e) {
            String logs = "";
            try {
                String all = n.container().getLogs();
                String[] lines = all.strip().split("\n");
                logs = lines.length == 0 ? "" : "; its last log line: " + lines[lines.length - 1].strip();
            } catch (RuntimeException ignored) {
                // The container is gone; the start failure says enough.
            }
            throw new LocalClusterException("container " + n.alias() + " did not start: " + oneLine(e) + logs, e);
        }
        n.started();
        output.accept(String.format(Locale.ROOT, "  %s up in %.1f s: %s %s, CQL at %s (published on %s)", n.alias(),
                (System.nanoTime() - t0) / 1e9, n.datacenter(), n.handle(), n.address() + ":9042",
                n.publishedCqlAddress()));
    }

    private static String oneLine(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (root != e && root.getMessage() != null) {
            m = m + " (" + root.getMessage() + ")";
        }
        return m.replace('\n', ' ');
    }

    /** As the child-JVM cluster: every DC sees its nodes up and every node knows all the others. */
    private void awaitRing(Consumer<String> output) throws LocalClusterException {
        if (nodes.size() == 1) {
            return;
        }
        double seconds = RingCheck.await(layout.nodesPerDc().keySet(), dc -> {
            List<ContainerNode> local = nodes.stream().filter(n -> n.datacenter().equals(dc)).toList();
            try (CqlSession s = CqlSession.builder().addContactPoint(local.get(0).cqlAddress())
                    .withLocalDatacenter(dc).build()) {
                return RingCheck.missing(s, dc, local.size(), nodes.size());
            }
        }, RING_TIMEOUT);
        output.accept(String.format(Locale.ROOT, "Container cluster formed: every node sees the %d others after %.1f s",
                nodes.size() - 1, seconds));
    }

    @Override
    public List<ContainerNode> nodes() {
        return nodes;
    }

    /** One node: the published port. Several: the first node's own address (see the class comment). */
    @Override
    public InetSocketAddress contactPoint() {
        return nodes.size() == 1 ? nodes.get(0).publishedCqlAddress() : nodes.get(0).cqlAddress();
    }

    @Override
    public String localDc() {
        return nodes.get(0).datacenter();
    }

    @Override
    public String defaultReplication() {
        return scylla ? "datacenter1:1" : layout.replication();
    }

    @Override
    public String kind() {
        return "containers";
    }

    /**
     * Removes every container, in parallel, then the network; starts still under way are waited
     * for first, so that none creates its container afterwards. Idempotent, never throws.
     */
    @Override
    public void close() {
        starts.stopAll();
        try {
            network.close();
        } catch (RuntimeException e) {
            // A network still in use is the engine's to reclaim; nothing of ours depends on it.
        }
    }

    private static void stop(ContainerNode n) {
        try {
            n.container().stop();
        } catch (RuntimeException e) {
            // Best effort: the engine may already have removed it.
        }
    }
}
