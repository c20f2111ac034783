package org.metricsstress.engine;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metricsstress.cache.CacheStats;
import org.metricsstress.cache.CacheView;
import org.metricsstress.config.ConfigView;
import org.metricsstress.config.StressConfig;
import org.metricsstress.index.CachePrimer;
import org.metricsstress.metrics.Counts;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.IndexMetrics;
import org.metricsstress.metrics.HeapPeak;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.metrics.JvmStats;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.result.NodeTelemetry;
import org.metricsstress.metrics.ProcessCpu;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.plan.Schedule;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.result.CacheSummary;
import org.metricsstress.result.ClientSummary;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.ClusterFacts;
import org.metricsstress.result.PlanFacts;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.ColdStart;
import org.metricsstress.result.Distance;
import org.metricsstress.result.SeriesLosses;
import org.metricsstress.result.NodeSummary;
import org.metricsstress.result.RunEvent;
import org.metricsstress.result.StepSummary;
import org.metricsstress.metrics.NodeStats;
import org.metricsstress.metrics.LossLedger;
import org.metricsstress.metrics.ReadMetrics;
import org.metricsstress.result.ReadSummary;
import org.metricsstress.config.CacheKind;

/** Assembles a run's {@link StressResult} from its metrics once everything has settled. */
final class RunResults {
    private RunResults() {}

    /**
     * What was run: the configuration, its plan and schedule, the cluster as described at the start,
     * the events marked during the run, and how far apart the DCs were made ("dc1-dc2" to "10ms";
     * empty when not).
     */
    record Run(StressConfig config, StressPlan plan, Schedule schedule, ClusterFacts cluster,
            List<RunEvent> events, Map<String, String> distance, NodeTelemetry nodeTelemetry) {}

    /**
     * What measured it: the run's metrics, the index's (null without indexing), the cache (null
     * without), what priming did (null without), the reads' metrics (null without reads), the loss
     * ledger (null where none was kept), and the ring's watch and size (the watch null where nothing
     * watched it, as in results assembled by tests: no peak, never drained).
     */
    record Meters(StressMetrics metrics, IndexMetrics index, CacheView cache, CachePrimer.Primed primed,
            ReadMetrics reads, LossLedger ledger, RingWatch ring, int ringSize) {}

    static StressResult of(Run run, Meters meters, Settle.Settled settled, Baseline.ClientCost cost) {
        StressConfig config = run.config();
        StressPlan plan = run.plan();
        Schedule schedule = run.schedule();
        StressMetrics m = meters.metrics();
        // Drained or abandoned: nothing counts any more, and every figure below is of this moment.
        Counts c = m.counts();
        IndexMetrics ix = meters.index();
        long generationEnd = settled.generation().endNanos();
        ReadSummary reads = reads(meters.reads());
        double generationSeconds = Math.max(0, generationEnd - schedule.startNanos()) / 1e9;
        double drainSeconds = (settled.settledNanos() - generationEnd) / 1e9;
        Map<String, Long> byClass = new LinkedHashMap<>();
        for (ErrorClass cause : ErrorClass.values()) {
            byClass.put(cause.name().toLowerCase(Locale.ROOT), c.failed(cause));
        }
        double achieved = generationSeconds > 0 ? c.written() / generationSeconds : 0;
        double target = schedule.meanTargetSamplesPerSecond();
        // The schedule's own count of what it asked for before the stop: every commit of it must be
        // generated or owed; anything else is a hole in the accounting, and the audit says so.
        long intended = schedule.expectedGroupCommits(settled.generation().stopAt()) * plan.attributes();
        IndexSummary index = index(ix, meters.primed(), c, generationSeconds);
        // Once: each node's histogram is encoded, and the distance is drawn from the same figures.
        List<NodeSummary> nodes = nodes(m);
        return new StressResult(StressResult.SCHEMA_VERSION, StressEngine.TOOL, Version.get(),
                Environment.capture(Version.get(), Version.gitCommit(), Version.driver()), ConfigView.of(config),
                planView(config, plan), run.cluster(),
                Instant.ofEpochMilli(schedule.startEpochMillis()).toString(),
                generationSeconds, drainSeconds, target, achieved,
                c.generated(), c.written(), c.dropped(), c.failed(), byClass,
                c.unaccounted(), settled.drained(), c.groupCommitsGenerated(), c.groupCommitsDropped(),
                c.stringAttributes(), c.writeRequests(),
                LatencySummary.of(m.response().total()), LatencySummary.of(m.service().total()),
                LatencySummary.of(m.queue().total()), LatencySummary.of(m.scheduleLag().total()),
                client(c.written(), cost, settled.settledNanos() - schedule.startNanos()), index, cache(meters.cache(), ix),
                null, null, settled.intervals(),
                new StressResult.WriteAttempts(c.retries(), c.speculativeExecutions(), c.offReplica(),
                        firstFailures(m)),
                nodes, List.copyOf(run.events()), steps(config, schedule, settled.intervals(), settled.unlisted()),
                reads, null, null,
                coldStart(m, c, ix, index, schedule, meters.ring(), settled.intervals(), meters.ringSize(), target,
                        generationSeconds), intended,
                c.unsent(), meters.ledger() == null ? null : SeriesLosses.of(meters.ledger().snapshot()),
                Distance.of(run.distance(), samplesConsistency(config), nodes, cost.relays()), null, null, null, null,
                run.nodeTelemetry(), null, java.util.List.of());
    }

