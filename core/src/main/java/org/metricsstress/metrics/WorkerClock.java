package org.metricsstress.metrics;

import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Timer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.metricsstress.result.WorkerTime;

/**
 * Where the writer's workers spend their time: handling events (busy), and within that waiting
 * for sample writes, waiting for index writes and asking the resource cache. Idle is what is left
 * of the workers' wall time. This is the evidence that tells a writer-bound run (workers busy, the
 * cluster answering quickly) from a cluster-bound one (workers busy because each answer is slow).
 *
 * <p>One {@link LongAdder} per figure, added once per event or request (never per sample), so the
 * workers do not contend on it.
 */
public final class WorkerClock {
    private final LongAdder busy = new LongAdder();
    private final LongAdder sampleWrites = new LongAdder();
    private final LongAdder indexWaits = new LongAdder();
    private final LongAdder cacheLookups = new LongAdder();
    private final LongAdder events = new LongAdder();
    /**
     * Each event's handling one by one: OpenNMS's time series writer times the same span
     * ({@code samples.write.ts}, its whole onEvent). Apart from the registry, as {@link NewtsCalls}.
     */
    private final Timer eventTimer = new Timer(new HdrReservoir());
    private volatile int workers;

    WorkerClock(MetricRegistry registry) {
        String p = StressMetrics.PREFIX + "workers.";
        registry.gauge(p + "count", () -> () -> workers);
        registry.gauge(p + "busy-seconds", () -> () -> busy.sum() / 1e9);
        registry.gauge(p + "sample-write-seconds", () -> () -> sampleWrites.sum() / 1e9);
        registry.gauge(p + "index-wait-seconds", () -> () -> indexWaits.sum() / 1e9);
        registry.gauge(p + "cache-lookup-seconds", () -> () -> cacheLookups.sum() / 1e9);
        registry.gauge(p + "events", () -> events::sum);
    }

    /** How many workers the writer model runs (the share of their time is taken over this many). */
    public void workers(int n) {
        workers = n;
    }

    public int workers() {
        return workers;
    }

    /** A worker finished an event after {@code nanos} of work (its waits included). */
    public void event(long nanos) {
        busy.add(nanos);
        events.increment();
        eventTimer.update(nanos, TimeUnit.NANOSECONDS);
    }

    /** The events timed one by one ({@link #event}; a ring batch's are not). */
    public Timer eventTimer() {
        return eventTimer;
    }

    /** A worker finished {@code count} events back to back in {@code nanos} (a ring batch). */
    public void events(long nanos, int count) {
        busy.add(nanos);
        events.add(count);
    }

    /** A worker waited {@code nanos} for a sample write (OpenNMS's) or for a free in-flight permit (pipelined). */
    public void sampleWrite(long nanos) {
        sampleWrites.add(nanos);
    }

    /** A worker waited {@code nanos} for its index writes. */
    public void indexWait(long nanos) {
        indexWaits.add(nanos);
    }

    /** A worker spent {@code nanos} asking the resource cache (Redis round trips included). */
    public void cacheLookup(long nanos) {
        cacheLookups.add(nanos);
    }

    /** The totals since the start, to take differences of. */
    public Snapshot snapshot() {
        return new Snapshot(busy.sum(), sampleWrites.sum(), indexWaits.sum(), cacheLookups.sum(), events.sum());
    }

    /** Totals at one moment, in nanoseconds. */
    public record Snapshot(long busyNanos, long sampleWriteNanos, long indexWaitNanos, long cacheLookupNanos,
            long events) {
        public static final Snapshot ZERO = new Snapshot(0, 0, 0, 0, 0);

        /** What happened between {@code earlier} and this, over {@code wallNanos} of wall time. */
        public WorkerTime since(Snapshot earlier, int workers, long wallNanos) {
            return new WorkerTime(workers, wallNanos / 1e9,
                    (busyNanos - earlier.busyNanos) / 1e9, (sampleWriteNanos - earlier.sampleWriteNanos) / 1e9,
                    (indexWaitNanos - earlier.indexWaitNanos) / 1e9, (cacheLookupNanos - earlier.cacheLookupNanos) / 1e9,
                    events - earlier.events);
        }
    }
}
