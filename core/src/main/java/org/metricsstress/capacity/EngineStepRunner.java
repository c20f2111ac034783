package org.metricsstress.capacity;

import org.metricsstress.report.RunReport;
import java.io.PrintStream;
import java.time.Duration;
import java.util.function.Supplier;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.cache.CacheView;
import org.metricsstress.config.StressConfig;
import org.metricsstress.stop.StopRequest;
import org.metricsstress.engine.StressEngine;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.writer.Caches;
import org.metricsstress.result.StressResult;

/**
 * Runs each step as a stress run of its own against the cluster: the user's options at the step's
 * rate factor and duration, in the same keyspace, indexing through one resource cache opened here
 * and shared by every step (so only the warm-up, or the first step of --include-cold, meets it
 * cold).
 *
 * <p>Per step it decides: the rate factor, the duration, a report interval of a twelfth of the step
 * (at least 1 s, so a step has enough intervals for the backlog rule), and no --sla or result file
 * of the run's own: find-max judges the steps and writes one file for the search. The ring policy
 * (--on-full) and everything else stay the user's.
 */
public final class EngineStepRunner implements StepRunner, AutoCloseable {
    /** Report intervals per step: enough points for the backlog's two halves. */
    static final int INTERVALS_PER_STEP = 12;

    private final Supplier<StressConfig.Builder> options;
    private final PlanRate planRate;
    private final Duration stepDuration;
    private final PrintStream runLog;
    private final CacheView cache;
    private StopRequest stop = new StopRequest();

    private EngineStepRunner(Supplier<StressConfig.Builder> options, PlanRate planRate, Duration stepDuration,
            PrintStream runLog, CacheView cache) {
        this.options = options;
        this.planRate = planRate;
        this.stepDuration = stepDuration;
        this.runLog = runLog;
        this.cache = cache;
    }

    /**
     * A runner for the configuration {@code options} makes (a fresh builder each call, the user's
     * options applied), its cache open.
     *
     * @param stepDuration the judged steps' length, which sets every run's report interval (the warm-up's too)
     * @param runLog       where each step's own report lines and summary go
     */
    public static EngineStepRunner open(Supplier<StressConfig.Builder> options, Duration stepDuration,
            PrintStream runLog) throws CacheUnavailableException {
        StressConfig base = options.get().build();
        CacheView cache = base.index().enabled() ? Caches.open(base) : null;
        return new EngineStepRunner(options, PlanRate.of(base), stepDuration, runLog, cache);
    }

    /** Each step ended early by {@code stop} (Karaf's Ctrl-C), and none started after it. */
    public EngineStepRunner stoppedBy(StopRequest stop) {
        this.stop = stop;
        return this;
    }

    @Override
    public boolean stopRequested() {
        return stop.requested();
    }

    /** The report interval of a step of {@code stepDuration}. */
    static Duration reportInterval(Duration stepDuration) {
        return Duration.ofMillis(Math.max(1000, stepDuration.toMillis() / INTERVALS_PER_STEP));
    }

    @Override
    public StressResult run(double targetSamplesPerSecond, Duration duration, boolean untilIndexed)
            throws ClusterException, CacheUnavailableException {
        StressConfig config = stepConfig(targetSamplesPerSecond, duration);
        StressEngine engine = new StressEngine(config, runLog).stoppedBy(stop);
        if (cache != null) {
            engine.withCache(cache);
        }
        if (untilIndexed) {
            engine.stopWhenIndexed();
        }
        return RunReport.of(config, engine.execute(), runLog);
    }

    /** The configuration of one step: the user's, at the step's rate and duration, with no criteria or file of its own. */
    StressConfig stepConfig(double targetSamplesPerSecond, Duration duration) {
        return options.get()
                .primeCache(false) // every step from a cold cache: the worst case, whatever the keyspace holds
                .rateFactor(planRate.factorFor(targetSamplesPerSecond))
                .duration(duration)
                .reportInterval(reportInterval(stepDuration))
                .sla(null)
                .resultJson(null)
                .build();
    }

    @Override
    public void close() {
        if (cache != null) {
            cache.close();
        }
    }
}
