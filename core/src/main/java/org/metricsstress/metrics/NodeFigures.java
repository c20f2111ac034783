package org.metricsstress.metrics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The per-coordinator figures of a run, one {@link NodeStats} per node that coordinated a request
 * (or failed one). Requests whose failure names no node (a client-side timeout before any node
 * answered) count under {@link #NO_NODE}.
 */
public final class NodeFigures {
    /** The name of the entry for failures no node can be blamed for. */
    public static final String NO_NODE = "none";

    private final ConcurrentHashMap<String, NodeStats> byNode = new ConcurrentHashMap<>();

    /** The figures of {@code node} ("host:port"), created at its first request. */
    public NodeStats of(String node, String dc) {
        NodeStats s = byNode.get(node);
        return s != null ? s : byNode.computeIfAbsent(node, n -> new NodeStats(n, dc));
    }

    /** Ordered by data centre, then node, so reports read the same every run. */
    public List<NodeStats> all() {
        List<NodeStats> out = new ArrayList<>(byNode.values());
        out.sort(Comparator.comparing(NodeStats::dc, Comparator.nullsLast(Comparator.naturalOrder()))
                .thenComparing(NodeStats::node));
        return out;
    }
}
