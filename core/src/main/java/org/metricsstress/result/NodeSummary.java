package org.metricsstress.result;

import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One coordinator node's share of the run. Requests and failures count attempts (a retried request
 * is two attempts, perhaps on two nodes); samples written count once, on the node that wrote them.
 *
 * @param node                  "host:port", or "none" for failures no node can be blamed for
 * @param dc                    the node's data centre (null for "none")
 * @param requests              attempts this node answered or failed
 * @param samplesWritten        samples of the requests it acknowledged
 * @param failedAttemptsByClass failed attempts by class (timeout, unavailable, ...)
 * @param service               service time of its acknowledged requests
 */
public record NodeSummary(String node, String dc, long requests, long samplesWritten,
        Map<String, Long> failedAttemptsByClass, LatencySummary service) {

    public long failedAttempts() {
        return failedAttemptsByClass.values().stream().mapToLong(Long::longValue).sum();
    }

    /** One node's figures from every instance added: counts summed, histograms added. */
    public static NodeSummary sum(List<NodeSummary> parts) {
        Map<String, Long> failed = new LinkedHashMap<>();
        parts.forEach(p -> p.failedAttemptsByClass().forEach((k, v) -> failed.merge(k, v, Long::sum)));
        return new NodeSummary(parts.get(0).node(), parts.get(0).dc(), Sums.sum(parts, NodeSummary::requests),
                Sums.sum(parts, NodeSummary::samplesWritten), failed,
                LatencySummary.sum(parts.stream().map(NodeSummary::service).toList()));
    }
}
