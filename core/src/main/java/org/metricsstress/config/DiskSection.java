package org.metricsstress.config;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What lands on disk and what a retention of it takes (help section "disk and retention"): whether
 * to measure after the run, whether the tool may flush, where the nodes' JMX is, and the projection's
 * inputs where the user overrides the run's own.
 *
 * @param disk         measure the keyspace's tables on disk after the run
 * @param flush        flush the keyspace's memtables over JMX before measuring (a user's cluster)
 * @param nodeJmxPort  the JMX port of each local-DC node
 * @param nodeJmxTimeout how long each JMX call to a node (the flush, a metric) is waited for
 * @param nodeJmx      node address to its JMX {@code host:port} where they differ from the address and
 *                     {@link #nodeJmxPort()} (the embedded nodes', on loopback); not an option
 * @param retention    how long data is kept; null: the keyspace's TTL
 * @param projectRate  samples per second to project; null: the run's target rate
 * @param projectNodes cluster sizes (nodes per DC) to project for; null: the local DC's node count
 * @param projectResources resources whose index rows to project; null: those measured
 * @param nodeDiskGb   a node's disk in GB (10^9 bytes), for the fit warning; null: not judged
 */
public record DiskSection(
        boolean disk,
        boolean flush,
        int nodeJmxPort,
        Duration nodeJmxTimeout,
        Map<String, String> nodeJmx,
        Duration retention,
        Double projectRate,
        List<Integer> projectNodes,
        Long projectResources,
        Double nodeDiskGb) {

    public DiskSection {
        nodeJmx = nodeJmx == null ? Map.of() : Map.copyOf(nodeJmx);
        projectNodes = projectNodes == null ? null : List.copyOf(projectNodes);
        if (nodeJmxTimeout == null || nodeJmxTimeout.toMillis() < 1) {
            throw new ConfigException("--node-jmx-timeout: at least 1ms");
        }
        if (retention != null && retention.getSeconds() < 1) {
            throw new ConfigException("--retention: at least 1s, got " + Parse.format(retention));
        }
    }
}
