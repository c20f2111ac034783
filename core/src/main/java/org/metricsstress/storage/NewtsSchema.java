package org.metricsstress.storage;

import java.time.Duration;
import java.util.List;
import org.metricsstress.config.Replication;

/**
 * The Newts schema as CQL: the keyspace (NetworkTopologyStrategy), {@code samples} with
 * TimeWindowCompactionStrategy, and the three index tables. Statements use {@code IF NOT EXISTS}
 * so applying them to a populated cluster changes nothing. No {@code read_repair_chance}: it is
 * gone since Cassandra 4.
 */
public final class NewtsSchema {
    /** Newts shards a resource's samples into one partition per this many seconds (7 days). */
    public static final long RESOURCE_SHARD_SECONDS = 604_800L;

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
