package org.metricsstress.api;

import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.config.StressConfig;
import org.metricsstress.engine.StressEngine;

/**
 * A run's Redis reached before anything is spent on the run: a shell that starts a node for it
 * checks here first, so a wrong address or password costs no node's start (12 s for Cassandra).
 */
public final class CacheCheck {
    private CacheCheck() {}

    /** Nothing to reach unless the run indexes through Redis; else its PING, or the run's own one-line refusal. */
    public static void reach(StressConfig config) throws CacheUnavailableException {
        StressEngine.reachCache(config);
    }
}
