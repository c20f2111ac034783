package org.metricsstress.cluster.embedded;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.metricsstress.api.SessionClose;
import org.metricsstress.api.RelayMeter;
import org.metricsstress.api.StressRun;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.LocalCluster;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.ShutdownGuard;
import org.metricsstress.cluster.SilentNodes;
import org.metricsstress.cluster.ThrowawayTls;
import org.metricsstress.cluster.distance.DelayRelay;
import org.metricsstress.cluster.distance.LatencyMatrix;
import org.metricsstress.cluster.distance.RelayDeaths;
import org.metricsstress.cluster.distance.Routes;

/**
 * A local cluster of real Cassandra nodes, one child JVM per node of a {@link ClusterLayout}, each
 * on its own loopback address with the same ports (as on real hosts), started in parallel. {@link
 * #start} returns once every node sees every other as up; {@link #close()} stops and deletes them.
 */
public final class EmbeddedCluster implements LocalCluster {
    /**
     * How long a cluster's first start may take to form, and its second. Nodes started together form
     * within seconds (3.9 to 9.6 s in six runs beside other tests on 2 cores); one that has not in 90
     * s has met a fault that waiting does not mend (a two-node cluster has stayed at "1 of 2 nodes
     * up" for 180 s), so the cluster is started once more, on new ports.
     */
    private static final Duration FIRST_RING_TIMEOUT = Duration.ofSeconds(90);
    private static final int RING_SECONDS = 180;
    private static final Duration RING_TIMEOUT = Duration.ofSeconds(RING_SECONDS);

    /** The default superuser a node with password authentication creates at its first start. */
    public static final String SUPERUSER = "cassandra";

    private final ClusterLayout layout;
    private final List<EmbeddedCassandra> nodes;
    private final Security security;
    private final ThrowawayTls tls;
    private final Path tlsDir;
    /** The delays the relays apply now; null without relays. */
    private final Routes routes;
    private final List<DelayRelay> relays;
    /** Tells the run of the moment when a relay dies. */
    private final RelayDeaths relayDeaths;

    private EmbeddedCluster(ClusterLayout layout, List<EmbeddedCassandra> nodes, Security security, ThrowawayTls tls,
            Path tlsDir, Routes routes, List<DelayRelay> relays) {
        this.routes = routes;
        this.relays = List.copyOf(relays);
        this.relayDeaths = new RelayDeaths(this.relays);
        this.layout = layout;
        this.nodes = List.copyOf(nodes);
        this.security = security;
        this.tls = tls;
        this.tlsDir = tlsDir;
    }

    /** How clients must reach the nodes: {@code --embedded-auth} and {@code --embedded-tls}. */
    public record Security(boolean passwordAuth, boolean tls, boolean clientCertificates) {
        public static final Security NONE = new Security(false, false, false);

        public Security(boolean passwordAuth, boolean tls) {
            this(passwordAuth, tls, false);
        }
    }

    public static EmbeddedCluster start(ClusterLayout layout, Consumer<NodeBuilder> settings,
            Consumer<String> output) throws LocalClusterException {
        return start(layout, Security.NONE, settings, output);
    }

    /**
     * Starts every node of {@code layout} with {@code settings} (heap, JDK, output; address, ports,
     * seeds and DC are set here), in parallel. If one fails, the others are stopped and the
     * exception names the failed one. Should the JVM exit before this returns (a Ctrl-C), every
     * node started so far is stopped: until then the caller holds nothing it could close.
     */
    public static EmbeddedCluster start(ClusterLayout layout, Security security,
            Consumer<NodeBuilder> userSettings, Consumer<String> output) throws LocalClusterException {
        return start(layout, security, null, userSettings, output);
    }

