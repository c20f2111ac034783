package org.metricsstress.opennms;

import org.metricsstress.newts.MetricType;
import org.metricsstress.newts.NewtsSchema;
import org.metricsstress.newts.SampleValueCodec;

/**
 * The CQL text of the literal (unprepared) INSERTs Newts sends for OpenNMS, values inlined as its
 * query builder renders them: samples ({@code CassandraSampleRepository.insert}),
 * {@code resource_attributes} and {@code resource_metrics} rows ({@code CassandraIndexer}). Each
 * is parsed by the coordinator anew: that, not the rows, is what prepared statements save a node.
 * The text is built in a caller's builder, reused per worker thread.
 */
final class LiteralStatements {
    private final String samples;
    private final String attributes;
    private final String metrics;
    private final String usingTtl;

    LiteralStatements(String keyspace, int ttlSeconds) {
        this.samples = "INSERT INTO " + keyspace
                + ".samples (context,partition,resource,collected_at,metric_name,value) VALUES ('";
        this.attributes = "INSERT INTO " + keyspace + ".resource_attributes (context,resource,attribute,value) VALUES ('";
        this.metrics = "INSERT INTO " + keyspace + ".resource_metrics (context,resource,metric_name) VALUES ('";
        this.usingTtl = " USING TTL " + ttlSeconds;
    }

    /** One sample: its partition (the shard's start in seconds), its value's blob of Newts' {@code type} in hex. */
    String sample(StringBuilder sb, String resource, long timestampMillis, String metric, MetricType type, double value) {
        sb.setLength(0);
        sb.append(samples).append(NewtsSchema.CONTEXT).append("',").append(NewtsSchema.partitionOf(timestampMillis))
                .append(",'");
        quoted(sb, resource).append(',').append(timestampMillis).append(",'");
        quoted(sb, metric).append(',');
        SampleValueCodec.appendLiteral(sb, type, value);
        return sb.append(')').append(usingTtl).toString();
    }

    String attribute(StringBuilder sb, String resource, String key, String value) {
        sb.setLength(0);
        sb.append(attributes).append(NewtsSchema.CONTEXT).append("','");
        quoted(sb, resource).append(",'");
        quoted(sb, key).append(",'");
        quoted(sb, value);
        return sb.append(')').append(usingTtl).toString();
    }

    String metric(StringBuilder sb, String resource, String metric) {
        sb.setLength(0);
        sb.append(metrics).append(NewtsSchema.CONTEXT).append("','");
        quoted(sb, resource).append(",'");
        quoted(sb, metric);
        return sb.append(')').append(usingTtl).toString();
    }

    /** The term row's statement, which Newts prepares (its TTL a literal in the text). */
    static String term(String keyspace, int ttlSeconds) {
        return "INSERT INTO " + keyspace + ".terms (context,resource,field,value) VALUES (?,?,?,?) USING TTL " + ttlSeconds;
    }

    /** The text of a CQL string literal after its opening quote: quotes doubled, then the closing one. */
    private static StringBuilder quoted(StringBuilder sb, String s) {
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            sb.append(ch);
            if (ch == '\'') {
                sb.append('\'');
            }
        }
        return sb.append('\'');
    }
}
