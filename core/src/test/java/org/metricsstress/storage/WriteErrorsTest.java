package org.metricsstress.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NodeUnavailableException;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.lang.reflect.Proxy;
import java.util.Map;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.metricsstress.metrics.ErrorClass;

class WriteErrorsTest {
    @Test
    void errorsAreClassified() {
        assertEquals(ErrorClass.TIMEOUT, WriteErrors.classify(new CompletionException(new DriverTimeoutException("t"))));
        assertEquals(ErrorClass.OVERLOADED, WriteErrors.classify(new OverloadedException(null)));
        assertEquals(ErrorClass.OTHER, WriteErrors.classify(new IllegalStateException("x")));
        assertEquals("first", WriteErrors.describe(new IllegalStateException("first\nsecond")));
    }

    /** A node with this many connections open, as the driver's metadata shows it. */
    private static Node node(int openConnections) {
        return (Node) Proxy.newProxyInstance(Node.class.getClassLoader(), new Class<?>[] {Node.class},
                (p, m, args) -> switch (m.getName()) {
                    case "getOpenConnections" -> openConnections;
                    case "hashCode" -> System.identityHashCode(p);
                    case "equals" -> p == args[0];
                    case "toString" -> "node";
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    @Test
    void noFreeRequestOnOpenConnectionsIsThePoolsNotTheClusters() {
        // --max-requests-per-connection 64 under sixteen OpenNMS workers: every connection carried
        // its 64, and the driver tried the one node it had ("No connection was available").
        Node busy = node(1);
        assertEquals(ErrorClass.POOL, WriteErrors.classify(new NodeUnavailableException(busy)));
        assertEquals(ErrorClass.POOL, WriteErrors.classify(new CompletionException(
                AllNodesFailedException.fromErrors(Map.of(busy, new NodeUnavailableException(busy))))));
        // No connection open at all: the node was out of reach, not the pool full.
        assertEquals(ErrorClass.OTHER, WriteErrors.classify(new NodeUnavailableException(node(0))));
    }
}