    /**
     * As {@link #start(ClusterLayout, Security, Consumer, Consumer)}, with the data centres {@code
     * latency} apart (null: no relays at all): every node gets a delay relay on 127.0.1.N in front of
     * its storage port, given out as its broadcast address, and a node of a DC other than the first
     * one in front of its CQL port too, given out to clients (the client is in the first DC).
     */
    public static EmbeddedCluster start(ClusterLayout layout, Security security, LatencyMatrix latency,
            Consumer<NodeBuilder> userSettings, Consumer<String> output) throws LocalClusterException {
        return start(layout, security, latency, NodeOverrides.NONE, userSettings, output);
    }

    /**
     * As {@link #start(ClusterLayout, Security, LatencyMatrix, Consumer, Consumer)}, with the nodes
     * {@code overrides} names on settings of their own (over {@code userSettings}), each said in one
     * line before the nodes start.
     */
    public static EmbeddedCluster start(ClusterLayout layout, Security security, LatencyMatrix latency,
            NodeOverrides overrides, Consumer<NodeBuilder> userSettings, Consumer<String> output)
            throws LocalClusterException {
        overrides.checkedAgainst(layout);
        overrides.byAddress().forEach((address, own) -> output.accept("Node " + address + " runs with settings of its"
                + " own: " + own.describe()));
        try {
            return startOnce(layout, security, latency, overrides, userSettings, output, FIRST_RING_TIMEOUT);
        } catch (RingNotFormed first) {
            output.accept("The local cluster did not form within " + FIRST_RING_TIMEOUT.toSeconds() + " s ("
                    + first.getMessage() + "); starting it again on new ports");
        }
        try {
            return startOnce(layout, security, latency, overrides, userSettings, output, RING_TIMEOUT);
        } catch (RingNotFormed second) {
            throw new LocalClusterException("the cluster did not form, started twice (" + FIRST_RING_TIMEOUT.toSeconds()
                    + " s, then " + RING_TIMEOUT.toSeconds() + " s): " + second.getMessage());
        }
    }

    /** A start whose nodes all came up but did not form one ring in time; they are stopped. */
    private static final class RingNotFormed extends Exception {
        private static final long serialVersionUID = 1L;

        RingNotFormed(String missing) {
            super(missing, null, false, false);
        }
    }

    private static EmbeddedCluster startOnce(ClusterLayout layout, Security security, LatencyMatrix latency,
            NodeOverrides overrides, Consumer<NodeBuilder> userSettings, Consumer<String> output, Duration ringTimeout)
            throws LocalClusterException, RingNotFormed {
        List<ClusterLayout.Member> members = layout.members();
        List<DelayRelay> relays = new ArrayList<>();
        Routes routes = latency == null ? null : new Routes(latency);
        Path tlsDir = security.tls() ? tlsDir() : null;
        NodeStarts starts = new NodeStarts();
        boolean ok = false;
        try (ShutdownGuard guard = ShutdownGuard.install("embedded-cluster-start-guard", () -> {
            starts.abandon();
            if (tlsDir != null) {
                TempDirs.delete(tlsDir);
            }
        })) {
            ThrowawayTls tls = null;
            if (tlsDir != null) {
                // With relays the client reaches a remote DC's nodes through the relays' addresses.
                tls = ThrowawayTls.generate(tlsDir, addresses(members, latency != null));
                output.accept("Client-to-node TLS on: a throwaway self-signed certificate for "
                        + members.stream().map(ClusterLayout.Member::address).collect(Collectors.joining(", ")));
            }
            if (security.passwordAuth()) {
                output.accept("Password authentication on: the run logs in as the default superuser '" + SUPERUSER + "'");
            }
            ThrowawayTls nodeTls = tls;
            Consumer<NodeBuilder> settings = b -> {
                userSettings.accept(b);
                b.passwordAuth(security.passwordAuth()).clientTls(nodeTls)
                        .requireClientCertificate(security.clientCertificates());
            };
            if (members.size() == 1) {
                NodeBuilder b = EmbeddedCassandra.builder().datacenter(members.get(0).dc());
                settings.accept(b);
                b.settings(overrides.of(members.get(0).address()));
                starts.begin("embedded-cassandra-start-" + members.get(0).address(), b);
            } else {
                beginCluster(layout, routes, relays, overrides, settings, starts, output);
            }
            EmbeddedCluster cluster = new EmbeddedCluster(layout, starts.await(), security, tls, tlsDir, routes,
                    relays);
            String missing;
            try {
                missing = Formation.await(cluster, ringTimeout, output);
            } catch (LocalClusterException | RuntimeException e) {
                cluster.close();
                throw e;
            }
            if (missing != null) {
                cluster.close();
                throw new RingNotFormed(missing);
            }
            ok = true;
            return cluster;
        } finally {
            if (!ok) {
                relays.forEach(DelayRelay::close);
                if (tlsDir != null) {
                    TempDirs.delete(tlsDir);
                }
            }
        }
    }

