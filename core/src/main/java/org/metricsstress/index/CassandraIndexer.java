package org.metricsstress.index;

import org.metricsstress.newts.ResourceKeys;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.metricsstress.cache.ResourceCache;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.pipeline.GroupCommit;
import org.metricsstress.pipeline.GroupCommitHandler;
import org.metricsstress.newts.IndexRules;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.newts.NewtsSchema;
import org.metricsstress.config.OnFull;
import org.metricsstress.metrics.LatencyTracker;

/**
 * The index stage: writes the Newts index ({@link IndexRules}) for resources the cache does not
 * know yet. It runs on each ring lane behind the sample stage, on its own thread.
 *
 * <p>Why it does not stall sample writes the way OpenNMS's indexer does: OpenNMS indexes inline on
 * the writer thread and waits for every index write, so on a cold cache each writer spends most
 * of its time indexing and the ring fills. Here the samples are already sent when this stage looks
 * a resource up in the cache (in memory, or one pipelined Redis round trip); on a miss it sends
 * the index rows asynchronously under their own budget ({@link IndexBudget}) and moves on. Samples
 * always go first; the index catches up as fast as the cluster allows, and the report shows how
 * far it is.
 *
 * <p>A resource being indexed is claimed (the pending set) until its writes settle, so its next
 * samples (and the interface resource shared by all groups) do not index it twice.
 */
public final class CassandraIndexer implements GroupCommitHandler.Factory {
    private final ResourceCache cache;
    private final IndexMetrics metrics;
    private final StressPlan plan;
    private final ResourceNames resourceNames;
    private final int variationFactor;
    private final IndexStatements statements;
    private final IndexBudget budget;
    private final Set<Long> pending = ConcurrentHashMap.newKeySet();
    private final int retryLimit;
    private final int[] metricsFingerprint;
    private final int[] stringsFingerprint;

    /**
     * @param sampleQueue the samples' waits in the ring: {@code --index-max-in-flight auto} steers
     *                    the index budget by them
     */
    public CassandraIndexer(CqlSession session, StressConfig config, StressPlan plan, ResourceCache cache,
            IndexMetrics metrics, LatencyTracker sampleQueue) {
        this.cache = cache;
        this.metrics = metrics;
        this.plan = plan;
        this.resourceNames = ResourceNames.storeByForeignSource(this.plan.resourceIds().storeByForeignSource());
        this.variationFactor = config.plan().stringVariationFactor();
        this.statements = new IndexStatements(session, config.schema().keyspace(), (int) config.schema().ttl().getSeconds());
        this.budget = new IndexBudget(session, DefaultConsistencyLevel.valueOf(config.cluster().writeConsistency()), cache,
                metrics, pending, config.index().indexMaxInFlight(), config.pipeline().onFull() == OnFull.BLOCK,
                sampleQueue);
        this.retryLimit = (int) Math.min(Integer.MAX_VALUE, Math.max(RETRY_MIN,
                2L * ((plan.ownedGroupResources() + config.pipeline().writerThreads() - 1) / config.pipeline().writerThreads())));
        this.metricsFingerprint = new int[plan.groups()];
        this.stringsFingerprint = new int[plan.groups()];
        for (int g = 0; g < plan.groups(); g++) {
            metricsFingerprint[g] = ResourceFingerprints.metricsFingerprint(g, plan.attributes());
            stringsFingerprint[g] = ResourceFingerprints.stringsFingerprint(g, plan.strings(), "");
        }
    }

    public int inFlightRequests() {
        return budget.inFlightRequests();
    }

    /** No new index work from now on; what was sent still settles, the backlog is given up. */
    public void abort() {
        budget.abort();
    }

    /** The index budget's limit now (it moves under {@code --index-max-in-flight auto}). */
    public int budgetLimit() {
        return budget.limit();
    }

    /** Stops the budget's control thread (auto); the indexer takes no work after this. Idempotent. */
    public void close() {
        budget.close();
    }

    public int backlog() {
        return budget.backlog();
    }

    /** Waits until the backlog is sent and every request settled; false on timeout. */
    public boolean awaitIdle(long timeoutMillis) throws InterruptedException {
        return budget.awaitIdle(timeoutMillis);
    }

    @Override
    public GroupCommitHandler newHandler() {
        return new LaneIndexer();
    }

    /** Commits a lane gathers before it looks their resources up in one call (one Redis round trip). */
    static final int LOOKUP_BATCH = 128;
    /**
     * Deferred commits a lane keeps to retry: twice its share of the plan's group resources (a
     * resource can be deferred from a retry and from its next sample), at least this many; past
     * that, a resource waits for its next sample. 12 bytes each, grown as needed.
     */
    static final int RETRY_MIN = 65_536;

