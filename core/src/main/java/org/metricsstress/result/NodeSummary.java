package org.metricsstress.result;

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
}
