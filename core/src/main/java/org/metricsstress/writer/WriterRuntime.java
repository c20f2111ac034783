package org.metricsstress.writer;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.PrintStream;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cache.CacheView;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.WriterModel;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.Pipeline;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.result.SeriesLosses;
import org.metricsstress.result.VerifyReport;

/**
 * A writer model with what runs it: its own kind of cache, its way of priming that cache, and its
 * pipeline. What the layers below may know of the model is its {@link WriterModel} face.
 */
public interface WriterRuntime extends WriterModel {

    /** The cache this model asks for (Guava or Redis, in its own shape). */
    CacheView openCache(StressConfig c) throws CacheUnavailableException;

    /** Primes {@code cache} from the keyspace (--prime-cache), the model's way. */
    CachePriming prime(CqlSession session, StressConfig config, StressPlan plan, CacheView cache, PrintStream out)
            throws ClusterException;

    /**
     * @param cache        the cache {@link #openCache} gave, or null without indexing
     * @param indexMetrics the index figures, or null without indexing
     */
    /**
     * {@code --verify-after}: reads a finished run back from where this model wrote it; null when
     * that is Cassandra's Newts tables (the engine's read-back does it).
     */
    default VerifyReport readBack(StressConfig config, long startMillis, double generationSeconds, double fraction,
            SeriesLosses losses, PrintStream out) {
        return null;
    }

    Pipeline open(CqlSession session, StressConfig config, StressPlan plan, CacheView cache, IndexMetrics indexMetrics,
            StressMetrics metrics) throws ClusterException;
}
