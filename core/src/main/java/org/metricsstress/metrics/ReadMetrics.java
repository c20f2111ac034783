package org.metricsstress.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import java.util.EnumMap;
import java.util.Map;

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

    public ReadMetrics(MetricRegistry registry) {
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

    public void probeSent() { probesSent.inc(); }

    public void probeReadable(long intendedNanos, long now) {
        probesReadable.inc();
        freshness.recordNanos(now - intendedNanos);
    }

    public void probeFailed() { probesFailed.inc(); }

    /** Moves everything recorded so far into the run totals the result reads. */
    public void settle() {
        readResponse.takeInterval();
        readService.takeInterval();
        searchResponse.takeInterval();
        freshness.takeInterval();
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
}