    /**
     * One lane's indexing: scratch buffers reused for every batch. Commits are gathered until the
     * ring batch ends (or {@link #LOOKUP_BATCH} is reached); then all their resources are looked
     * up in one call, the missing ones claimed, the claimed ones re-checked in one call, and what
     * is still missing indexed. Per commit, a cold Redis cache cost two round trips on this
     * thread; per batch it costs one (and none for the re-check behind a near cache).
     */
    private final class LaneIndexer implements GroupCommitHandler {
        private final StringBuilder id = new StringBuilder(64);
        private final boolean withStrings = plan.strings() > 0;
        /** Keys per commit: the group resource, and the interface resource when there are strings. */
        private final int stride = withStrings ? 2 : 1;
        private final int[] resourceKeys = new int[LOOKUP_BATCH];
        private final long[] timestamps = new long[LOOKUP_BATCH];
        private final long[] keys = new long[2 * LOOKUP_BATCH];
        private final long[] found = new long[2 * LOOKUP_BATCH];
        private final long[] wanted = new long[2 * LOOKUP_BATCH];
        /** Claimed slots (commit * 2 + 0 for its group, + 1 for its interface) and their keys. */
        private final int[] claimedSlots = new int[2 * LOOKUP_BATCH];
        private final long[] claimedKeys = new long[2 * LOOKUP_BATCH];
        private final long[] rechecked = new long[2 * LOOKUP_BATCH];
        private int gathered;
        private final RetryQueue retries = new RetryQueue(retryLimit);

        @Override
        public void write(GroupCommit c) {
            if (budget.aborted()) {
                return;
            }
            gather(c.resourceKey, c.timestampMillis);
        }

        private void gather(int resourceKey, long timestampMillis) {
            int i = gathered++;
            resourceKeys[i] = resourceKey;
            timestamps[i] = timestampMillis;
            int interfaceLength = resourceId(resourceKey);
            keys[stride * i] = ResourceKeys.key(NewtsSchema.CONTEXT, id);
            if (withStrings) {
                keys[stride * i + 1] = ResourceKeys.key(NewtsSchema.CONTEXT, id, interfaceLength);
            }
            if (gathered == LOOKUP_BATCH) {
                lookUpGathered();
            }
        }

        @Override
        public void endOfBatch() {
            lookUpGathered();
            retryDeferred();
        }

        /**
         * Retries up to one lookup's worth of deferred commits, once the budget's backlog has room
         * for all of them: a deferred resource is indexed as soon as the node can take it, not at
         * its next sample (five minutes later at the field's interval). One batch per ring batch,
         * so the lane's index thread never falls far behind its sample stage.
         */
        private void retryDeferred() {
            if (retries.isEmpty() || budget.aborted()
                    || budget.backlog() + stride * LOOKUP_BATCH > IndexBudget.BACKLOG_LIMIT) {
                return;
            }
            while (!retries.isEmpty() && gathered < LOOKUP_BATCH - 1) {
                gather(retries.peekResource(), retries.peekTimestamp());
                retries.remove();
            }
            lookUpGathered();
        }

        /** Writes the group resource's id into {@link #id}; returns the length of its interface part. */
        private int resourceId(int resourceKey) {
            id.setLength(0);
            resourceNames.interfaceResource(id, plan.nodeOf(resourceKey), plan.interfaceOf(resourceKey));
            int interfaceLength = id.length();
            id.append(":group").append(plan.groupOf(resourceKey));
            return interfaceLength;
        }

