package org.metricsstress.opennms;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.metricsstress.cache.MetadataCache;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.NewtsCalls;
import org.metricsstress.metrics.WorkerClock;
import org.metricsstress.newts.IndexRules;
import org.metricsstress.newts.NewtsSchema;
import org.metricsstress.newts.ResourceKeys;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.storage.WriteErrors;
import java.util.function.LongSupplier;

/**
 * Newts' {@code CassandraIndexer.update} as OpenNMS runs it: inline, on the writer's thread, after
 * the samples it indexes were inserted, waiting for every index write before the worker moves on.
 *
 * <p>Per sample it asks the cache three questions (is the resource there and not expired; are its
 * attributes; is this metric), as Newts does: three lookups, three round trips with Redis. What is
 * missing becomes statements: {@code terms} rows prepared and sent one per request at the write
 * consistency level; {@code resource_attributes} and {@code resource_metrics} rows as literal
 * UNLOGGED batches of at most {@code max_batch_size} per resource, whose own consistency level is
 * unset (the driver's default, LOCAL_ONE), Newts setting the level on the statements inside. All
 * are sent at once and waited for; the cache learns of them only if every one succeeded. A unit of
 * rows another worker is writing right now is skipped (Newts' in-flight set) and still merged.
 *
 * <p>The cache remembers field groups, not names: in the stress shape the rows always come in the
 * same groups. A group resource: its attributes (bit 0; metric ids and {@code _idx}, written
 * together) and each chunk of {@code max_batch_size} metrics (bit 1 + chunk). An interface
 * resource: its {@value IndexRules#STRINGS_METRIC} metric (bit 0) and each group's strings (bit 1 +
 * group). Entries expire three quarters of the TTL after they were first written and, merged, keep
 * that expiry (Newts 3.0.0).
 */
public final class InlineIndexer {
    /** Field groups fit the 32 bits of a cache entry: 1 + chunks of metrics, 1 + groups. */
    public static final int MAX_FIELD_GROUPS = 32;

    private final CqlSession session;
    private final MetadataCache cache;
    private final IndexMetrics metrics;
    private final StressPlan plan;
    private final ResourceNames resourceNames;
    private final LiteralStatements literal;
    private final PreparedStatement term;
    private final ConsistencyLevel termConsistency;
    private final int maxBatch;
    private final int groupComplete;
    private final int interfaceComplete;
    private final long expiryMillis;
    private final int variationFactor;
    /** The wall clock entries expire by (a test's own clock in tests). */
    private final LongSupplier nowMillis;
    /** Units being written by some worker: resource key and field-group bit, mixed. */
    private final Set<Long> inFlight = new HashSet<>();
    /** Where the workers' time goes: cache lookups and index waits are timed here. */
    private final WorkerClock clock;
    /** Every request a worker waits on, samples' and index's: the in-flight figure. */
    private final AtomicInteger requestsInFlight;
    /** Newts' cache questions, counted as its meters count them. */
    private final NewtsCalls calls;
    /** Attributes a group resource carries (metric ids and _idx): Newts asks the cache of each, per sample. */
    private final int groupAttributes;

    /**
     * @param maxBatch   OpenNMS's max_batch_size: samples per chunk, index rows per batch
     * @param ttlSeconds the rows' TTL; cache entries expire at three quarters of it
     */
    public InlineIndexer(CqlSession session, String keyspace, MetadataCache cache, IndexMetrics metrics, StressPlan plan,
            int maxBatch, int ttlSeconds, ConsistencyLevel writeConsistency, int variationFactor,
            LongSupplier nowMillis, WorkerClock clock, AtomicInteger requestsInFlight, NewtsCalls calls) {
        this.nowMillis = nowMillis;
        this.calls = calls;
        this.groupAttributes = IndexRules.groupAttributes(
                ResourceNames.storeByForeignSource(plan.resourceIds().storeByForeignSource())
                        .groupResource(new StringBuilder(), 0, 0, 0).toString(), 0, plan.attributes()).size();
        this.clock = clock;
        this.requestsInFlight = requestsInFlight;
        this.session = session;
        this.cache = cache;
        this.metrics = metrics;
        this.plan = plan;
        this.resourceNames = ResourceNames.storeByForeignSource(this.plan.resourceIds().storeByForeignSource());
        this.maxBatch = maxBatch;
        this.literal = new LiteralStatements(keyspace, ttlSeconds);
        this.term = session.prepare(LiteralStatements.term(keyspace, ttlSeconds));
        this.termConsistency = writeConsistency;
        this.groupComplete = (int) ((1L << (1 + chunks(plan.attributes(), maxBatch))) - 1);
        this.interfaceComplete = (int) ((1L << (1 + plan.groups())) - 1);
        this.expiryMillis = ttlSeconds * 1000L * 3L / 4L;
        this.variationFactor = variationFactor;
    }

