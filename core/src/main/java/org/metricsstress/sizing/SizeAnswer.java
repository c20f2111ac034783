package org.metricsstress.sizing;

import org.metricsstress.config.Option;

import org.metricsstress.config.StressOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.metricsstress.result.StressResult;

/**
 * Nodes per DC by each constraint and the one that binds. A constraint without its evidence is null,
 * with the reason in its {@code ...Missing}.
 *
 * @param request            what was asked
 * @param evidence           what it was answered from
 * @param throughput         by throughput; null without points
 * @param throughputMissing  why not; null when answered
 * @param disk               by disk; null without disk figures or without --node-disk
 * @param diskMissing        why not
 * @param coldStart          by the cold start; null without a calibrating run
 * @param coldStartMissing   why not
 * @param binding            {@code throughput}, {@code disk} or {@code cold-start}: the constraint asking the most nodes
 * @param nodes              nodes per DC: the most any constraint asks
 */
public record SizeAnswer(SizeRequest request, SizeEvidence evidence, ThroughputNodes throughput, String throughputMissing,
        DiskNodes disk, String diskMissing, ColdStartNodes coldStart, String coldStartMissing, String binding,
        int nodes) {

    public static final String THROUGHPUT = "throughput";
    public static final String DISK = "disk";
    public static final String COLD_START = "cold-start";

    /**
     * Answers {@code request} from {@code evidence}.
     *
     * @throws IllegalArgumentException when no constraint has its evidence (one line)
     */
    public static SizeAnswer of(SizeRequest request, SizeEvidence evidence) {
        ThroughputNodes t = null;
        String tMissing = null;
        if (evidence.points().isEmpty()) {
            tMissing = "no throughput measured: give find-max result files (--from) or --points";
        } else {
            t = ThroughputNodes.of(evidence.points(), request.targetSamplesPerSecond(), request.headroom());
            tMissing = t.unreached();
        }
        DiskNodes d = null;
        String dMissing = null;
        if (evidence.disk() == null) {
            dMissing = "no disk figures: none of the result files given has a disk object (a run with --disk)";
        } else if (request.nodeDiskBytes() == null) {
            dMissing = "no node disk given (--node-disk GB)";
        } else {
            long resources = resources(request, evidence);
            d = DiskNodes.of(request.targetSamplesPerSecond(), evidence.disk().bytesPerSample(),
                    evidence.disk().bytesPerResource(), resources, request.retentionSeconds(),
                    evidence.disk().windowSeconds(), request.replicationFactor(), request.nodeDiskBytes(),
                    request.headroom());
        }
        ColdStartNodes c = null;
        String cMissing = null;
        if (evidence.coldStart() == null) {
            cMissing = "no cold start to calibrate on: give the result file of a cold run of --writer opennms (--from)";
        } else {
            ColdStartModel.Plan plan = request.plan() != null ? request.plan()
                    : scaledPlan(evidence.coldStartRun(), request.targetSamplesPerSecond());
            c = ColdStartNodes.of(evidence.coldStart(), plan, request.maxDrainSeconds());
            if (c.nodes() == null) {
                cMissing = String.format(Locale.ROOT, "no cluster of up to %d nodes ends the cold start within %s",
                        ColdStartNodes.MOST_NODES, SizeLines.duration(request.maxDrainSeconds()));
            }
        }
        List<String[]> asks = new ArrayList<>();
        if (t != null && t.nodes() != null) {
            asks.add(new String[] {THROUGHPUT, String.valueOf(t.nodes())});
        }
        if (d != null) {
            asks.add(new String[] {DISK, String.valueOf(d.nodes())});
        }
        if (c != null && c.nodes() != null) {
            asks.add(new String[] {COLD_START, String.valueOf(c.nodes())});
        }
        if (asks.isEmpty()) {
            throw new IllegalArgumentException("nothing to size from: " + String.join("; ",
                    nonNull(tMissing, dMissing, cMissing)));
        }
        String binding = null;
        int nodes = 0;
        for (String[] a : asks) {
            int n = Integer.parseInt(a[1]);
            if (n > nodes) {
                nodes = n;
                binding = a[0];
            }
        }
        return new SizeAnswer(request, evidence, t, tMissing, d, dMissing, c, cMissing, binding, nodes);
    }

    private static List<String> nonNull(String... s) {
        List<String> out = new ArrayList<>();
        for (String x : s) {
            if (x != null) {
                out.add(x);
            }
        }
        return out;
    }

    /** The target plan's resources: the plan's own, else the measured run's scaled by the rate. */
    static long resources(SizeRequest request, SizeEvidence evidence) {
        if (request.plan() != null) {
            return request.plan().resources();
        }
        StressResult run = evidence.coldStartRun();
        if (run != null && run.targetSamplesPerSecond() > 0) {
            double resources = run.plan().groupResourceCount() + run.plan().interfaceResourceCount();
            return Math.round(resources * request.targetSamplesPerSecond() / run.targetSamplesPerSecond());
        }
        return 0;
    }

    /** The calibrating run's plan, its resources scaled to the target rate (same interval and attributes). */
    static ColdStartModel.Plan scaledPlan(StressResult run, double target) {
        double groups = run.plan().groupResourceCount();
        double interfaces = run.plan().interfaceResourceCount();
        double f = target / run.targetSamplesPerSecond();
        Object attributes = run.setting(StressOptions.ATTRIBUTES);
        int a = attributes instanceof Number n ? n.intValue() : 10;
        double interval = groups * a / run.targetSamplesPerSecond();
        return new ColdStartModel.Plan(Math.round(groups * f), Math.round(interfaces * f), a, interval,
                setting(run, StressOptions.RING_SIZE, 8192),
                setting(run, StressOptions.CACHE_MAX_ENTRIES, Math.round((groups + interfaces) * f)),
                (int) setting(run, StressOptions.WRITER_THREADS, 16));
    }

    static long setting(StressResult run, Option<?> option, long otherwise) {
        Object v = run.setting(option);
        return v instanceof Number n ? n.longValue() : otherwise;
    }
}
