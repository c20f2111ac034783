package org.metricsstress.index;

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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import org.metricsstress.cache.ResourceCache;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.pipeline.GroupCommit;
import org.metricsstress.pipeline.GroupCommitSink;
import org.metricsstress.plan.ResourceNames;
import org.metricsstress.plan.StressPlan;

/**
 * Writes the Newts index ({@link IndexRules}) for resources the cache does not know yet.
 *
 * <p>Why it does not stall sample writes the way OpenNMS's indexer does: OpenNMS indexes inline on
 * the writer thread and waits for every index write, so on a cold cache each writer spends most
 * of its time indexing and the ring fills. Here the writer thread only looks the resources up in
 * the cache (in memory, or one pipelined Redis round trip) after it has sent the samples; on a
 * miss it sends the index rows asynchronously under their own in-flight budget
 * ({@code --index-max-in-flight}) and moves on. When that budget is used up, the resource waits in
 * a small bounded backlog that completing requests drain; when even that is full, it is counted
 * as deferred and indexed at its next sample, because its cache entry is still missing. Samples
 * always go first; the index catches up as fast as the cluster allows, and the report shows how
 * far it is.
 *
 * <p>A resource being indexed is in the pending set until its writes settle, so its next samples
 * (and the interface resource shared by all groups) do not index it twice. The cache is updated
 * only after all of a resource's writes succeeded; a failure leaves it uncached, to be retried.
 */
public final class CassandraIndexer implements GroupCommitSink.Factory {
    /** Cache value of an interface resource whose own terms are written. */
    static final long INTERFACE_INDEXED = 1L;

    private final CqlSession session;
    private final ResourceCache cache;
    private final IndexMetrics metrics;
    private final StressPlan plan;
    private final ConsistencyLevel consistency;
    private final int ttlSeconds;
    private final int variationFactor;
    private final PreparedStatement insertTerm;
    private final PreparedStatement insertAttribute;
    private final PreparedStatement insertMetric;
    private final int maxInFlight;
    private final Semaphore permits;
    private final Set<Long> pending = ConcurrentHashMap.newKeySet();
    /**
     * Resources whose writes found no free budget, waiting for permits: drained as soon as
     * requests complete, so the index runs at the budget's pace instead of waiting a whole
     * interval for the resource's next sample. Bounded: beyond it, a resource is deferred.
     */
    private final java.util.concurrent.ConcurrentLinkedDeque<ResourceWork> backlog =
            new java.util.concurrent.ConcurrentLinkedDeque<>();
    private final AtomicInteger backlogSize = new AtomicInteger();
    static final int BACKLOG_LIMIT = 2048;
    private final int[] metricsFingerprint;
    private final int[] stringsFingerprint;
    /** Terms of a group resource: 2 per element of snmp:fs:STRESS:n:tapI:groupG. */
    /** Term rows per request at most: Cassandra warns about unlogged batches over 10 partitions. */
    static final int TERMS_PER_REQUEST = 10;

    static int termRequests(int terms) {
        return (terms + TERMS_PER_REQUEST - 1) / TERMS_PER_REQUEST;
    }

    private final int groupTerms = IndexRules.resourceTerms("snmp:fs:STRESS:0:tap0:group0").size();
    private volatile boolean aborted;

    public CassandraIndexer(CqlSession session, StressConfig config, StressPlan plan, ResourceCache cache,
            IndexMetrics metrics) {
        this.session = session;
        this.cache = cache;
        this.metrics = metrics;
        this.plan = plan;
        this.consistency = DefaultConsistencyLevel.valueOf(config.writeConsistency());
        this.ttlSeconds = (int) config.ttl().getSeconds();
        this.variationFactor = config.stringVariationFactor();
        String ks = config.keyspace();
        this.insertTerm = session.prepare("INSERT INTO " + ks
                + ".terms (context, field, value, resource) VALUES (?, ?, ?, ?) USING TTL ?");
        this.insertAttribute = session.prepare("INSERT INTO " + ks
                + ".resource_attributes (context, resource, attribute, value) VALUES (?, ?, ?, ?) USING TTL ?");
        this.insertMetric = session.prepare("INSERT INTO " + ks
                + ".resource_metrics (context, resource, metric_name) VALUES (?, ?, ?) USING TTL ?");
        this.maxInFlight = config.indexMaxInFlight();
        this.permits = new Semaphore(maxInFlight);
        this.metricsFingerprint = new int[plan.groups()];
        this.stringsFingerprint = new int[plan.groups()];
        for (int g = 0; g < plan.groups(); g++) {
            metricsFingerprint[g] = metricsFingerprint(g, plan.attributes());
            stringsFingerprint[g] = stringsFingerprint(g, plan.strings(), false, 0);
        }
    }