    private static PlanFacts planView(StressConfig config, StressPlan plan) {
        return new PlanFacts((long) plan.groupResources(), plan.interfaceResources(), plan.samplesPerInterval(),
                plan.stringAttributesPerInterval(), plan.pacingNanos() / 1e9, plan.planSamplesPerSecond(),
                plan.instance().index(), plan.instance().count(), (long) plan.ownedGroupResources(),
                config.index().enabled() && config.index().cache() == CacheKind.GUAVA
                        ? OpenNmsHeapFigure.of(config, plan) : null);
    }

    /** The client's own cost over {@code runNanos}, from the start to the settling. */
    private static ClientSummary client(long written, Baseline.ClientCost cost, long runNanos) {
        long cpuNanos = cost.cpuNanos();
        double cpuPercent = ProcessCpu.percentOfCores(cpuNanos, runNanos);
        // cpuNanos < 0: the JVM could not say; every CPU figure is then -1 (unknown), not 0.
        return new ClientSummary(cpuNanos < 0 ? -1 : cpuNanos / 1e9, cpuPercent, ProcessCpu.cores(),
                cpuNanos < 0 ? -1 : written > 0 ? cpuNanos / 1e3 / written : 0, JvmStats.maxHeapBytes(),
                HeapPeak.bytes(), cost.gcCount(), cost.gcMillis(), cost.bytesSent(), cost.bytesReceived(),
                cost.machineCpuPercent(), cost.cpuQuotaCores(),
                cost.cpuQuotaCores() > 0 ? Math.max(0, cost.throttledPeriodShare()) : 0);
    }

    /**
     * The level the samples were written at: the writer model's answer (OpenNMS's sends its sample
     * batches at the driver's default, whatever --write-cl says).
     */
    static String samplesConsistency(StressConfig config) {
        return config.pipeline().model().samplesConsistency(config.cluster().writeConsistency());
    }

    /** The cold start's timeline, from the ring's own count and watch and the index's completion. */
    private static ColdStart coldStart(StressMetrics m, Counts c, IndexMetrics ix, IndexSummary index, Schedule schedule,
            RingWatch ring, List<IntervalStats> intervals, int ringSize, double target, double generationSeconds) {
        long start = schedule.startNanos();
        long fullAt = m.firstRingFullNanos();
        long drainedAt = ring == null ? 0 : ring.drainedAtNanos();
        double indexedAt = ix == null ? -1 : ix.secondsToComplete();
        long droppedWhileIndexing = ix != null && indexedAt >= 0 ? ix.droppedSamplesAtComplete() : c.dropped();
        double whileIndexing = ix == null
                ? (generationSeconds > 0 ? c.written() / generationSeconds : 0) : index.writtenRateWhileIndexing();
        return new ColdStart(fullAt == 0 ? -1 : round1(Math.max(0, fullAt - start) / 1e9),
                ringPeak(ring == null ? 0 : ring.peak(), intervals), ringSize,
                drainedAt == 0 ? -1 : round1(Math.max(0, drainedAt - start) / 1e9), indexedAt, droppedWhileIndexing,
                whileIndexing, target > 0 && whileIndexing >= 0 ? 100 * whileIndexing / target : -1);
    }

    /**
     * The most slots seen in use, by the watch's looks every 100 ms and by the report lines' own
     * looks. A backlog of a few group commits comes and goes between two of the watch's looks, and
     * a report line can catch a top that the watch missed; the evidence's ring needed takes both
     * looks, so the peak must too, or a run that never dropped would need more ring than it ever held.
     */
    static long ringPeak(long watched, List<IntervalStats> intervals) {
        long peak = watched;
        for (IntervalStats i : intervals) {
            peak = Math.max(peak, i.ringOccupancy());
        }
        return peak;
    }

    private static double round1(double seconds) {
        return Math.round(seconds * 10) / 10.0;
    }

    private static ReadSummary reads(ReadMetrics r) {
        if (r == null) {
            return null;
        }
        r.settle();
        Map<String, Long> byClass = new LinkedHashMap<>();
        for (ErrorClass c : ErrorClass.values()) {
            byClass.put(c.name().toLowerCase(Locale.ROOT), r.readFailures(c));
        }
        return new ReadSummary(r.readsIntended(), r.readsSent(), r.readsCompleted(),
                r.readsFailed(),
                r.readsSent() - r.readsCompleted() - r.readsFailed(), byClass, r.rowsRead(), r.valueMismatches(),
                LatencySummary.of(r.readResponse().total()), LatencySummary.of(r.readService().total()),
                r.searchesIntended(), r.searchesSent(), r.searchesCompleted(), r.searchesFailed(),
                r.searchesSent() - r.searchesCompleted() - r.searchesFailed(), r.searchMisses(),
                LatencySummary.of(r.searchResponse().total()), r.probesSent(), r.probesReadable(), r.probesFailed(),
                r.probesSent() - r.probesReadable() - r.probesFailed(), LatencySummary.of(r.freshness().total()),
                freshnessByDc(r));
    }

