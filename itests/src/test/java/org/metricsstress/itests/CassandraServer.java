package org.metricsstress.itests;

import java.net.InetSocketAddress;

/**
 * A running Cassandra node as the tests see it: where CQL answers and in which data centre. The
 * tests depend only on this, so a backend other than the embedded child JVM (Testcontainers on a
 * machine with a Docker engine) can be added in {@link CassandraExtension} without touching them.
 */
public interface CassandraServer {
    InetSocketAddress cqlAddress();

    String datacenter();

    /** The node's local-only JMX port (on loopback), for its table metrics and flushes. */
    default int jmxPort() {
        throw new UnsupportedOperationException("this backend exposes no JMX");
    }

    /** The node's data_file_directories entry: {@code <keyspace>/<table>-<id>/} below it. */
    default java.nio.file.Path dataDirectory() {
        throw new UnsupportedOperationException("this backend's files are not on this file system");
    }

    /** {@code host:port}, as {@code --contact-points} takes it. */
    default String contactPoint() {
        return cqlAddress().getHostString() + ":" + cqlAddress().getPort();
    }
}
