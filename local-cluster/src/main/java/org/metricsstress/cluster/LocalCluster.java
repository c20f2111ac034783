package org.metricsstress.cluster;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.ArrayList;
import java.util.function.Consumer;

/**
 * A cluster this process started for a run and stops at its end, whatever runs its nodes: child
 * JVMs (the embedded package) or containers (the containers package). What a run needs of it, and
 * what a fault plan acts on.
 */
public interface LocalCluster extends AutoCloseable {
    List<? extends LocalNode> nodes();

    /** Where a client connects first. */
    InetSocketAddress contactPoint();

    /** The data centre of {@link #contactPoint()}. */
    String localDc();

    /** The replication to create the keyspace with when the user gave none. */
    String defaultReplication();

    /** Whether clients must log in as the default superuser. */
    default boolean passwordAuth() {
        return false;
    }

    /** The certificate material for clients when the nodes require TLS, else null. */
    default ThrowawayTls tls() {
        return null;
    }

    /** What runs the nodes, for the stop line: "embedded Cassandra", "containers". */
    String kind();

    /** The nodes a fault plan target names: a data centre's nodes, or the node with that address. */
    default List<? extends LocalNode> target(String target) {
        return select(nodes(), target);
    }

    /** Of {@code nodes}, those of the data centre {@code target}, or the one with that address. */
    static <N extends LocalNode> List<N> select(List<N> nodes, String target) {
        List<N> out = nodes.stream().filter(n -> n.datacenter().equals(target) || n.address().equals(target)).toList();
        if (out.isEmpty()) {
            throw new IllegalArgumentException("no node or data centre '" + target + "' in this cluster");
        }
        return out;
    }

    /**
     * Runs {@code stop} on every node, each on a thread of its own, and waits for them all: nodes
     * stop in the time of the slowest, not of their sum. An interrupt ends the wait, not the stops.
     */
    static <N extends LocalNode> void stopInParallel(List<N> nodes, Consumer<N> stop) {
        List<Thread> stops = new ArrayList<>();
        for (N n : nodes) {
            Thread t = new Thread(() -> stop.accept(n), "local-cluster-stop-" + n.datacenter() + "-" + n.address());
            t.start();
            stops.add(t);
        }
        for (Thread t : stops) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Stops every node; idempotent, never throws. */
    @Override
    void close();
}
