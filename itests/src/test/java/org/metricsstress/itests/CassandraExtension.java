package org.metricsstress.itests;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.metricsstress.cluster.LocalClusterException;
import org.metricsstress.cluster.embedded.EmbeddedCassandra;

/**
 * Hands test parameters the one real Cassandra node of the test run: under Maven, the node the build
 * started for every test JVM of this module ({@link SharedNode}); elsewhere (an IDE), one started by
 * the first test that asks for a {@link CassandraServer} and closed by JUnit after the last test. The node is Apache Cassandra 5.0 from Maven Central, started as a child JVM by the
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
        Class<?> testClass = ctx.getRequiredTestClass();
        if (testClass.isAnnotationPresent(OwnNode.class)) {
            // In the class's context (a test method's parameter resolves in the method's): one node for
            // the class, closed by JUnit after its last test.
            ExtensionContext classContext = ctx;
            while (classContext.getTestMethod().isPresent() && classContext.getParent().isPresent()) {
                classContext = classContext.getParent().get();
            }
            return classContext.getStore(NS).getOrComputeIfAbsent("own", k -> start(), EmbeddedNode.class);
        }
        String shared = System.getProperty(SharedNode.PROPERTY);
        if (shared != null && !shared.isBlank()) {
            return ctx.getRoot().getStore(NS).getOrComputeIfAbsent("shared", k -> awaitShared(Path.of(shared)),
                    CassandraServer.class);
        }
        return ctx.getRoot().getStore(NS).getOrComputeIfAbsent("node", k -> start(), EmbeddedNode.class);
    }

    /**
     * A class whose assertions need a node of its own rather than the shared one: DiskIT, whose second
     * run's bytes per sample came out at 12 against the first's 19 on the shared node after the
     * other classes' runs (twice in clean-clone CI runs), and equal on a fresh node.
     */
    @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
    @java.lang.annotation.Target(java.lang.annotation.ElementType.TYPE)
    @interface OwnNode {
    }

    /** The node the build started for all of this module's test JVMs (see {@link SharedNode}). */
    private static CassandraServer awaitShared(Path dir) {
        try {
            // The keeper starts with the forks; a node start on a loaded machine took up to 15 s.
            CassandraServer node = SharedNode.await(dir, Duration.ofMinutes(3));
            System.out.println("shared test Cassandra at " + node.cqlAddress());
            return node;
        } catch (IllegalStateException e) {
            throw new ParameterResolutionException(e.getMessage());
        }
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
        public Path dataDirectory() {
            return node.workDir().resolve("data").resolve("data");
        }

        @Override
        public void close() {
            node.close();
        }
    }
}
