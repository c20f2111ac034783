package org.metricsstress.writer.tss.tags;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ExternalTagsTest {
    static final int ATTRIBUTES = 10;

    /** The stress naming: series = resource * attributes + attribute; resource r's path, attribute a's name. */
    static String resourceId(int series) {
        return "snmp/" + (series / ATTRIBUTES) + "/tap0/group0";
    }

    static String attribute(int series) {
        return "metric_0_" + (series % ATTRIBUTES);
    }

    static String key(int series) {
        return "name=" + attribute(series) + "_resourceId=" + resourceId(series);
    }

    static int seriesOf(String key) {
        // name=metric_0_<a>_resourceId=snmp/<r>/tap0/group0
        String[] parts = key.split("[_/=]");
        return Integer.parseInt(parts[6]) * ATTRIBUTES + Integer.parseInt(parts[3]);
    }

    static void pass(ExternalTags tags, int series) {
        for (int s = 0; s < series; s++) {
            tags.onSample(s, resourceId(s), attribute(s));
        }
    }

    @Test
    void theKeyIsOpenNmsMetricKeyOfTheIntrinsicTagsSorted() {
        ExternalTags tags = new ExternalTags(new InMemoryStore(), 10, ExternalTagsTest::seriesOf);
        // name sorts before resourceId; each tag key=value; joined by _.
        assertEquals("name=ifHCInOctets_resourceId=snmp/1/tap0/mib2-X-interfaces",
                tags.metricKey("snmp/1/tap0/mib2-X-interfaces", "ifHCInOctets").toString());
        assertEquals(1234, seriesOf(key(1234)));
    }

    @Test
    void aNewSeriesIsReadOncePutAsEmptyAndCached() {
        InMemoryStore store = new InMemoryStore();
        ExternalTags tags = new ExternalTags(store, 1_000, ExternalTagsTest::seriesOf);
        tags.onSample(7, resourceId(7), attribute(7));
        assertEquals(1, store.gets.get());
        assertEquals("{}", store.records.get(ExternalTags.CONTEXT + "|" + key(7)));
        assertTrue(tags.cache().contains(7));
        assertEquals(1, tags.newSeries());
        assertEquals(0, tags.cacheMissed(), "the plugin marks no miss for a series it has not stored");
        tags.onSample(7, resourceId(7), attribute(7));
        assertEquals(1, store.gets.get(), "a hit reads nothing");
        assertEquals(1, tags.cacheUsed());
        assertEquals(1, store.puts.get(), "a hit with no new tag writes nothing");
        assertEquals(0, tags.modified());
    }

    @Test
    void aStoredSeriesThatNeedsNoUpdateIsNotCachedAndReadsTheStoreEveryTime() {
        InMemoryStore store = new InMemoryStore();
        store.records.put(ExternalTags.CONTEXT + "|" + key(3), "{}");
        ExternalTags tags = new ExternalTags(store, 1_000, ExternalTagsTest::seriesOf);
        for (int i = 0; i < 5; i++) {
            tags.onSample(3, resourceId(3), attribute(3));
        }
        assertEquals(5, store.gets.get());
        assertEquals(5, tags.cacheMissed());
        assertEquals(0, store.puts.get());
        assertFalse(tags.cache().contains(3));
        assertEquals(5, tags.gets());
    }

    /**
     * 2,000 series, the plugin's 1,000 cache, passes in series order. Pass 1: each is new, read,
     * put, cached; the cache ends holding the last 1,000. From then on the first 1,000 miss on
     * every pass (their records need no update, so they never re-enter) and the last 1,000 hit:
     * n - 1,000 synchronous reads per pass, not n, since the misses never evict the cached.
     */
    @Test
    void atTwiceTheCacheTheSeriesOutsideItReadTheStoreOnEveryPass() {
        InMemoryStore store = new InMemoryStore();
        ExternalTags tags = new ExternalTags(store, 1_000, ExternalTagsTest::seriesOf);
        pass(tags, 2_000);
        assertEquals(2_000, store.gets.get());
        assertEquals(2_000, tags.newSeries());
        assertEquals(2_000, store.records.size());
        assertEquals(Set.copyOf(IntStream.range(1_000, 2_000).boxed().toList()),
                IntStream.of(tags.cache().mostRecentFirst()).boxed().collect(Collectors.toSet()));
        for (int p = 2; p <= 3; p++) {
            store.keysRead.clear();
            pass(tags, 2_000);
            assertEquals(IntStream.range(0, 1_000).mapToObj(ExternalTagsTest::key).toList(), store.keysRead,
                    "pass " + p + ": every series outside the cache, and only those, read the store");
        }
        assertEquals(4_000, store.gets.get());
        assertEquals(2_000, tags.cacheMissed());
        assertEquals(2_000, tags.cacheUsed());
        assertEquals(2_000, store.puts.get(), "no put after the first pass");
        assertEquals(tags.gets(), tags.cacheMissed() + tags.newSeries());
    }

    /** Interleaved (the ring's order is not the series order): a cached series' hit keeps it, a miss evicts nothing. */
    @Test
    void onceTheCacheIsFullOfStoredSeriesTheOthersMissForever() {
        InMemoryStore store = new InMemoryStore();
        IntStream.range(0, 5_000).forEach(s -> store.records.put(ExternalTags.CONTEXT + "|" + key(s), "{}"));
        ExternalTags tags = new ExternalTags(store, 1_000, ExternalTagsTest::seriesOf);
        assertEquals(1_000, tags.preload());
        Set<Integer> preloaded = IntStream.of(tags.cache().mostRecentFirst()).boxed().collect(Collectors.toSet());
        pass(tags, 5_000);
        pass(tags, 5_000);
        assertEquals(2 * 4_000, store.gets.get());
        assertEquals(2 * 1_000, tags.cacheUsed());
        assertEquals(preloaded, IntStream.of(tags.cache().mostRecentFirst()).boxed().collect(Collectors.toSet()));
        assertEquals(0, store.puts.get());
    }

    @Test
    void withNoStoreNoReadIsMadeButTheReadsNotMadeAreCountedAsARealStoreWouldHaveSeenThem() {
        NoStore none = new NoStore();
        ExternalTags tags = new ExternalTags(none, 1_000, ExternalTagsTest::seriesOf);
        InMemoryStore real = new InMemoryStore();
        ExternalTags reference = new ExternalTags(real, 1_000, ExternalTagsTest::seriesOf);
        for (int p = 0; p < 3; p++) {
            pass(tags, 2_000);
            pass(reference, 2_000);
        }
        assertEquals(real.gets.get(), none.lookupsNotMade());
        assertEquals(real.puts.get(), none.putsNotMade());
        assertEquals(reference.cacheUsed(), tags.cacheUsed());
        assertEquals(reference.cacheMissed(), tags.cacheMissed());
        assertEquals(0, tags.putTransactionFailed());
    }
}
