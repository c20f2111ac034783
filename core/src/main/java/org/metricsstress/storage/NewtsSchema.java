package org.metricsstress.storage;

import java.time.Duration;
import java.util.List;
import org.metricsstress.config.Replication;

/**
 * Everything this tool says to Cassandra about Newts, in one place: the schema (the keyspace with
 * NetworkTopologyStrategy, {@code samples} with TimeWindowCompactionStrategy, the three index
 * tables) and the statements that the sample writer, the indexer, the cache primer and the bench's
 * ceiling writer prepare. Schema statements use {@code IF NOT EXISTS} so applying them to a
 * populated cluster changes nothing. No {@code read_repair_chance}: it is gone since Cassandra 4.
 */
public final class NewtsSchema {
    /** Newts shards a resource's samples into one partition per this many seconds (7 days). */
    public static final long RESOURCE_SHARD_SECONDS = 604_800L;

    /** The Newts context: the value the OpenNMS writer uses for every resource. */
    public static final String CONTEXT = "G";

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

    public static List<String> statements(String keyspace, Replication replication, Duration twcsWindow,
            Duration gcGrace) {
        return List.of(
                "CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = " + replication.toCql()
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

    /** The Newts partition (shard) of a timestamp. */
    public static int partitionOf(long timestampMillis) {
        return (int) Math.floorDiv(Math.floorDiv(timestampMillis, 1000L), RESOURCE_SHARD_SECONDS);
    }
}
