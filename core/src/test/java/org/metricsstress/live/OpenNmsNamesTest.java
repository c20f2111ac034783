package org.metricsstress.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.Meter;
import com.codahale.metrics.Timer;
import com.codahale.metrics.jmx.JmxReporter;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.CacheKind;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.StressMetrics;

class OpenNmsNamesTest {
    private final StressMetrics metrics = new StressMetrics();
    private final AtomicLong queued = new AtomicLong();
    private final AtomicLong cacheEntries = new AtomicLong();

    private OpenNmsNames names(StressConfig.Builder config, boolean indexed) {
        IndexMetrics index = indexed ? new IndexMetrics(metrics.registry(), metrics, 10, 0, System.nanoTime()) : null;
        if (index != null) {
            index.rowsWritten(46);
        }
        return new OpenNmsNames(new OpenNmsNames.Sources(config.build(), metrics, queued::get, 8192, index,
                indexed ? cacheEntries::get : null));
    }

    private static StressConfig.Builder config(Writer writer, int strings) {
        return StressConfig.builder().writer(writer).strings(strings).cacheMaxEntries(15_000);
    }

    @Test
    void theOpenNmsWriterPublishesEveryNameWithOpenNmsTypes() {
        OpenNmsNames n = names(config(Writer.OPENNMS, 2), true);
        var r = n.registry();
        assertEquals(Set.of("ring-buffer.size", "ring-buffer.max-size", "cache.size", "cache.max-size"), r.getGauges().keySet());
        assertEquals(Set.of("ring-buffer.dropped-samples", "repository.samples-inserted", "search.inserts",
                "cache.metric-reqs", "cache.metric-misses", "cache.attribute-reqs", "cache.attribute-misses"),
                r.getMeters().keySet());
        assertEquals(Set.of("repository.insert-timer", "search.update"), r.getTimers().keySet());
        assertTrue(r.getCounters().isEmpty(), "OpenNMS registers no counters under these names");
    }

    @Test
    void thePipelinedWriterLeavesOutWhatOnlyOpenNmsWriterCalls() {
        OpenNmsNames n = names(config(Writer.PIPELINED, 2), true);
        var r = n.registry();
        assertTrue(r.getTimers().isEmpty(), r.getTimers().keySet().toString());
        assertEquals(Set.of("ring-buffer.dropped-samples", "repository.samples-inserted", "search.inserts"),
                r.getMeters().keySet());
        assertEquals(Set.of("ring-buffer.size", "ring-buffer.max-size", "cache.size", "cache.max-size"), r.getGauges().keySet());
    }

    @Test
    void withoutIndexingThereIsNoSearchNorCache() {
        var r = names(config(Writer.OPENNMS, 0).index(false), false).registry();
        assertEquals(Set.of("ring-buffer.size", "ring-buffer.max-size"), r.getGauges().keySet());
        assertEquals(Set.of("ring-buffer.dropped-samples", "repository.samples-inserted"), r.getMeters().keySet());
        assertEquals(Set.of("repository.insert-timer"), r.getTimers().keySet());
    }

    @Test
    void ringGaugesReadTheRing() {
        var r = names(config(Writer.OPENNMS, 2), true).registry();
        queued.set(4_711);
        assertEquals(4_711L, r.getGauges().get("ring-buffer.size").getValue());
        assertEquals(8_192L, r.getGauges().get("ring-buffer.max-size").getValue());
        cacheEntries.set(12);
        assertEquals(12L, r.getGauges().get("cache.size").getValue());
        assertEquals(15_000L, r.getGauges().get("cache.max-size").getValue());
    }

    @Test
    void droppedSamplesCountTheStringsSampleOfEveryDroppedIndexEvent() {
        var withStrings = names(config(Writer.OPENNMS, 2), true).registry();
        metrics.dropped(0, 10);
        metrics.dropped(1, 10);
        metrics.indexEventDropped();
        metrics.indexEventDropped();
        metrics.indexEventDropped();
        // 20 numeric samples, and one "strings" sample in each of the three index-only events.
        assertEquals(23, withStrings.getMeters().get("ring-buffer.dropped-samples").getCount());
    }

    @Test
    void withoutStringsAnIndexEventIsEmptyAndDropsNoSample() {
        var r = names(config(Writer.OPENNMS, 0), true).registry();
        metrics.dropped(0, 10);
        metrics.indexEventDropped();
        assertEquals(10, r.getMeters().get("ring-buffer.dropped-samples").getCount());
    }

