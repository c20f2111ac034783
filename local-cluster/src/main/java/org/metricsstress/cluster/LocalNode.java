package org.metricsstress.cluster;

/**
 * One node of a {@link LocalCluster}, as a fault plan acts on it: a child JVM, or a container. Each
 * action returns how it was done ("SIGKILL", "docker kill"), for the run's event line.
 */
public interface LocalNode {
    /** The address the node listens on, e.g. 127.0.0.2, or its container's address. */
    String address();

    String datacenter();

    /** What identifies the node to its operator: "pid 1234", "container 3f2a1c". */
    String handle();

    /** A crash: no drain, no shutdown announcement. */
    String kill() throws LocalClusterException;

    /** The node stays but answers nothing. */
    String pause() throws LocalClusterException;

    /** After {@link #pause()}. */
    String resume() throws LocalClusterException;

    /** Stop if running, start again on the same data; returns once it answers CQL again. */
    String restart() throws LocalClusterException;

    /**
     * The node's process on this machine, for what acts on a process rather than a node (a CPU
     * quota): a child JVM's; a container's belongs to its engine.
     */
    default long pid() throws LocalClusterException {
        throw new LocalClusterException("a CPU quota needs child-JVM nodes (their processes are this one's)");
    }

    /** Cuts the node off the network its peers and clients reach it on (containers only). */
    default String partition() throws LocalClusterException {
        throw new LocalClusterException("partition needs nodes in containers (--embedded-image)");
    }

    /** Joins the node to that network again after {@link #partition()}. */
    default String heal() throws LocalClusterException {
        throw new LocalClusterException("heal needs nodes in containers (--embedded-image)");
    }
}
