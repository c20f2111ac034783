package org.metricsstress.index;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.metricsstress.cache.ResourceCache;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.pipeline.GroupCommit;
import org.metricsstress.pipeline.GroupCommitSink;
import org.metricsstress.plan.ResourceNames;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.storage.NewtsSchema;

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
public final class CassandraIndexer implements GroupCommitSink.Factory {
    private static final long SLOW_LOOKUP_NANOS = java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(
            org.metricsstress.result.CacheSummary.SLOW_LOOKUP_MS);
    private final ResourceCache cache;
    private final IndexMetrics metrics;
    private final StressPlan plan;
    private final int variationFactor;
    private final IndexStatements statements;
    private final IndexBudget budget;
    private final Set<Long> pending = ConcurrentHashMap.newKeySet();
    private final int[] metricsFingerprint;
    private final int[] stringsFingerprint;
    /** Terms of a group resource: 2 per element of snmp:fs:STRESS:n:tapI:groupG. */
    private final int groupTerms = IndexRules.resourceTerms("snmp:fs:STRESS:0:tap0:group0").size();

    /**
     * @param sampleService the sample writes' service times: {@code --index-max-in-flight auto}
     *                      steers the index budget by them
     */
    public CassandraIndexer(CqlSession session, StressConfig config, StressPlan plan, ResourceCache cache,
            IndexMetrics metrics, org.metricsstress.metrics.LatencyTracker sampleService) {
        this.cache = cache;
        this.metrics = metrics;
        this.plan = plan;
        this.variationFactor = config.stringVariationFactor();
        this.statements = new IndexStatements(session, config.keyspace(), (int) config.ttl().getSeconds());
        this.budget = new IndexBudget(session, DefaultConsistencyLevel.valueOf(config.writeConsistency()), cache,
                metrics, pending, config.indexMaxInFlight(), sampleService);
        this.metricsFingerprint = new int[plan.groups()];
        this.stringsFingerprint = new int[plan.groups()];
        for (int g = 0; g < plan.groups(); g++) {
            metricsFingerprint[g] = ResourceFingerprints.metricsFingerprint(g, plan.attributes());
            stringsFingerprint[g] = ResourceFingerprints.stringsFingerprint(g, plan.strings(), false, 0);
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
    public GroupCommitSink newSink() {
        return new Sink();
    }

    private enum Claim { CLAIMED, IN_FLIGHT, ALREADY_INDEXED }

    /** One lane's indexing: scratch buffers reused for every commit. */
    private final class Sink implements GroupCommitSink {
        private final StringBuilder id = new StringBuilder(64);
        private final long[] keys = new long[2];
        private final long[] found = new long[2];
        private final long[] recheckKey = new long[1];
        private final long[] recheckFound = new long[1];

        /**
         * Claims {@code key} for indexing. The lookup that said "missing" may be stale: another
         * lane may have finished this resource since (its completion puts to the cache before it
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
            if (budget.aborted()) {
                return;
            }
            if (budget.backlog() > 0) {
                budget.drainBacklog();
            }
            int group = plan.groupOf(c.resourceKey);
            id.setLength(0);
            ResourceNames.interfaceResource(id, plan.nodeOf(c.resourceKey), plan.interfaceOf(c.resourceKey));
            int interfaceLength = id.length();
            id.append(":group").append(group);
            boolean withStrings = plan.strings() > 0;
            keys[0] = ResourceKeys.key(NewtsSchema.CONTEXT, id);
            if (withStrings) {
                keys[1] = ResourceKeys.key(NewtsSchema.CONTEXT, id, interfaceLength);
            }
            long asked = System.nanoTime();
            cache.getAll(keys, withStrings ? 2 : 1, found);
            metrics.lookup();
            if (System.nanoTime() - asked > SLOW_LOOKUP_NANOS) {
                metrics.slowLookup();
            }

            boolean varies = withStrings && IndexRules.stringsVary(c.resourceKey, variationFactor);
            int strings = varies
                    ? ResourceFingerprints.stringsFingerprint(group, plan.strings(), true, c.timestampMillis)
                    : stringsFingerprint[group];
            long wanted = ResourceKeys.groupValue(metricsFingerprint[group], strings);
            if (found[0] == wanted) {
                metrics.groupIndexed(c.resourceKey);
            } else {
                indexGroup(c, keys[0], found[0], wanted, interfaceLength, varies);
            }
            if (withStrings) {
                int interfaceIndex = plan.nodeOf(c.resourceKey) * plan.interfaces() + plan.interfaceOf(c.resourceKey);
                if (found[1] == ResourceFingerprints.INTERFACE_INDEXED) {
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
            int needed = (metricsNeeded ? IndexStatements.termRequests(groupTerms) + 1 : 0)
                    + (stringsNeeded ? IndexStatements.termRequests(2 * plan.strings()) + 1 : 0);
            if (!budget.roomFor(needed)) {
                pending.remove(key);
                metrics.deferred();
                return;
            }
            String resource = id.toString();
            int group = plan.groupOf(c.resourceKey);
            IndexStatements.Requests requests = new IndexStatements.Requests();
            if (metricsNeeded) {
                statements.groupMetrics(resource, group, plan.attributes(), requests);
            }
            if (stringsNeeded) {
                statements.groupStrings(resource.substring(0, interfaceLength), group, plan.strings(), varies,
                        c.timestampMillis, requests);
            }
            int resourceKey = c.resourceKey;
            budget.send(key, wanted, requests, () -> metrics.groupIndexed(resourceKey));
        }

        private void indexInterface(long key, int interfaceIndex, String resource) {
            Claim claim = claim(key, ResourceFingerprints.INTERFACE_INDEXED);
            if (claim != Claim.CLAIMED) {
                if (claim == Claim.ALREADY_INDEXED) {
                    metrics.interfaceIndexed(interfaceIndex);
                }
                return;
            }
            if (!budget.roomFor(IndexStatements.termRequests(groupTerms - 2))) {
                pending.remove(key);
                metrics.deferred();
                return;
            }
            IndexStatements.Requests requests = new IndexStatements.Requests();
            statements.interfaceTerms(resource, requests);
            budget.send(key, ResourceFingerprints.INTERFACE_INDEXED, requests,
                    () -> metrics.interfaceIndexed(interfaceIndex));
        }
    }
}
