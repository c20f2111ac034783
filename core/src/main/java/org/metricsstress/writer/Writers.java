package org.metricsstress.writer;

import com.datastax.oss.driver.api.core.CqlSession;
import org.metricsstress.cache.CacheView;
import org.metricsstress.cache.MetadataCache;
import org.metricsstress.cache.ResourceCache;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.Pipeline;
import org.metricsstress.plan.StressPlan;

/** Builds the writer model a run asks for. */
public final class Writers {
    private Writers() {}

    /**
     * @param cache        the resource cache, or null without indexing
     * @param indexMetrics the index figures, or null without indexing
     */
    public static Pipeline open(CqlSession session, StressConfig config, StressPlan plan, CacheView cache,
            IndexMetrics indexMetrics, StressMetrics metrics) {
        return switch (config.pipeline().writer()) {
            case OPENNMS -> new OpenNmsWriter(session, config, plan, cacheOf(MetadataCache.class, cache), metrics,
                    indexMetrics);
            case PIPELINED -> new PipelinedWriter(session, config, plan, cacheOf(ResourceCache.class, cache), metrics,
                    indexMetrics);
        };
    }

    /** The cache as the writer model needs it: each model asks its own kind ({@link Caches#open}). */
    private static <T> T cacheOf(Class<T> kind, CacheView cache) {
        if (cache != null && !kind.isInstance(cache)) {
            throw new IllegalArgumentException("--writer needs a " + kind.getSimpleName() + ", got " + cache.describe());
        }
        return kind.cast(cache);
    }
}
