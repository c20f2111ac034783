package org.metricsstress.live;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.Meter;
import com.codahale.metrics.MetricRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.metricsstress.config.CacheKind;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.Counts;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.NewtsCalls;
import org.metricsstress.metrics.StressMetrics;

/**
 * The run's figures under the names OpenNMS gives its Newts writer's metrics (Dropwizard names,
 * published over JMX in domain {@value #DOMAIN}), with OpenNMS's metric types: so a dashboard or
 * alert built on OpenNMS reads a stress run too. Each is read from a figure the run keeps anyway;
 * where the two differ in meaning, docs/reports.md ("OpenNMS's names") says how.
 *
 * <p>What only a writer model that indexes inline, as OpenNMS's does, is published only with such a
 * model: the insert timer (a chunk's samples and its inline indexing), the indexer's update timer and
 * the cache's question meters. The pipelined writer makes no such calls, and a zero would claim it did.
 */
public final class OpenNmsNames {
    /** OpenNMS's JMX domain for the Newts metric registry. */
    public static final String DOMAIN = "org.opennms.newts";

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

    private final MetricRegistry registry = new MetricRegistry();
    private final List<CountedMeter> meters = new ArrayList<>();

    /**
     * What the names are read from.
     *
     * @param ringQueued what occupies the ring now (events with --writer opennms, commit slots pipelined)
     * @param ringSize   the ring's capacity in the same unit
     * @param index      the index figures, or null when the run does not index
     * @param cacheSize  entries in the resource cache now, or null without one
     */
    public record Sources(StressConfig config, StressMetrics metrics, LongSupplier ringQueued, long ringSize,
            IndexMetrics index, LongSupplier cacheSize) {}

    public OpenNmsNames(Sources s) {
        StressMetrics m = s.metrics();
        NewtsCalls calls = m.newtsCalls();
        boolean inline = s.config().pipeline().model().indexesInline();
        // An index-only event holds one sample per resource with string attributes (OpenNMS's
        // "strings" sample), so a dropped one counts one sample in OpenNMS's meter; without strings
        // it is empty and counts none.
        boolean strings = s.config().plan().strings() > 0;

        gauge(RING_SIZE, s.ringQueued());
        long ringSize = s.ringSize();
        gauge(RING_MAX_SIZE, () -> ringSize);
        meter(DROPPED_SAMPLES, () -> {
            Counts c = m.counts();
            return c.dropped() + (strings ? c.indexEventsDropped() : 0);
        });
        // OpenNMS marks samples-inserted after the chunk's indexing returned: a chunk whose
        // indexing failed is written but never counted.
        meter(SAMPLES_INSERTED, () -> m.counts().written() - calls.samplesNotInserted());
        if (inline) {
            registry.register(INSERT_TIMER, calls.insertTimer());
        }
        if (s.index() != null) {
            IndexMetrics index = s.index();
            meter(SEARCH_INSERTS, index::rowsWritten);
            if (inline) {
                registry.register(SEARCH_UPDATE, calls.updateTimer());
            }
        }
        if (s.cacheSize() != null) {
            boolean guava = s.config().index().cache() == CacheKind.GUAVA;
            if (inline) {
                // OpenNMS's Redis cache hands out deserialised entries whose meters are transient,
                // so its question meters never move: so here too.
                meter(METRIC_REQS, guava ? calls::metricReqs : () -> 0);
                meter(METRIC_MISSES, guava ? calls::metricMisses : () -> 0);
                meter(ATTRIBUTE_REQS, guava ? calls::attributeReqs : () -> 0);
                meter(ATTRIBUTE_MISSES, guava ? calls::attributeMisses : () -> 0);
            }
            gauge(CACHE_SIZE, s.cacheSize());
            // OpenNMS's Redis cache reports a max-size of 0: it has no bound.
            long max = guava ? s.config().index().cacheMaxEntries() : 0;
            gauge(CACHE_MAX_SIZE, () -> max);
        }
    }

    private void gauge(String name, LongSupplier value) {
        registry.register(name, (Gauge<Long>) value::getAsLong);
    }

    private void meter(String name, LongSupplier count) {
        CountedMeter meter = new CountedMeter(count);
        meters.add(meter);
        registry.register(name, (Meter) meter);
    }

    /** The metrics by OpenNMS's names, for a JMX reporter in {@value #DOMAIN} and the Prometheus endpoint. */
    public MetricRegistry registry() {
        return registry;
    }

    /** Brings every meter up to its count: at each report interval, so their moving averages tick on time. */
    public void catchUp() {
        for (CountedMeter meter : meters) {
            meter.catchUp();
        }
    }
}
