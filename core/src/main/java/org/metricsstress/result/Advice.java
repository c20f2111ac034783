package org.metricsstress.result;

/**
 * One change the run's evidence asks for, in OpenNMS's own terms (in this tool's options for its pipelined writer).
 *
 * @param property the OpenNMS property ({@code org.opennms.newts.config.*}), or {@code JAVA_HEAP_SIZE}
 *                 (etc/opennms.conf), or {@code cluster.nodes-per-dc}; for a run of the pipelined
 *                 writer (this tool's own) its own option ({@code --ring-size}, {@code --max-in-flight},
 *                 {@code --writer-threads}, {@code --cache-max-entries}) instead of OpenNMS's property;
 *                 or a setting of the nodes' cassandra.yaml ({@code cassandra.yaml:concurrent_writes}, in
 *                 the node's own spelling), or a node to look at ({@code node 127.0.0.3})
 * @param value    what to set it to; for {@code JAVA_HEAP_SIZE} the MB to add to the heap OpenNMS
 *                 needs without the cache, signed ({@code +36}): never a heap of its own
 * @param current  what the run had
 * @param reason   why, from this run's figures
 * @param model    how the value was computed
 * @param option   this tool's option that applies it to a run (what {@code tune} sets), or null for
 *                 advice a run cannot apply (heap, nodes)
 */
public record Advice(String property, String value, String current, String reason, String model, String option) {
    /** The prefix of a cassandra.yaml setting's property: {@code cassandra.yaml:concurrent_writes}. */
    public static final String CASSANDRA_YAML = "cassandra.yaml:";

    /** Whether this is a setting of the nodes' cassandra.yaml. */
    public boolean cassandraYaml() {
        return property.startsWith(CASSANDRA_YAML);
    }
}
