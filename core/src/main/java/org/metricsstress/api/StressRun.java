package org.metricsstress.api;

import org.metricsstress.report.RunReport;
import java.io.PrintStream;
import java.util.Map;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.config.StressConfig;
import org.metricsstress.engine.StressEngine;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.result.Distance;
import java.util.concurrent.TimeUnit;

/**
 * A stress run, as every front end and test starts one: build a {@link StressConfig} (from the
 * option table, through a front end's parser, or with its builder), {@link #execute()} it, and
 * act on the {@link Outcome}. The run prints its reports and summary to the stream it is given.
 */
public final class StressRun {
    private final StressConfig config;
    private final PrintStream out;
    private final StressEngine engine;

    public StressRun(StressConfig config, PrintStream out) {
        this.config = config;
        this.out = out;
        this.engine = new StressEngine(config, out);
    }

    /**
     * The cluster's data centres are this far apart, one way ("dc1-dc2" to "10ms"): printed in the
     * header, kept in the result JSON and drawn in the HTML report. {@code relays} reads the relays
     * making the distance when they run in this process, null when not: the run reports their bytes
     * and CPU time, which its client CPU includes. Before {@link #execute()}.
     */
    public StressRun distance(Map<String, String> oneWay, RelayMeter relays) {
        engine.distance(oneWay, relays == null ? null
                : () -> new Distance.Relays(relays.bytes(), relays.cpuNanos() / 1e9));
        return this;
    }

    /** Ends generation early (Ctrl-C, a Karaf interrupt); the run still drains and reports. Idempotent. */
    public void stop() {
        engine.stop();
    }

    /**
     * Waits until the run starts generating (after connecting and setting up the schema); false on
     * timeout, or when the run ended without generating. For a front end that times actions, such
     * as faults, from the start of generation.
     */
    public boolean awaitGeneration(long timeout, TimeUnit unit) throws InterruptedException {
        return engine.awaitGeneration(timeout, unit);
    }

    /** Seconds since generation started, negative before. */
    public double secondsIntoRun() {
        return engine.secondsIntoRun();
    }

    /**
     * Records something done to the cluster during the run (a node killed, paused, restarted): it is
     * printed at once, kept with its time in the result JSON and marked on the HTML report's charts.
     */
    public void event(String text) {
        engine.event(text);
    }

    /**
     * Runs to the end of its duration, or until {@link #stop()} or an interrupt, then drains and
     * prints the summary.
     *
     * @throws ClusterException          Cassandra could not be used (exit code 3)
     * @throws CacheUnavailableException the Redis cache could not be used at start (exit code 3)
     */
    public Outcome execute() throws ClusterException, CacheUnavailableException {
        return Outcome.of(RunReport.of(config, engine.execute(), out));
    }
}
