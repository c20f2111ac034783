package org.metricsstress.analysis;

import org.metricsstress.result.Facts;
import org.metricsstress.result.PlanFacts;
import org.metricsstress.result.WorkerTime;

import org.metricsstress.result.CacheSummary;
import org.metricsstress.result.ColdStart;
import org.metricsstress.result.Distance;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.NodeSummary;
import org.metricsstress.result.NodeTelemetry;

import org.metricsstress.result.StressResult;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's result assembled from recorded evidence, a report interval at a time: what the verdict
 * and the advice are judged from, the rest plausible filler. Each interval is {@link #SECONDS} long.
 */
public final class RecordedRun {
    static final double SECONDS = 5;

    private final Map<String, Object> config = new LinkedHashMap<>();
    private final List<IntervalStats> intervals = new ArrayList<>();
    private final Map<String, Long> failedByClass = new HashMap<>();
    private double target = 10_000;
    private IndexSummary index = IndexSummary.DISABLED;
    private CacheSummary cache;
    private ColdStart coldStart;
    private LatencySummary lag = latency(0.2, 100);
    private long droppedTotal;
    private long writtenTotal;
    private long failedTotal;
    private long generatedTotal;
    private List<NodeSummary> nodes = List.of();
    private NodeTelemetry telemetry;
    private Distance distance = Distance.NONE;
    private long unsent;
    /** The class the intervals' failures are kept under; null: not kept (results before they were). */
    private String intervalFailures;

    public RecordedRun() {
        config.put("writer", "opennms");
        config.put("ring-size", 8192);
        config.put("writer-threads", 16);
        config.put("attributes", 10);
        config.put("strings", 2);
        config.put("max-batch-size", 16);
        config.put("cache", "guava");
        config.put("cache-max-entries", 8192);
    }

    public static LatencySummary latency(double p50, long count) {
        return new LatencySummary(count, p50, p50 * 2, p50 * 4, p50 * 6, p50 * 8, p50 * 1.2);
    }

    public RecordedRun set(String key, Object value) {
        config.put(key, value);
        return this;
    }

    /** The client's figures per coordinator node. */
    public RecordedRun nodes(List<NodeSummary> coordinators) {
        nodes = List.copyOf(coordinators);
        return this;
    }

    /** What the nodes said of themselves. */
    public RecordedRun telemetry(NodeTelemetry t) {
        telemetry = t;
        return this;
    }

    public RecordedRun target(double samplesPerSecond) {
        target = samplesPerSecond;
        return this;
    }

    public RecordedRun failed(String errorClass, long samples) {
        failedByClass.merge(errorClass, samples, Long::sum);
        return this;
    }

    /** How far apart the DCs were made, one way per pair, as a local cluster writes it ("10ms~1ms"). */
    public RecordedRun distance(Map<String, String> oneWay) {
        distance = new Distance(oneWay, List.of(), null);
        return this;
    }

    /**
     * From now on each interval keeps its failures by class, all of class {@code errorClass}, as a
     * run's report intervals do; before, an interval's are not known (an older result). The run's own
     * {@link #failed} still says the whole run's.
     */
    public RecordedRun intervalFailuresAs(String errorClass) {
        intervalFailures = errorClass;
        return this;
    }

    public RecordedRun lag(LatencySummary scheduleLag) {
        lag = scheduleLag;
        return this;
    }

    /**
     * An interval: samples written, dropped and failed in it, the ring at its end and how often it
     * was full, service p50, and the workers' time (busy share; index, sample and cache shares of busy).
     */
    public RecordedRun interval(long written, long dropped, long failed, long ring, long fullEvents, double serviceP50,
            double busy, double indexShare, double sampleShare, double cacheShare, long events) {
        long generated = written + dropped + failed;
        generatedTotal += generated;
        writtenTotal += written;
        droppedTotal += dropped;
        failedTotal += failed;
        int workers = ((Number) config.get("writer-threads")).intValue();
        double busySeconds = busy * workers * SECONDS;
        WorkerTime w = new WorkerTime(workers, SECONDS, busySeconds, sampleShare * busySeconds, indexShare * busySeconds,
                cacheShare * busySeconds, events);
        double elapsed = (intervals.size() + 1) * SECONDS;
        intervals.add(new IntervalStats(elapsed, SECONDS, target, generated, written, dropped, failed, generatedTotal,
                writtenTotal, droppedTotal, failedTotal, ring, fullEvents, 16, latency(serviceP50 * 3, written / 10 + 1),
                latency(serviceP50, Math.max(1, written / 10)), latency(1, written / 10 + 1), lag, 20, 1 << 28, 0, 0,
                -1, -1, -1, w, null, intervalFailures == null ? null
                        : failed == 0 ? Map.of() : Map.of(intervalFailures, failed)));
        return this;
    }

    /** Samples the generators still owed when the run ended (never generated). */
    public RecordedRun unsent(long samples) {
        unsent += samples;
        return this;
    }

    /**
     * Samples written, dropped and failed after the last report interval: in the run's totals and in
     * no interval, as a drain too short for a line of its own leaves them. Failures need their class
     * ({@link #failed}).
     */
    public RecordedRun afterLastInterval(long written, long dropped, long failed) {
        generatedTotal += written + dropped + failed;
        writtenTotal += written;
        droppedTotal += dropped;
        failedTotal += failed;
        return this;
    }

    public RecordedRun index(long requests, long failed, long resourcesWritten, long resourcesIndexed, long inPlan,
            double indexedAt) {
        index = org.metricsstress.result.ResultFixtures.index(true, requests * 2, requests, failed, resourcesWritten, 0, 0, 0, resourcesIndexed,
                inPlan, indexedAt, 1000, indexedAt < 0 ? -1 : 9000, 0, 0, 0, latency(2, requests));
        return this;
    }

    public RecordedRun cache(String kind, long evictions, long slowLookups, long errors) {
        cache = new CacheSummary(kind, kind, 100, 10, 10, evictions, errors, 10, 0.5, slowLookups);
        return this;
    }

    /** Of the index requests failed, those this client's connection pool refused (class pool). */
    public RecordedRun indexRefusedByPool(long requests) {
        IndexSummary i = index;
        index = new IndexSummary(i.enabled(), i.rowsWritten(), i.requests(), i.requestsFailed(), i.resourcesWritten(),
                i.deferred(), i.deduplicated(), i.stageErrors(), i.resourcesIndexed(), i.resourcesInPlan(),
                i.secondsToComplete(), i.writtenRateWhileIndexing(), i.writtenRateAfter(), i.primedGroupResources(),
                i.primedInterfaceResources(), i.primingSeconds(), i.serviceLatency(), requests);
        return this;
    }

    /** The cache, with its lookups' latency as the run timed them. */
    public RecordedRun cache(String kind, long evictions, long slowLookups, long errors, LatencySummary lookups) {
        cache = new CacheSummary(kind, kind, 100, 10, 10, evictions, errors, 10, 0.5, slowLookups, lookups);
        return this;
    }

    public RecordedRun coldStart(double ringFullAt, long ringPeak, double indexedAt) {
        coldStart = new ColdStart(ringFullAt, ringPeak, ((Number) config.get("ring-size")).intValue(), -1, indexedAt,
                droppedTotal, 1000, 10);
        return this;
    }

    /** This client's CPU (% of its cores) and the whole machine's, over the run. */
    public RecordedRun machine(double clientCpuPercent, double machineCpuPercent) {
        this.clientCpu = clientCpuPercent;
        this.machineCpu = machineCpuPercent;
        return this;
    }

    /** This client's cgroup CPU quota in cores, and the share of the quota's periods it was throttled in. */
    public RecordedRun quota(double cores, double throttledPeriodShare) {
        this.quotaCores = cores;
        this.throttledPeriodShare = throttledPeriodShare;
        return this;
    }

    private double clientCpu = 20;
    private double machineCpu = -1;
    private double quotaCores;
    private double throttledPeriodShare;

    public StressResult build() {
        double seconds = intervals.size() * SECONDS;
        long failed = failedByClass.values().stream().mapToLong(Long::longValue).sum();
        if (failed != failedTotal) {
            throw new IllegalStateException("failed by class " + failed + " != failed in intervals " + failedTotal);
        }
        LatencySummary service = intervals.stream().map(IntervalStats::service)
                .max((a, b) -> Double.compare(a.p50Ms(), b.p50Ms())).orElse(LatencySummary.EMPTY);
        PlanFacts plan = Facts.plan(index.resourcesInPlan() * 5 / 6);
        StressResult r = org.metricsstress.result.ResultFixtures.result(StressResult.SCHEMA_VERSION, "metrics-stress", "test", Map.of(), config, plan,
                Facts.NO_CLUSTER, "2026-01-01T00:00:00Z", seconds, 1, target, writtenTotal / seconds, generatedTotal,
                writtenTotal, droppedTotal, failedTotal, failedByClass, 0, true, generatedTotal / 10, droppedTotal / 10, 0,
                writtenTotal / 16, latency(50, 100), service, latency(10, 100), lag,
                new org.metricsstress.result.ClientSummary(10, clientCpu, 2, 10, 1 << 30, 1 << 28, 1, 5, -1, -1, machineCpu,
                        quotaCores, throttledPeriodShare),
                index, cache, null, null, intervals);
        return Judgement.of(new StressResult(r.schemaVersion(), r.tool(), r.version(), r.environment(), r.config(), r.plan(),
                r.cluster(), r.startedAt(), r.generationSeconds(), r.drainSeconds(), r.targetSamplesPerSecond(),
                r.writtenSamplesPerSecond(), r.generated(), r.written(), r.dropped(), r.failed(), r.failedByClass(),
                r.unaccounted(), r.drained(), r.groupCommitsGenerated(), r.groupCommitsDropped(),
                r.stringAttributesGenerated(), r.writeRequests(), r.responseLatency(), r.serviceLatency(),
                r.queueLatency(), r.scheduleLag(), r.client(), r.index(), r.cache(), null, null, r.intervals(),
                StressResult.WriteAttempts.NONE, nodes, List.of(), List.of(), null, null, null, coldStart,
                r.generated() + unsent, unsent, null, distance, null, null, null, null, telemetry, null, java.util.List.of()));
    }
}
