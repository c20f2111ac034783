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
import java.nio.ByteBuffer;
import java.util.concurrent.Semaphore;
import java.util.function.BiConsumer;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.GroupCommit;
import org.metricsstress.pipeline.GroupCommitSink;
import org.metricsstress.plan.ResourceNames;
import org.metricsstress.plan.StressPlan;

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
    private final StressPlan plan;
    private final StressMetrics metrics;
    private final ConsistencyLevel consistency;
    private final int ttlSeconds;
    private final int maxInFlight;
    private final Semaphore permits;
    /** Bytes of the constant columns, encoded once; the driver only ever reads duplicates of them. */
    private final ByteBuffer context;
    private final ByteBuffer ttl;
    private final ByteBuffer[][] metricNameBytes;
    private volatile boolean aborted;

    public CassandraSampleWriter(CqlSession session, StressConfig config, StressMetrics metrics) {
        this.session = session;
        this.metrics = metrics;
        this.plan = StressPlan.of(config);
        this.insert = session.prepare("INSERT INTO " + config.keyspace()
                + ".samples (context, partition, resource, collected_at, metric_name, value) "
                + "VALUES (?, ?, ?, ?, ?, ?) USING TTL ?");
        this.consistency = DefaultConsistencyLevel.valueOf(config.writeConsistency());
        this.ttlSeconds = (int) config.ttl().getSeconds();
        this.maxInFlight = config.maxInFlight();
        this.permits = new Semaphore(maxInFlight);
        this.context = ColumnBytes.text(StressConfig.CONTEXT);
        this.ttl = ColumnBytes.integer(ttlSeconds);
        this.metricNameBytes = new ByteBuffer[config.groups()][config.attributes()];
        for (int g = 0; g < config.groups(); g++) {
            for (int a = 0; a < config.attributes(); a++) {
                metricNameBytes[g][a] = ColumnBytes.text(ResourceNames.metricName(g, a));
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

    /**
     * One writer thread's sink. Columns are bound as encoded bytes: the constant ones (context,
     * metric names, TTL) are encoded once for the run, the per-commit ones (resource, partition,
     * timestamp) once per commit, and the values of a commit share one array; what remains per
     * sample is the driver's own statement objects, which any prepared batch needs.
     */
    private final class Sink implements GroupCommitSink {
        private final StringBuilder name = new StringBuilder(64);
        private int lastPartition = Integer.MIN_VALUE;
        private ByteBuffer lastPartitionBytes;

        @Override
        public void write(GroupCommit c) {
            name.setLength(0);
            int key = c.resourceKey;
            int group = plan.groupOf(key);
            ByteBuffer resource = ColumnBytes.ascii(
                    ResourceNames.groupResource(name, plan.nodeOf(key), plan.interfaceOf(key), group));
            ByteBuffer partition = partitionBytes(NewtsSchema.partitionOf(c.timestampMillis));
            ByteBuffer collectedAt = ColumnBytes.timestamp(c.timestampMillis);
            byte[] values = SampleValueCodec.encodeGauges(c.values, c.sampleCount);
            ByteBuffer[] names = metricNameBytes[group];
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
                    if (rows == 1) {
                        request = bind(partition, resource, collectedAt, names[from], values, from)
                                .setConsistencyLevel(consistency);
                    } else {
                        BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED)
                                .setConsistencyLevel(consistency);
                        for (int a = from; a < to; a++) {
                            batch.addStatement(bind(partition, resource, collectedAt, names[a], values, a));
                        }
                        request = batch.build();
                    }
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

        private ByteBuffer partitionBytes(int partition) {
            // A partition spans a week: the same bytes serve every commit until the week turns.
            if (partition != lastPartition) {
                lastPartition = partition;
                lastPartitionBytes = ColumnBytes.integer(partition);
            }
            return lastPartitionBytes;
        }

        private BoundStatement bind(ByteBuffer partition, ByteBuffer resource, ByteBuffer collectedAt,
                ByteBuffer metric, byte[] values, int sample) {
            return insert.boundStatementBuilder()
                    .setBytesUnsafe(0, context)
                    .setBytesUnsafe(1, partition)
                    .setBytesUnsafe(2, resource)
                    .setBytesUnsafe(3, collectedAt)
                    .setBytesUnsafe(4, metric)
                    .setBytesUnsafe(5, ByteBuffer.wrap(values, sample * SampleValueCodec.SIZE, SampleValueCodec.SIZE))
                    .setBytesUnsafe(6, ttl)
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
