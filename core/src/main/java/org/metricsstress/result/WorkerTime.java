package org.metricsstress.result;

import java.util.List;

/**
 * How the writer's workers spent a stretch of wall time: busy handling events (within that,
 * waiting for sample writes, for index writes, asking the cache; the rest is building statements
 * and the like) and idle (waiting for an event). Seconds are summed over the workers, so
 * {@code busySeconds} is at most {@code workers x wallSeconds}.
 *
 * <p>For OpenNMS's writer the workers are its ring's synchronous workers; for the pipelined writer
 * they are the lanes' sample writers, whose sample-write wait is the wait for a free in-flight
 * permit (the cluster's answers freeing them).
 */
public record WorkerTime(int workers, double wallSeconds, double busySeconds, double sampleWriteSeconds,
        double indexWaitSeconds, double cacheLookupSeconds, long events) {

    public static final WorkerTime NONE = new WorkerTime(0, 0, 0, 0, 0, 0, 0);

    /** The workers' time there was: workers x wall time. */
    public double capacitySeconds() {
        return workers * wallSeconds;
    }

    /** Busy time against the workers' time, 0 to 1 (0 when unknown). */
    public double busyShare() {
        return capacitySeconds() > 0 ? Math.min(1, busySeconds / capacitySeconds()) : 0;
    }

    public double idleSeconds() {
        return Math.max(0, capacitySeconds() - busySeconds);
    }

    /** Busy time not spent in the waits measured: building statements, values, the CPU's own work. */
    public double otherSeconds() {
        return Math.max(0, busySeconds - sampleWriteSeconds - indexWaitSeconds - cacheLookupSeconds);
    }

    /** Share of the busy time of one part, 0 to 1. */
    public double shareOfBusy(double seconds) {
        return busySeconds > 0 ? Math.min(1, seconds / busySeconds) : 0;
    }

    /** The time one event took a worker, in milliseconds (the W of Little's law); -1 without events. */
    public double msPerEvent() {
        return events > 0 ? 1000 * busySeconds / events : -1;
    }

    /** Events per second the workers could take at this time per event, all of them busy (Little's law). */
    public double eventsPerSecondAtFullBusy() {
        return events > 0 && busySeconds > 0 ? workers * events / busySeconds : -1;
    }

    public boolean measured() {
        return workers > 0 && wallSeconds > 0;
    }

    /** The parts added up (consecutive stretches of one run, or instances side by side). */
    public static WorkerTime sum(List<WorkerTime> parts, boolean sideBySide) {
        int workers = 0;
        double wall = 0;
        double busy = 0;
        double samples = 0;
        double index = 0;
        double cache = 0;
        long events = 0;
        for (WorkerTime t : parts) {
            if (t == null || !t.measured()) {
                continue;
            }
            workers = sideBySide ? workers + t.workers : Math.max(workers, t.workers);
            wall = sideBySide ? Math.max(wall, t.wallSeconds) : wall + t.wallSeconds;
            busy += t.busySeconds;
            samples += t.sampleWriteSeconds;
            index += t.indexWaitSeconds;
            cache += t.cacheLookupSeconds;
            events += t.events;
        }
        return new WorkerTime(workers, wall, busy, samples, index, cache, events);
    }

    /** The biggest wait of this stretch, as a reader would name it. */
    public String mainWait() {
        double s = sampleWriteSeconds;
        double i = indexWaitSeconds;
        double c = cacheLookupSeconds;
        double o = otherSeconds();
        if (i >= s && i >= c && i >= o) {
            return "index writes";
        }
        if (s >= c && s >= o) {
            return "sample writes";
        }
        return c >= o ? "cache lookups" : "their own work (statements, values)";
    }
}