    /**
     * The value the cache ends up holding for resource {@code i} of the plan (group resources
     * first, then interface resources; strings not varied): what a memory measurement of the cache
     * should fill it with.
     */
    public static long cacheValueOf(StressPlan plan, long i) {
        if (i >= plan.groupResources()) {
            return INTERFACE_INDEXED;
        }
        int group = plan.groupOf((int) i);
        return ResourceKeys.groupValue(metricsFingerprint(group, plan.attributes()),
                stringsFingerprint(group, plan.strings(), false, 0));
    }

    /** The fingerprint of a group resource's metric set, as the primer computes it from rows. */
    static int metricsFingerprint(int group, int attributes) {
        long x = 0;
        for (int a = 0; a < attributes; a++) {
            x ^= ResourceKeys.nameHash(ResourceNames.metricName(group, a));
        }
        return ResourceKeys.fingerprint32(x);
    }

    /** The fingerprint of a group's string attributes (0 when it has none). */
    static int stringsFingerprint(int group, int strings, boolean varies, long timestampMillis) {
        if (strings == 0) {
            return 0;
        }
        long x = 0;
        for (int s = 0; s < strings; s++) {
            x ^= attributeHash(IndexRules.stringKey(group, s), IndexRules.stringValue(group, s, varies, timestampMillis));
        }
        return ResourceKeys.fingerprint32(x);
    }

    static long attributeHash(String key, String value) {
        return ResourceKeys.nameHash(key + "=" + value);
    }

    public int inFlightRequests() {
        return maxInFlight - permits.availablePermits();
    }

    /** No new index work from now on; what was sent still settles, the backlog is given up. */
    public void abort() {
        aborted = true;
        ResourceWork w;
        while ((w = backlog.pollFirst()) != null) {
            backlogSize.decrementAndGet();
            pending.remove(w.key());
            metrics.deferred();
        }
    }

    public int backlog() {
        return backlogSize.get();
    }

    /** Waits until the backlog is sent and every request settled; false on timeout. */
    public boolean awaitIdle(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (backlogSize.get() > 0) {
            drainBacklog();
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(5);
        }
        long left = Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
        if (permits.tryAcquire(maxInFlight, left, TimeUnit.MILLISECONDS)) {
            permits.release(maxInFlight);
            return true;
        }
        return false;
    }

    /** Sends backlog entries while the budget has room for them, oldest first. */
    private void drainBacklog() {
        ResourceWork w;
        while (!aborted && (w = backlog.pollFirst()) != null) {
            if (!permits.tryAcquire(w.requests().size())) {
                backlog.offerFirst(w);
                return;
            }
            backlogSize.decrementAndGet();
            dispatch(w);
        }
    }

    @Override
    public GroupCommitSink newSink() {
        return new Sink();
    }

    private enum Claim { CLAIMED, IN_FLIGHT, ALREADY_INDEXED }

    /** One writer thread's indexing: scratch buffers reused for every commit. */
    private final class Sink implements GroupCommitSink {
        private final StringBuilder id = new StringBuilder(64);
        private final long[] keys = new long[2];
        private final long[] found = new long[2];
        private final long[] recheckKey = new long[1];
        private final long[] recheckFound = new long[1];

        /**
         * Claims {@code key} for indexing. The lookup that said "missing" may be stale: another
         * writer may have finished this resource since (its completion puts to the cache before it
         * releases the claim), so once claimed, the cache is asked again.
         */
        private Claim claim(long key, long wanted) {
            if (!pending.add(key)) {
                metrics.deduplicated();
                return Claim.IN_FLIGHT;
            }
            recheckKey[0] = key;
            cache.getAll(recheckKey, 1, recheckFound);
            if (recheckFound[0] == wanted) {
                pending.remove(key);
                metrics.deduplicated();
                return Claim.ALREADY_INDEXED;
            }
            return Claim.CLAIMED;
        }

