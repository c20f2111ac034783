package org.metricsstress.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.MetricRegistry;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.metricsstress.result.CacheSummary;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The indexer's figures: rows and requests written, what was deferred or de-duplicated, and how
 * many of the plan's resources are known to be indexed (written in this run, or found in the
 * cache), with the moment that reached 100%: the time to steady state the field tests cared about.
 */
public final class IndexMetrics {
    private final Counter rowsWritten;
    private final Counter requests;
    private final Counter requestsFailed;
    private final Counter requestsFailedForPool;
    private final Counter resourcesWritten;
    private final Counter deferred;
    private final Counter deduplicated;
    private final Counter lookups;
    private final Counter slowLookups;
    private final Progress groups;
    private final Progress interfaces;
    private volatile long startNanos;
    private final AtomicLong completeAtNanos = new AtomicLong(-1);
    private final AtomicLong writtenSamplesAtComplete = new AtomicLong(-1);
    private final AtomicLong droppedSamplesAtComplete = new AtomicLong(-1);
    private final StressMetrics samples;
    /** Index requests, sent to acknowledged (failed ones too: a timeout is the cluster's answer). */
    private final LatencyTracker service = new LatencyTracker("index-service");
    /**
     * The cache's lookups, asked to answered, for both writers: what the evidence shows of the
     * cache's latency even where the lookups never hold a sample (the pipelined writer's).
     */
    private final LatencyTracker lookupLatency = new LatencyTracker("cache-lookups");
    private static final long SLOW_LOOKUP_NANOS = TimeUnit.MILLISECONDS.toNanos(CacheSummary.SLOW_LOOKUP_MS);

    /**
     * @param groupResources     resources in the plan that carry samples
     * @param interfaceResources interface resources that will be indexed (0 without string attributes)
     */
    public IndexMetrics(MetricRegistry registry, StressMetrics samples, int groupResources, long interfaceResources,
            long startNanos) {
        this(registry, samples, groupResources, groupResources, interfaceResources, interfaceResources, startNanos);
    }

    /**
     * For one instance's share of a plan: resources are marked by their key in the whole plan
     * ({@code *Keys} of them), and indexing is complete when the instance's own ({@code *Resources})
     * are all marked.
     */
    public IndexMetrics(MetricRegistry registry, StressMetrics samples, int groupKeys, int groupResources,
            long interfaceKeys, long interfaceResources, long startNanos) {
        String p = StressMetrics.PREFIX + "index.";
        this.samples = samples;
        rowsWritten = registry.counter(p + "rows-written");
        requests = registry.counter(p + "requests");
        requestsFailed = registry.counter(p + "requests-failed");
        requestsFailedForPool = registry.counter(p + "requests-failed.pool");
        resourcesWritten = registry.counter(p + "resources-written");
        deferred = registry.counter(p + "deferred");
        deduplicated = registry.counter(p + "deduplicated-in-flight");
        lookups = registry.counter(p + "cache-lookups");
        slowLookups = registry.counter(p + "cache-slow-lookups");
        groups = new Progress(groupKeys, groupResources);
        interfaces = new Progress(Math.toIntExact(interfaceKeys), Math.toIntExact(interfaceResources));
        this.startNanos = startNanos;
        registry.gauge(p + "resources-indexed", () -> this::resourcesIndexed);
        registry.gauge(p + "resources-in-plan", () -> this::resourcesInPlan);
    }

    /** When the run's schedule starts: the time to complete is counted from here. */
    public void startsAt(long nanos) {
        startNanos = nanos;
    }

    public void requestSent() { requests.inc(); }
    /** An index request settled {@code nanos} after it was sent. */
    public void requestSettled(long nanos) { service.recordNanos(nanos); }
    public LatencyTracker service() { return service; }
    public void rowsWritten(int rows) { rowsWritten.inc(rows); }
    /** An index request failed; those the client's own pool refused are counted apart too. */
    public void requestFailed(ErrorClass cause) {
        requestsFailed.inc();
        if (cause == ErrorClass.POOL) {
            requestsFailedForPool.inc();
        }
    }
    public void resourceWritten() { resourcesWritten.inc(); }
    public void deferred() { deferred.inc(); }
    public void deduplicated() { deduplicated.inc(); }