    private static Map<String, ReadSummary.DcFreshness> freshnessByDc(
            ReadMetrics r) {
        Map<String, ReadSummary.DcFreshness> byDc = new LinkedHashMap<>();
        r.freshnessByDc().forEach((dc, p) -> {
            long sent = p.sent().sum();
            long readable = p.readable().sum();
            long failed = p.failed().sum();
            byDc.put(dc, new ReadSummary.DcFreshness(sent, readable, failed,
                    sent - readable - failed, LatencySummary.of(p.freshness().total())));
        });
        return byDc;
    }

    /**
     * With --rate-steps, each step from the intervals that ended in it; none for a run at one rate.
     * {@code unlisted} is the drain's interval when it was too short for a line of the series: its
     * samples still belong to the last step, or the steps would not add up to the run (a late
     * generator can leave hundreds of samples to it).
     */
    private static List<StepSummary> steps(StressConfig config, Schedule schedule, List<IntervalStats> intervals,
            IntervalStats unlisted) {
        if (config.pacing().rateSteps() == null) {
            return List.of();
        }
        List<IntervalStats> covered = new ArrayList<>(intervals);
        if (unlisted != null) {
            covered.add(unlisted);
        }
        int n = schedule.segments();
        double[] starts = new double[n];
        double[] lengths = new double[n];
        double[] targets = new double[n];
        for (int k = 0; k < n; k++) {
            starts[k] = (schedule.segmentStartNanos(k) - schedule.startNanos()) / 1e9;
            lengths[k] = (schedule.segmentEndNanos(k) - schedule.segmentStartNanos(k)) / 1e9;
            targets[k] = schedule.targetSamplesPerSecondAt(schedule.segmentStartNanos(k));
        }
        return StepSummary.of(starts, lengths, targets, covered);
    }

    private static Map<String, String> firstFailures(StressMetrics m) {
        Map<String, String> first = new LinkedHashMap<>();
        for (ErrorClass c : ErrorClass.values()) {
            if (m.firstFailureOf(c) != null) {
                first.put(c.name().toLowerCase(Locale.ROOT), m.firstFailureOf(c));
            }
        }
        return first;
    }

    private static List<NodeSummary> nodes(StressMetrics m) {
        List<NodeSummary> out = new ArrayList<>();
        for (NodeStats n : m.nodes().all()) {
            Map<String, Long> failed = new LinkedHashMap<>();
            for (ErrorClass c : ErrorClass.values()) {
                failed.put(c.name().toLowerCase(Locale.ROOT), n.failedAttempts(c));
            }
            out.add(new NodeSummary(n.node(), n.dc(), n.requests(), n.samplesWritten(), failed,
                    LatencySummary.of(n.serviceTotal())));
        }
        return out;
    }

    private static IndexSummary index(IndexMetrics ix, CachePrimer.Primed primed, Counts c,
            double generationSeconds) {
        if (ix == null) {
            return IndexSummary.DISABLED;
        }
        double complete = ix.secondsToComplete();
        double whileIndexing;
        double after;
        if (complete < 0) {
            whileIndexing = generationSeconds > 0 ? c.written() / generationSeconds : 0;
            after = -1;
        } else {
            long atComplete = ix.writtenSamplesAtComplete();
            whileIndexing = complete > 0 ? atComplete / complete : -1;
            double rest = generationSeconds - complete;
            // Fewer than 2 s after completion say nothing about the warm rate.
            after = rest >= 2 ? (c.written() - atComplete) / rest : -1;
        }
        return new IndexSummary(true, ix.rowsWritten(), ix.requests(), ix.requestsFailed(), ix.resourcesWritten(),
                ix.deferredCount(), ix.deduplicatedCount(), c.indexStageErrors(), ix.resourcesIndexed(),
                ix.resourcesInPlan(), complete,
                whileIndexing, after,
                primed == null ? 0 : primed.groupResources(), primed == null ? 0 : primed.interfaceResources(),
                primed == null ? 0 : primed.seconds(), LatencySummary.of(ix.service().total()),
                ix.requestsFailedForPool());
    }

    private static CacheSummary cache(CacheView cache, IndexMetrics ix) {
        if (cache == null) {
            return null;
        }
        cache.flush();
        CacheStats s = cache.stats();
        return new CacheSummary(cache.describe().split("[ ,]")[0].toLowerCase(Locale.ROOT),
                cache.describe(), cache.size(), s.hits(), s.misses(), s.evictions(), s.errors(), s.puts(), s.hitRatio(),
                ix == null ? 0 : ix.slowLookups(), ix == null ? null : LatencySummary.of(ix.lookupLatency()));
    }
}
