package org.metricsstress.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import java.time.Duration;
import org.metricsstress.cache.CacheStats;
import org.metricsstress.cache.GuavaResourceCache;
import org.metricsstress.cache.ResourceCache;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.LatencyTracker;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.GroupCommit;
import org.metricsstress.pipeline.GroupCommitHandler;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.storage.NullSession;
import org.junit.jupiter.api.Test;

/**
 * The index stage's lookups per ring batch, over the null sink (requests encoded and answered in
 * this JVM, no cluster) and a cache that counts the calls a Redis cache would make round trips for.
 */
class CassandraIndexerTest {
    /** Guava underneath; counts calls, as each would be one round trip to Redis. */
    private static final class CountingCache implements ResourceCache {
        final GuavaResourceCache entries = new GuavaResourceCache(10_000);
        int lookups;
        int rechecks;
        /** How long a lookup's round trip takes: a stalled Redis. */
        volatile long stallMillis;

        @Override public void getAll(long[] keys, int count, long[] out) {
            lookups++;
            try {
                Thread.sleep(stallMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            entries.getAll(keys, count, out);
        }
        @Override public void recheckAll(long[] keys, int count, long[] out) { rechecks++; entries.getAll(keys, count, out); }
        @Override public void put(long key, long fingerprint) { entries.put(key, fingerprint); }
        @Override public void flush() { }
        @Override public long size() { return entries.size(); }
        @Override public CacheStats stats() { return entries.stats(); }
        @Override public String describe() { return "counting"; }
        @Override public void close() { }
    }

    private final StressConfig config = StressConfig.builder().nodes(100).interfaces(1).groups(2).attributes(2)
            .strings(1).interval(Duration.ofSeconds(10)).build();
    private final StressPlan plan = StressPlan.of(config);
    private final StressMetrics samples = new StressMetrics();
    private final IndexMetrics metrics = new IndexMetrics(samples.registry(), samples, plan.groupResources(),
            plan.interfaceResources(), System.nanoTime());
    private final CountingCache cache = new CountingCache();
    private final GroupCommit commit = new GroupCommit(2);

    private void write(GroupCommitHandler handler, int resourceKey) {
        commit.resourceKey = resourceKey;
        commit.timestampMillis = 1_700_000_000_000L;
        commit.sampleCount = 2;
        handler.write(commit);
    }

    @Test
    void aRingBatchIsLookedUpInOneCallAndItsMissesRecheckedInOne() throws Exception {
        try (CqlSession session = NullSession.open()) {
            CassandraIndexer indexer = new CassandraIndexer(session, config, plan, cache, metrics, new LatencyTracker("s", true));
            GroupCommitHandler handler = indexer.newHandler();
            for (int r = 0; r < 100; r++) {
                write(handler, r);
            }
            assertEquals(0, cache.lookups, "nothing looked up before the batch ends");
            handler.endOfBatch();
            assertEquals(1, cache.lookups, "one lookup for 100 commits");
            assertEquals(1, cache.rechecks, "one re-check for all that were claimed");
            assertTrue(indexer.awaitIdle(10_000), "every request settled");
            // 100 group resources, and 50 interface resources (2 groups each) claimed once.
            assertEquals(150, cache.size());
            assertEquals(150, metrics.resourcesWritten());
            assertEquals(50, metrics.deduplicatedCount(), "the second group of an interface found it claimed");
            assertEquals(100, metrics.lookups(), "lookups still count commits");

            long requests = metrics.requests();
            for (int r = 0; r < 100; r++) {
                write(handler, r);
            }
            handler.endOfBatch();
            assertEquals(2, cache.lookups);
            assertEquals(1, cache.rechecks, "nothing missing, nothing claimed, no re-check");
            assertEquals(requests, metrics.requests(), "a warm batch sends nothing");
            indexer.close();
        }
    }

    @Test
    void aStalledRoundTripIsEveryCommitsWaitAndNeverTheSampleWritersTime() throws Exception {
        try (CqlSession session = NullSession.open()) {
            CassandraIndexer indexer = new CassandraIndexer(session, config, plan, cache, metrics, new LatencyTracker("s", true));
            GroupCommitHandler handler = indexer.newHandler();
            for (int r = 0; r < 10; r++) {
                write(handler, r);
            }
            handler.endOfBatch();
            // Counted from here: on a busy machine even the unstalled first lookup (class loading, a
            // GC) once took over the 100 ms bound, which is the machine's doing, not the stall's.
            long slowBefore = metrics.slowLookups();
            long longBefore = metrics.lookupLatency().getCountBetweenValues(120_000, Long.MAX_VALUE / 2);
            cache.stallMillis = 120;
            for (int r = 10; r < 20; r++) {
                write(handler, r);
            }
            handler.endOfBatch();
            assertEquals(2, cache.lookups, "one round trip a ring batch: the ten stalled commits share one");
            assertEquals(10, metrics.slowLookups() - slowBefore, "each of the ten commits waited 120 ms for it");
            org.HdrHistogram.Histogram timed = metrics.lookupLatency();
            assertEquals(20, timed.getTotalCount(), "every commit's lookup timed");
            assertEquals(10, timed.getCountBetweenValues(120_000, Long.MAX_VALUE / 2) - longBefore,
                    "ten at the stalled wait, in us");
            assertEquals(0, samples.workerClock().snapshot().cacheLookupNanos(),
                    "the lookups are beside the samples' path: the sample writers' clock holds none of them");
            assertTrue(indexer.awaitIdle(10_000), "every request settled");
            indexer.close();
        }
    }

    @Test
    void aLongBatchIsLookedUpEveryLookupBatchCommits() throws Exception {
        try (CqlSession session = NullSession.open()) {
            CassandraIndexer indexer = new CassandraIndexer(session, config, plan, cache, metrics, new LatencyTracker("s", true));
            GroupCommitHandler handler = indexer.newHandler();
            for (int r = 0; r < 200; r++) {
                write(handler, r % plan.groupResources());
            }
            assertEquals(200 / CassandraIndexer.LOOKUP_BATCH, cache.lookups, "a full gathering is looked up at once");
            handler.endOfBatch();
            assertEquals(200 / CassandraIndexer.LOOKUP_BATCH + 1, cache.lookups, "the rest at the batch's end");
            handler.endOfBatch();
            assertEquals(200 / CassandraIndexer.LOOKUP_BATCH + 1, cache.lookups, "nothing gathered, no call");
            assertTrue(indexer.awaitIdle(10_000), "every request settled");
            assertEquals(300, cache.size(), "every resource indexed once: 200 groups, 100 interfaces");
            indexer.close();
        }
    }
}