    /** Chunks of {@code maxBatch} samples a group commit of {@code attributes} samples is split into. */
    public static int chunks(int attributes, int maxBatch) {
        return (attributes + maxBatch - 1) / maxBatch;
    }

    /**
     * Indexes chunk {@code chunk} of a group commit's samples ({@code samples} of them), after they
     * were inserted: the group resource's attributes and that chunk's metric names, where missing.
     * False when an index write failed: Newts' update would have thrown.
     */
    boolean samples(int resourceKey, int chunk, int samples, StringBuilder sb) {
        String resource = resourceNames.groupResource(sb.delete(0, sb.length()), plan.nodeOf(resourceKey),
                plan.interfaceOf(resourceKey), plan.groupOf(resourceKey)).toString();
        long key = ResourceKeys.key(NewtsSchema.CONTEXT, resource);
        int chunkBit = 1 << (1 + chunk);
        long now = nowMillis.getAsLong();
        boolean attributesMissing = false;
        boolean metricsMissing = false;
        long entry = MetadataCache.ABSENT;
        long asked = System.nanoTime();
        // Newts' meters count only questions put to a cached, unexpired resource: per sample one
        // per resource attribute and one for its metric.
        int attributesAsked = 0;
        int attributesMissed = 0;
        int metricsAsked = 0;
        int metricsMissed = 0;
        for (int i = 0; i < samples; i++) {
            // The three questions Newts asks the cache for every sample.
            cache.get(key, resource);
            entry = cache.get(key, resource);
            boolean attributesHeld = holds(entry, 1, now);
            attributesMissing |= !attributesHeld;
            if (live(entry, now)) {
                attributesAsked++;
                attributesMissed += attributesHeld ? 0 : 1;
            }
            entry = cache.get(key, resource);
            boolean metricHeld = holds(entry, chunkBit, now);
            metricsMissing |= !metricHeld;
            if (live(entry, now)) {
                metricsAsked++;
                metricsMissed += metricHeld ? 0 : 1;
            }
        }
        lookedUp(System.nanoTime() - asked);
        calls.asked(metricsAsked, metricsMissed, attributesAsked * groupAttributes, attributesMissed * groupAttributes);
        if (!attributesMissing && !metricsMissing) {
            if (holds(entry, groupComplete, now)) {
                metrics.groupIndexed(resourceKey);
            }
            return true;
        }
        int group = plan.groupOf(resourceKey);
        Update u = new Update(key, resource);
        if (attributesMissing && u.claim(1)) {
            u.attributes(IndexRules.groupAttributes(resource, group, plan.attributes()), sb);
        }
        if (metricsMissing && u.claim(chunkBit)) {
            List<String> names = new ArrayList<>(samples);
            for (int a = chunk * maxBatch; a < Math.min(plan.attributes(), (chunk + 1) * maxBatch); a++) {
                names.add(ResourceNames.metricName(group, a));
            }
            u.metrics(names, sb);
        }
        u.fields |= (attributesMissing ? 1 : 0) | (metricsMissing ? chunkBit : 0);
        long merged = u.sendAndMerge(now);
        if (holds(merged, groupComplete, now)) {
            metrics.groupIndexed(resourceKey);
            if (!holds(entry, groupComplete, now)) {
                metrics.resourceWritten(); // this update completed the resource's rows
            }
        }
        return !u.failed;
    }

