package org.metricsstress.result;

import java.util.LinkedHashMap;
import java.util.List;
import org.metricsstress.config.Option;
import org.metricsstress.config.OptionDef;
import java.util.Map;
import java.util.ArrayList;
import java.util.Locale;

/**
 * The outcome of a run, as the summary and the result JSON present it. Latencies are in
 * milliseconds; rates per second. The JSON layout is documented in docs/result-schema.json.
 *
 * @param generationSeconds time from the first intended commit until generation stopped
 * @param drainSeconds      time spent draining the ring and the writes in flight afterwards
 * @param targetSamplesPerSecond  samples per second the plan asks for
 * @param writtenSamplesPerSecond samples written per second of generation (written / generationSeconds)
 * @param drained           true if everything settled within the drain timeout
 * @param unaccounted       generated - written - dropped - failed: 0 when the audit balances
 * @param index             the indexer's figures ({@code enabled: false} with --no-index)
 * @param cache             the resource cache's figures, or null with --no-index
 * @param scheduleLag       how late the generators were against the intended times
 * @param sla               the --sla criteria and their outcome, or null without --sla
 * @param writes            retries, speculative executions and requests answered off replica
 * @param nodes             per coordinator node, ordered by data centre and address
 * @param events            what happened to the cluster during the run (faults injected), in time order
 * @param steps             each step of a --rate-steps profile on its own; empty for one rate
 * @param reads             the read side (--read-rate, --search-rate, --freshness-probes), or null without reads
 * @param verify            what --verify-after read back, or null without it
 * @param merge             for a result merged from instances' results, which ones; null for one run
 * @param coldStart         the ring and the index over the cold start (null in results older than
 *                          schema 5)
 * @param intended          samples the schedule meant before the run stopped (its own count):
 *                          generated + unsent
 * @param unsent            samples of that never generated: their generators were behind when the
 *                          run ended (the schedule's debt; each owed commit's response time is counted
 *                          from its intended time to the end of generation)
 * @param losses            what each series lost (dropped, failed, unsent), so that a read-back holds
 *                          every series to its own losses; null in results older than schema 5
 * @param distance          how far apart the DCs were made, and the writes' service time per
 *                          coordinator DC and consistency level; null in results older than schema 6
 * @param disk              the keyspace on disk after the run and the retention projected ({@code --disk});
 *                          null without it, and in results older than schema 7
 * @param evidence          what the verdict and the advice were read from: the workers' time, the
 *                          cluster's service against its light-load level, the cache's churn, the ring
 *                          needed; null in results older than schema 9
 * @param advice            what to change, keyed by OpenNMS property name, in the order to act; empty
 *                          when the run kept up, null in results older than schema 9
 * @param tune              for the last run of {@code tune}: its rounds; null otherwise
 * @param nodeTelemetry     what each node said of itself every report interval (thread pools,
 *                          compactions, hints, its write latency; GC and CPU where its JMX answered);
 *                          null in results older than schema 10
 * @param remoteWrite       the TSS path's own figures when it is the run's first path ({@code --writer tss});
 *                          null otherwise and in results older than schema 11
 * @param writers           every write path in {@code --writer} order, each with its audit and verdict
 *                          (one for a single model); empty in results older than schema 11
 */
