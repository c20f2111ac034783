package org.metricsstress.result;

import org.metricsstress.config.Option;

import org.metricsstress.config.StressOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import org.metricsstress.config.WriterModel;
import org.metricsstress.config.WriterModels;

/**
 * What a run shows about its limiting resource, drawn from its result: how the writer's workers
 * spent their time, the cluster's service time against the run's own light-load level and its
 * errors, the index's requests, the cache's churn, and the backlog an unbounded ring would have
 * held. The verdict ({@code analysis.Verdicts}) and the advice ({@code analysis.Advisor}) are read
 * from it, and it is kept in the result JSON as {@code evidence}, so that a reader can check both.
 *
 * @param writer              the writer model's label (its {@code --writer} value)
 * @param workers             the workers' time over the whole run
 * @param coldStart           the workers' time while indexing (until every resource was indexed, the
 *                            whole run if that never happened); null without indexing
 * @param steadyState         the workers' time after every resource was indexed; null if never
 * @param lightLoadServiceMs  the run's own light-load level of service time: the lowest p50 of the
 *                            report intervals that sent {@value #MIN_REQUESTS} requests or more
 * @param serviceP50Ms        the whole run's service time, p50
 * @param serviceGrowth       {@code serviceP50Ms / lightLoadServiceMs}: how far the cluster's answers
 *                            slowed under this run's load (1 = not at all)
 * @param indexService        index requests, sent to acknowledged; null without indexing or in
 *                            results older than schema 9
 * @param clusterErrors       samples failed by the cluster's refusal: timeout, unavailable, overloaded
 * @param indexRequests       index requests sent
 * @param indexRequestsFailed of which failed
 * @param planResources       resources the plan indexes (this instance's share)
 * @param cacheKind           {@code guava}, {@code redis}, or null without indexing
 * @param cacheMaxEntries     the cache's bound (guava); -1 when unbounded or not known
 * @param reindexed           resources whose rows were written again after they had been complete
 *                            (evicted, or expired, then asked for again)
 * @param evictions           entries the cache evicted
 * @param slowLookups         cache lookups slower than {@link CacheSummary#SLOW_LOOKUP_MS} ms
 * @param cacheErrors         cache lookups that failed (Redis down)
 * @param peakInFlight        the most requests in flight at a report line
 * @param eventsPerCommit     ring slots one group commit takes: 2 for OpenNMS's ring (samples, then
 *                            the index-only event), 1 for the pipelined lanes
 * @param ringNeeded          the backlog an unbounded ring would have held at its peak, in slots:
 *                            measured as occupancy plus the slots of every commit dropped so far
 * @param ringModel           how {@code ringNeeded} was found, in words
 * @param coldStartSeconds    how long the cold start lasted (every plan resource indexed), or, when
 *                            the index never completed, how long it would have lasted at the rate this
 *                            run indexed resources first; -1 without indexing
 * @param predictedSamplesPerSecond Little's law for the workers: all busy at the measured time per
 *                            event, how many samples a second they would write (-1 when unknown)
 */
