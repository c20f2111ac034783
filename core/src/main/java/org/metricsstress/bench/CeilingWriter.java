package org.metricsstress.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.time.Instant;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.metricsstress.stop.StopRequest;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.LatencyTracker;
import org.metricsstress.newts.MetricType;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.newts.NewtsSchema;
import org.metricsstress.newts.SampleValueCodec;

/**
 * The yardstick: the smallest writer that does the same database work as the pipeline. One
 * thread walks the plan's group resources flat out; each group commit becomes one UNLOGGED batch
 * of prepared INSERTs (one partition), sent asynchronously with at most {@code maxInFlight}
 * requests outstanding. No ring, no schedule, no indexing; one histogram of service times for
 * the table's p99. Written the plain way the driver's documentation shows (typed setters, a new
 * value buffer per sample), so it is what anyone would write in an afternoon.
 */
final class CeilingWriter {
    private final CqlSession session;
    private final PreparedStatement insert;
    private final StressPlan plan;
    private final ResourceNames resourceNames;
    /** The run's values, as the pipelines beside it write them, so the ceiling is for the same rows. */
    private final MetricType valueType;
    private final int ttlSeconds;
    private StopRequest stop = new StopRequest();
    private final Semaphore permits;
    private final int maxInFlight;
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private volatile LatencyTracker service = new LatencyTracker("ceiling-service");

    CeilingWriter(CqlSession session, StressConfig config, StressPlan plan) {
        this.session = session;
        this.plan = plan;
        this.valueType = MetricType.named(plan.values().model().newtsType());
        this.resourceNames = ResourceNames.storeByForeignSource(this.plan.resourceIds().storeByForeignSource());
        this.ttlSeconds = (int) config.schema().ttl().getSeconds();
        this.maxInFlight = config.pipeline().maxInFlight();
        this.permits = new Semaphore(maxInFlight);
        this.insert = session.prepare(NewtsSchema.insertSample(config.schema().keyspace()));
    }

    /** Ends a write early, as a phase of the engine ends: it still waits for what it sent. */
    CeilingWriter stoppedBy(StopRequest stop) {
        this.stop = stop;
        return this;
    }

    /**
     * Writes until {@code samples} have been sent or {@code nanos} have passed, whichever is first,
     * or a stop is requested, then waits for every request to settle.
     *
     * @param firstTimestampMillis timestamp of the first interval; each pass over the resources is
     *        one interval later, so repeated calls never overwrite each other's rows
     * @return the timestamp the next call should start from
     */
    long write(long samples, long nanos, long firstTimestampMillis) throws InterruptedException {
        long deadline = nanos == Long.MAX_VALUE ? Long.MAX_VALUE : System.nanoTime() + nanos;
        long sent = 0;
        long intervalMillis = plan.pacingNanos() / 1_000_000L;
        String[][] metricNames = new String[plan.groups()][plan.attributes()];
        for (int g = 0; g < plan.groups(); g++) {
            for (int a = 0; a < plan.attributes(); a++) {
                metricNames[g][a] = ResourceNames.metricName(g, a);
            }
        }
        long ts = firstTimestampMillis;
        outer:
        while (true) {
            Instant collectedAt = Instant.ofEpochMilli(ts);
            int partition = NewtsSchema.partitionOf(ts);
            for (int node = 0; node < plan.nodes(); node++) {
                for (int iface = 0; iface < plan.interfaces(); iface++) {
                    for (int group = 0; group < plan.groups(); group++) {
                        if (sent >= samples || (deadline != Long.MAX_VALUE && System.nanoTime() >= deadline)
                                || stop.requested()) {
                            break outer;
                        }
                        String resource = resourceNames.groupResource(new StringBuilder(), node, iface, group).toString();
                        int key = plan.resourceKey(node, iface, group);
                        BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED)
                                .setConsistencyLevel(DefaultConsistencyLevel.LOCAL_ONE);
                        for (int a = 0; a < plan.attributes(); a++) {
                            batch.addStatement(insert.boundStatementBuilder()
                                    .setString(0, NewtsSchema.CONTEXT)
                                    .setInt(1, partition)
                                    .setString(2, resource)
                                    .setInstant(3, collectedAt)
                                    .setString(4, metricNames[group][a])
                                    .setByteBuffer(5, SampleValueCodec.encode(valueType, plan.values().value(key, a, ts)))
                                    .setInt(6, ttlSeconds)
                                    .build());
                        }
                        int rows = plan.attributes();
                        permits.acquire();
                        long start = System.nanoTime();
                        LatencyTracker latencies = service;
                        session.executeAsync(batch.build()).whenComplete((rs, error) -> {
                            if (error == null) {
                                written.addAndGet(rows);
                                latencies.recordNanos(System.nanoTime() - start);
                            } else {
                                failed.addAndGet(rows);
                            }
                            permits.release();
                        });
                        sent += rows;
                    }
                }
            }
            ts += intervalMillis;
        }
        // Settle: everything sent is acknowledged or failed before the phase's clock stops.
        if (!permits.tryAcquire(maxInFlight, 60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("ceiling writer: requests still in flight after 60 s");
        }
        permits.release(maxInFlight);
        return ts + intervalMillis;
    }

    long written() {
        return written.get();
    }

    long failed() {
        return failed.get();
    }

    /** p99 of the service time (sent to acknowledged) of everything written so far, in ms. */
    double serviceP99Millis() {
        service.takeInterval();
        return service.total().getValueAtPercentile(99) / 1000.0;
    }

    void resetCounts() {
        written.set(0);
        failed.set(0);
        service = new LatencyTracker("ceiling-service");
    }
}
