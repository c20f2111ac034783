package org.metricsstress.result;

import java.util.List;
import java.util.Map;

/**
 * The cluster a run wrote to, as the driver described it at connect time: the result file's
 * {@code cluster}. Fields a file of an older layout lacks are null.
 *
 * @param replication the keyspace's replication as Cassandra states it ({@code class} and a factor per DC)
 * @param members     every node, when the cluster has more than one; else null
 */
public record ClusterFacts(String name, Integer nodes, String localDc, List<String> releases, String keyspace,
        Map<String, String> replication, List<Member> members, DriverFacts driver) {
    /** A cluster nothing is known of: a result assembled by hand. */
    public static final ClusterFacts NONE = new ClusterFacts(null, null, null, null, null, null, null, null);

    /** One node as the driver saw it. */
    public record Member(String node, String dc, String rack, String state) {}

    /**
     * The driver settings that decide how requests fail, read back from the session.
     *
     * @param from where they come from: OpenNMS's session (the driver's defaults) or this tool's
     */
    public record DriverFacts(Long requestTimeoutMs, String retryPolicy, Integer connectionsPerHost,
            Integer maxRequestsPerConnection, Integer maxOrphanRequests, Boolean idempotent, String from) {}

    /** Nodes in the cluster, 0 when the file does not say. */
    public int nodeCount() {
        return nodes == null ? 0 : nodes;
    }

    /** Data centres the keyspace is replicated to (at least 1). */
    public int dataCentres() {
        if (replication == null) {
            return 1;
        }
        return (int) Math.max(1, replication.keySet().stream().filter(k -> !"class".equals(k)).count());
    }
}
