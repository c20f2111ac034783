package org.metricsstress.read;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.metricsstress.config.StressConfig;
import org.metricsstress.newts.IndexRules;
import org.metricsstress.metrics.ReadMetrics;
import org.metricsstress.newts.MetricType;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.plan.Schedule;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.newts.NewtsSchema;
import org.metricsstress.newts.SampleValueCodec;
import org.metricsstress.storage.WriteErrors;
import java.nio.ByteBuffer;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The read side of a run, beside the writes and apart from them: range reads of one resource's
 * samples (as a graph asks Newts), index searches (as Newts' searcher asks terms) and freshness
 * probes (how long after its intended time a sample is readable), each on an open-loop schedule of
 * its own, all within one in-flight bound of their own. Nothing here touches the write path's
 * counters: reads cannot disturb the audit.
 */
public final class ReadStage implements AutoCloseable {
    /** A probe gives up on a sample after this long (counted as failed). */
    static final long PROBE_BOUND_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final CqlSession session;
    private final StressConfig config;
    private final StressPlan plan;
    private final ResourceNames resourceNames;
    private final MetricType valueType;
    private final Schedule schedule;
    private final ReadMetrics metrics;
    private final ResourcePicker picker;
    private final Semaphore inFlight;
    private final ConsistencyLevel consistency;
    private final PreparedStatement range;
    private final PreparedStatement search;
    private final List<OpenLoop> loops = new ArrayList<>();
    private OpenLoop readLoop;
    private OpenLoop searchLoop;
    private volatile long stoppedAt = Long.MAX_VALUE;
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicLong outstanding = new AtomicLong();
    private final ScheduledExecutorService probes;
    /** Where probes read: the run's session, or one local to each --freshness-dc. */
    private final List<ProbeTarget> probeTargets = new ArrayList<>();

    /** A connection probes read through: {@code dc} null for the run's own session. */
    private record ProbeTarget(String dc, CqlSession session, PreparedStatement point) {}

    /**
     * @param probeSessions per --freshness-dc, a session local to it, which this stage then closes;
     *                      empty: probes read through {@code session}
     */
    public ReadStage(CqlSession session, Map<String, CqlSession> probeSessions, StressConfig config, StressPlan plan,
            Schedule schedule, ReadMetrics metrics) {
        this.session = session;
        this.config = config;
        this.plan = plan;
        this.valueType = MetricType.named(config.plan().values().newtsType());
        this.resourceNames = ResourceNames.storeByForeignSource(this.plan.resourceIds().storeByForeignSource());
        this.schedule = schedule;
        this.metrics = metrics;
        this.picker = new ResourcePicker(plan, config.reads().readHot());
        this.inFlight = new Semaphore(config.reads().readMaxInFlight());
        this.consistency = DefaultConsistencyLevel.valueOf(config.reads().readConsistency());
        String ks = config.schema().keyspace();
        this.range = session.prepare("SELECT collected_at, metric_name, value FROM " + ks + ".samples WHERE context = ? "
                + "AND partition = ? AND resource = ? AND collected_at >= ? AND collected_at <= ?");
        this.search = session.prepare("SELECT resource FROM " + ks + ".terms WHERE context = ? AND field = ? AND value = ?");
        String point = "SELECT value FROM " + ks + ".samples WHERE context = ? AND partition = ? "
                + "AND resource = ? AND collected_at = ? AND metric_name = ?";
        if (probeSessions.isEmpty()) {
            probeTargets.add(new ProbeTarget(null, session, session.prepare(point)));
        }
        probeSessions.forEach((dc, s) -> probeTargets.add(new ProbeTarget(dc, s, s.prepare(point))));
        this.probes = config.reads().freshnessProbes() == null ? null
                : Executors.newScheduledThreadPool(2, r -> {
                    Thread t = new Thread(r, "metrics-stress-freshness");
                    t.setDaemon(true);
                    return t;
                });
    }

    public static long probeBoundMillis() {
        return TimeUnit.NANOSECONDS.toMillis(PROBE_BOUND_NANOS);
    }

    /** Whether the configuration asks for any reads at all. */
    public static boolean wanted(StressConfig c) {
        return c.reads().readRate() != null || c.reads().searchRate() != null || c.reads().freshnessProbes() != null;
    }

    /** Starts every load asked for, on the run's clock, until the schedule ends or {@link #stop()}. */
    public void start() {
        if (config.reads().readRate() != null) {
            readLoop = add("metrics-stress-reads", config.reads().readRate(), 0x5EADL, this::read);
        }
        if (config.reads().searchRate() != null) {
            searchLoop = add("metrics-stress-searches", config.reads().searchRate(), 0x5EA2CL, this::search);
        }
        if (config.reads().freshnessProbes() != null) {
            add("metrics-stress-probes", config.reads().freshnessProbes(), 0xF4E5L, this::probe);
        }
        threads.forEach(Thread::start);
    }

    /** One operation of a load: meant for {@code intendedNanos}, on the picked resource. */
    private interface ResourceOperation {
        void issue(long intendedNanos, int resourceKey) throws InterruptedException;
    }

    /**
     * A load on a thread of its own, picking resources from a random stream of its own ({@code salt}
     * keeps the loads' streams apart while the seed keeps a run repeatable).
     */
    private OpenLoop add(String name, double perSecond, long salt, ResourceOperation operation) {
        SplittableRandom random = new SplittableRandom(config.plan().seed() ^ salt);
        OpenLoop loop = new OpenLoop(perSecond, schedule.startNanos(), schedule.endNanos(),
                intended -> operation.issue(intended, picker.pick(random)));
        Thread t = new Thread(loop, name);
        t.setDaemon(true);
        loops.add(loop);
        threads.add(t);
        return loop;
    }

    /** Waits for a permit of the reads' own bound; the wait counts in the operation's response time. */
    private boolean permit() throws InterruptedException {
        while (!inFlight.tryAcquire(100, TimeUnit.MILLISECONDS)) {
            if (loops.stream().allMatch(OpenLoop::stopped)) {
                return false;
            }
        }
        outstanding.incrementAndGet();
        return true;
    }

    private void release() {
        outstanding.decrementAndGet();
        inFlight.release();
    }

    private void read(long intended, int key) throws InterruptedException {
        if (!permit()) {
            return;
        }
        metrics.readSent();
        String resource = groupResource(key);
        long to = schedule.timestampMillis(intended);
        long from = to - config.reads().readWindow().toMillis();
        long sent = System.nanoTime();
        CompletableFuture<long[]> all = CompletableFuture.completedFuture(new long[2]);
        for (int partition : NewtsSchema.partitionsBetween(from, to)) {
            BoundStatement s = range.bind(NewtsSchema.CONTEXT, partition, resource, Instant.ofEpochMilli(from),
                    Instant.ofEpochMilli(to)).setConsistencyLevel(consistency);
            // Partitions one after the other, oldest first, as Newts pages through a range.
            all = all.thenCompose(counts -> session.executeAsync(s).toCompletableFuture()
                    .thenCompose(rs -> drain(rs, key, counts)));
        }
        all.whenComplete((counts, error) -> {
            long now = System.nanoTime();
            if (error != null) {
                metrics.readFailed(WriteErrors.classify(error));
            } else {
                metrics.readCompleted(counts[0], counts[1], intended, sent, now);
            }
            release();
        });
    }

    /** Every page of a result: rows counted and each value checked against the value function. */
    private CompletionStage<long[]> drain(AsyncResultSet rs, int key, long[] counts) {
        for (Row row : rs.currentPage()) {
            counts[0]++;
            int[] ga = ResourceNames.parseMetricName(row.getString(1));
            long ts = row.getInstant(0).toEpochMilli();
            ByteBuffer blob = row.getByteBuffer(2);
            if (ga == null || ga[1] >= plan.attributes() || !SampleValueCodec.is(valueType, blob)
                    || Double.compare(plan.values().value(key, ga[1], ts), SampleValueCodec.decode(valueType, blob)) != 0) {
                counts[1]++;
            }
        }
        return rs.hasMorePages() ? rs.fetchNextPage().thenCompose(next -> drain(next, key, counts))
                : CompletableFuture.completedFuture(counts);
    }

    private void search(long intended, int key) throws InterruptedException {
        if (!permit()) {
            return;
        }
        metrics.searchSent();
        String resource = groupResource(key);
        // As OpenNMS lists a node's resources through Newts: the _idx3 term every group resource of
        // the node carries. The resource picked must be among them.
        IndexRules.Term term = IndexRules.nodeResourcesSearch(resourceNames, plan.nodeOf(key));
        BoundStatement s = search.bind(NewtsSchema.CONTEXT, term.field(), term.value()).setConsistencyLevel(consistency);
        session.executeAsync(s).toCompletableFuture().thenCompose(rs -> find(rs, resource)).whenComplete((found, error) -> {
            if (error != null) {
                metrics.searchFailed();
            } else {
                metrics.searchCompleted(found, intended, System.nanoTime());
            }
            release();
        });
    }

    private CompletionStage<Boolean> find(AsyncResultSet rs, String resource) {
        for (Row row : rs.currentPage()) {
            if (resource.equals(row.getString(0))) {
                return CompletableFuture.completedFuture(true);
            }
        }
        return rs.hasMorePages() ? rs.fetchNextPage().thenCompose(next -> find(next, resource))
                : CompletableFuture.completedFuture(false);
    }

    /**
     * A probe of the next sample of {@code key} intended after {@code now}, through each probe
     * target (the same sample in each DC): polled from its intended time, with backoff, until a read
     * returns it or the bound passes. It holds no read permit while it waits for that time (up to
     * one interval: at -i 300, 5 probes/s held all 64 permits within 13 s and the reads queued
     * behind them), only while one of its polls is in flight.
     */
    private void probe(long now, int key) {
        long intended = nextIntended(key, now + TimeUnit.MILLISECONDS.toNanos(1));
        if (intended < 0) {
            return;
        }
        String resource = groupResource(key);
        long ts = schedule.timestampMillis(intended);
        for (ProbeTarget target : probeTargets) {
            outstanding.incrementAndGet();
            metrics.probeSent(target.dc());
            BoundStatement s = target.point().bind(NewtsSchema.CONTEXT, NewtsSchema.partitionOf(ts), resource,
                    Instant.ofEpochMilli(ts), ResourceNames.metricName(plan.groupOf(key), 0)).setConsistencyLevel(consistency);
            Backoff backoff = new Backoff(TimeUnit.MILLISECONDS.toNanos(1), TimeUnit.MILLISECONDS.toNanos(100),
                    PROBE_BOUND_NANOS);
            try {
                probes.schedule(() -> poll(target, s, intended, backoff, 1), Math.max(0, intended - System.nanoTime()),
                        TimeUnit.NANOSECONDS);
            } catch (RejectedExecutionException e) {
                metrics.probeFailed(target.dc()); // closed meanwhile
                outstanding.decrementAndGet();
            }
        }
    }

    /**
     * Poll {@code n} of a probe: one point read under a read permit, taken without waiting (this
     * is the probes' scheduler thread); with none free the poll waits its backoff like an
     * unreadable one, so a bound full of reads shows as a later freshness, never as a blocked probe.
     */
    private void poll(ProbeTarget target, BoundStatement s, long intended, Backoff backoff, int n) {
        if (!inFlight.tryAcquire()) {
            retryOrFail(target, s, intended, backoff, n, System.nanoTime());
            return;
        }
        target.session().executeAsync(s).whenComplete((rs, error) -> {
            inFlight.release();
            long now = System.nanoTime();
            if (error == null && rs.one() != null) {
                metrics.probeReadable(target.dc(), intended, now);
                outstanding.decrementAndGet();
            } else {
                retryOrFail(target, s, intended, backoff, n, now);
            }
        });
    }

    private void retryOrFail(ProbeTarget target, BoundStatement s, long intended, Backoff backoff, int n, long now) {
        if (!backoff.allows(now - intended) || probes.isShutdown()) {
            metrics.probeFailed(target.dc());
            outstanding.decrementAndGet();
            return;
        }
        try {
            probes.schedule(() -> poll(target, s, intended, backoff, n + 1), backoff.delayBefore(n), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            metrics.probeFailed(target.dc());
            outstanding.decrementAndGet();
        }
    }

    /** The first intended time of {@code key}'s commits at or after {@code after}, or -1 past the end. */
    private long nextIntended(int key, long after) {
        // Intervals before the one in progress at 'after' have no commit at or after it.
        for (long p = schedule.intervalAt(after); schedule.intervalStartNanos(p) < schedule.endNanos(); p++) {
            long t = schedule.intendedNanos(p, key);
            if (t >= after && t < schedule.cutoffNanos(p)) {
                return t;
            }
        }
        return -1;
    }

    private String groupResource(int key) {
        return resourceNames.groupResource(new StringBuilder(), plan.nodeOf(key), plan.interfaceOf(key),
                plan.groupOf(key)).toString();
    }

    /** Stops issuing; what is in flight finishes on its own (see {@link #close}). */
    public void stop() {
        if (stoppedAt == Long.MAX_VALUE) {
            stoppedAt = System.nanoTime();
        }
        loops.forEach(OpenLoop::stop);
    }

    /** Reads and searches the schedules meant before the stop: sent ones and those never sent. */
    public void countIntended() {
        metrics.intended(readLoop == null ? 0 : readLoop.intendedBefore(stoppedAt),
                searchLoop == null ? 0 : searchLoop.intendedBefore(stoppedAt));
    }

    /**
     * Stops, and waits up to {@code timeoutMillis} for what is in flight, so every operation sent is
     * counted as completed or failed before the figures are read.
     */
    public boolean awaitIdle(long timeoutMillis) throws InterruptedException {
        stop();
        for (Thread t : threads) {
            t.join(timeoutMillis);
        }
        countIntended();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (outstanding.get() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return outstanding.get() == 0;
    }

    @Override
    public void close() {
        stop();
        if (probes != null) {
            probes.shutdownNow();
        }
        for (ProbeTarget t : probeTargets) {
            if (t.session() != session) {
                t.session().close();
            }
        }
    }
}
