package org.metricsstress.newts;

import java.time.Duration;
import java.util.List;

/**
 * Everything this tool says to Cassandra about Newts, in one place: the schema (the keyspace with
 * NetworkTopologyStrategy, {@code samples} with TimeWindowCompactionStrategy, the three index
 * tables) and the statements that the sample writer, the indexer, the cache primer and the bench's
 * ceiling writer prepare. Schema statements use {@code IF NOT EXISTS} so applying them to a
 * populated cluster changes nothing. No {@code read_repair_chance}: it is gone since Cassandra 4.
 */
public final class NewtsSchema {
    /**
     * Newts shards a resource's samples into one partition per this many seconds (7 days; OpenNMS's
     * {@code org.opennms.newts.config.resource_shard}).
     */
    public static final int RESOURCE_SHARD_SECONDS = 604_800;

    /** The Newts context: the value the OpenNMS writer uses for every resource. */
    public static final String CONTEXT = "G";

    public static final String SAMPLES = "samples";
    public static final String RESOURCE_METRICS = "resource_metrics";
    /** Newts' tables: the samples, then the three index tables. */
    public static final List<String> TABLES = List.of(SAMPLES, "terms", "resource_attributes",
            RESOURCE_METRICS);

    /** One sample; binds context, partition, resource, collected_at, metric_name, value, TTL. */
    public static String insertSample(String keyspace) {
        return "INSERT INTO " + keyspace + ".samples (context, partition, resource, collected_at, metric_name, value) "
                + "VALUES (?, ?, ?, ?, ?, ?) USING TTL ?";
    }

    /** One search term; binds context, field, value, resource, TTL. */
    public static String insertTerm(String keyspace) {
        return "INSERT INTO " + keyspace + ".terms (context, field, value, resource) VALUES (?, ?, ?, ?) USING TTL ?";
    }

    /** One string attribute of a resource; binds context, resource, attribute, value, TTL. */
    public static String insertAttribute(String keyspace) {
        return "INSERT INTO " + keyspace
                + ".resource_attributes (context, resource, attribute, value) VALUES (?, ?, ?, ?) USING TTL ?";
    }

    /** One metric name of a resource; binds context, resource, metric_name, TTL. */
    public static String insertMetric(String keyspace) {
        return "INSERT INTO " + keyspace + ".resource_metrics (context, resource, metric_name) VALUES (?, ?, ?) USING TTL ?";
    }

    /** Every string attribute row, for priming a cache (paged). */
    public static String selectAttributes(String keyspace) {
        return "SELECT context, resource, attribute, value FROM " + keyspace + ".resource_attributes";
    }

    /** Every metric name row, for priming a cache (paged). */
    public static String selectMetrics(String keyspace) {
        return "SELECT context, resource, metric_name FROM " + keyspace + ".resource_metrics";
    }

    private NewtsSchema() {}

    public static List<String> statements(String keyspace, String replicationCql, Duration twcsWindow,
            Duration gcGrace) {
        return List.of(
                "CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = " + replicationCql
                        + " AND durable_writes = true",
                "CREATE TABLE IF NOT EXISTS " + keyspace + ".samples (\n"
                        + "  context text,\n"
                        + "  partition int,\n"
                        + "  resource text,\n"
                        + "  collected_at timestamp,\n"
                        + "  metric_name text,\n"
                        + "  value blob,\n"
                        + "  attributes map<text, text>,\n"
                        + "  PRIMARY KEY ((context, partition, resource), collected_at, metric_name)\n"
                        + ") WITH compaction = {'class': 'TimeWindowCompactionStrategy', "
                        + twcsWindowOptions(twcsWindow)
                        + ", 'expired_sstable_check_frequency_seconds': '86400'}\n"
                        + "  AND gc_grace_seconds = " + gcGrace.getSeconds(),
                "CREATE TABLE IF NOT EXISTS " + keyspace + ".terms (\n"
                        + "  context text,\n"
                        + "  field text,\n"
                        + "  value text,\n"
                        + "  resource text,\n"
                        + "  PRIMARY KEY ((context, field, value), resource)\n"
                        + ")",
                "CREATE TABLE IF NOT EXISTS " + keyspace + ".resource_attributes (\n"
                        + "  context text,\n"
                        + "  resource text,\n"
                        + "  attribute text,\n"
                        + "  value text,\n"
                        + "  PRIMARY KEY ((context, resource), attribute)\n"
                        + ")",
                "CREATE TABLE IF NOT EXISTS " + keyspace + ".resource_metrics (\n"
                        + "  context text,\n"
                        + "  resource text,\n"
                        + "  metric_name text,\n"
                        + "  PRIMARY KEY ((context, resource), metric_name)\n"
                        + ")");
    }

    /** The coarsest TWCS unit that expresses the window exactly. */
    static String twcsWindowOptions(Duration window) {
        long minutes = window.toMinutes();
        String unit;
        long size;
        if (minutes % (24 * 60) == 0) {
            unit = "DAYS";
            size = minutes / (24 * 60);
        } else if (minutes % 60 == 0) {
            unit = "HOURS";
            size = minutes / 60;
        } else {
            unit = "MINUTES";
            size = minutes;
        }
        return "'compaction_window_unit': '" + unit + "', 'compaction_window_size': '" + size + "'";
    }

    /**
     * The {@code partition} value of a sample: the start of its resource shard in epoch SECONDS, as
     * Newts computes it ({@code timestamp.stepFloor(resourceShard).asSeconds()}), not a shard number.
     * A row with another value is invisible to Newts' reads, which ask for exactly this one.
     */
    public static int partitionOf(long timestampMillis) {
        long seconds = timestampMillis / 1000L;
        return (int) (seconds / RESOURCE_SHARD_SECONDS * RESOURCE_SHARD_SECONDS);
    }

    /** The partitions a time range of one resource spans, oldest first (as Newts' reader walks them). */
    public static int[] partitionsBetween(long fromMillis, long toMillis) {
        int first = partitionOf(fromMillis);
        int last = partitionOf(toMillis);
        int[] out = new int[(last - first) / RESOURCE_SHARD_SECONDS + 1];
        for (int i = 0; i < out.length; i++) {
            out[i] = first + i * RESOURCE_SHARD_SECONDS;
        }
        return out;
    }
}