    /**
     * {@code lookups} lookups answered together {@code nanos} after they were asked (one round trip
     * for a batch of them, or the questions about one resource one after the other): each waited
     * that long, so each is timed so and each is slow when that is over
     * {@link CacheSummary#SLOW_LOOKUP_MS}. No allocation: it runs for every commit.
     */
    public void lookedUp(long nanos, int lookups) {
        this.lookups.inc(lookups);
        lookupLatency.recordNanos(nanos, lookups);
        if (nanos > SLOW_LOOKUP_NANOS) {
            slowLookups.inc(lookups);
        }
    }

    /** A group resource is known indexed (written now, or found in the cache). */
    public void groupIndexed(int resourceKey) {
        if (groups.mark(resourceKey)) {
            checkComplete();
        }
    }

    public void interfaceIndexed(int interfaceIndex) {
        if (interfaces.mark(interfaceIndex)) {
            checkComplete();
        }
    }

    private void checkComplete() {
        if (resourcesIndexed() == resourcesInPlan()
                && completeAtNanos.compareAndSet(-1, System.nanoTime())) {
            Counts now = samples.counts();
            writtenSamplesAtComplete.set(now.written());
            droppedSamplesAtComplete.set(now.dropped());
        }
    }

    public long rowsWritten() { return rowsWritten.getCount(); }
    public long requests() { return requests.getCount(); }
    public long requestsFailed() { return requestsFailed.getCount(); }
    public long requestsFailedForPool() { return requestsFailedForPool.getCount(); }
    public long resourcesWritten() { return resourcesWritten.getCount(); }
    public long deferredCount() { return deferred.getCount(); }
    public long deduplicatedCount() { return deduplicated.getCount(); }
    public long lookups() { return lookups.getCount(); }
    public long slowLookups() { return slowLookups.getCount(); }

    /** Every lookup timed so far (microseconds); read at the end of a run, by one thread. */
    public Histogram lookupLatency() {
        lookupLatency.takeInterval();
        return lookupLatency.total();
    }

    public long resourcesIndexed() {
        return groups.count() + interfaces.count();
    }

    public long resourcesInPlan() {
        return groups.size() + interfaces.size();
    }

    /** Seconds from the start of generation until every resource of the plan was indexed, or -1. */
    public double secondsToComplete() {
        long at = completeAtNanos.get();
        return at < 0 ? -1 : Math.max(0, at - startNanos) / 1e9;
    }

    /** Samples dropped when indexing completed, or -1. */
    public long droppedSamplesAtComplete() {
        return droppedSamplesAtComplete.get();
    }

    /** Samples written when indexing completed, or -1. */
    public long writtenSamplesAtComplete() {
        return writtenSamplesAtComplete.get();
    }

    /** A set of dense indexes below {@code keys}, how many are in it, and how many are expected. */
    private static final class Progress {
        private final AtomicLongArray bits;
        private final int size;
        private final AtomicLong count = new AtomicLong();

        Progress(int keys, int size) {
            this.size = size;
            this.bits = new AtomicLongArray(Math.max(1, (keys + 63) / 64));
        }

        /** True if {@code i} was not in the set before. */
        boolean mark(int i) {
            int word = i >>> 6;
            long bit = 1L << (i & 63);
            long old;
            do {
                old = bits.get(word);
                if ((old & bit) != 0) {
                    return false;
                }
            } while (!bits.compareAndSet(word, old, old | bit));
            count.incrementAndGet();
            return true;
        }

        long count() {
            return count.get();
        }

        int size() {
            return size;
        }
    }
}