    /**
     * The index-only event of a group commit: its string attributes on the interface resource.
     * False when an index write failed.
     */
    boolean strings(int resourceKey, StringBuilder sb) {
        int node = plan.nodeOf(resourceKey);
        int iface = plan.interfaceOf(resourceKey);
        int group = plan.groupOf(resourceKey);
        String resource = resourceNames.interfaceResource(sb.delete(0, sb.length()), node, iface).toString();
        long key = ResourceKeys.key(NewtsSchema.CONTEXT, resource);
        int groupBit = 1 << (1 + group);
        long now = nowMillis.getAsLong();
        long asked = System.nanoTime();
        cache.get(key, resource);
        long entry = cache.get(key, resource);
        boolean stringsMissing = !holds(entry, groupBit, now);
        int stringsAsked = live(entry, now) ? plan.strings() : 0;
        entry = cache.get(key, resource);
        boolean metricMissing = !holds(entry, 1, now);
        int metricAsked = live(entry, now) ? 1 : 0;
        lookedUp(System.nanoTime() - asked);
        calls.asked(metricAsked, metricMissing ? metricAsked : 0, stringsAsked, stringsMissing ? stringsAsked : 0);
        int interfaceIndex = node * plan.interfaces() + iface;
        if (!stringsMissing && !metricMissing) {
            if (holds(entry, interfaceComplete, now)) {
                metrics.interfaceIndexed(interfaceIndex);
            }
            return true;
        }
        Update u = new Update(key, resource);
        if (stringsMissing && u.claim(groupBit)) {
            u.attributes(IndexRules.stringAttributes(group, plan.strings(),
                    IndexRules.variedSuffix(node, iface, group, variationFactor)), sb);
        }
        if (metricMissing && u.claim(1)) {
            u.metrics(List.of(IndexRules.STRINGS_METRIC), sb);
        }
        u.fields |= (stringsMissing ? groupBit : 0) | (metricMissing ? 1 : 0);
        long merged = u.sendAndMerge(now);
        if (holds(merged, interfaceComplete, now)) {
            metrics.interfaceIndexed(interfaceIndex);
            if (!holds(entry, interfaceComplete, now)) {
                metrics.resourceWritten();
            }
        }
        return !u.failed;
    }

    /**
     * One lookup: every question this update asked the cache about its resource, one after the
     * other (three per sample, each a round trip with Redis), before it could tell what to write.
     * That is the time the worker, and the commit, waited on the cache, so it is timed as one
     * lookup and counted slow as {@link IndexMetrics#lookedUp} judges it (past 100 ms). A single
     * question rarely is, even with Redis stalled: with it paused 50 ms at a time (DEBUG SLEEP 0.05
     * in a loop) and 16 threads asking, 16 of 57,390 GETs and 59 of 19,130 samples' three GETs took
     * over 100 ms, against 798 of 1,913 chunks of 10 samples; undisturbed, 16 of 17,017 chunks.
     */
    private void lookedUp(long nanos) {
        clock.cacheLookup(nanos);
        metrics.lookedUp(nanos, 1);
    }

    /** Whether the entry is present, not expired, and holds every field group of {@code fields}. */
    private static boolean holds(long entry, int fields, long nowMillis) {
        return entry != MetadataCache.ABSENT && MetadataCache.expiresAt(entry) * 1000L > nowMillis
                && (MetadataCache.fields(entry) & fields) == fields;
    }

    /** Whether the entry is present and not expired: what Newts checks before it asks the entry anything. */
    private static boolean live(long entry, long nowMillis) {
        return entry != MetadataCache.ABSENT && MetadataCache.expiresAt(entry) * 1000L > nowMillis;
    }

    /** Units in flight are keyed by resource and field group together. */
    private static long unit(long resourceKey, int fieldBit) {
        return resourceKey * 31 + Integer.numberOfTrailingZeros(fieldBit);
    }

    /** One call of Newts' update for one resource: its statements, sent together, then the merge. */
    private final class Update {
        final long key;
        final String resource;
        final List<Statement<?>> statements = new ArrayList<>();
        final List<Integer> rows = new ArrayList<>();
        final List<String> names = new ArrayList<>();
        final List<Long> claimed = new ArrayList<>(2);
        int fields;
        /** An index write failed: nothing merged, and Newts' update would have thrown. */
        boolean failed;