public record StressResult(
        int schemaVersion,
        String tool,
        String version,
        Map<String, Object> environment,
        Map<String, Object> config,
        PlanFacts plan,
        ClusterFacts cluster,
        String startedAt,
        double generationSeconds,
        double drainSeconds,
        double targetSamplesPerSecond,
        double writtenSamplesPerSecond,
        long generated,
        long written,
        long dropped,
        long failed,
        Map<String, Long> failedByClass,
        long unaccounted,
        boolean drained,
        long groupCommitsGenerated,
        long groupCommitsDropped,
        long stringAttributesGenerated,
        long writeRequests,
        LatencySummary responseLatency,
        LatencySummary serviceLatency,
        LatencySummary queueLatency,
        LatencySummary scheduleLag,
        ClientSummary client,
        IndexSummary index,
        CacheSummary cache,
        Verdict verdict,
        SlaResult sla,
        List<IntervalStats> intervals,
        WriteAttempts writes,
        List<NodeSummary> nodes,
        List<RunEvent> events,
        List<StepSummary> steps,
        ReadSummary reads,
        VerifyReport verify,
        MergeInfo merge,
        ColdStart coldStart,
        long intended,
        long unsent,
        SeriesLosses losses,
        Distance distance,
        DiskSummary disk,
        Evidence evidence,
        Map<String, Advice> advice,
        Tuning tune,
        NodeTelemetry nodeTelemetry,
        RemoteWriteSummary remoteWrite,
        List<WriterPath> writers) {

    public StressResult {
        writers = writers == null ? List.of() : List.copyOf(writers);
    }

    /** Version of this file's layout; bumped on any incompatible change (docs/result-schema.json). */
    public static final int SCHEMA_VERSION = 12;
    /** The oldest layout still read: version 3 lacks the histograms (merging refuses it) and {@code merge}. */
    public static final int OLDEST_READABLE = 3;

    /**
     * Where a merged result came from.
     *
     * @param instances how many instances the plan was split into
     * @param merged    the instance indexes merged, ascending
     * @param sources   the files, in the order of {@code merged}
     */
    public record MergeInfo(int instances, List<Integer> merged, List<String> sources) {
        /** Whether every instance of the plan is in the merge. */
        public boolean complete() {
            return merged.size() == instances;
        }
    }

    /**
     * Beyond the samples: how many times requests were sent again or doubled, and how many were
     * coordinated by a node that had to forward some of their rows.
     */
    public record WriteAttempts(long retries, long speculativeExecutions, long requestsOffReplica,
            Map<String, String> firstFailureByClass) {
        public static final WriteAttempts NONE = new WriteAttempts(0, 0, 0, Map.of());

        /** Every instance's attempts added; each class's first failure the first instance's that had one. */
        public static WriteAttempts sum(List<WriteAttempts> ws) {
            Map<String, String> first = new LinkedHashMap<>();
            ws.forEach(w -> w.firstFailureByClass().forEach(first::putIfAbsent));
            return new WriteAttempts(Sums.sum(ws, WriteAttempts::retries), Sums.sum(ws, WriteAttempts::speculativeExecutions),
                    Sums.sum(ws, WriteAttempts::requestsOffReplica), first);
        }
    }


    /** This result with the outcome of its pass/fail criteria. */
    public StressResult withSla(SlaResult outcome) {
        return copy(verdict, outcome, steps, verify, disk, evidence, advice, tune);
    }

    /** This result with its steps judged, and the run's outcome: passed only if every step passed. */
    public StressResult withSteps(List<StepSummary> judged, SlaResult outcome) {
        return copy(verdict, outcome, List.copyOf(judged), verify, disk, evidence, advice, tune);
    }

    /** This result with what reading it back found. */
    public StressResult withVerify(VerifyReport report) {
        return copy(verdict, sla, steps, report, disk, evidence, advice, tune);
    }

    /** This result with what its keyspace takes on disk and the retention projected from it. */
    public StressResult withDisk(DiskSummary measured) {
        return copy(verdict, sla, steps, verify, measured, evidence, advice, tune);
    }

    /**
     * A setting of the run as its result file shows it (its {@code config}, keyed by the option), or
     * null when the file has none: read by option, never by a key spelled out.
     */
    public Object setting(Option<?> option) {
        return setting(option.def());
    }

    /** {@link #setting(Option)} for a command that reads a set of the table's options at once. */
    public Object setting(OptionDef option) {
        return config == null ? null : config.get(option.key());
    }

    /**
     * This result with its judgement: the evidence drawn from its figures, the verdict and the advice
     * (the analysis package draws them; the record only keeps them).
     */
    public StressResult withJudgement(Evidence evidence, Verdict verdict, Map<String, Advice> advice) {
        return copy(verdict, sla, steps, verify, disk, evidence, advice, tune);
    }

    /** This result with its write paths (each with its own verdict), and the TSS path's figures when it is the first. */
    public StressResult withPaths(RemoteWriteSummary firstRemoteWrite, List<WriterPath> paths) {
        return new StressResult(schemaVersion, tool, version, environment, config, plan, cluster, startedAt,
                generationSeconds, drainSeconds, targetSamplesPerSecond, writtenSamplesPerSecond, generated, written, dropped, failed,
                failedByClass, unaccounted, drained, groupCommitsGenerated, groupCommitsDropped,
                stringAttributesGenerated, writeRequests, responseLatency, serviceLatency, queueLatency, scheduleLag,
                client, index, cache, verdict, sla, intervals, writes, nodes, events, steps, reads, verify, merge,
                coldStart, intended, unsent, losses, distance, disk, evidence, advice, tune, nodeTelemetry, firstRemoteWrite,
                paths);
    }

    /** This result as the last round of a tune, with the rounds. */
    public StressResult withTune(Tuning rounds) {
        return copy(verdict, sla, steps, verify, disk, evidence, advice, rounds);
    }

    /** The one copy: what is added after the run (judgement, criteria, steps, read-back, disk, tune) is all that changes. */
    private StressResult copy(Verdict verdict, SlaResult sla, List<StepSummary> steps, VerifyReport verify,
            DiskSummary disk, Evidence evidence, Map<String, Advice> advice, Tuning tune) {
        return new StressResult(schemaVersion, tool, version, environment, config, plan, cluster, startedAt,
                generationSeconds, drainSeconds, targetSamplesPerSecond, writtenSamplesPerSecond, generated, written, dropped, failed,
                failedByClass, unaccounted, drained, groupCommitsGenerated, groupCommitsDropped,
                stringAttributesGenerated, writeRequests, responseLatency, serviceLatency, queueLatency, scheduleLag,
                client, index, cache, verdict, sla, intervals, writes, nodes, events, steps, reads, verify, merge,
                coldStart, intended, unsent, losses, distance, disk, evidence, advice, tune, nodeTelemetry, remoteWrite, writers);
    }

    /** intended = generated + unsent and generated = written + dropped + failed, exactly. */
    public boolean auditBalances() {
        return unaccounted == 0 && intended == generated + unsent;
    }

    /** intended - generated - unsent: 0 when every intended sample was generated or counted unsent. */
    public long scheduleGap() {
        return intended - generated - unsent;
    }

    /**
     * Samples the audit cannot place, each side counted whatever its sign: a gap of +k on one side
     * and -k on the other must not read as a balanced 0.
     */
    public long auditGap() {
        return Math.abs(unaccounted) + Math.abs(scheduleGap());
    }

    /** Each side of the audit that does not balance, in words; empty when it balances. */
    public String auditGaps() {
        List<String> gaps = new ArrayList<>();
        if (unaccounted != 0) {
            gaps.add(String.format(Locale.ROOT, "%,d samples unaccounted for (generated != written + dropped + failed)",
                    unaccounted));
        }
        if (scheduleGap() != 0) {
            gaps.add(String.format(Locale.ROOT, "%,d samples off the schedule (intended %,d != generated %,d + unsent %,d)",
                    scheduleGap(), intended, generated, unsent));
        }
        return String.join("; ", gaps);
    }
}
