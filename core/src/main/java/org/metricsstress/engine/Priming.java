package org.metricsstress.engine;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.PrintStream;
import org.metricsstress.cache.CacheView;
import org.metricsstress.config.StressConfig;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.index.CachePrimer;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.writer.CachePriming;
import org.metricsstress.writer.Writers;

/**
 * The resource cache primed from the keyspace before the run (--prime-cache), each writer model its
 * own way ({@link org.metricsstress.writer.WriterRuntime#prime}): one finishes before the start,
 * another goes on beside the run and is stopped on {@link #close()}.
 */
final class Priming implements AutoCloseable {
    private final CachePriming priming;

    private Priming(CachePriming priming) {
        this.priming = priming;
    }

    /** Primes {@code cache} as the configuration asks; nothing without a cache or --prime-cache. */
    static Priming start(CqlSession session, StressConfig config, StressPlan plan, CacheView cache, PrintStream out)
            throws ClusterException {
        if (cache == null || !config.index().primeCache()) {
            return new Priming(CachePriming.NONE);
        }
        return new Priming(Writers.of(config).prime(session, config, plan, cache, out));
    }

    /** What priming has done so far (it may still be going); null when there was none. */
    CachePrimer.Primed primed() {
        return priming.primed();
    }

    @Override
    public void close() {
        priming.close();
    }
}