    /** Every address the cluster listens on: the nodes', then, when relayed, their relays'. */
    private static List<String> addresses(List<ClusterLayout.Member> members, boolean relayed) {
        List<String> addresses = new ArrayList<>(members.stream().map(ClusterLayout.Member::address).toList());
        if (relayed) {
            members.forEach(m -> addresses.add(ClusterRelays.address(m)));
        }
        return addresses;
    }

    private static Path tlsDir() throws LocalClusterException {
        try {
            return Files.createTempDirectory("metrics-stress-tls-");
        } catch (IOException e) {
            throw new LocalClusterException("cannot create a directory for the throwaway certificate: "
                    + e.getMessage(), e);
        }
    }

    /** Several nodes: one CQL and one storage port free on every address, every node a seed. */
    private static void beginCluster(ClusterLayout layout, Routes routes, List<DelayRelay> relays,
            NodeOverrides overrides, Consumer<NodeBuilder> settings, NodeStarts starts, Consumer<String> output) throws LocalClusterException {
        List<ClusterLayout.Member> members = layout.members();
        List<String> addresses = addresses(members, routes != null);
        int storage = PortPicker.freeOnAll(addresses);
        int cql = PortPicker.freeOnAll(addresses, storage);
        // Every node a seed: seeds join without bootstrapping, so empty nodes started together do
        // not wait on each other's range movements (with one seed per DC, a second node of a DC
        // started in parallel once hung in bootstrap for over 120 s on 2 busy cores). A node knows
        // itself a seed by its broadcast address: with relays, the relays' addresses are the seeds.
        String seeds = members.stream().map(m -> (routes == null ? m.address() : ClusterRelays.address(m)) + ":" + storage)
                .collect(Collectors.joining(","));
        output.accept("Starting a local cluster of " + members.size() + " nodes (" + layout + ") on "
                + members.get(0).address() + "-" + members.get(members.size() - 1).address()
                + ", CQL port " + cql + ", storage port " + storage);
        if (routes != null) {
            ClusterRelays.start(layout, routes, storage, cql, relays);
            output.accept("Distance between data centres (one way, through delay relays on 127.0.1.x): " + routes.matrix());
        }
        for (ClusterLayout.Member m : members) {
            NodeBuilder b = EmbeddedCassandra.builder();
            settings.accept(b);
            b.settings(overrides.of(m.address()));
            if (routes != null) {
                b.relayedAt(ClusterRelays.address(m), m.dc().equals(layout.firstDc()) ? null : ClusterRelays.address(m));
            }
            b.address(m.address()).datacenter(m.dc()).storagePort(storage).nativePort(cql).seeds(seeds)
                    .clusterName("metrics-stress-" + layout.toString().replace(':', '-').replace(',', '-'));
            starts.begin("embedded-cassandra-start-" + m.address(), b);
        }
    }

