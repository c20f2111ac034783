package org.metricsstress.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The read side's figures, apart from the writes' so that reads can never disturb the write audit:
 * range reads, index searches and freshness probes, each with its own counters, error classes and
 * latency histograms (response from the intended time, service from sending).
 */
public final class ReadMetrics {
    private final Counter readsSent;
    private final Counter readsCompleted;
    private final Counter readsFailed;
    private final Counter rowsRead;
    private final Counter valueMismatches;
    private final Counter searchesSent;
    private final Counter searchesCompleted;
    private final Counter searchesFailed;
    private final Counter searchMisses;
    private final Counter probesSent;
    private final Counter probesReadable;
    private final Counter probesFailed;
    private volatile long readsIntended;
    private volatile long searchesIntended;
    private final Map<ErrorClass, Counter> readFailures = new EnumMap<>(ErrorClass.class);
    private final LatencyTracker readResponse = new LatencyTracker("read-response");
    private final LatencyTracker readService = new LatencyTracker("read-service");
    private final LatencyTracker searchResponse = new LatencyTracker("search-response");
    private final LatencyTracker freshness = new LatencyTracker("freshness");
    /** Per --freshness-dc, its own probes; empty when the probes read through the run's session. */
    private final Map<String, DcProbes> byDc = new LinkedHashMap<>();

    public ReadMetrics(MetricRegistry registry) {
        this(registry, List.of());
    }

    /** {@code freshnessDcs}: the DCs probes read through, each counted apart (--freshness-dc). */
    public ReadMetrics(MetricRegistry registry, List<String> freshnessDcs) {
        String p = StressMetrics.PREFIX;
        readsSent = registry.counter(p + "reads.sent");
        readsCompleted = registry.counter(p + "reads.completed");
        readsFailed = registry.counter(p + "reads.failed");
        rowsRead = registry.counter(p + "reads.rows");
        valueMismatches = registry.counter(p + "reads.value-mismatches");
        searchesSent = registry.counter(p + "searches.sent");
        searchesCompleted = registry.counter(p + "searches.completed");
        searchesFailed = registry.counter(p + "searches.failed");
        searchMisses = registry.counter(p + "searches.misses");
        probesSent = registry.counter(p + "freshness.probes");
        probesReadable = registry.counter(p + "freshness.readable");
        probesFailed = registry.counter(p + "freshness.failed");
        for (ErrorClass c : ErrorClass.values()) {
            readFailures.put(c, new Counter());
        }
        for (String dc : freshnessDcs) {
            byDc.put(dc, new DcProbes(new LatencyTracker("freshness-" + dc)));
        }
    }

    /** The probes of one DC: every probe is also in the totals. */
    public record DcProbes(LongAdder sent, LongAdder readable, LongAdder failed, LatencyTracker freshness) {
        DcProbes(LatencyTracker freshness) {
            this(new LongAdder(), new LongAdder(), new LongAdder(), freshness);
        }
    }

    public void readSent() { readsSent.inc(); }

    /** What the open-loop schedules meant before the run stopped, sent or not. */
    public void intended(long reads, long searches) {
        readsIntended = reads;
        searchesIntended = searches;
    }

    public long readsIntended() { return readsIntended; }
    public long searchesIntended() { return searchesIntended; }

    /** A read answered: its rows and how many of their values were not the value function's. */
    public void readCompleted(long rows, long mismatches, long intendedNanos, long sentNanos, long now) {
        readsCompleted.inc();
        rowsRead.inc(rows);
        valueMismatches.inc(mismatches);
        readResponse.recordNanos(now - intendedNanos);
        readService.recordNanos(now - sentNanos);
    }

    public void readFailed(ErrorClass cause) {
        readsFailed.inc();
        readFailures.get(cause).inc();
    }

    public void searchSent() { searchesSent.inc(); }

    /** A search answered; {@code found} whether the resource it was made for was among the answers. */
    public void searchCompleted(boolean found, long intendedNanos, long now) {
        searchesCompleted.inc();
        if (!found) {
            searchMisses.inc();
        }
        searchResponse.recordNanos(now - intendedNanos);
    }

    public void searchFailed() { searchesFailed.inc(); }

    /** A probe through {@code dc} (null: the run's own session). */
    public void probeSent(String dc) {
        probesSent.inc();
        if (dc != null) {
            byDc.get(dc).sent.increment();
        }
    }

    public void probeReadable(String dc, long intendedNanos, long now) {
        probesReadable.inc();
        freshness.recordNanos(now - intendedNanos);
        if (dc != null) {
            DcProbes p = byDc.get(dc);
            p.readable.increment();
            p.freshness.recordNanos(now - intendedNanos);
        }
    }

    public void probeFailed(String dc) {
        probesFailed.inc();
        if (dc != null) {
            byDc.get(dc).failed.increment();
        }
    }

    /** Moves everything recorded so far into the run totals the result reads. */
    public void settle() {
        readResponse.takeInterval();
        readService.takeInterval();
        searchResponse.takeInterval();
        freshness.takeInterval();
        byDc.values().forEach(p -> p.freshness.takeInterval());
    }

    public long readsSent() { return readsSent.getCount(); }
    public long readsCompleted() { return readsCompleted.getCount(); }
    public long readsFailed() { return readsFailed.getCount(); }
    public long readFailures(ErrorClass c) { return readFailures.get(c).getCount(); }
    public long rowsRead() { return rowsRead.getCount(); }
    public long valueMismatches() { return valueMismatches.getCount(); }
    public long searchesSent() { return searchesSent.getCount(); }
    public long searchesCompleted() { return searchesCompleted.getCount(); }
    public long searchesFailed() { return searchesFailed.getCount(); }
    public long searchMisses() { return searchMisses.getCount(); }
    public long probesSent() { return probesSent.getCount(); }
    public long probesReadable() { return probesReadable.getCount(); }
    public long probesFailed() { return probesFailed.getCount(); }
    public LatencyTracker readResponse() { return readResponse; }
    public LatencyTracker readService() { return readService; }
    public LatencyTracker searchResponse() { return searchResponse; }
    public LatencyTracker freshness() { return freshness; }
    /** Per --freshness-dc in the order given; empty without it. */
    public Map<String, DcProbes> freshnessByDc() { return Collections.unmodifiableMap(byDc); }
}