public record Evidence(
        String writer,
        WorkerTime workers,
        WorkerTime coldStart,
        WorkerTime steadyState,
        double lightLoadServiceMs,
        double serviceP50Ms,
        double serviceGrowth,
        LatencySummary indexService,
        long clusterErrors,
        long indexRequests,
        long indexRequestsFailed,
        long planResources,
        String cacheKind,
        long cacheMaxEntries,
        long reindexed,
        long evictions,
        long slowLookups,
        long cacheErrors,
        long peakInFlight,
        int eventsPerCommit,
        long ringNeeded,
        String ringModel,
        double coldStartSeconds,
        double predictedSamplesPerSecond) {

    /** An interval with fewer requests says nothing about the cluster's light-load level. */
    public static final int MIN_REQUESTS = 50;

    /** The evidence of a result (its verdict and advice are not read). */
    public static Evidence of(StressResult r) {
        Settings s = Settings.of(r);
        List<IntervalStats> intervals = r.intervals() == null ? List.of() : r.intervals();
        WorkerTime all = WorkerTime.sum(intervals.stream().map(IntervalStats::workerTime).toList(), false);
        double indexedAt = r.index() != null && r.index().enabled() ? r.index().secondsToComplete() : -1;
        WorkerTime cold = null;
        WorkerTime steady = null;
        if (r.index() != null && r.index().enabled()) {
            cold = WorkerTime.sum(Phases.cold(intervals, indexedAt).stream().map(IntervalStats::workerTime).toList(), false);
            List<IntervalStats> after = Phases.steady(intervals, indexedAt);
            steady = after.isEmpty() ? null : WorkerTime.sum(after.stream().map(IntervalStats::workerTime).toList(), false);
        }
        double light = lightLoad(intervals);
        double p50 = r.serviceLatency() == null ? 0 : r.serviceLatency().p50Ms();
        Map<String, Long> failed = r.failedByClass() == null ? Map.of() : r.failedByClass();
        long clusterErrors = failed.getOrDefault("timeout", 0L) + failed.getOrDefault("unavailable", 0L)
                + failed.getOrDefault("overloaded", 0L);
        IndexSummary ix = r.index() == null ? IndexSummary.DISABLED : r.index();
        CacheSummary cache = r.cache();
        long peakInFlight = intervals.stream().mapToLong(IntervalStats::inFlightRequests).max().orElse(0);
        int perCommit = s.model().eventsPerGroupCommit();
        Ring ring = ringNeeded(r, s, intervals, all, perCommit);
        double samplesPerEvent = all.events() > 0 ? (double) (r.written() + r.failed()) / all.events() : 0;
        double predicted = all.eventsPerSecondAtFullBusy() > 0 ? all.eventsPerSecondAtFullBusy() * samplesPerEvent : -1;
        return new Evidence(s.model().label(), all, cold, steady, light, p50,
                light > 0 ? p50 / light : 1, ix.enabled() ? ix.serviceLatency() : null, clusterErrors,
                ix.requests(), ix.requestsFailed(), ix.resourcesInPlan(), cache == null ? null : cache.kind(),
                cache == null || !"guava".equals(cache.kind()) ? -1 : s.cacheMaxEntries(),
                Math.max(0, ix.resourcesWritten() - ix.resourcesIndexed()), cache == null ? 0 : cache.evictions(),
                cache == null ? 0 : cache.slowLookups(), cache == null ? 0 : cache.errors(), peakInFlight, perCommit,
                ring.slots, ring.model, ring.coldSeconds, predicted);
    }

    /** The lowest interval p50 of service among intervals busy enough to say something; 0 when none. */
    static double lightLoad(List<IntervalStats> intervals) {
        double lowest = Double.MAX_VALUE;
        for (IntervalStats i : intervals) {
            if (i.service() != null && i.service().count() >= MIN_REQUESTS && i.service().p50Ms() > 0) {
                lowest = Math.min(lowest, i.service().p50Ms());
            }
        }
        return lowest == Double.MAX_VALUE ? 0 : lowest;
    }

    private record Ring(long slots, double coldSeconds, String model) {}

    /**
     * The ring an unbounded ring would have needed. While the workers are saturated a bigger ring
     * changes nothing about how fast they take events: it only holds what a full ring dropped. So
     * at each report line the backlog is the occupancy plus the slots of every commit dropped so
     * far, and the ring needed is its peak (for a ring that never filled: its sampled peak). When
     * the index never completed and commits were dropped, the backlog was still growing at the end:
     * it is projected to the end of a cold start that indexes every plan resource at the rate this
     * run indexed them first (a cold start made longer by a cache too small makes this figure
     * larger, never smaller).
     */
    private static Ring ringNeeded(StressResult r, Settings s, List<IntervalStats> intervals, WorkerTime all,
            int perCommit) {
        int attributes = Math.max(1, s.attributes());
        long measured = r.coldStart() == null ? 0 : r.coldStart().ringPeak();
        for (IntervalStats i : intervals) {
            measured = Math.max(measured, i.ringOccupancy() + perCommit * (i.droppedTotal() / attributes));
            if (i.dropped() > 0) {
                // Drops in bursts the workers drained between report lines: at the drop the ring was
                // full, and held at least what it dropped beyond that (all in one burst, at most).
                measured = Math.max(measured, s.ringSize() + perCommit * (i.dropped() / attributes));
            }
        }
        IndexSummary ix = r.index();
        boolean indexing = ix != null && ix.enabled();
        double coldSeconds = !indexing ? -1 : ix.secondsToComplete() >= 0 ? ix.secondsToComplete()
                : ix.resourcesIndexed() > 0 && r.generationSeconds() > 0
                        ? ix.resourcesInPlan() / (ix.resourcesIndexed() / r.generationSeconds()) : -1;
        boolean unfinished = indexing && ix.secondsToComplete() < 0 && r.dropped() > 0;
        if (!unfinished || coldSeconds < 0 || all.events() <= 0) {
            return new Ring(measured, coldSeconds, r.dropped() > 0
                    ? "the peak of occupancy + the slots of the commits dropped so far at the report lines, and of a "
                            + "full ring + an interval's drops"
                    : "the ring's own peak occupancy (it never dropped)");
        }
        double firstIndexRate = ix.resourcesIndexed() / r.generationSeconds();
        double targetSlots = perCommit * r.targetSamplesPerSecond() / attributes;
        double takenSlots = all.events() / all.wallSeconds();
        double deficit = Math.max(0, targetSlots - takenSlots);
        long projected = (long) Math.ceil(deficit * coldSeconds);
        return new Ring(Math.max(measured, projected), coldSeconds, String.format(Locale.ROOT,
                "projected: the index never completed, so (%,.0f slots/s asked - %,.0f taken) x a cold start of %,.0f s "
                        + "(%,d resources at the %,.0f/s this run indexed them first)",
                targetSlots, takenSlots, coldSeconds, ix.resourcesInPlan(), firstIndexRate));
    }

    /** The settings of a run the evidence needs, read from its result's config. */
    public record Settings(WriterModel model, int ringSize, int writerThreads, long cacheMaxEntries, int attributes,
            int strings, int maxBatchSize, int connectionsPerHost, int maxRequestsPerConnection,
            boolean foreignSourceIds) {
        public static Settings of(StressResult r) {
            return new Settings(WriterModels.named(r.setting(StressOptions.WRITER)),
                    (int) number(r, StressOptions.RING_SIZE, 8192), (int) number(r, StressOptions.WRITER_THREADS, 16),
                    number(r, StressOptions.CACHE_MAX_ENTRIES, -1), (int) number(r, StressOptions.ATTRIBUTES, 10),
                    (int) number(r, StressOptions.STRINGS, 0), (int) number(r, StressOptions.MAX_BATCH_SIZE, 16),
                    // Results before these options had the driver's pool: one connection of 1,024.
                    (int) number(r, StressOptions.CONNECTIONS_PER_HOST, 1),
                    (int) number(r, StressOptions.MAX_REQUESTS_PER_CONNECTION, 1024),
                    // A result saved before --resource-ids existed wrote the foreign-source shape.
                    "foreign-source".equalsIgnoreCase(String.valueOf(r.setting(StressOptions.RESOURCE_IDS) == null
                            ? "foreign-source" : r.setting(StressOptions.RESOURCE_IDS))));
        }

        private static long number(StressResult r, Option<?> option, long otherwise) {
            Object v = r.setting(option);
            if (v instanceof Number n) {
                return n.longValue();
            }
            try {
                return v == null ? otherwise : Long.parseLong(String.valueOf(v).replace(",", "").trim());
            } catch (NumberFormatException e) {
                return otherwise;
            }
        }
    }

    /** The report intervals of the cold start and of the steady state after it. */
    public static final class Phases {
        private Phases() {}

        /** Intervals that ended before every resource was indexed (all of them if that never happened). */
        public static List<IntervalStats> cold(List<IntervalStats> intervals, double indexedAt) {
            if (indexedAt < 0) {
                return intervals;
            }
            List<IntervalStats> out = new ArrayList<>();
            for (IntervalStats i : intervals) {
                if (i.elapsedSeconds() - i.intervalSeconds() / 2 <= indexedAt) {
                    out.add(i);
                }
            }
            return out;
        }

        public static List<IntervalStats> steady(List<IntervalStats> intervals, double indexedAt) {
            if (indexedAt < 0) {
                return List.of();
            }
            List<IntervalStats> out = new ArrayList<>();
            for (IntervalStats i : intervals) {
                if (i.elapsedSeconds() - i.intervalSeconds() / 2 > indexedAt) {
                    out.add(i);
                }
            }
            return out;
        }
    }
}
