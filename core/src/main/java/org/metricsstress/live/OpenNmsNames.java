package org.metricsstress.live;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricRegistry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.metricsstress.config.CacheKind;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.WriterModel;
import org.metricsstress.metrics.Counts;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.NewtsCalls;
import org.metricsstress.metrics.StressMetrics;

/**
 * The run's figures under the names OpenNMS gives its writers' metrics (Dropwizard names, published
 * over JMX in the domain of the writer's registry), with OpenNMS's metric types: so a dashboard or
 * alert built on OpenNMS reads a stress run too. Each write path publishes the names of the writer
 * its model is ({@link WriterModel#openNmsMetrics}): NewtsWriter's in {@code org.opennms.newts}, the
 * time series integration layer's RingBufferTimeseriesWriter's in {@code org.opennms.timeseries}; a parallel write
 * publishes both, each read from its own path. Each is read from a figure the run keeps anyway;
 * where the two differ in meaning, docs/reports.md ("OpenNMS's names") says how.
 *
 * <p>What only a writer model that indexes inline, as OpenNMS's does, is published only with such a
 * model: the insert timer (a chunk's samples and its inline indexing), the indexer's update timer and
 * the cache's question meters. The pipelined writer makes no such calls, and a zero would claim it did.
 */
public final class OpenNmsNames {
    static final String RING_SIZE = "ring-buffer.size";
    static final String RING_MAX_SIZE = "ring-buffer.max-size";
    static final String DROPPED_SAMPLES = "ring-buffer.dropped-samples";
    static final String INSERT_TIMER = "repository.insert-timer";
    static final String SAMPLES_INSERTED = "repository.samples-inserted";
    static final String SEARCH_UPDATE = "search.update";
    static final String SEARCH_INSERTS = "search.inserts";
    static final String METRIC_REQS = "cache.metric-reqs";
    static final String METRIC_MISSES = "cache.metric-misses";
    static final String ATTRIBUTE_REQS = "cache.attribute-reqs";
    static final String ATTRIBUTE_MISSES = "cache.attribute-misses";
    static final String CACHE_SIZE = "cache.size";
    static final String CACHE_MAX_SIZE = "cache.max-size";
    static final String SAMPLES_WRITE_TS = "samples.write.ts";

    /** Per JMX domain, in the order of the paths: LinkedHashMap. */
    private final Map<String, MetricRegistry> registries = new LinkedHashMap<>();
    private final List<CountedMeter> meters = new ArrayList<>();

    /**
     * What the names are read from.
     *
     * @param ringQueued what occupies the ring now (events with --writer opennms, commit slots pipelined)
     * @param ringSize   the ring's capacity in the same unit
     * @param index      the index figures, or null when the run does not index
     * @param cacheSize  entries in the resource cache now, or null without one
     * @param beside     the path written beside the run's own (a parallel write), or null
     */
    public record Sources(StressConfig config, StressMetrics metrics, LongSupplier ringQueued, long ringSize,
            IndexMetrics index, LongSupplier cacheSize, Beside beside) {

        /** A run of one path. */
        public Sources(StressConfig config, StressMetrics metrics, LongSupplier ringQueued, long ringSize,
                IndexMetrics index, LongSupplier cacheSize) {
            this(config, metrics, ringQueued, ringSize, index, cacheSize, null);
        }
    }

    /** The path beside (its model is the configuration's besideModel): its own counts and ring. */
    public record Beside(StressMetrics metrics, LongSupplier ringQueued, long ringSize) {}

    public OpenNmsNames(Sources s) {
        publish(s.config().pipeline().model(), s.config(), s.metrics(), s.ringQueued(), s.ringSize(), s.index(),
                s.cacheSize());
        if (s.beside() != null) {
            Beside b = s.beside();
            // The path beside writes to no Cassandra: it has neither an index nor a resource cache.
            publish(s.config().pipeline().besideModel(), s.config(), b.metrics(), b.ringQueued(), b.ringSize(), null,
                    null);
        }
    }

    private void publish(WriterModel model, StressConfig config, StressMetrics metrics, LongSupplier ringQueued,
            long ringSize, IndexMetrics index, LongSupplier cacheSize) {
        String domain = model.openNmsMetrics().domain();
        if (registries.containsKey(domain)) {
            return; // --writer allows no two paths of one writer; the first keeps the names
        }
        MetricRegistry registry = new MetricRegistry();
        registries.put(domain, registry);
        switch (model.openNmsMetrics()) {
            case NEWTS -> newts(registry, model, config, metrics, ringQueued, ringSize, index, cacheSize);
            case TIMESERIES -> timeseries(registry, metrics, ringQueued, ringSize);
        }
    }

