package org.metricsstress.opennms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.metricsstress.cache.GuavaMetadataCache;
import org.metricsstress.cache.MetadataCache;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.newts.NewtsSchema;
import org.metricsstress.newts.ResourceKeys;
import org.metricsstress.pipeline.GroupCommit;
import org.metricsstress.pipeline.GroupCommitHandler;
import org.metricsstress.plan.StressPlan;

/**
 * The OpenNMS writer model's requests, recorded (no cluster): their shapes against what
 * opennms-writer.md says OpenNMS and Newts 3.0.0 send, its cache's per-field hits and 3/4-TTL
 * expiry, failures counted, and the in-flight de-duplication. Newts itself checks the rows (NewtsOracleIT).
 */
class OpenNmsWriterModelTest {
    private static final long T0 = 1_795_500_000_000L;

    /** 2 nodes x 1 interface x 2 groups; 20 metrics (two chunks of 16 and 4), 2 strings; TTL 400 s. */
    private final StressConfig config = StressConfig.builder().nodes(2).interfaces(1).groups(2).attributes(20).strings(2)
            .interval(Duration.ofSeconds(10)).ttl(Duration.ofSeconds(400)).build();
    private final StressPlan plan = StressPlan.of(config);
    private final StressMetrics metrics = new StressMetrics();
    private final IndexMetrics index = new IndexMetrics(metrics.registry(), metrics, plan.groupResources(),
            plan.interfaceResources(), System.nanoTime());
    private final MetadataCache cache = new GuavaMetadataCache(config.index().cacheMaxEntries());
    private final RecordingSession rec = new RecordingSession();
    private final AtomicLong clock = new AtomicLong(T0);
    private final OpenNmsWorkers workers = new OpenNmsWorkers(rec.session, config, plan, cache, index, metrics, clock::get);

    private static GroupCommit commit(int key, int samples, boolean indexOnly) {
        GroupCommit c = new GroupCommit(samples);
        c.resourceKey = key;
        c.intendedNanos = System.nanoTime();
        c.timestampMillis = T0;
        c.sampleCount = indexOnly ? 0 : samples;
        c.indexOnly = indexOnly;
        for (int a = 0; a < samples; a++) {
            c.values[a] = a + 0.5;
        }
        return c;
    }

    private static List<String> queries(BatchStatement b) {
        List<String> out = new ArrayList<>();
        for (BatchableStatement<?> s : b) {
            out.add(((SimpleStatement) s).getQuery());
        }
        return out;
    }

    private List<Statement<?>> of(Class<?> kind, String table) {
        List<Statement<?>> out = new ArrayList<>();
        for (Statement<?> s : rec.sent) {
            if (s instanceof BatchStatement b && kind == BatchStatement.class
                    && queries(b).get(0).contains("." + table + " ")) {
                out.add(s);
            } else if (s instanceof BoundStatement bound && kind == BoundStatement.class
                    && bound.getPreparedStatement().getQuery().contains("." + table + " ")) {
                out.add(s);
            }
        }
        return out;
    }

    /** Guava underneath; each question takes {@code stallMillis} more, as a stalled Redis answers. */
    private static final class StalledCache implements MetadataCache {
        final GuavaMetadataCache entries = new GuavaMetadataCache(1_000);
        volatile long stallMillis;

