package org.metricsstress.engine;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.PrintStream;
import org.metricsstress.cache.CacheView;
import org.metricsstress.cache.MetadataCache;
import org.metricsstress.cache.ResourceCache;
import org.metricsstress.config.StressConfig;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.index.CachePrimer;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.opennms.MetadataPrimer;
import org.metricsstress.plan.StressPlan;

/**
 * The resource cache primed from the keyspace before the run (--prime-cache), each writer model its
 * own way: the pipelined writer's {@link CachePrimer} finishes before the start; current OpenNMS's
 * {@link MetadataPrimer} goes on beside the run once start-up has waited at most --priming-block,
 * and is stopped on {@link #close()}.
 */
final class Priming implements AutoCloseable {
    private static final Priming NONE = new Priming(null, null);

    private final CachePrimer.Primed done;
    private final MetadataPrimer stillPriming;

    private Priming(CachePrimer.Primed done, MetadataPrimer stillPriming) {
        this.done = done;
        this.stillPriming = stillPriming;
    }

    /** Primes {@code cache} as the configuration asks; nothing without a cache or --prime-cache. */
    static Priming start(CqlSession session, StressConfig config, StressPlan plan, CacheView cache, PrintStream out)
            throws ClusterException {
        if (cache == null || !config.index().primeCache()) {
            return NONE;
        }
        if (config.pipeline().opennms()) {
            return new Priming(null, startOpenNms(session, config, plan, (MetadataCache) cache, out));
        }
        return new Priming(ClusterStep.onCluster("priming the cache from " + config.schema().keyspace(),
                () -> new CachePrimer(session, config.schema().keyspace(), (ResourceCache) cache,
                        ResourceNames.storeByForeignSource(config.plan().resourceIds().storeByForeignSource()),
                        out).prime()), null);
    }

    /** Current OpenNMS's priming: start-up waits for it at most --priming-block. */
    private static MetadataPrimer startOpenNms(CqlSession session, StressConfig config, StressPlan plan,
            MetadataCache cache, PrintStream out) throws ClusterException {
        try {
            return MetadataPrimer.start(session, config.schema().keyspace(), cache, plan,
                    config.pipeline().maxBatchSize(), config.index().cacheMaxEntries(), config.schema().ttl().getSeconds(),
                    config.index().primingBlock(), out);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while priming the cache");
        }
    }

    /** What priming has done so far (OpenNMS's may still be going); null when there was none. */
    CachePrimer.Primed primed() {
        if (stillPriming == null) {
            return done;
        }
        MetadataPrimer.Primed p = stillPriming.primed();
        return new CachePrimer.Primed(p.groupResources(), p.interfaceResources(), p.rowsRead(), p.seconds());
    }

    @Override
    public void close() {
        if (stillPriming != null) {
            stillPriming.close();
        }
    }
}
