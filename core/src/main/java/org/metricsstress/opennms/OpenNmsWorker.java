package org.metricsstress.opennms;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import java.nio.ByteBuffer;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.NewtsCalls;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.newts.NewtsSchema;
import org.metricsstress.newts.MetricType;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.pipeline.GroupCommit;
import org.metricsstress.pipeline.GroupCommitHandler;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.storage.ColumnBytes;
import org.metricsstress.storage.Coordinators;
import org.metricsstress.storage.ReplicaSets;
import org.metricsstress.storage.RequestCompletion;
import org.metricsstress.storage.RequestParts;

/**
 * One worker of OpenNMS's ring, as its NewtsWriter works: an event's samples split into chunks of
 * {@code max_batch_size}; each chunk one UNLOGGED batch of literal INSERTs, values inlined, no
 * routing key (so the driver picks any local node as coordinator), sent synchronously; then, on the
 * same thread, that chunk indexed inline ({@link InlineIndexer}), waiting for every index write.
 * An index-only event is only indexed.
 *
 * <p>Where OpenNMS logs a failed chunk and loses its samples without a count, this worker counts
 * them failed, by class, so the audit stays exact. Latency: the commit's response time runs from
 * its intended time to the acknowledgement of its last chunk; a chunk's service time from send to
 * acknowledgement.
 *
 * <p>Allocation: literal statements are strings and objects per sample by nature (OpenNMS makes
 * them too); the client CPU this costs is part of what this model measures.
 */
final class OpenNmsWorker implements GroupCommitHandler {
    private final CqlSession session;
    private final StressPlan plan;
    private final ResourceNames resourceNames;
    private final MetricType valueType;
    private final StressMetrics metrics;
    private final Coordinators coordinators;
    private final ReplicaSets replicaSets;
    private final LiteralStatements literal;
    private final InlineIndexer indexer;
    private final int maxBatch;
    private final String[][] metricNames;
    private final AtomicInteger inFlight;
    private final NewtsCalls calls;
    private final ByteBuffer context = ColumnBytes.text(NewtsSchema.CONTEXT);
    private final StringBuilder id = new StringBuilder(64);
    private final StringBuilder cql = new StringBuilder(256);
    private final StringBuilder scratch = new StringBuilder(64);

    OpenNmsWorker(CqlSession session, StressConfig config, StressPlan plan, StressMetrics metrics, Coordinators coordinators,
            ReplicaSets replicaSets, InlineIndexer indexer, String[][] metricNames, AtomicInteger inFlight) {
        this.session = session;
        this.plan = plan;
        this.valueType = MetricType.named(plan.values().model().newtsType());
        this.resourceNames = ResourceNames.storeByForeignSource(this.plan.resourceIds().storeByForeignSource());
        this.metrics = metrics;
        this.coordinators = coordinators;
        this.replicaSets = replicaSets;
        this.literal = new LiteralStatements(config.schema().keyspace(), (int) config.schema().ttl().getSeconds());
        this.indexer = indexer;
        this.maxBatch = config.pipeline().maxBatchSize();
        this.metricNames = metricNames;
        this.inFlight = inFlight;
        this.calls = metrics.newtsCalls();
    }

    @Override
    public void write(GroupCommit c) {
        if (c.indexOnly) {
            if (indexer != null && plan.strings() > 0) {
                index(() -> indexer.strings(c.resourceKey, scratch));
            }
            return;
        }
        int settled = 0;
        try {
            int key = c.resourceKey;
            int group = plan.groupOf(key);
            String resource = resourceNames.groupResource(id.delete(0, id.length()), plan.nodeOf(key),
                    plan.interfaceOf(key), group).toString();
            Set<Node> replicas = replicasOf(resource, c.timestampMillis);
            for (int from = 0, chunk = 0; from < c.sampleCount; from += maxBatch, chunk++) {
                int to = Math.min(c.sampleCount, from + maxBatch);
                BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED);
                for (int a = from; a < to; a++) {
                    batch.addStatement(SimpleStatement.newInstance(
                            literal.sample(cql, resource, c.timestampMillis, metricNames[group][a], valueType, c.values[a])));
                }
                // Newts' insert-timer runs from the batch's send to the end of its inline indexing.
                long began = System.nanoTime();
                boolean written = insert(batch.build(), to == c.sampleCount ? c.intendedNanos : RequestCompletion.NO_RESPONSE,
                        key, to - from, replicas);
                settled = to;
                boolean indexed = true;
                if (written && indexer != null) {
                    int chunkNumber = chunk;
                    int samples = to - from;
                    indexed = index(() -> indexer.samples(key, chunkNumber, samples, scratch));
                }
                calls.inserted(System.nanoTime() - began);
                if (written && !indexed) {
                    calls.writtenButNotIndexed(to - from);
                }
            }
        } catch (RuntimeException | Error e) {
            // A statement that could not be built, or the JVM out of memory: what was not settled
            // yet fails, counted, once; the ring's worker goes on to the next event.
            metrics.failed(c.resourceKey, c.sampleCount - settled, ErrorClass.OTHER);
        }
    }

    /** Sends one chunk and waits for it; its samples are counted written or failed when it settles. */
    private boolean insert(BatchStatement batch, long intended, int resourceKey, int samples, Set<Node> replicas) {
        RequestCompletion completion = new RequestCompletion(metrics, coordinators,
                RequestParts.one(intended, resourceKey, samples), System.nanoTime(), () -> { }, null, null, 0,
                () -> false).routedTo(replicas);
        inFlight.incrementAndGet();
        long began = System.nanoTime();
        CompletableFuture<AsyncResultSet> sent;
        try {
            metrics.requestSent();
            sent = session.executeAsync(batch).toCompletableFuture();
        } catch (RuntimeException e) {
            inFlight.decrementAndGet();
            metrics.workerClock().sampleWrite(System.nanoTime() - began);
            completion.accept(null, e);
            return false;
        }
        try {
            AsyncResultSet rs = sent.join();
            completion.accept(rs, null);
            return true;
        } catch (RuntimeException e) {
            completion.accept(null, e.getCause() != null ? e.getCause() : e);
            return false;
        } finally {
            inFlight.decrementAndGet();
            metrics.workerClock().sampleWrite(System.nanoTime() - began);
        }
    }

    /** The replicas of the chunk's partition, to count a coordinator outside them; null when unknown. */
    private Set<Node> replicasOf(String resource, long timestampMillis) {
        Token token = replicaSets.token(context, ColumnBytes.integer(NewtsSchema.partitionOf(timestampMillis)),
                ColumnBytes.text(resource));
        if (token == null) {
            return null;
        }
        Set<Node> replicas = replicaSets.of(token);
        return replicas.isEmpty() ? null : replicas;
    }

    /**
     * Index work never costs the samples their count: its failures are the index's. Timed as one
     * call of Newts' update; false when it failed, as Newts' update would have thrown.
     */
    private boolean index(BooleanSupplier work) {
        long began = System.nanoTime();
        try {
            return work.getAsBoolean();
        } catch (RuntimeException e) {
            metrics.indexStageFailed();
            return false;
        } finally {
            calls.updated(System.nanoTime() - began);
        }
    }
}