        Update(long key, String resource) {
            this.key = key;
            this.resource = resource;
        }

        /** Takes a unit for this update; false (counted) when another worker is writing it now. */
        boolean claim(int fieldBit) {
            long unit = unit(key, fieldBit);
            synchronized (inFlight) {
                if (!inFlight.add(unit)) {
                    metrics.deduplicated();
                    return false;
                }
            }
            claimed.add(unit);
            return true;
        }

        /** A term per attribute, one request each; the attribute rows in literal batches. */
        void attributes(List<IndexRules.Attribute> attributes, StringBuilder sb) {
            List<String> rowsOf = new ArrayList<>(attributes.size());
            for (IndexRules.Attribute a : attributes) {
                statements.add(term.bind(NewtsSchema.CONTEXT, resource, a.key(), a.value())
                        .setConsistencyLevel(termConsistency));
                rows.add(1);
                rowsOf.add(literal.attribute(sb, resource, a.key(), a.value()));
                names.add(a.key());
            }
            batches(rowsOf);
        }

        void metrics(List<String> metricNames, StringBuilder sb) {
            List<String> rowsOf = new ArrayList<>(metricNames.size());
            for (String m : metricNames) {
                rowsOf.add(literal.metric(sb, resource, m));
                names.add(m);
            }
            batches(rowsOf);
        }

        /** Newts' batches of one resource's rows: at most max_batch_size each, the level set inside only. */
        private void batches(List<String> cql) {
            for (int from = 0; from < cql.size(); from += maxBatch) {
                int to = Math.min(cql.size(), from + maxBatch);
                BatchStatementBuilder b = BatchStatement.builder(DefaultBatchType.UNLOGGED);
                for (int i = from; i < to; i++) {
                    b.addStatement(SimpleStatement.newInstance(cql.get(i)).setConsistencyLevel(termConsistency));
                }
                statements.add(b.build());
                rows.add(to - from);
            }
        }

        /**
         * Sends every statement at once and waits for all; merges into the cache only if all
         * succeeded. Returns the cache entry after, or ABSENT when something failed.
         */
        long sendAndMerge(long nowMillis) {
            long began = System.nanoTime();
            boolean waitCounted = false;
            int outstanding = 0;
            try {
                List<CompletableFuture<AsyncResultSet>> sent = new ArrayList<>(statements.size());
                boolean failed = false;
                for (Statement<?> s : statements) {
                    metrics.requestSent();
                    requestsInFlight.incrementAndGet();
                    outstanding++;
                    long sentAt = System.nanoTime();
                    try {
                        CompletableFuture<AsyncResultSet> answer = session.executeAsync(s).toCompletableFuture();
                        answer.whenComplete((rs, e) -> metrics.requestSettled(System.nanoTime() - sentAt));
                        sent.add(answer);
                    } catch (RuntimeException e) {
                        // Refused before it left (a closed session): a failed request, not a lost worker.
                        sent.add(CompletableFuture.failedFuture(e));
                    }
                }
                for (int i = 0; i < sent.size(); i++) {
                    try {
                        sent.get(i).join();
                        metrics.rowsWritten(rows.get(i));
                    } catch (RuntimeException e) {
                        metrics.requestFailed(WriteErrors.classify(e));
                        failed = true;
                    } finally {
                        requestsInFlight.decrementAndGet();
                        outstanding--;
                    }
                }
                long answered = System.nanoTime();
                clock.indexWait(answered - began);
                waitCounted = true;
                if (failed) {
                    this.failed = true;
                    return MetadataCache.ABSENT;
                }
                int expiresAt = (int) Math.min(0xFFFF_FFFFL, (nowMillis + expiryMillis) / 1000L);
                long merged = cache.merge(key, resource, fields, expiresAt, names);
                // Merging is a cache round trip (a MULTI with Redis), not an index wait.
                clock.cacheLookup(System.nanoTime() - answered);
                return merged;
            } finally {
                requestsInFlight.addAndGet(-outstanding);
                if (!waitCounted) {
                    clock.indexWait(System.nanoTime() - began); // something threw out of the loop
                }
                synchronized (inFlight) {
                    inFlight.removeAll(claimed);
                }
            }
        }
    }
}
