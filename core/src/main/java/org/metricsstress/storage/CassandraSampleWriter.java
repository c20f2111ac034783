package org.metricsstress.storage;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.time.Instant;
import java.util.concurrent.Semaphore;
import java.util.function.BiConsumer;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.GroupCommit;
import org.metricsstress.pipeline.GroupCommitSink;
import org.metricsstress.plan.ResourceNames;

/**
 * Writes group commits into {@code samples}: a prepared INSERT per sample, the samples of one
 * group commit sent as one UNLOGGED batch (they share one partition, so the batch costs the
 * coordinator nothing extra and saves round trips), asynchronously, with at most
 * {@code maxInFlight} requests outstanding. When that bound is reached the writer thread waits,
 * the ring fills, and the ring's policy (drop or block) takes over: backpressure, never an
 * unbounded queue in the client.
 *
 * <p>Each request reports its samples as written or failed exactly once, from the driver's
 * completion callback.
 */
public final class CassandraSampleWriter implements GroupCommitSink.Factory {
    /** Rows per batch at most: well under Cassandra's 5 KiB batch warning for this row size. */
    static final int MAX_ROWS_PER_BATCH = 32;

    private final CqlSession session;
    private final PreparedStatement insert;
    private final StressMetrics metrics;
    private final ConsistencyLevel consistency;
    private final int ttlSeconds;
    private final int maxInFlight;
    private final Semaphore permits;
    private final String[][] metricNames;
    private volatile boolean aborted;

    public CassandraSampleWriter(CqlSession session, StressConfig config, StressMetrics metrics) {
        this.session = session;
        this.metrics = metrics;
        this.insert = session.prepare("INSERT INTO " + config.keyspace()
                + ".samples (context, partition, resource, collected_at, metric_name, value) "
                + "VALUES (?, ?, ?, ?, ?, ?) USING TTL ?");
        this.consistency = DefaultConsistencyLevel.valueOf(config.writeConsistency());
        this.ttlSeconds = (int) config.ttl().getSeconds();
        this.maxInFlight = config.maxInFlight();
        this.permits = new Semaphore(maxInFlight);
        this.metricNames = new String[config.groups()][config.attributes()];
        for (int g = 0; g < config.groups(); g++) {
            for (int a = 0; a < config.attributes(); a++) {
                metricNames[g][a] = ResourceNames.metricName(g, a);
            }
        }
        metrics.gauge("writes.in-flight", this::inFlightRequests);
    }

    public int inFlightRequests() {
        return maxInFlight - permits.availablePermits();
    }

    /**
     * From now on nothing new is sent: writers count their commits as failed instead. Requests
     * already sent still complete (or fail when the session is closed).
     */
    public void abort() {
        aborted = true;
    }

    /** Waits until no request is in flight; false on timeout. */
    public boolean awaitIdle(long timeoutMillis) throws InterruptedException {
        if (permits.tryAcquire(maxInFlight, timeoutMillis, java.util.concurrent.TimeUnit.MILLISECONDS)) {
            permits.release(maxInFlight);
            return true;
        }
        return false;
    }

    @Override
    public GroupCommitSink newSink() {
        return new Sink();
    }

    /** One writer thread's sink: its name builder is reused for every commit. */
    private final class Sink implements GroupCommitSink {
        private final StringBuilder name = new StringBuilder(64);

        @Override
        public void write(GroupCommit c) {
            name.setLength(0);
            String resource = ResourceNames.groupResource(name, c.node, c.iface, c.group).toString();
            int partition = NewtsSchema.partitionOf(c.timestampMillis);
            Instant collectedAt = Instant.ofEpochMilli(c.timestampMillis);
            String[] names = metricNames[c.group];
            for (int from = 0; from < c.sampleCount; from += MAX_ROWS_PER_BATCH) {
                int to = Math.min(c.sampleCount, from + MAX_ROWS_PER_BATCH);
                int rows = to - from;
                try {
                    permits.acquire();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    metrics.failed(c.sampleCount - from, ErrorClass.ABANDONED);
                    return;
                }
                if (aborted) {
                    permits.release();
                    metrics.failed(c.sampleCount - from, ErrorClass.ABANDONED);
                    return;
                }
                Statement<?> request;
                try {
                    request = rows == 1
                            ? bind(partition, resource, collectedAt, names[from], c.values[from]).setConsistencyLevel(consistency)
                            : batch(c, from, to, partition, resource, collectedAt, names);
                } catch (RuntimeException e) {
                    permits.release();
                    metrics.failed(c.sampleCount - from, ErrorClass.OTHER);
                    return;
                }
                long sent = System.nanoTime();
                metrics.requestSent();
                session.executeAsync(request).whenComplete(new Completion(c.intendedNanos, sent, rows));
            }
        }

        private Statement<?> batch(GroupCommit c, int from, int to, int partition, String resource,
                Instant collectedAt, String[] names) {
            BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED)
                    .setConsistencyLevel(consistency);
            for (int a = from; a < to; a++) {
                batch.addStatement(bind(partition, resource, collectedAt, names[a], c.values[a]));
            }
            return batch.build();
        }

        private BoundStatement bind(int partition, String resource, Instant collectedAt, String metric, double value) {
            return insert.boundStatementBuilder()
                    .setString(0, StressConfig.CONTEXT)
                    .setInt(1, partition)
                    .setString(2, resource)
                    .setInstant(3, collectedAt)
                    .setString(4, metric)
                    .setByteBuffer(5, SampleValueCodec.encodeGauge(value))
                    .setInt(6, ttlSeconds)
                    .build();
        }
    }

    /** Settles one request: counts its samples, records its latencies, frees its permit. */
    private final class Completion implements BiConsumer<AsyncResultSet, Throwable> {
        private final long intendedNanos;
        private final long sentNanos;
        private final int samples;

        Completion(long intendedNanos, long sentNanos, int samples) {
            this.intendedNanos = intendedNanos;
            this.sentNanos = sentNanos;
            this.samples = samples;
        }

        @Override
        public void accept(AsyncResultSet rs, Throwable error) {
            long now = System.nanoTime();
            try {
                if (error == null) {
                    metrics.written(samples);
                    metrics.service().recordNanos(now - sentNanos);
                    metrics.response().recordNanos(now - intendedNanos);
                } else {
                    metrics.failed(samples, WriteErrors.classify(error));
                }
            } finally {
                permits.release();
            }
        }
    }
}