        @Override
        public long get(long key, CharSequence resourceId) {
            try {
                Thread.sleep(stallMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return entries.get(key, resourceId);
        }

        @Override
        public long merge(long key, CharSequence resourceId, int fields, int expiresAtSeconds, List<String> names) {
            return entries.merge(key, resourceId, fields, expiresAtSeconds, names);
        }

        @Override public void flush() { }
        @Override public long size() { return entries.size(); }
        @Override public org.metricsstress.cache.CacheStats stats() { return entries.stats(); }
        @Override public String describe() { return "stalled"; }
        @Override public void close() { }
    }

    @Test
    void aStalledCacheHoldsTheWorkerAndItsLookupsAreTimedAndCountedSlow() {
        StalledCache stalled = new StalledCache();
        GroupCommitHandler worker = new OpenNmsWorkers(rec.session, config, plan, stalled, index, metrics, clock::get)
                .newHandler();
        worker.write(commit(0, 20, false));
        assertEquals(2, index.lookups(), "one lookup per chunk's update: its questions about the resource");
        worker.write(commit(0, 20, true));
        assertEquals(3, index.lookups(), "and one for the strings event's interface resource");

        // 40 ms a question: a chunk of one sample asks three, 120 ms, over the 100 ms of a slow lookup.
        // (The first lookups of a fresh JVM load classes, so only this one is held to its count.)
        stalled.stallMillis = 40;
        long slowBefore = index.slowLookups();
        long cacheBefore = metrics.workerClock().snapshot().cacheLookupNanos();
        worker.write(commit(1, 1, false));
        assertEquals(1, index.slowLookups() - slowBefore, "the lookup that held the worker 120 ms is slow");
        assertEquals(4, index.lookups());
        assertTrue(metrics.workerClock().snapshot().cacheLookupNanos() - cacheBefore >= 120_000_000L,
                "the worker's clock holds the wait");
        org.HdrHistogram.Histogram timed = index.lookupLatency();
        assertEquals(4, timed.getTotalCount(), "every lookup timed");
        assertTrue(timed.getMaxValue() >= 120_000, "the slow one at its wait, in us: " + timed.getMaxValue());
        assertTrue(timed.getValueAtPercentile(50) < 100_000, "the fast ones fast: " + timed.getValueAtPercentile(50));
    }

    @Test
    void aNewGroupResourceIsWrittenAndIndexedAsOpenNmsDoes() {
        GroupCommitHandler worker = workers.newHandler();
        worker.write(commit(0, 20, false));

        // Samples: one literal UNLOGGED batch per chunk of 16, no routing key, no level of its own.
        List<Statement<?>> samples = of(BatchStatement.class, "samples");
        assertEquals(2, samples.size());
        BatchStatement first = (BatchStatement) samples.get(0);
        assertEquals(DefaultBatchType.UNLOGGED, first.getBatchType());
        assertEquals(16, first.size());
        assertEquals(4, ((BatchStatement) samples.get(1)).size());
        assertNull(first.getConsistencyLevel(), "the driver's default (LOCAL_ONE) applies");
        assertNull(first.getRoutingKey());
        assertNull(first.getRoutingToken());
        assertEquals("INSERT INTO newts.samples (context,partition,resource,collected_at,metric_name,value) VALUES "
                + "('G'," + NewtsSchema.partitionOf(T0) + ",'snmp:0:tap0:group0'," + T0
                + ",'metric_0_0',0x043fe0000000000000) USING TTL 400", queries(first).get(0));
        assertEquals(20, metrics.counts().written());

        // Terms: prepared, one per request, at the write level (ANY, OpenNMS's): 20 metric ids + _idx0.._idx3
        // (OpenNMS's default ids, snmp:<node>:tap<i>:group<g>: 4 elements).
        List<Statement<?>> terms = of(BoundStatement.class, "terms");
        assertEquals(24, terms.size());
        terms.forEach(t -> assertEquals(DefaultConsistencyLevel.ANY, t.getConsistencyLevel()));
        // Attributes and metrics: literal batches of at most 16 per resource, their own level unset.
        List<Statement<?>> attributes = of(BatchStatement.class, "resource_attributes");
        assertEquals(List.of(16, 8), attributes.stream().map(b -> ((BatchStatement) b).size()).toList());
        attributes.forEach(b -> assertNull(b.getConsistencyLevel()));
        List<Statement<?>> metricRows = of(BatchStatement.class, "resource_metrics");
        assertEquals(List.of(16, 4), metricRows.stream().map(b -> ((BatchStatement) b).size()).toList(),
                "each chunk's metric names after that chunk's samples");
        assertEquals(2 + 24 + 2 + 2, rec.sent.size(), "requests for a new group resource of 20 metrics");
        assertEquals(24 + 24 + 20, index.rowsWritten());
        assertEquals(1, index.resourcesIndexed(), "the group resource is complete");
        // The order OpenNMS keeps: a chunk's samples, then that chunk's index writes, then the next chunk.
        assertTrue(rec.sent.indexOf(samples.get(1)) > rec.sent.indexOf(metricRows.get(0)));
    }

    @Test
    void theStringsEventIndexesTheInterfaceOnceAndEachGroupsStrings() {
        GroupCommitHandler worker = workers.newHandler();
        worker.write(commit(0, 20, true)); // group 0's strings on snmp:0:tap0
        assertEquals(2, of(BoundStatement.class, "terms").size());
        assertEquals(1, of(BatchStatement.class, "resource_attributes").size());
        List<Statement<?>> metricRows = of(BatchStatement.class, "resource_metrics");
        assertEquals(1, metricRows.size());
        assertTrue(queries((BatchStatement) metricRows.get(0)).get(0)
                .endsWith("VALUES ('G','snmp:0:tap0','strings') USING TTL 400"));
        assertEquals(0, metrics.counts().written(), "an index-only event writes no sample");
        rec.clear();
        worker.write(commit(1, 20, true)); // group 1's strings, same interface: its "strings" row is cached
        assertEquals(2, of(BoundStatement.class, "terms").size());
        assertEquals(0, of(BatchStatement.class, "resource_metrics").size());
        assertEquals(1, index.resourcesIndexed(), "the interface has both groups' strings and its metric");
        rec.clear();
        worker.write(commit(1, 20, true));
        assertEquals(0, rec.sent.size(), "warm: nothing to write");
    }

    @Test
    void aWarmResourceSendsOnlyItsSamplesAndAPartialEntryOnlyWhatItLacks() {
        GroupCommitHandler worker = workers.newHandler();
        worker.write(commit(0, 20, false));
        rec.clear();
        long hitsBefore = cache.stats().hits();
        worker.write(commit(0, 20, false));
        assertEquals(2, rec.sent.size(), "warm: the two sample batches only");
        assertEquals(3 * 20, cache.stats().hits() - hitsBefore, "three questions per sample, as Newts asks");

        // Group 1 known with its attributes only (field group 0): only its metric rows are written.
        long key = ResourceKeys.key(NewtsSchema.CONTEXT, "snmp:0:tap0:group1");
        cache.merge(key, "snmp:0:tap0:group1", 1, (int) (T0 / 1000) + 300, List.of());
        rec.clear();
        worker.write(commit(1, 20, false));
        assertEquals(0, of(BoundStatement.class, "terms").size());
        assertEquals(0, of(BatchStatement.class, "resource_attributes").size());
        assertEquals(List.of(16, 4), of(BatchStatement.class, "resource_metrics").stream()
                .map(b -> ((BatchStatement) b).size()).toList());
    }

    @Test
    void entriesExpireAtThreeQuartersOfTheTtlAndStayExpired() {
        GroupCommitHandler worker = workers.newHandler();
        worker.write(commit(0, 20, false));
        int fresh = rec.sent.size();
        clock.set(T0 + 299_000); // TTL 400 s: entries expire 300 s after they were made
        rec.clear();
        worker.write(commit(0, 20, false));
        assertEquals(2, rec.sent.size(), "still fresh");
        // Expired, and a merge keeps the earlier expiry (Newts 3.0.0): the entry stays expired, so
        // each chunk's update writes the attributes again besides its metrics, every commit, for ever.
        int expired = 2 + 2 * (24 + 2 + 1);
        assertEquals(2 + 24 + 2 + 2, fresh);
        clock.set(T0 + 300_000);
        rec.clear();
        worker.write(commit(0, 20, false));
        assertEquals(expired, rec.sent.size(), "expired: indexed again, attributes with each chunk");
        clock.set(T0 + 300_500);
        rec.clear();
        worker.write(commit(0, 20, false));
        assertEquals(expired, rec.sent.size(), "still expired: indexed again");
    }

    @Test
    void aFailedChunkIsCountedAndAFailedIndexWriteLeavesTheCacheUnchanged() {
        GroupCommitHandler worker = workers.newHandler();
        // The second sample chunk times out: its 4 samples fail, counted, and are not indexed.
        rec.failWhen = s -> s instanceof BatchStatement b && b.size() == 4 && queries(b).get(0).contains(".samples ");
        worker.write(commit(0, 20, false));
        assertEquals(16, metrics.counts().written());
        assertEquals(4, metrics.counts().failed());
        assertEquals(4, metrics.counts().failed(ErrorClass.TIMEOUT));
        assertEquals(1, of(BatchStatement.class, "resource_metrics").size(), "only the written chunk indexed");

        // An index write fails: nothing of that update reaches the cache, so all of it is written again.
        rec.failWhen = s -> s instanceof BoundStatement;
        rec.clear();
        worker.write(commit(1, 20, false));
        assertTrue(index.requestsFailed() > 0);
        rec.failWhen = s -> false;
        rec.clear();
        worker.write(commit(1, 20, false));
        assertEquals(24, of(BoundStatement.class, "terms").size(), "the failed update is written again in full");
        assertEquals(40 + 16, metrics.counts().written());
        assertEquals(60, metrics.counts().written() + metrics.counts().failed(), "every sample counted once");
    }

    @Test
    void rowsAnotherWorkerIsWritingAreSkippedAndCounted() throws Exception {
        GroupCommitHandler a = workers.newHandler();
        GroupCommitHandler b = workers.newHandler();
        // Worker A's requests for group 0's strings are held: its rows stay in flight.
        rec.holdWhen = s -> Thread.currentThread().getName().equals("worker-a");
        Thread t = new Thread(() -> a.write(commit(0, 20, true)), "worker-a");
        t.start();
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (rec.held.size() < 4 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(4, rec.held.size(), "A: 2 terms, its attribute batch, the interface's strings row");
        int beforeB = rec.sent.size();
        b.write(commit(1, 20, true)); // group 1's strings, same interface, while A's are in flight
        List<Statement<?>> bSent = rec.sent.subList(beforeB, rec.sent.size());
        assertEquals(3, bSent.size(), "B: its 2 terms and attribute batch, not the interface's strings row");
        assertFalse(bSent.stream().anyMatch(s -> s instanceof BatchStatement batch
                && queries(batch).get(0).contains(".resource_metrics ")));
        assertEquals(1, index.deduplicatedCount());
        rec.release();
        t.join(5_000);
        assertFalse(t.isAlive());
    }

    @Test
    void newtsCallsAreCountedAsNewtsMetersAndTimersCountThem() {
        GroupCommitHandler worker = workers.newHandler();
        var calls = metrics.newtsCalls();
        worker.write(commit(0, 20, false));
        // Cold: the first chunk asks an absent resource nothing. The second finds it cached with its
        // attributes (24: 20 metric ids, _idx0.._idx3 of OpenNMS's default 4-element id) and the first
        // chunk's metrics, not its own.
        assertEquals(4, calls.metricReqs());
        assertEquals(4, calls.metricMisses());
        assertEquals(4 * 24, calls.attributeReqs());
        assertEquals(0, calls.attributeMisses());
        assertEquals(2, calls.insertTimer().getCount(), "one insert per chunk");
        assertEquals(2, calls.updateTimer().getCount(), "one indexer update per chunk");
        worker.write(commit(0, 20, false));
        assertEquals(4 + 20, calls.metricReqs(), "warm: one metric question per sample");
        assertEquals(4, calls.metricMisses());
        assertEquals((4 + 20) * 24, calls.attributeReqs(), "warm: a question per attribute per sample");
        worker.write(commit(0, 20, true));
        assertEquals(5, calls.updateTimer().getCount(), "an index-only event is one update");
        assertEquals(4, calls.insertTimer().getCount(), "and no insert");
        assertEquals(0, calls.samplesNotInserted());
    }

    @Test
    void samplesWhoseIndexingFailedAreWrittenButNotCountedInserted() {
        GroupCommitHandler worker = workers.newHandler();
        rec.failWhen = s -> s instanceof BoundStatement;
        worker.write(commit(0, 20, false));
        assertEquals(20, metrics.counts().written(), "in the table");
        assertEquals(20, metrics.newtsCalls().samplesNotInserted(), "Newts' update threw after each chunk: never marked");
        rec.failWhen = s -> false;
        worker.write(commit(0, 20, false));
        assertEquals(20, metrics.newtsCalls().samplesNotInserted());
        assertEquals(4, metrics.newtsCalls().insertTimer().getCount(), "failed or not, every insert is timed");
    }

    @Test
    void anIndexSendThatThrowsAtOnceFailsThatRequestAndTheOnesSentBeforeItStillSettle() {
        GroupCommitHandler worker = workers.newHandler();
        // The third terms row of the update is refused before it leaves (a closed session).
        java.util.concurrent.atomic.AtomicInteger terms = new java.util.concurrent.atomic.AtomicInteger();
        rec.throwWhen = s -> s instanceof BoundStatement && terms.incrementAndGet() == 3
                ? new IllegalStateException("Session is closed") : null;
        worker.write(commit(0, 20, false));
        assertEquals(20, metrics.counts().written(), "the samples were written before their indexing");
        assertEquals(1, index.requestsFailed(), "the refused request, and only it, failed");
        assertTrue(index.rowsWritten() > 0, "the rows sent before it were answered and counted");
        assertEquals(0, workers.inFlightRequests(), "no request left counted in flight");
    }

    @Test
    void anErrorInAWorkerCountsTheCommitsUnsettledSamplesFailed() {
        GroupCommitHandler worker = workers.newHandler();
        // The JVM runs out of memory while the first chunk is indexed: the second chunk is never sent.
        rec.throwWhen = s -> s instanceof BoundStatement ? new OutOfMemoryError("test") : null;
        worker.write(commit(0, 20, false));
        assertEquals(16, metrics.counts().written());
        assertEquals(4, metrics.counts().failed(), "the chunk never sent counted failed, not lost");
        assertEquals(20, metrics.counts().written() + metrics.counts().failed());
        assertEquals(0, workers.inFlightRequests());
    }
}