    @Test
    void samplesInsertedLeaveOutChunksWhoseIndexingFailed() {
        var r = names(config(Writer.OPENNMS, 2), true).registry();
        metrics.written(160);
        metrics.newtsCalls().writtenButNotIndexed(16);
        assertEquals(144, r.getMeters().get("repository.samples-inserted").getCount());
        metrics.written(10);
        assertEquals(154, r.getMeters().get("repository.samples-inserted").getCount(), "the meter follows the counter");
        assertEquals(46, r.getMeters().get("search.inserts").getCount(), "index rows");
    }

    @Test
    void cacheQuestionsAreNewtsMeters() {
        var r = names(config(Writer.OPENNMS, 2), true).registry();
        metrics.newtsCalls().asked(10, 1, 140, 14);
        assertEquals(10, r.getMeters().get("cache.metric-reqs").getCount());
        assertEquals(1, r.getMeters().get("cache.metric-misses").getCount());
        assertEquals(140, r.getMeters().get("cache.attribute-reqs").getCount());
        assertEquals(14, r.getMeters().get("cache.attribute-misses").getCount());
    }

    @Test
    void withRedisTheQuestionMetersNeverMoveAndMaxSizeIsZeroAsInOpenNms() {
        var r = names(config(Writer.OPENNMS, 2).cache(CacheKind.REDIS), true).registry();
        metrics.newtsCalls().asked(10, 1, 140, 14);
        assertEquals(0, r.getMeters().get("cache.metric-reqs").getCount());
        assertEquals(0, r.getMeters().get("cache.attribute-misses").getCount());
        assertEquals(0L, r.getGauges().get("cache.max-size").getValue());
    }

    @Test
    void timersAreTheWriterCalls() {
        var r = names(config(Writer.OPENNMS, 2), true).registry();
        metrics.newtsCalls().inserted(TimeUnit.MILLISECONDS.toNanos(3));
        metrics.newtsCalls().inserted(TimeUnit.MILLISECONDS.toNanos(5));
        metrics.newtsCalls().updated(TimeUnit.MILLISECONDS.toNanos(2));
        Timer insert = r.getTimers().get("repository.insert-timer");
        assertEquals(2, insert.getCount());
        assertEquals(5.0, insert.getSnapshot().getMax() / 1e6, 0.01);
        assertEquals(1, r.getTimers().get("search.update").getCount());
    }

    @Test
    void jmxObjectNamesAreDropwizard4sAsOpenNmsPublishesThem() throws Exception {
        var n = names(config(Writer.OPENNMS, 2), true);
        metrics.written(42);
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        try (JmxReporter jmx = JmxReporter.forRegistry(n.registry()).inDomain(OpenNmsNames.DOMAIN).registerWith(server).build()) {
            jmx.start();
            Set<String> beans = new TreeSet<>();
            for (ObjectName o : server.queryNames(new ObjectName(OpenNmsNames.DOMAIN + ":*"), null)) {
                beans.add(o.getCanonicalName());
            }
            assertTrue(beans.contains("org.opennms.newts:name=repository.samples-inserted,type=meters"), beans.toString());
            assertTrue(beans.contains("org.opennms.newts:name=ring-buffer.dropped-samples,type=meters"), beans.toString());
            assertTrue(beans.contains("org.opennms.newts:name=ring-buffer.max-size,type=gauges"), beans.toString());
            assertTrue(beans.contains("org.opennms.newts:name=repository.insert-timer,type=timers"), beans.toString());
            assertEquals(13, beans.size(), beans.toString());
            ObjectName inserted = new ObjectName("org.opennms.newts:name=repository.samples-inserted,type=meters");
            assertEquals(42L, server.getAttribute(inserted, "Count"));
            // The JMX exporter names a bean by its FIRST key's value: name must come before type.
            assertTrue(server.queryNames(inserted, null).iterator().next().getKeyPropertyListString().startsWith("name="));
            assertEquals(8192L, server.getAttribute(new ObjectName("org.opennms.newts:name=ring-buffer.max-size,type=gauges"),
                    "Value"));
        }
        assertTrue(server.queryNames(new ObjectName(OpenNmsNames.DOMAIN + ":*"), null).isEmpty());
    }

    @Test
    void aCountedMeterFollowsItsCountAndRates() {
        AtomicLong count = new AtomicLong();
        CountedMeter m = new CountedMeter(count::get);
        count.set(100);
        assertEquals(100, m.getCount());
        assertTrue(m.getMeanRate() > 0, "a mean rate from the count");
        count.set(150);
        m.catchUp();
        assertEquals(150, m.getCount());
        assertInstanceOf(Meter.class, m);
    }

    @Test
    void gaugesAreLongsAsOpenNmsRegistersThem() {
        var r = names(config(Writer.OPENNMS, 2), true).registry();
        for (Gauge<?> g : r.getGauges().values()) {
            assertInstanceOf(Long.class, g.getValue());
        }
        assertFalse(r.getGauges().isEmpty());
    }
}
