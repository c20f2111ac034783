package org.metricsstress.generate;

import java.util.concurrent.Phaser;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.pipeline.GroupCommit;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.pipeline.Lane;
import org.metricsstress.pipeline.Ring;
import org.metricsstress.plan.SampleValues;
import org.metricsstress.plan.Schedule;
import org.metricsstress.plan.StressPlan;

/**
 * One generator thread's work: walks its share of the nodes (node n belongs to thread n % threads,
 * as in OpenNMS; with instances, the instance's j-th node belongs to thread j % threads) interval
 * after interval, waits for each group commit's intended time, fills a ring
 * slot and publishes it.
 *
 * <p>Open loop: intended times come from the schedule, never from when the previous commit finished,
 * so a generator that falls behind does not slow the schedule down; the lateness shows in latency.
 * With OpenNMS's node pacing every pass ends at a barrier of all generator threads, as in OpenNMS:
 * a late thread holds the others back, and their lateness shows too. Generation stops at the end
 * of the schedule or when {@link #stop} is called.
 */
public final class Generator implements Runnable {
    /**
     * Waits shorter than this are not worth a park (the kernel's timer slack is about 50 us), so a
     * commit may start up to this much before its intended time instead of a syscall per commit.
     */
    static final long PARK_THRESHOLD_NANOS = 20_000;

    private final int thread;
    private final StressPlan plan;
    private final Schedule schedule;
    private final Ring ring;
    private final StressMetrics metrics;
    private final SampleValues sampleValues;
    private final Phaser passes;
    /** The path written beside the run's own (a parallel write), or null: its ring and its own audit. */
    private final Ring besideRing;
    private final StressMetrics besideMetrics;
    private volatile boolean stopped;
    /** Commits intended before this moment are owed when the generator stops behind them. */
    private volatile long stopAtNanos = Long.MAX_VALUE;

    /**
     * @param passes every generator thread's barrier at the end of a pass ({@link StressPlan#passBarrier}),
     *               registered for all of them; null for none
     */
    public Generator(int thread, StressPlan plan, Schedule schedule, Ring ring, StressMetrics metrics, Phaser passes) {
        this(thread, plan, schedule, ring, metrics, null, null, passes);
    }

    /**
     * A generator of a parallel write: each commit is offered to the beside path's ring as well, as
     * OpenNMS's persisters hand one collection to both its Newts and its time series writers; each
     * ring drops on its own and each path counts its own samples.
     */
    public Generator(int thread, StressPlan plan, Schedule schedule, Ring ring, StressMetrics metrics, Ring besideRing,
            StressMetrics besideMetrics, Phaser passes) {
        this.besideRing = besideRing;
        this.besideMetrics = besideMetrics;
        this.thread = thread;
        this.passes = passes;
        this.plan = plan;
        this.schedule = schedule;
        this.ring = ring;
        this.metrics = metrics;
        this.sampleValues = plan.values();
    }

    /**
     * Stops generating. Commits intended before {@code atNanos} that this generator had not reached
     * yet (it was behind) are owed: counted unsent, each with its response time from its intended
     * time to {@code atNanos} (at least that long: it was never sent), so the tail is not cut off;
     * none intended at or after it is generated. With {@code atNanos} a little ahead of now, every
     * commit of the schedule before it ends up generated or owed, exactly.
     */
    public void stop(long atNanos) {
        stopped = true;
        stopAtNanos = atNanos;
    }

    /**
     * The first half of a stop, before its time is chosen: from here no commit is generated that
     * was not already due, so none intended at or after the time chosen next (a little ahead of
     * now) can be. Chosen first and published after, a stop could come later than the generator's
     * check on a loaded machine, and a commit intended after it was generated (the audit off by it).
     */
    public void requestStop() {
        stopped = true;
    }

    /** The stop's time once {@link #stop(long)} published it; owing waits for it, briefly. */
    private long stopAt() {
        long at;
        while ((at = stopAtNanos) == Long.MAX_VALUE && stopped) {
            Thread.onSpinWait();
        }
        return at;
    }

    @Override
    public void run() {
        try {
            generate();
        } finally {
            if (passes != null) {
                passes.arriveAndDeregister(); // the others no longer wait for this thread
            }
        }
    }