        private void lookUpGathered() {
            int n = gathered;
            gathered = 0;
            if (n == 0 || budget.aborted()) {
                return;
            }
            if (budget.backlog() > 0) {
                budget.drainBacklog();
            }
            long asked = System.nanoTime();
            cache.getAll(keys, n * stride, found);
            // One round trip answers the n commits' lookups: each of them waited this long.
            metrics.lookedUp(System.nanoTime() - asked, n);
            int claimed = 0;
            for (int i = 0; i < n; i++) {
                int group = plan.groupOf(resourceKeys[i]);
                int strings = withStrings && varies(resourceKeys[i])
                        ? ResourceFingerprints.stringsFingerprint(group, plan.strings(), suffix(resourceKeys[i]))
                        : stringsFingerprint[group];
                wanted[2 * i] = ResourceKeys.groupValue(metricsFingerprint[group], strings);
                wanted[2 * i + 1] = ResourceFingerprints.INTERFACE_INDEXED;
                for (int part = 0; part < stride; part++) {
                    long key = keys[stride * i + part];
                    if (found[stride * i + part] == wanted[2 * i + part]) {
                        indexed(i, part);
                    } else if (pending.add(key)) {
                        claimedSlots[claimed] = 2 * i + part;
                        claimedKeys[claimed++] = key;
                    } else {
                        metrics.deduplicated(); // being indexed by another commit right now
                    }
                }
            }
            if (claimed == 0) {
                return;
            }
            // A lookup's "missing" may be stale: another lane may have finished a resource since
            // (its completion puts to the cache before it releases the claim), so ask again.
            cache.recheckAll(claimedKeys, claimed, rechecked);
            for (int j = 0; j < claimed; j++) {
                int i = claimedSlots[j] / 2;
                int part = claimedSlots[j] % 2;
                if (rechecked[j] == wanted[claimedSlots[j]]) {
                    pending.remove(claimedKeys[j]);
                    metrics.deduplicated();
                    indexed(i, part);
                } else if (part == 0) {
                    indexGroup(i, claimedKeys[j], found[stride * i], wanted[2 * i]);
                } else {
                    indexInterface(i, claimedKeys[j]);
                }
            }
        }

        /** The commit's group ({@code part} 0) or interface (1) resource is known indexed. */
        private void indexed(int i, int part) {
            if (part == 0) {
                metrics.groupIndexed(resourceKeys[i]);
            } else {
                metrics.interfaceIndexed(interfaceIndex(resourceKeys[i]));
            }
        }

        /** Whether this group's string values carry a -z suffix (int arithmetic only: every commit asks). */
        private boolean varies(int resourceKey) {
            return IndexRules.varies(plan.nodeOf(resourceKey), plan.interfaceOf(resourceKey), plan.groupOf(resourceKey),
                    variationFactor);
        }

        private String suffix(int resourceKey) {
            return IndexRules.variedSuffix(plan.nodeOf(resourceKey), plan.interfaceOf(resourceKey),
                    plan.groupOf(resourceKey), variationFactor);
        }

        private int interfaceIndex(int resourceKey) {
            return plan.nodeOf(resourceKey) * plan.interfaces() + plan.interfaceOf(resourceKey);
        }

        /**
         * No room in the budget: the claim is released and the commit kept to retry (its group and
         * interface are looked up again then; whichever is indexed by then is skipped).
         */
        private void defer(int i, long key) {
            pending.remove(key);
            metrics.deferred();
            retries.offer(resourceKeys[i], timestamps[i]);
        }

        /** Indexes a claimed group resource; {@code found} is what the cache held (its parts still valid are skipped). */
        private void indexGroup(int i, long key, long found, long wanted) {
            boolean metricsNeeded = ResourceKeys.metricsPart(found) != ResourceKeys.metricsPart(wanted);
            boolean stringsNeeded = withStrings && ResourceKeys.stringsPart(found) != ResourceKeys.stringsPart(wanted);
            int needed = (metricsNeeded ? IndexStatements.groupRequests(resourceNames, plan.attributes()) : 0)
                    + (stringsNeeded ? IndexStatements.stringRequests(plan.strings()) : 0);
            if (!budget.roomFor(needed)) {
                defer(i, key);
                return;
            }
            int interfaceLength = resourceId(resourceKeys[i]);
            String resource = id.toString();
            int group = plan.groupOf(resourceKeys[i]);
            IndexStatements.Requests requests = new IndexStatements.Requests();
            if (metricsNeeded) {
                statements.groupResource(resource, group, plan.attributes(), requests);
            }
            if (stringsNeeded) {
                statements.groupStrings(resource.substring(0, interfaceLength), group, plan.strings(),
                        suffix(resourceKeys[i]), requests);
            }
            int resourceKey = resourceKeys[i];
            if (!budget.send(key, wanted, requests, () -> metrics.groupIndexed(resourceKey))) {
                retries.offer(resourceKeys[i], timestamps[i]);
            }
        }

        private void indexInterface(int i, long key) {
            if (!budget.roomFor(1)) {
                defer(i, key);
                return;
            }
            int interfaceLength = resourceId(resourceKeys[i]);
            int interfaceIndex = interfaceIndex(resourceKeys[i]);
            IndexStatements.Requests requests = new IndexStatements.Requests();
            statements.interfaceMetric(id.substring(0, interfaceLength), requests);
            if (!budget.send(key, ResourceFingerprints.INTERFACE_INDEXED, requests,
                    () -> metrics.interfaceIndexed(interfaceIndex))) {
                retries.offer(resourceKeys[i], timestamps[i]);
            }
        }
    }
}