        @Override
        public void write(GroupCommit c) {
            if (aborted) {
                return;
            }
            if (backlogSize.get() > 0) {
                drainBacklog();
            }
            id.setLength(0);
            ResourceNames.interfaceResource(id, plan.nodeOf(c.resourceKey), plan.interfaceOf(c.resourceKey));
            int interfaceLength = id.length();
            id.append(":group").append(plan.groupOf(c.resourceKey));
            boolean withStrings = plan.strings() > 0;
            keys[0] = ResourceKeys.key(StressConfig.CONTEXT, id);
            if (withStrings) {
                keys[1] = ResourceKeys.key(StressConfig.CONTEXT, id, interfaceLength);
            }
            int n = withStrings ? 2 : 1;
            cache.getAll(keys, n, found);
            metrics.lookup();

            boolean varies = withStrings && IndexRules.stringsVary(c.resourceKey, variationFactor);
            int strings = varies ? stringsFingerprint(plan.groupOf(c.resourceKey), plan.strings(), true, c.timestampMillis)
                    : stringsFingerprint[plan.groupOf(c.resourceKey)];
            long wanted = ResourceKeys.groupValue(metricsFingerprint[plan.groupOf(c.resourceKey)], strings);
            if (found[0] == wanted) {
                metrics.groupIndexed(c.resourceKey);
            } else {
                indexGroup(c, keys[0], found[0], wanted, interfaceLength, varies);
            }
            if (withStrings) {
                int interfaceIndex = plan.nodeOf(c.resourceKey) * plan.interfaces() + plan.interfaceOf(c.resourceKey);
                if (found[1] == INTERFACE_INDEXED) {
                    metrics.interfaceIndexed(interfaceIndex);
                } else {
                    indexInterface(keys[1], interfaceIndex, id.substring(0, interfaceLength));
                }
            }
        }