    /**
     * The end of a pass, as OpenNMS's stress command ends one: no thread starts the next pass
     * before every thread has finished this one. False if stopped while waiting.
     */
    private boolean endOfPass() {
        int phase = passes.arrive();
        while (true) {
            try {
                passes.awaitAdvanceInterruptibly(phase, 100, TimeUnit.MILLISECONDS);
                return true;
            } catch (TimeoutException e) {
                if (stopped) {
                    return false;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    private void generate() {
        final int threads = plan.threads();
        final int interfaces = plan.interfaces();
        final int groups = plan.groups();
        final int attributes = plan.attributes();
        final int strings = plan.strings();
        final long end = schedule.endNanos();
        final int stride = threads * plan.instance().count();
        final int first = plan.firstOwnedNode() + thread * plan.instance().count();
        if (first >= plan.nodes()) {
            return; // more threads than nodes: this one has nothing to do
        }
        // Once stopped, the rest of the walk is not generated but counted: the schedule's debt.
        boolean owing = false;
        intervals:
        for (long interval = 0; ; interval++) {
            if (interval > 0 && passes != null && !owing && !endOfPass()) {
                owing = true;
            }
            // Per interval, not per commit: a rate step changes the pacing only between intervals.
            final long base = schedule.intervalStartNanos(interval);
            final long pacing = schedule.pacingNanos(interval);
            final long cutoff = schedule.cutoffNanos(interval);
            if (base >= end) {
                return;
            }
            for (int node = first; node < plan.nodes(); node += stride) {
                for (int iface = 0; iface < interfaces; iface++) {
                    for (int group = 0; group < groups; group++) {
                        int key = plan.resourceKey(node, iface, group);
                        long intended = base + plan.intendedOffsetNanos(key, pacing);
                        if (intended >= cutoff) {
                            // Keys come in ascending order, so the rest of this interval is past its
                            // segment too: on to the next step's first interval, or the end.
                            if (cutoff >= end) {
                                return;
                            }
                            continue intervals;
                        }
                        if (owing || !awaitIntended(intended)) {
                            owing = true;
                            // Intended times only grow along the walk: past the stop, nothing more is owed.
                            if (intended >= stopAt()) {
                                return;
                            }
                            owe(key, intended);
                            continue;
                        }
                        if (intended >= stopAtNanos) {
                            return; // past the stop: neither generated nor owed
                        }
                        metrics.scheduleLag().recordNanos(System.nanoTime() - intended);
                        if (besideRing != null) {
                            offerBeside(key, intended, attributes);
                        }
                        metrics.generated(attributes, strings);
                        Lane lane = ring.laneFor(key);
                        long seq = lane.claim();
                        if (seq == Lane.CLOSED) {
                            // The run ended while this commit waited for room (BLOCK): counted, not
                            // lost; what this generator had not reached yet is owed.
                            metrics.failed(key, attributes, ErrorClass.ABANDONED);
                            owing = true;
                            continue;
                        }
                        if (seq < 0) {
                            metrics.dropped(key, attributes);
                            lane.afterDrop(key, intended, schedule.timestampMillis(intended));
                            continue;
                        }
                        fill(lane.slot(seq), key, intended, schedule.timestampMillis(intended), attributes);
                        lane.publish(seq);
                    }
                }
            }
        }
    }

    /** A commit of the schedule's debt: never generated, counted unsent, its response time at least its lateness. */
    private void owe(int key, long intended) {
        metrics.unsent(key, plan.attributes());
        metrics.response().recordNanos(Math.max(0, stopAtNanos - intended));
        if (besideMetrics != null) {
            besideMetrics.unsent(key, plan.attributes());
            besideMetrics.response().recordNanos(Math.max(0, stopAtNanos - intended));
        }
    }

    /**
     * The commit offered to the beside path first: its slot is filled from the same values, and a
     * full ring there is that path's drop alone. Before the run's own path, whose published slot a
     * worker may recycle at once.
     */
    private void offerBeside(int key, long intended, int attributes) {
        besideMetrics.generated(attributes, 0);
        Lane lane = besideRing.laneFor(key);
        long seq = lane.claim();
        if (seq == Lane.CLOSED) {
            besideMetrics.failed(key, attributes, ErrorClass.ABANDONED);
            return;
        }
        long ts = schedule.timestampMillis(intended);
        if (seq < 0) {
            besideMetrics.dropped(key, attributes);
            lane.afterDrop(key, intended, ts);
            return;
        }
        fill(lane.slot(seq), key, intended, ts, attributes);
        lane.publish(seq);
    }

    /** A claimed slot filled with one group commit: its primitives and its values, nothing allocated. */
    private void fill(GroupCommit slot, int key, long intended, long ts, int attributes) {
        slot.resourceKey = key;
        slot.intendedNanos = intended;
        slot.timestampMillis = ts;
        slot.sampleCount = attributes;
        slot.indexOnly = false;
        double[] values = slot.values;
        for (int a = 0; a < attributes; a++) {
            values[a] = sampleValues.value(key, a, ts);
        }
    }

    /** Parks until about the intended time; false if the generator was stopped meanwhile. */
    private boolean awaitIntended(long intended) {
        long wait;
        while ((wait = intended - System.nanoTime()) > PARK_THRESHOLD_NANOS) {
            if (stopped) {
                return false;
            }
            // Bounded parks so that stop() is seen within 100 ms even during a long wait.
            LockSupport.parkNanos(Math.min(wait, 100_000_000L));
        }
        return !stopped;
    }
}
