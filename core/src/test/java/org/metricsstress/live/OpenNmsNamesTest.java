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
    private static final String NEWTS = "org.opennms.newts";
    private static final String TIMESERIES = "org.opennms.timeseries";
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
        var r = n.registry(NEWTS);
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
        var r = n.registry(NEWTS);
        assertTrue(r.getTimers().isEmpty(), r.getTimers().keySet().toString());
        assertEquals(Set.of("ring-buffer.dropped-samples", "repository.samples-inserted", "search.inserts"),
                r.getMeters().keySet());
        assertEquals(Set.of("ring-buffer.size", "ring-buffer.max-size", "cache.size", "cache.max-size"), r.getGauges().keySet());
    }

    @Test
    void withoutIndexingThereIsNoSearchNorCache() {
        var r = names(config(Writer.OPENNMS, 0).index(false), false).registry(NEWTS);
        assertEquals(Set.of("ring-buffer.size", "ring-buffer.max-size"), r.getGauges().keySet());
        assertEquals(Set.of("ring-buffer.dropped-samples", "repository.samples-inserted"), r.getMeters().keySet());
        assertEquals(Set.of("repository.insert-timer"), r.getTimers().keySet());
    }

    @Test
    void ringGaugesReadTheRing() {
        var r = names(config(Writer.OPENNMS, 2), true).registry(NEWTS);
        queued.set(4_711);
        assertEquals(4_711L, r.getGauges().get("ring-buffer.size").getValue());
        assertEquals(8_192L, r.getGauges().get("ring-buffer.max-size").getValue());
        cacheEntries.set(12);
        assertEquals(12L, r.getGauges().get("cache.size").getValue());
        assertEquals(15_000L, r.getGauges().get("cache.max-size").getValue());
    }

    @Test
    void droppedSamplesCountTheStringsSampleOfEveryDroppedIndexEvent() {
        var withStrings = names(config(Writer.OPENNMS, 2), true).registry(NEWTS);
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
        var r = names(config(Writer.OPENNMS, 0), true).registry(NEWTS);
        metrics.dropped(0, 10);
        metrics.indexEventDropped();
        assertEquals(10, r.getMeters().get("ring-buffer.dropped-samples").getCount());
    }

    @Test
    void samplesInsertedLeaveOutChunksWhoseIndexingFailed() {
        var r = names(config(Writer.OPENNMS, 2), true).registry(NEWTS);
        metrics.written(160);
        metrics.newtsCalls().writtenButNotIndexed(16);
        assertEquals(144, r.getMeters().get("repository.samples-inserted").getCount());
        metrics.written(10);
        assertEquals(154, r.getMeters().get("repository.samples-inserted").getCount(), "the meter follows the counter");
        assertEquals(46, r.getMeters().get("search.inserts").getCount(), "index rows");
    }

    @Test
    void cacheQuestionsAreNewtsMeters() {
        var r = names(config(Writer.OPENNMS, 2), true).registry(NEWTS);
        metrics.newtsCalls().asked(10, 1, 140, 14);
        assertEquals(10, r.getMeters().get("cache.metric-reqs").getCount());
        assertEquals(1, r.getMeters().get("cache.metric-misses").getCount());
        assertEquals(140, r.getMeters().get("cache.attribute-reqs").getCount());
        assertEquals(14, r.getMeters().get("cache.attribute-misses").getCount());
    }

    @Test
    void withRedisTheQuestionMetersNeverMoveAndMaxSizeIsZeroAsInOpenNms() {
        var r = names(config(Writer.OPENNMS, 2).cache(CacheKind.REDIS), true).registry(NEWTS);
        metrics.newtsCalls().asked(10, 1, 140, 14);
        assertEquals(0, r.getMeters().get("cache.metric-reqs").getCount());
        assertEquals(0, r.getMeters().get("cache.attribute-misses").getCount());
        assertEquals(0L, r.getGauges().get("cache.max-size").getValue());
    }

    @Test
    void timersAreTheWriterCalls() {
        var r = names(config(Writer.OPENNMS, 2), true).registry(NEWTS);
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
        try (JmxReporter jmx = JmxReporter.forRegistry(n.registry(NEWTS)).inDomain(NEWTS).registerWith(server).build()) {
            jmx.start();
            Set<String> beans = new TreeSet<>();
            for (ObjectName o : server.queryNames(new ObjectName(NEWTS + ":*"), null)) {
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
        assertTrue(server.queryNames(new ObjectName(NEWTS + ":*"), null).isEmpty());
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
        var r = names(config(Writer.OPENNMS, 2), true).registry(NEWTS);
        for (Gauge<?> g : r.getGauges().values()) {
            assertInstanceOf(Long.class, g.getValue());
        }
        assertFalse(r.getGauges().isEmpty());
    }

    private final StressMetrics beside = new StressMetrics();
    private final AtomicLong besideQueued = new AtomicLong();

    private static StressConfig.Builder tss() {
        return StressConfig.builder().writer(Writer.TSS).tssWriteUrl(java.net.URI.create("http://127.0.0.1:9090/api/v1/write"));
    }

    @Test
    void aTssRunPublishesTheTimeSeriesWritersNamesAndNoneOfNewts() {
        OpenNmsNames n = new OpenNmsNames(new OpenNmsNames.Sources(tss().build(), metrics, queued::get, 8192, null, null));
        assertEquals(Set.of(TIMESERIES), n.registries().keySet());
        var r = n.registry(TIMESERIES);
        assertEquals(Set.of("ring-buffer.size", "ring-buffer.max-size"), r.getGauges().keySet());
        assertEquals(Set.of("ring-buffer.dropped-samples"), r.getMeters().keySet());
        assertEquals(Set.of("samples.write.ts"), r.getTimers().keySet());
        queued.set(33);
        metrics.dropped(0, 10);
        metrics.dropped(1, 10);
        metrics.workerClock().event(TimeUnit.MILLISECONDS.toNanos(7));
        assertEquals(33L, r.getGauges().get("ring-buffer.size").getValue());
        assertEquals(8_192L, r.getGauges().get("ring-buffer.max-size").getValue());
        assertEquals(20, r.getMeters().get("ring-buffer.dropped-samples").getCount(), "the dropped groups' samples");
        Timer write = r.getTimers().get("samples.write.ts");
        assertEquals(1, write.getCount());
        assertEquals(7.0, write.getSnapshot().getMax() / 1e6, 0.01, "the writer thread's whole event");
    }

    @Test
    void aParallelWritePublishesBothDomainsEachFromItsOwnPath() {
        StressConfig config = tss().writers(org.metricsstress.config.WriterPaths.parse("--writer", "opennms,tss"))
                .strings(0).build();
        OpenNmsNames n = new OpenNmsNames(new OpenNmsNames.Sources(config, metrics, queued::get, 8192, null, null,
                new OpenNmsNames.Beside(beside, besideQueued::get, 1024)));
        assertEquals(java.util.List.of(NEWTS, TIMESERIES), java.util.List.copyOf(n.registries().keySet()),
                "the paths' order");
        metrics.dropped(0, 10);
        beside.dropped(0, 3);
        queued.set(5);
        besideQueued.set(9);
        beside.workerClock().event(1_000_000);
        beside.workerClock().event(1_000_000);
        var newts = n.registry(NEWTS);
        var ts = n.registry(TIMESERIES);
        assertEquals(10, newts.getMeters().get("ring-buffer.dropped-samples").getCount());
        assertEquals(3, ts.getMeters().get("ring-buffer.dropped-samples").getCount());
        assertEquals(5L, newts.getGauges().get("ring-buffer.size").getValue());
        assertEquals(9L, ts.getGauges().get("ring-buffer.size").getValue());
        assertEquals(1_024L, ts.getGauges().get("ring-buffer.max-size").getValue());
        assertEquals(2, ts.getTimers().get("samples.write.ts").getCount());
        assertTrue(newts.getTimers().containsKey("repository.insert-timer"), "the Newts path's own timer stays");
    }

    @Test
    void theTimeSeriesBeansAreInTheirOwnJmxDomain() throws Exception {
        OpenNmsNames n = new OpenNmsNames(new OpenNmsNames.Sources(tss().build(), metrics, queued::get, 8192, null, null));
        metrics.dropped(0, 4);
        MBeanServer server = MBeanServerFactory.newMBeanServer();
        try (JmxReporter jmx = JmxReporter.forRegistry(n.registry(TIMESERIES)).inDomain(TIMESERIES).registerWith(server)
                .build()) {
            jmx.start();
            Set<String> beans = new TreeSet<>();
            for (ObjectName o : server.queryNames(new ObjectName("org.opennms.*:*"), null)) {
                beans.add(o.getCanonicalName());
            }
            assertEquals(Set.of("org.opennms.timeseries:name=ring-buffer.dropped-samples,type=meters",
                    "org.opennms.timeseries:name=ring-buffer.max-size,type=gauges",
                    "org.opennms.timeseries:name=ring-buffer.size,type=gauges",
                    "org.opennms.timeseries:name=samples.write.ts,type=timers"), beans);
            assertEquals(4L, server.getAttribute(
                    new ObjectName("org.opennms.timeseries:name=ring-buffer.dropped-samples,type=meters"), "Count"));
        }
    }
}