        private void indexGroup(GroupCommit c, long key, long found, long wanted, int interfaceLength, boolean varies) {
            Claim claim = claim(key, wanted);
            if (claim != Claim.CLAIMED) {
                if (claim == Claim.ALREADY_INDEXED) {
                    metrics.groupIndexed(c.resourceKey);
                }
                return;
            }
            boolean metricsNeeded = ResourceKeys.metricsPart(found) != ResourceKeys.metricsPart(wanted);
            boolean stringsNeeded = plan.strings() > 0
                    && ResourceKeys.stringsPart(found) != ResourceKeys.stringsPart(wanted);
            int needed = (metricsNeeded ? termRequests(groupTerms) + 1 : 0)
                    + (stringsNeeded ? termRequests(2 * plan.strings()) + 1 : 0);
            if (!roomFor(needed)) {
                pending.remove(key);
                metrics.deferred();
                return;
            }
            String resource = id.toString();
            List<Statement<?>> requests = new ArrayList<>();
            List<Integer> rows = new ArrayList<>();
            if (metricsNeeded) {
                addTerms(IndexRules.resourceTerms(resource), requests, rows);
                BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED);
                for (int a = 0; a < plan.attributes(); a++) {
                    batch.addStatement(insertMetric.bind(StressConfig.CONTEXT, resource,
                            ResourceNames.metricName(plan.groupOf(c.resourceKey), a), ttlSeconds));
                }
                requests.add(batch.build());
                rows.add(plan.attributes());
            }
            if (stringsNeeded) {
                String iface = resource.substring(0, interfaceLength);
                BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED);
                List<IndexRules.Term> terms = new ArrayList<>();
                for (int s = 0; s < plan.strings(); s++) {
                    String k = IndexRules.stringKey(plan.groupOf(c.resourceKey), s);
                    String v = IndexRules.stringValue(plan.groupOf(c.resourceKey), s, varies, c.timestampMillis);
                    terms.addAll(IndexRules.attributeTerms(iface, k, v));
                    batch.addStatement(insertAttribute.bind(StressConfig.CONTEXT, iface, k, v, ttlSeconds));
                }
                addTerms(terms, requests, rows);
                requests.add(batch.build());
                rows.add(plan.strings());
            }
            int resourceKey = c.resourceKey;
            send(key, wanted, requests, rows, () -> metrics.groupIndexed(resourceKey));
        }

        private void indexInterface(long key, int interfaceIndex, String resource) {
            Claim claim = claim(key, INTERFACE_INDEXED);
            if (claim != Claim.CLAIMED) {
                if (claim == Claim.ALREADY_INDEXED) {
                    metrics.interfaceIndexed(interfaceIndex);
                }
                return;
            }
            if (!roomFor(termRequests(groupTerms - 2))) {
                pending.remove(key);
                metrics.deferred();
                return;
            }
            List<Statement<?>> requests = new ArrayList<>();
            List<Integer> rows = new ArrayList<>();
            addTerms(IndexRules.resourceTerms(resource), requests, rows);
            send(key, INTERFACE_INDEXED, requests, rows, () -> metrics.interfaceIndexed(interfaceIndex));
        }

        /**
         * Terms go in UNLOGGED batches of up to {@link #TERMS_PER_REQUEST} rows. Each term is its
         * own partition, and one row per request made index rows the costliest rows a node takes:
         * on a node saturated by samples (the bench's cold phase) index writes got a share of the
         * node by request count, about 1% of its rows, and 3 M index rows took over 10 minutes.
         */
        private void addTerms(List<IndexRules.Term> terms, List<Statement<?>> requests, List<Integer> rows) {
            for (int from = 0; from < terms.size(); from += TERMS_PER_REQUEST) {
                int to = Math.min(terms.size(), from + TERMS_PER_REQUEST);
                if (to - from == 1) {
                    requests.add(term(terms.get(from)));
                } else {
                    BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED);
                    for (int i = from; i < to; i++) {
                        batch.addStatement(term(terms.get(i)));
                    }
                    requests.add(batch.build());
                }
                rows.add(to - from);
            }
        }

        private BoundStatement term(IndexRules.Term t) {
            return insertTerm.bind(StressConfig.CONTEXT, t.field(), t.value(), t.resource(), ttlSeconds);
        }
    }

    /** One resource's index requests, ready to send. */
    private record ResourceWork(long key, long value, List<Statement<?>> requests, List<Integer> rows,
            Runnable onIndexed) {}

    /**
     * Sends one resource's index requests if the budget has room for all of them; otherwise it
     * waits in the backlog, or, when that is full, is deferred to the resource's next sample.
     */
    private void send(long key, long value, List<Statement<?>> requests, List<Integer> rows, Runnable onIndexed) {
        if (requests.isEmpty()) {
            pending.remove(key);
            return;
        }
        ResourceWork work = new ResourceWork(key, value, requests, rows, onIndexed);
        if (backlogSize.get() == 0 && permits.tryAcquire(requests.size())) {
            dispatch(work);
            return;
        }
        if (backlogSize.incrementAndGet() <= BACKLOG_LIMIT) {
            backlog.offerLast(work);
            drainBacklog();
            return;
        }
        backlogSize.decrementAndGet();
        pending.remove(key);
        metrics.deferred();
    }

    /**
     * Whether work of {@code requests} requests can be taken now (free permits, or a place in the
     * backlog). Asked before any statement is built: a resource deferred after its statements were
     * built would be garbage made for nothing, and on a cold start that is most of them.
     */
    private boolean roomFor(int requests) {
        return backlogSize.get() < BACKLOG_LIMIT || permits.availablePermits() >= requests;
    }

    /** Sends the requests of a resource whose permits are already taken. */
    private void dispatch(ResourceWork w) {
        ResourceWrite write = new ResourceWrite(w.key(), w.value(), w.requests().size(), w.onIndexed());
        for (int i = 0; i < w.requests().size(); i++) {
            metrics.requestSent();
            session.executeAsync(w.requests().get(i).setConsistencyLevel(consistency))
                    .whenComplete(write.request(w.rows().get(i)));
        }
    }

    /** The writes of one resource: the cache learns of it when the last one succeeded. */
    private final class ResourceWrite {
        private final long key;
        private final long value;
        private final Runnable onIndexed;
        private final AtomicInteger outstanding;
        private final AtomicBoolean failed = new AtomicBoolean();

        ResourceWrite(long key, long value, int requests, Runnable onIndexed) {
            this.key = key;
            this.value = value;
            this.onIndexed = onIndexed;
            this.outstanding = new AtomicInteger(requests);
        }

        BiConsumer<AsyncResultSet, Throwable> request(int rows) {
            return (rs, error) -> {
                try {
                    if (error == null) {
                        metrics.rowsWritten(rows);
                    } else {
                        metrics.requestFailed();
                        failed.set(true);
                    }
                    if (outstanding.decrementAndGet() == 0) {
                        if (!failed.get()) {
                            cache.put(key, value);
                            metrics.resourceWritten();
                            onIndexed.run();
                        }
                        pending.remove(key);
                    }
                } finally {
                    permits.release();
                }
                if (backlogSize.get() > 0) {
                    drainBacklog();
                }
            };
        }
    }
}
