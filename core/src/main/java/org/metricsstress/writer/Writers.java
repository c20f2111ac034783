package org.metricsstress.writer;

import com.datastax.oss.driver.api.core.CqlSession;
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
    public static Pipeline open(CqlSession session, StressConfig config, StressPlan plan, ResourceCache cache,
            IndexMetrics indexMetrics, StressMetrics metrics) {
        return new PipelinedWriter(session, config, plan, cache, metrics, indexMetrics);
    }
}
