package org.metricsstress.writer;

import com.datastax.oss.driver.api.core.CqlSession;
import org.metricsstress.cache.CacheView;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.WriterModel;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.Pipeline;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.result.RemoteWriteSummary;

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
            IndexMetrics indexMetrics, StressMetrics metrics) throws ClusterException {
        return of(config).open(session, config, plan, cache, indexMetrics, metrics);
    }

    /**
     * The pipeline of the path written beside the run's own ({@code --writer opennms,tss}), counting into
     * its own {@code metrics}; null when the run has one path. It writes to no Cassandra.
     */
    public static Pipeline openBeside(StressConfig config, StressPlan plan, StressMetrics metrics)
            throws ClusterException {
        WriterModel m = config.pipeline().besideModel();
        if (m == null) {
            return null;
        }
        if (!(m instanceof WriterRuntime runtime)) {
            throw new IllegalStateException("--writer " + m.label() + ": " + m.getClass().getName() + " cannot run");
        }
        return runtime.open(null, config, plan, null, null, metrics);
    }

    /** The figures a pipeline keeps of its own path (the TSS path's), or null for one that keeps none. */
    public static RemoteWriteSummary figuresOf(Pipeline pipeline) {
        return pipeline instanceof PathFigures f ? f.figures() : null;
    }

    /** The cache as the writer model needs it: each model asks its own kind ({@link WriterRuntime#openCache}). */
    public static <T> T cacheOf(Class<T> kind, CacheView cache) {
        if (cache != null && !kind.isInstance(cache)) {
            throw new IllegalArgumentException("--writer needs a " + kind.getSimpleName() + ", got " + cache.describe());
        }
        return kind.cast(cache);
    }
}
