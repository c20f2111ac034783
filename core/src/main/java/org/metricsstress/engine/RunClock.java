package org.metricsstress.engine;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.metricsstress.config.RateSteps;
import org.metricsstress.config.StressConfig;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.IntervalSampler;
import org.metricsstress.pipeline.Ring;
import org.metricsstress.plan.Schedule;
import org.metricsstress.live.ClientBehindWarning;
import org.metricsstress.live.ConsoleReport;
import org.metricsstress.result.IntervalStats;

/**
 * The run's clock on the main thread while the generators work: the wait for --start-at, a report
 * line every interval, each rate step announced as it begins, and the moment generation ends
 * (the schedule's end, a stop, or, for the bench's cold phase, every resource indexed).
 */
final class RunClock {
    private final StressConfig config;
    private final PrintStream out;
    private final CountDownLatch stopRequested;
    private final Consumer<String> event;

    RunClock(StressConfig config, PrintStream out, CountDownLatch stopRequested, Consumer<String> event) {
        this.config = config;
        this.out = out;
        this.stopRequested = stopRequested;
        this.event = event;
    }

    /**
     * With {@code --start-at}: says how long until the start, every report interval while waiting,
     * or how late this instance is (its generators then catch up, and the lateness shows as schedule
     * lag). A stop while waiting ends the wait; the run then generates nothing.
     */
    void awaitStart(long startNanos) {
        if (config.pacing().startAt() == null) {
            return;
        }
        long late = System.nanoTime() - startNanos;
        if (late > TimeUnit.SECONDS.toNanos(1)) {
            out.printf(Locale.ROOT, "started %.1f s after --start-at %s: catching up; the lateness counts as schedule lag%n",
                    late / 1e9, config.pacing().startAt());
            return;
        }
        long step = config.outputs().reportInterval().toNanos();
        long left;
        while ((left = startNanos - System.nanoTime()) > TimeUnit.MILLISECONDS.toNanos(200)) {
            out.printf(Locale.ROOT, "waiting for --start-at %s: %.0f s to go%n", config.pacing().startAt(), Math.ceil(left / 1e9));
            try {
                // Wake a little before the start: the generators park until their intended times themselves.
                if (stopRequested.await(Math.min(step, left - TimeUnit.MILLISECONDS.toNanos(100)), TimeUnit.NANOSECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                stopRequested.countDown();
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Reports every interval into {@code intervals} and the console until generation is to end.
     * {@code untilIndexed}, when not null, ends it as soon as every plan resource is indexed
     * (checked every 100 ms). True when an interrupt ended it (Ctrl-C in a Karaf shell): the
     * run still drains and reports, and the caller restores the interrupt afterwards.
     */
    boolean run(Schedule schedule, long startNanos, IntervalSampler sampler, ConsoleReport console, Ring ring,
            IndexMetrics untilIndexed, List<IntervalStats> intervals) {
        long reportNanos = config.outputs().reportInterval().toNanos();
        long nextReport = startNanos + reportNanos;
        int lastWarning = -10;
        int announcedStep = -1;
        while (true) {
            announcedStep = announceStep(schedule, announcedStep);
            long wakeAt = Math.min(nextReport, schedule.endNanos());
            if (config.pacing().rateSteps() != null && announcedStep + 1 < schedule.segments()) {
                wakeAt = Math.min(wakeAt, schedule.segmentStartNanos(announcedStep + 1));
            }
            if (untilIndexed != null) {
                wakeAt = Math.min(wakeAt, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100));
            }
            long wait = wakeAt - System.nanoTime();
            try {
                if (wait > 0 && stopRequested.await(wait, TimeUnit.NANOSECONDS)) {
                    return false;
                }
            } catch (InterruptedException e) {
                return true;
            }
            long now = System.nanoTime();
            if (now >= nextReport) {
                IntervalStats s = sampler.sample(now);
                intervals.add(s);
                console.line(s);
                String warning = ClientBehindWarning.of(s, ring.size());
                if (warning != null && intervals.size() >= lastWarning + 10) {
                    out.println(warning);
                    lastWarning = intervals.size();
                }
                // After a stall (a GC pause, a starved main thread) one line covers the missed
                // slots: several lines a few milliseconds apart would only repeat the time.
                while (nextReport <= now) {
                    nextReport += reportNanos;
                }
            }
            if (now >= schedule.endNanos() || (untilIndexed != null && untilIndexed.secondsToComplete() >= 0)) {
                return false;
            }
        }
    }

    /**
     * With --rate-steps: a step that has begun since the last call becomes an event (printed,
     * kept in the result, marked on the report's charts). Returns the last step announced.
     */
    private int announceStep(Schedule schedule, int announced) {
        if (config.pacing().rateSteps() == null) {
            return announced;
        }
        int now = schedule.segmentAt(System.nanoTime());
        if (System.nanoTime() < schedule.segmentStartNanos(0)) {
            return announced;
        }
        for (int k = announced + 1; k <= now; k++) {
            RateSteps.Step step = config.pacing().rateSteps().steps().get(k);
            event.accept(String.format(Locale.ROOT, "step %d of %d: %s%s", k + 1, schedule.segments(),
                    RateSteps.describe(step), config.plan().instances() > 1
                            ? String.format(Locale.ROOT, " (this instance: %,.0f)",
                                    schedule.targetSamplesPerSecondAt(schedule.segmentStartNanos(k)))
                            : ""));
        }
        return Math.max(announced, now);
    }
}
