package org.metricsstress.api;

import java.time.Duration;
import org.metricsstress.config.StressConfig;

/**
 * How long a front end waits, once it has asked a run to stop (Ctrl-C, SIGTERM, the Karaf bundle
 * stopping), for the run to drain and print its summary before it gives up on it: the run's
 * --drain-timeout, one --request-timeout for the requests still settling after it, and a margin for
 * the summary and the files. One bound for every front end.
 */
public final class DrainBound {
    /** The summary, the result's files and what else follows the drain. */
    private static final Duration AFTER_THE_DRAIN = Duration.ofSeconds(30);

    private DrainBound() {}

    /** The bound for a run of {@code config}. */
    public static Duration of(StressConfig config) {
        return config.pipeline().drainTimeout().plus(config.cluster().requestTimeout()).plus(AFTER_THE_DRAIN);
    }

    /** The bound for a run of the defaults: for a stop that comes before the run's configuration is known. */
    public static Duration ofDefaults() {
        return of(StressConfig.builder().build());
    }
}
