package org.metricsstress.writer;

import com.datastax.oss.driver.api.core.CqlSession;
import org.metricsstress.cache.CacheView;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.WriterModel;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.Pipeline;
import org.metricsstress.plan.StressPlan;

/** The writer model a run asks for, with what runs it. */
public final class Writers {
    private Writers() {}

    /** The run's model: every registered model runs (the models here are {@link WriterRuntime}s). */
    public static WriterRuntime of(StressConfig config) {
        WriterModel m = config.pipeline().model();
        if (!(m instanceof WriterRuntime runtime)) {
            throw new IllegalStateException("--writer " + m.label() + ": " + m.getClass().getName() + " cannot run");
        }
        return runtime;
    }

    /**
     * @param cache        the resource cache, or null without indexing
     * @param indexMetrics the index figures, or null without indexing
     */
    public static Pipeline open(CqlSession session, StressConfig config, StressPlan plan, CacheView cache,
            IndexMetrics indexMetrics, StressMetrics metrics) {
        return of(config).open(session, config, plan, cache, indexMetrics, metrics);
    }

    /** The cache as the writer model needs it: each model asks its own kind ({@link WriterRuntime#openCache}). */
    public static <T> T cacheOf(Class<T> kind, CacheView cache) {
        if (cache != null && !kind.isInstance(cache)) {
            throw new IllegalArgumentException("--writer needs a " + kind.getSimpleName() + ", got " + cache.describe());
        }
        return kind.cast(cache);
    }
}