    /**
     * Waits for the ring to form again (after a restart, say), {@value #RING_SECONDS} s at most; else
     * fails with what was missing and what each node says.
     */
    public void awaitRing(Consumer<String> output) throws LocalClusterException {
        String missing = Formation.await(this, RING_TIMEOUT, output);
        if (missing != null) {
            throw new LocalClusterException("the cluster did not form within " + RING_TIMEOUT.toSeconds() + " s: " + missing);
        }
    }

    /**
     * The nodes that do not answer CQL on their own address now, each given {@code each} to reply:
     * dead, paused (SIGSTOP) or otherwise stuck; a live process alone does not count as up.
     */
    public List<EmbeddedCassandra> silentNodes(Duration each) {
        return SilentNodes.of(nodes, EmbeddedCassandra::cqlAddress, each, tls == null ? null : tls.clientContext(false));
    }

    /** A session as the run's client opens one: with the login and the trust the nodes require. */
    public CqlSession clientSession(InetSocketAddress contact, String localDc) {
        var b = CqlSession.builder().addContactPoint(contact).withLocalDatacenter(localDc)
                .withConfigLoader(SessionClose.quickly(DriverConfigLoader.programmaticBuilder()).build());
        if (security.passwordAuth()) {
            b.withAuthCredentials(SUPERUSER, SUPERUSER);
        }
        if (tls != null) {
            b.withSslContext(tls.clientContext(security.clientCertificates()));
        }
        return b.build();
    }

    @Override
    public ThrowawayTls tls() {
        return tls;
    }

    @Override
    public boolean passwordAuth() {
        return security.passwordAuth();
    }

    /** How far apart the DCs are now; null when no relays stand between them. */
    public LatencyMatrix latency() {
        return routes == null ? null : routes.matrix();
    }

    /**
     * Puts the DCs {@code next} apart from now on, on every open connection (see {@link Routes#set}):
     * one cluster measured at several distances keeps its nodes warm. Only a cluster started with a
     * latency matrix has relays to change.
     */
    public void latency(LatencyMatrix next) {
        if (routes == null) {
            throw new IllegalStateException("this cluster was started without relays; start it with a latency matrix");
        }
        routes.set(next);
    }

    /**
     * Tells {@code run} how far apart the DCs are and lets it read what the relays do during it
     * (they run in this process, so their CPU time is in the run's client CPU); a relay that dies,
     * or died before, is a run event. Nothing without relays.
     */
    public void describeDistanceTo(StressRun run) {
        if (routes != null) {
            relayDeaths.reportTo(run::event);
            run.distance(routes.matrix().describe(), new RelayMeter() {
                @Override
                public long bytes() {
                    return relays.stream().mapToLong(DelayRelay::bytesRelayed).sum();
                }

                @Override
                public long cpuNanos() {
                    return relays.stream().mapToLong(DelayRelay::cpuNanos).sum();
                }
            });
        }
    }

    /** The delay relays, nodes' storage ports first; empty without a latency matrix. */
    public List<DelayRelay> relays() {
        return relays;
    }

    public ClusterLayout layout() {
        return layout;
    }

    @Override
    public List<EmbeddedCassandra> nodes() {
        return nodes;
    }

    @Override
    public List<EmbeddedCassandra> target(String target) {
        return LocalCluster.select(nodes, target);
    }

    /** The first node of the first data centre. */
    @Override
    public InetSocketAddress contactPoint() {
        return nodes.get(0).cqlAddress();
    }

    @Override
    public String localDc() {
        return nodes.get(0).datacenter();
    }

    @Override
    public String kind() {
        return "embedded Cassandra";
    }

    @Override
    public String defaultReplication() {
        return layout.replication();
    }

    /** Stops every node, in parallel; idempotent, never throws. */
    @Override
    public void close() {
        try {
            LocalCluster.stopInParallel(nodes, EmbeddedCassandra::close);
        } finally {
            relays.forEach(DelayRelay::close);
            if (tlsDir != null) {
                TempDirs.delete(tlsDir);
            }
        }
    }
}
