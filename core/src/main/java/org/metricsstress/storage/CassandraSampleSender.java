package org.metricsstress.storage;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Semaphore;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.GroupCommit;
import org.metricsstress.pipeline.GroupCommitHandler;
import org.metricsstress.newts.MetricType;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.newts.NewtsSchema;
import org.metricsstress.newts.SampleValueCodec;
import org.metricsstress.plan.StressPlan;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Sends group commits into {@code samples} (the pipelined writer's sample stage): a prepared INSERT per sample, the samples of up to
 * {@code --batch-commits} group commits whose partitions have the same replicas sent as one
 * UNLOGGED batch (so the coordinator is a replica of all of them and nothing fans out; fewer, fuller requests
 * cost client and node less per sample), asynchronously, with at most {@code maxInFlight}
 * requests outstanding. When that bound is reached the lane's thread waits,
 * the ring fills, and the ring's policy (drop or block) takes over: backpressure, never an
 * unbounded queue in the client.
 *
 * <p>Each request reports its samples as written or failed exactly once, from the driver's
 * completion callback.
 */
public final class CassandraSampleSender implements GroupCommitHandler.Factory {
    /**
     * Rows per request at most: about 4 KB of mutations for this row size, under Cassandra's
     * 5 KiB batch warning.
     */
    static final int MAX_ROWS_PER_BATCH = 48;

    private static final long NO_RESPONSE = RequestCompletion.NO_RESPONSE;

    private final PreparedStatement insert;
    private final StressPlan plan;
    private final ResourceNames resourceNames;
    private final MetricType valueType;
    private final StressMetrics metrics;
    private final ConsistencyLevel consistency;
    private final int maxInFlight;
    private final int batchCommits;
    private final Semaphore permits;
    private final Coordinators coordinators;
    private final ReplicaSets replicaSets;
    private final int retries;
    /** Made once: a request's completion re-sends through these when it retries. */
    private final RequestCompletion.Sender resend;
    /** How a request is sent first: the session, or what a test puts in its place to make sending fail. */
    private final RequestCompletion.Sender sender;
    private final BooleanSupplier runGoesOn;
    /** Bytes of the constant columns, encoded once; the driver only ever reads duplicates of them. */
    private final ByteBuffer context;
    private final ByteBuffer ttl;
    private final ByteBuffer[][] metricNameBytes;
    private volatile boolean aborted;

    public CassandraSampleSender(CqlSession session, StressConfig config, StressMetrics metrics) {
        this(session, config, metrics, null);
    }

    /**
     * As {@link #CassandraSampleSender(CqlSession, StressConfig, StressMetrics)}, sending each
     * request first through {@code sender} (null: the session): the unit tests' way to make a
     * send throw, which the driver does only on its own terms.
     */
    CassandraSampleSender(CqlSession session, StressConfig config, StressMetrics metrics,
            RequestCompletion.Sender sender) {
        this.metrics = metrics;
        this.plan = StressPlan.of(config);
        this.resourceNames = ResourceNames.storeByForeignSource(this.plan.resourceIds().storeByForeignSource());
        this.valueType = MetricType.named(config.plan().values().newtsType());
        this.insert = session.prepare(NewtsSchema.insertSample(config.schema().keyspace()));
        this.consistency = DefaultConsistencyLevel.valueOf(config.cluster().writeConsistency());
        this.maxInFlight = config.pipeline().maxInFlight();
        this.batchCommits = config.pipeline().batchCommits();
        this.permits = new Semaphore(maxInFlight);
        this.coordinators = new Coordinators(metrics.nodes());
        this.replicaSets = new ReplicaSets(session, config.schema().keyspace());
        this.retries = config.cluster().retries();
        this.resend = session::executeAsync;
        this.sender = sender != null ? sender : resend;
        this.runGoesOn = () -> !aborted;
        this.context = ColumnBytes.text(NewtsSchema.CONTEXT);
        this.ttl = ColumnBytes.integer((int) config.schema().ttl().getSeconds());
        this.metricNameBytes = new ByteBuffer[config.plan().groups()][config.plan().attributes()];
        for (int g = 0; g < config.plan().groups(); g++) {
            for (int a = 0; a < config.plan().attributes(); a++) {
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
        if (permits.tryAcquire(maxInFlight, timeoutMillis, TimeUnit.MILLISECONDS)) {
            permits.release(maxInFlight);
            return true;
        }
        return false;
    }

    @Override
    public GroupCommitHandler newHandler() {
        return new LaneSender();
    }

    /**
     * One writer thread's handler. Columns are bound as encoded bytes: the constant ones (context,
     * metric names, TTL) are encoded once for the run, the per-commit ones (resource, partition,
     * timestamp) once per commit, and the values of a commit share one array; what remains per
     * sample is the driver's own statement objects, which any prepared batch needs.
     *
     * <p>Commits are gathered into requests of up to {@code batchCommits} commits (and
     * {@link #MAX_ROWS_PER_BATCH} rows) whose partitions share their replicas, so a request
     * never fans out; a request is sent when full or when the writer has taken every waiting
     * commit ({@link #endOfBatch}), so gathering never delays a commit behind an idle ring.
     */
    private final class LaneSender implements GroupCommitHandler {
        private final StringBuilder name = new StringBuilder(64);
        private int lastPartition = Integer.MIN_VALUE;
        private ByteBuffer lastPartitionBytes;
        /** One request being filled per replica set; one in all on a single node. */
        private final Map<Set<Node>, Request> byReplicas = new HashMap<>();
        private final Request single = new Request();

        @Override
        public void write(GroupCommit c) {
            int key = c.resourceKey;
            int group = plan.groupOf(key);
            ByteBuffer resource = ColumnBytes.ascii(
                    resourceNames.groupResource(name.delete(0, name.length()), plan.nodeOf(key), plan.interfaceOf(key), group));
            ByteBuffer partition = partitionBytes(NewtsSchema.partitionOf(c.timestampMillis));
            ByteBuffer collectedAt = ColumnBytes.timestamp(c.timestampMillis);
            byte[] values = SampleValueCodec.encode(valueType, c.values, c.sampleCount);
            ByteBuffer[] names = metricNameBytes[group];
            Request request = requestFor(partition, resource);
            for (int from = 0; from < c.sampleCount; from += MAX_ROWS_PER_BATCH) {
                int to = Math.min(c.sampleCount, from + MAX_ROWS_PER_BATCH);
                if (request.rows() + (to - from) > MAX_ROWS_PER_BATCH) {
                    send(request);
                    // Sending cleared the request's routing: it starts again on this partition's
                    // token, or any node would coordinate these rows (and no count would say so).
                    request = requestFor(partition, resource);
                }
                try {
                    for (int a = from; a < to; a++) {
                        request.add(bind(partition, resource, collectedAt, names[a], values, a));
                    }
                } catch (RuntimeException e) {
                    metrics.failed(key, c.sampleCount - from, ErrorClass.OTHER);
                    request.discardUnsealed();
                    c.samplesTaken = c.sampleCount;
                    return;
                }
                // A commit wider than a request is sliced; its response time is recorded once, with
                // its last slice, so the latency counts commits, not slices.
                request.seal(to == c.sampleCount ? c.intendedNanos : NO_RESPONSE, key);
                c.samplesTaken = to; // the request settles these, whatever happens to the rest
                if (request.parts == batchCommits) {
                    send(request);
                    if (to < c.sampleCount) {
                        request = requestFor(partition, resource);
                    }
                }
            }
        }

        @Override
        public void endOfBatch() {
            send(single);
            for (Request r : byReplicas.values()) {
                send(r);
            }
        }

        /**
         * The request to add this partition's rows to: the one for partitions with the same replica
         * set, so whichever replica of them the driver picks as coordinator holds every partition of
         * the request, at any replication factor (the driver's replica sets are shared objects, so
         * the lookup allocates nothing).
         */
        private Request requestFor(ByteBuffer partition, ByteBuffer resource) {
            Token token = replicaSets.token(context, partition, resource);
            if (token == null) {
                return single;
            }
            Set<Node> replicas = replicaSets.of(token);
            if (replicas.isEmpty()) {
                return single;
            }
            Request r = byReplicas.computeIfAbsent(replicas, n -> new Request());
            if (r.parts == 0) {
                r.routingToken = token;
                r.replicas = replicas;
            }
            return r;
        }

        /**
         * Sends what {@code r} holds. Every row leaves here counted or in flight: a request that
         * cannot be built or sent counts its rows as failed and gives its permit back, so neither
         * samples nor permits leak.
         */
        private void send(Request r) {
            if (r.parts == 0) {
                return;
            }
            RequestParts carried = r.takeParts();
            Set<Node> replicas = r.replicas;
            Statement<?> statement;
            try {
                statement = r.build();
            } catch (RuntimeException e) {
                r.clear();
                carried.failed(metrics, ErrorClass.OTHER);
                return;
            }
            long waitFrom = System.nanoTime();
            try {
                permits.acquire();
                metrics.workerClock().sampleWrite(System.nanoTime() - waitFrom);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                carried.failed(metrics, ErrorClass.ABANDONED);
                return;
            }
            if (aborted) {
                permits.release();
                carried.failed(metrics, ErrorClass.ABANDONED);
                return;
            }
            long sent = System.nanoTime();
            try {
                sender.send(statement).whenComplete(new RequestCompletion(metrics, coordinators, carried,
                        sent, permits::release, statement, resend, retries, runGoesOn)
                        .routedTo(replicas));
            } catch (RuntimeException e) {
                permits.release();
                ErrorClass cause = WriteErrors.classify(e);
                metrics.firstFailure(cause, WriteErrors.describe(e));
                carried.failed(metrics, cause);
                return;
            }
            metrics.requestSent();
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

    /**
     * A request being filled: the rows of one or more parts (a group commit, or a slice of a very
     * wide one), each with its intended time for the response latency and its resource.
     */
    private final class Request {
        private final List<BatchableStatement<?>> statements = new ArrayList<>(MAX_ROWS_PER_BATCH);
        private long[] intended = new long[batchCommits];
        private int[] keys = new int[batchCommits];
        private int[] partRows = new int[batchCommits];
        private int sealedRows;
        int parts;
        Token routingToken;
        /** The replicas of every partition in the request; null when not known (one node). */
        Set<Node> replicas;

        void add(BatchableStatement<?> statement) {
            statements.add(statement);
        }

        int rows() {
            return statements.size();
        }

        /** The rows added since the last seal form one part, of resource {@code resourceKey}. */
        void seal(long intendedNanos, int resourceKey) {
            intended[parts] = intendedNanos;
            keys[parts] = resourceKey;
            partRows[parts++] = statements.size() - sealedRows;
            sealedRows = statements.size();
        }

        void discardUnsealed() {
            while (statements.size() > sealedRows) {
                statements.remove(statements.size() - 1);
            }
        }

        /** The parts, handed to the request's completion; the arrays start afresh. */
        RequestParts takeParts() {
            RequestParts taken = parts == intended.length ? new RequestParts(intended, keys, partRows)
                    : new RequestParts(Arrays.copyOf(intended, parts), Arrays.copyOf(keys, parts),
                            Arrays.copyOf(partRows, parts));
            intended = new long[batchCommits];
            keys = new int[batchCommits];
            partRows = new int[batchCommits];
            return taken;
        }

        Statement<?> build() {
            Statement<?> built;
            if (statements.size() == 1) {
                built = ((BoundStatement) statements.get(0)).setConsistencyLevel(consistency);
            } else {
                BatchStatement batch = BatchStatement.newInstance(DefaultBatchType.UNLOGGED, statements)
                        .setConsistencyLevel(consistency);
                built = routingToken != null ? batch.setRoutingToken(routingToken) : batch;
            }
            clear();
            return built;
        }

        /** Empty again, whether its rows were sent or given up. */
        void clear() {
            statements.clear();
            sealedRows = 0;
            parts = 0;
            routingToken = null;
            replicas = null;
        }
    }
}
