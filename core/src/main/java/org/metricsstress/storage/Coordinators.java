package org.metricsstress.storage;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.ExecutionInfo;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.CoordinatorException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import org.metricsstress.metrics.NodeFigures;
import org.metricsstress.metrics.NodeStats;

/**
 * Finds the node a request's outcome belongs to (its coordinator, or the node its failure names)
 * and that node's {@link NodeStats}. The driver keeps one {@link Node} object per node for the
 * session, so the lookup is by identity and allocates nothing after a node's first request.
 */
public final class Coordinators {
    private final NodeFigures figures;
    private final ConcurrentHashMap<Node, NodeStats> byNode = new ConcurrentHashMap<>();

    public Coordinators(NodeFigures figures) {
        this.figures = figures;
    }

    /** The stats of the node that answered, or of {@link NodeFigures#NO_NODE} when unknown. */
    public NodeStats of(ExecutionInfo info) {
        return of(info == null ? null : info.getCoordinator());
    }

    /** The stats of the node a failure happened on, as far as the driver says. */
    public NodeStats ofFailure(Throwable error) {
        Throwable t = error;
        while (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        Node node = null;
        if (t instanceof CoordinatorException ce) {
            node = ce.getCoordinator();
        } else if (t instanceof AllNodesFailedException all && !all.getAllErrors().isEmpty()) {
            node = all.getAllErrors().keySet().iterator().next();
        } else if (t instanceof DriverException de && de.getExecutionInfo() != null) {
            node = de.getExecutionInfo().getCoordinator();
        }
        return of(node);
    }

    private NodeStats of(Node node) {
        if (node == null) {
            return figures.of(NodeFigures.NO_NODE, null);
        }
        NodeStats s = byNode.get(node);
        return s != null ? s : byNode.computeIfAbsent(node, n -> figures.of(name(n), n.getDatacenter()));
    }

    /** "127.0.0.2:9042": the address users know the node by. */
    public static String name(Node node) {
        SocketAddress a = node.getEndPoint().resolve();
        if (a instanceof InetSocketAddress inet && inet.getAddress() != null) {
            return inet.getAddress().getHostAddress() + ":" + inet.getPort();
        }
        return String.valueOf(a);
    }
}