    /**
     * RingBufferTimeseriesWriter's: its ring (one event per group), the samples of the groups it
     * dropped when full, and its writer threads' onEvent, store() included. Its other timer
     * ({@code samples.write.integration}, the collector's commit) and its caches' figures have no
     * counterpart in a run: it has no collector and no meta-tag cache.
     */
    private void timeseries(MetricRegistry registry, StressMetrics m, LongSupplier ringQueued, long ringSize) {
        gauge(registry, RING_SIZE, ringQueued);
        gauge(registry, RING_MAX_SIZE, () -> ringSize);
        meter(registry, DROPPED_SAMPLES, () -> m.counts().dropped());
        registry.register(SAMPLES_WRITE_TS, m.workerClock().eventTimer());
    }

    private void newts(MetricRegistry registry, WriterModel model, StressConfig config, StressMetrics m,
            LongSupplier ringQueued, long ringSize, IndexMetrics index, LongSupplier cacheSize) {
        NewtsCalls calls = m.newtsCalls();
        boolean inline = model.indexesInline();
        // An index-only event holds one sample per resource with string attributes (OpenNMS's
        // "strings" sample), so a dropped one counts one sample in OpenNMS's meter; without strings
        // it is empty and counts none.
        boolean strings = config.plan().strings() > 0;

        gauge(registry, RING_SIZE, ringQueued);
        gauge(registry, RING_MAX_SIZE, () -> ringSize);
        meter(registry, DROPPED_SAMPLES, () -> {
            Counts c = m.counts();
            return c.dropped() + (strings ? c.indexEventsDropped() : 0);
        });
        // OpenNMS marks samples-inserted after the chunk's indexing returned: a chunk whose
        // indexing failed is written but never counted.
        meter(registry, SAMPLES_INSERTED, () -> m.counts().written() - calls.samplesNotInserted());
        if (inline) {
            registry.register(INSERT_TIMER, calls.insertTimer());
        }
        if (index != null) {
            meter(registry, SEARCH_INSERTS, index::rowsWritten);
            if (inline) {
                registry.register(SEARCH_UPDATE, calls.updateTimer());
            }
        }
        if (cacheSize != null) {
            boolean guava = config.index().cache() == CacheKind.GUAVA;
            if (inline) {
                // OpenNMS's Redis cache hands out deserialised entries whose meters are transient,
                // so its question meters never move: so here too.
                meter(registry, METRIC_REQS, guava ? calls::metricReqs : () -> 0);
                meter(registry, METRIC_MISSES, guava ? calls::metricMisses : () -> 0);
                meter(registry, ATTRIBUTE_REQS, guava ? calls::attributeReqs : () -> 0);
                meter(registry, ATTRIBUTE_MISSES, guava ? calls::attributeMisses : () -> 0);
            }
            gauge(registry, CACHE_SIZE, cacheSize);
            // OpenNMS's Redis cache reports a max-size of 0: it has no bound.
            long max = guava ? config.index().cacheMaxEntries() : 0;
            gauge(registry, CACHE_MAX_SIZE, () -> max);
        }
    }

    private static void gauge(MetricRegistry registry, String name, LongSupplier value) {
        registry.register(name, (Gauge<Long>) value::getAsLong);
    }

    private void meter(MetricRegistry registry, String name, LongSupplier count) {
        CountedMeter meter = new CountedMeter(count);
        meters.add(meter);
        registry.register(name, (Meter) meter);
    }

    /**
     * The metrics by OpenNMS's names, per JMX domain in the order of the run's paths: for a JMX
     * reporter in each domain and the Prometheus endpoint.
     */
    public Map<String, MetricRegistry> registries() {
        return Collections.unmodifiableMap(registries);
    }

    /** The registry of {@code domain}; an empty one when no path of the run publishes it. */
    public MetricRegistry registry(String domain) {
        return registries.getOrDefault(domain, new MetricRegistry());
    }

    /** Brings every meter up to its count: at each report interval, so their moving averages tick on time. */
    public void catchUp() {
        for (CountedMeter meter : meters) {
            meter.catchUp();
        }
    }
}
