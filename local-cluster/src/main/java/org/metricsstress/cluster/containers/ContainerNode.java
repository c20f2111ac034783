package org.metricsstress.cluster.containers;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.ContainerNetwork;
import java.net.InetSocketAddress;
import java.util.Locale;
import org.metricsstress.cluster.CqlProbe;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.LocalNode;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import java.util.function.Consumer;

/**
 * One node of a {@link ContainerCluster}: a Cassandra or ScyllaDB container on the cluster's own
 * Docker network. Faults go through the engine's API, as {@code docker kill}, {@code docker pause},
 * {@code docker network disconnect} would.
 */
final class ContainerNode implements LocalNode {
    private static final int CQL_PORT = 9042;
    private static final long RESTART_TIMEOUT_MS = 180_000;

    private final GenericContainer<?> container;
    private final Network network;
    private final String alias;
    private final String datacenter;
    private volatile String address;

    ContainerNode(GenericContainer<?> container, Network network, String alias, String datacenter) {
        this.container = container;
        this.network = network;
        this.alias = alias;
        this.datacenter = datacenter;
    }

    GenericContainer<?> container() {
        return container;
    }

    String alias() {
        return alias;
    }

    /** Reads the address the engine gave the container on the cluster's network; after start. */
    void started() {
        // Inspected afresh: the container's cached info predates a disconnect or a restart.
        ContainerNetwork n = docker().inspectContainerCmd(container.getContainerId()).exec()
                .getNetworkSettings().getNetworks().values().stream()
                .filter(net -> network.getId().equals(net.getNetworkID())).findFirst().orElse(null);
        address = n == null ? container.getHost() : n.getIpAddress();
    }

    /** CQL on the container's own address, as its peers and a driver on this host reach it. */
    InetSocketAddress cqlAddress() {
        return new InetSocketAddress(address, CQL_PORT);
    }

    /** CQL through the port the engine published on this host's loopback. */
    InetSocketAddress publishedCqlAddress() {
        return new InetSocketAddress(container.getHost(), container.getMappedPort(CQL_PORT));
    }

    @Override
    public String address() {
        return address;
    }

    @Override
    public String datacenter() {
        return datacenter;
    }

    @Override
    public String handle() {
        String id = container.getContainerId();
        return "container " + (id == null ? "?" : id.substring(0, Math.min(12, id.length())));
    }

    private DockerClient docker() {
        return container.getDockerClient();
    }

    /** Runs one engine command on this container; returns {@code what}, or fails naming it. */
    private String engine(String what, Consumer<String> command) throws LocalClusterException {
        try {
            command.accept(container.getContainerId());
            return what;
        } catch (RuntimeException e) {
            throw new LocalClusterException(what + " " + alias + ": " + e.getMessage(), e);
        }
    }

    @Override
    public String kill() throws LocalClusterException {
        return engine("docker kill", id -> docker().killContainerCmd(id).exec());
    }

    @Override
    public String pause() throws LocalClusterException {
        return engine("docker pause", id -> docker().pauseContainerCmd(id).exec());
    }

    @Override
    public String resume() throws LocalClusterException {
        return engine("docker unpause", id -> docker().unpauseContainerCmd(id).exec());
    }

    @Override
    public String restart() throws LocalClusterException {
        String id = container.getContainerId();
        try {
            var state = docker().inspectContainerCmd(id).exec().getState();
            if (Boolean.TRUE.equals(state.getPaused())) {
                docker().unpauseContainerCmd(id).exec();
            }
            if (Boolean.TRUE.equals(state.getRunning())) {
                docker().stopContainerCmd(id).withTimeout(10).exec();
            }
            docker().startContainerCmd(id).exec();
        } catch (RuntimeException e) {
            throw new LocalClusterException("docker restart " + alias + ": " + e.getMessage(), e);
        }
        started();
        long deadline = System.currentTimeMillis() + RESTART_TIMEOUT_MS;
        while (!CqlProbe.answers(cqlAddress(), 1000)) {
            if (System.currentTimeMillis() > deadline) {
                throw new LocalClusterException(alias + " did not answer CQL within "
                        + RESTART_TIMEOUT_MS / 1000 + " s of its restart");
            }
            sleep();
        }
        return "docker stop + start, now at " + address;
    }

    @Override
    public String partition() throws LocalClusterException {
        return engine("docker network disconnect", id -> docker().disconnectFromNetworkCmd()
                .withNetworkId(network.getId()).withContainerId(id).withForce(true).exec());
    }

    @Override
    public String heal() throws LocalClusterException {
        // The engine may give another address; gossip and the driver follow a node by its host ID.
        String before = address;
        String done = engine("docker network connect", id -> docker().connectToNetworkCmd()
                .withNetworkId(network.getId()).withContainerId(id)
                .withContainerNetwork(new ContainerNetwork().withAliases(alias)).exec());
        started();
        return done + (address.equals(before) ? "" : ", now at " + address);
    }

    private static void sleep() throws LocalClusterException {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LocalClusterException("interrupted while waiting for a container to answer CQL", e);
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s (%s, %s)", alias, datacenter, address);
    }
}
