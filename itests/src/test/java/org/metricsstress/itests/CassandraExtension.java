package org.metricsstress.itests;

import java.net.InetSocketAddress;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.embedded.EmbeddedCassandra;

/**
 * Starts one real Cassandra node for the whole test run (the first test that asks for a
 * {@link CassandraServer} starts it; JUnit closes it after the last test), and hands it to test
 * parameters. The node is Apache Cassandra 5.0 from Maven Central, started as a child JVM by the
 * same launcher {@code --embedded} uses, on free loopback ports.
 */
public final class CassandraExtension implements ParameterResolver {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(CassandraExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext ctx) {
        return p.getParameter().getType() == CassandraServer.class;
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext ctx) {
        return ctx.getRoot().getStore(NS).getOrComputeIfAbsent("node", k -> start(), EmbeddedNode.class);
    }

    private static EmbeddedNode start() {
        try {
            long t0 = System.nanoTime();
            EmbeddedCassandra node = EmbeddedCassandra.builder().output(System.out::println).start();
            System.out.printf("test Cassandra up in %.1f s at %s%n", (System.nanoTime() - t0) / 1e9, node.cqlAddress());
            return new EmbeddedNode(node);
        } catch (LocalClusterException e) {
            throw new ParameterResolutionException("could not start the test Cassandra node: " + e.getMessage());
        }
    }

    /** The embedded backend; JUnit closes it when the root context closes. */
    static final class EmbeddedNode implements CassandraServer, AutoCloseable {
        private final EmbeddedCassandra node;

        EmbeddedNode(EmbeddedCassandra node) {
            this.node = node;
        }

        @Override
        public InetSocketAddress cqlAddress() {
            return node.cqlAddress();
        }

        @Override
        public String datacenter() {
            return node.datacenter();
        }

        @Override
        public int jmxPort() {
            return node.jmxPort();
        }

        @Override
        public java.nio.file.Path dataDirectory() {
            return node.workDir().resolve("data").resolve("data");
        }

        @Override
        public void close() {
            node.close();
        }
    }
}
