package org.metricsstress.sizing;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.metricsstress.result.RetentionProjection;

/**
 * {@code size} and {@code predict} on the console: each figure with its inputs and its model, so a
 * reader can redo the arithmetic.
 */
public final class SizeLines {
    private SizeLines() {}

    public static void print(PrintStream out, SizeAnswer a) {
        SizeRequest q = a.request();
        out.printf(Locale.ROOT, "target        %,.0f samples/s (%s); headroom %.0f%% of measured capacity planned for; "
                + "RF %d per DC; retention %s%n", q.targetSamplesPerSecond(), q.targetSource(), 100 * q.headroom(),
                q.replicationFactor(), duration(q.retentionSeconds()));
        for (String note : a.evidence().notes()) {
            out.println("evidence      " + note);
        }
        out.println();
        throughput(out, a);
        disk(out, a);
        coldStart(out, a);
        out.println();
        ThroughputNodes t = a.throughput();
        out.printf(Locale.ROOT, "answer        %d node%s per DC, bound by %s (throughput %s, disk %s, cold start %s)%s%n",
                a.nodes(), a.nodes() == 1 ? "" : "s", a.binding(),
                t == null ? "-" : (t.nodes() == null ? "-" : String.valueOf(t.nodes()))
                        + (t.interval() == null ? "" : " (" + t.interval().words() + ")"),
                a.disk() == null ? "-" : a.disk().nodes(),
                a.coldStart() == null || a.coldStart().nodes() == null ? "-" : a.coldStart().nodes(), caveats(a));
    }

    /** What the answer line must not leave out: what the binding count assumes, and a wider throughput range. */
    static String caveats(SizeAnswer a) {
        StringBuilder sb = new StringBuilder();
        ThroughputNodes t = a.throughput();
        if (SizeAnswer.THROUGHPUT.equals(a.binding()) && t.extrapolation() != null) {
            sb.append(t.nodes() > 2 * t.largestMeasured() ? "; by throughput extrapolated beyond twice the largest size "
                    + "measured" : "; by throughput extrapolated at its interval's upper edge");
        }
        if (SizeAnswer.COLD_START.equals(a.binding())) {
            sb.append("; the cold start's count ").append(a.coldStart().scaling());
        }
        if (!SizeAnswer.THROUGHPUT.equals(a.binding()) && t != null && t.interval() != null
                && (t.interval().high() == null || t.interval().high() > a.nodes())) {
            sb.append(String.format(Locale.ROOT, "; throughput's %.0f%% interval %s", 100 * t.interval().confidence(),
                    t.interval().high() == null ? "has no upper bound" : "reaches " + t.interval().high()));
        }
        return sb.toString();
    }

    private static void throughput(PrintStream out, SizeAnswer a) {
        ThroughputNodes t = a.throughput();
        if (t == null) {
            out.println("throughput    not judged: " + a.throughputMissing());
            return;
        }
        StringBuilder pts = new StringBuilder();
        for (ScalePoint p : t.points()) {
            pts.append(pts.length() == 0 ? "" : ", ").append(p.label());
        }
        if (ThroughputNodes.USL.equals(t.model())) {
            Usl.Fit fit = t.fit();
            Usl u = fit.usl();
            out.printf(Locale.ROOT, "throughput    USL fitted to %d sizes%s (nodes:samples/s %s): lambda %,.0f samples/s "
                    + "per node, sigma %.4f, kappa %.6f; %s%n", fit.measured().size(), fit.bounds().isEmpty() ? ""
                    : String.format(Locale.ROOT, " and kept at or above %d lower bound%s", fit.bounds().size(),
                            fit.bounds().size() == 1 ? "" : "s"), pts, u.lambda(), u.sigma(), u.kappa(), errors(fit));
            out.printf(Locale.ROOT, "              C(N) = lambda N / (1 + sigma (N-1) + kappa N (N-1)); adding nodes %s%n",
                    shape(u, t.largestMeasured()));
            if (!fit.bounds().isEmpty()) {
                out.printf(Locale.ROOT, "              lower bounds, not measurements: %s; %s%n", labels(fit.bounds()),
                        fit.raisedBy().isEmpty() ? "the curve fitted to the measurements is already at or above them"
                                : "the curve is raised to meet " + labels(fit.raisedBy()) + " (it fell below)");
            }
        } else {
            out.printf(Locale.ROOT, "throughput    %s%n", t.assumption());
        }
        if (t.nodes() == null) {
            out.println("              " + a.throughputMissing());
        } else {
            out.printf(Locale.ROOT, "              need %,.0f samples/s (target / headroom): %d node%s per DC (C(%d) = %,.0f)%n",
                    t.needSamplesPerSecond(), t.nodes(), t.nodes() == 1 ? "" : "s", t.nodes(), t.capacityAtNodes());
            if (t.interval() != null) {
                NodesInterval i = t.interval();
                out.printf(Locale.ROOT, "              %s: %s%s%n", i.words("nodes per DC"), i.method(),
                        i.highMissing() == null ? "" : "; " + i.highMissing());
            } else {
                out.println("              no interval: " + t.intervalMissing());
            }
            if (t.extrapolation() != null) {
                out.println("              " + t.extrapolation());
            }
        }
        if (ThroughputNodes.USL.equals(t.model()) && t.assumption() != null) {
            out.println("              " + t.assumption());
        }
    }

    /** How well the curve fits, or, with no point to spare, that nothing can be said of it. */
    static String errors(Usl.Fit fit) {
        if (fit.degreesOfFreedom() > 0) {
            return String.format(Locale.ROOT, "error rms %.1f%%, max %.1f%%", 100 * fit.rmsRelativeError(),
                    100 * fit.maxRelativeError());
        }
        String count = String.format(Locale.ROOT, "%d points for %d coefficients", fit.measured().size(), Usl.COEFFICIENTS);
        if (fit.maxRelativeError() < 1e-6) {
            return "the curve passes through every point: " + count + ", so no error or interval can be estimated from "
                    + "them: they can fit the curve, not predict from it";
        }
        return String.format(Locale.ROOT, "%s, the curve misses them by up to %.1f%% only because it is constrained (a "
                + "coefficient held at 0, or raised to a lower bound); no error or interval can be estimated from them",
                count, 100 * fit.maxRelativeError());
    }

    /**
     * {@link #shape(Usl)}, and whether the peak is beyond the largest size measured: a peak the
     * points do not reach is the law's extrapolation, not something seen.
     */
    public static String shape(Usl u, int largestMeasured) {
        String shape = shape(u);
        if (u.kappa() > 0 && u.peakNodes() > largestMeasured) {
            return shape + String.format(Locale.ROOT, "; extrapolated: the peak is beyond the largest size measured (%d)",
                    largestMeasured);
        }
        return shape;
    }

    /** What adding nodes does on the fitted curve: a peak, a ceiling, or neither. */
    public static String shape(Usl u) {
        if (u.kappa() > 0) {
            return String.format(Locale.ROOT, "stops paying at N* = sqrt((1 - sigma) / kappa) = %.1f (C = %,.0f samples/s)",
                    u.peakNodes(), u.highest());
        }
        if (u.sigma() >= 1) {
            return String.format(Locale.ROOT, "does not pay: with sigma %.2f and kappa 0 no size does more than one "
                    + "node's %,.0f samples/s", u.sigma(), u.highest());
        }
        if (u.sigma() > 0) {
            return String.format(Locale.ROOT, "pays less and less: the curve rises toward its ceiling lambda/sigma = %,.0f "
                    + "samples/s (kappa 0: no peak)", u.highest());
        }
        return "never stops paying (sigma and kappa 0: linear)";
    }

    private static String labels(List<ScalePoint> points) {
        return String.join(", ", points.stream().map(ScalePoint::label).toList());
    }

    private static void disk(PrintStream out, SizeAnswer a) {
        DiskNodes d = a.disk();
        if (d == null) {
            out.println("disk          not judged: " + a.diskMissing());
            return;
        }
        out.printf(Locale.ROOT, "disk          %,.0f samples/s x %s x %.1f bytes + %,d resources x %.0f bytes = %s per copy; "
                + "a TWCS window (%s) is %s%n", d.samplesPerSecond(), duration(d.retentionSeconds()), d.bytesPerSample(),
                d.resources(), d.bytesPerResource(), RetentionProjection.bytes(d.projection().bytesPerCopy()),
                duration(d.windowSeconds()), RetentionProjection.bytes(d.projection().windowBytes()));
        RetentionProjection.NodeShare s = d.projection().perNode().get(0);
        out.printf(Locale.ROOT, "              per copy with a window beyond the retention and compaction's free space "
                + "(a window and the index again): %s; x RF %d / (disk %s x headroom %.2f) -> %d node%s per DC "
                + "(%s per node at peak + %s free)%n", RetentionProjection.bytes(d.perCopyNeedBytes()),
                d.replicationFactor(), RetentionProjection.bytes(d.nodeDiskBytes()), d.headroom(), d.nodes(),
                d.nodes() == 1 ? "" : "s", RetentionProjection.bytes(s.peakBytesPerNode()),
                RetentionProjection.bytes(s.compactionFreeBytes()));
    }

    private static void coldStart(PrintStream out, SizeAnswer a) {
        ColdStartNodes c = a.coldStart();
        if (c == null) {
            out.println("cold start    not judged: " + a.coldStartMissing());
            return;
        }
        ColdStartPrediction p = c.prediction();
        if (c.nodes() == null) {
            out.println("cold start    " + a.coldStartMissing());
        } else {
            out.printf(Locale.ROOT, "cold start    over within %s (--max-drain) from %d node%s per DC:%n",
                    duration(c.maxSeconds()), c.nodes(), c.nodes() == 1 ? "" : "s");
        }
        prediction(out, "              ", p);
        out.println("              assumed: " + c.assumption());
    }

    /** A prediction in a few lines. */
    public static void prediction(PrintStream out, String indent, ColdStartPrediction p) {
        ColdStartModel m = p.model();
        ColdStartModel.Plan plan = p.plan();
        out.printf(Locale.ROOT, "%splan %,d group + %,d interface resources, %d samples each every %s: %,.0f samples/s; "
                + "ring %,d events (%,d commits), cache %,d entries, %d workers%n", indent, plan.groupResources(),
                plan.interfaceResources(), plan.attributes(), duration(plan.intervalSeconds()),
                p.targetSamplesPerSecond(), plan.ringSize(), plan.ringSize() / m.eventsPerCommit(), plan.cacheMaxEntries(),
                plan.workers());
        out.printf(Locale.ROOT, "%scosts %.2f ms of a worker per commit, %.2f ms more per group resource indexed: warm "
                + "the workers write %,.0f samples/s%s%n", indent, 1000 * m.commitSeconds(), 1000 * m.indexSecondsPerMiss(),
                p.warmSamplesPerSecond(), p.cacheThrashes() ? "; the cache is smaller than the plan's resources: every "
                        + "commit is indexed again" : "");
        if (p.ringFills()) {
            out.printf(Locale.ROOT, "%sring full after %s, drops for %s (%,d samples), %s; peak %,d of %,d events%n", indent,
                    duration(p.ringFullAtSeconds()), duration(p.dropSeconds()), p.droppedSamples(),
                    p.ringDrainedAtSeconds() >= 0 ? "drained (below 10%) " + duration(p.drainSeconds())
                            + " after the last drop, " + duration(p.ringDrainedAtSeconds()) + " from the start"
                            : "never drained", p.ringPeak(), p.ringSize());
        } else {
            out.printf(Locale.ROOT, "%sring never full: peak %,d of %,d events (%.0f%%)%n", indent, p.ringPeak(),
                    p.ringSize(), 100.0 * p.ringPeak() / p.ringSize());
        }
        out.printf(Locale.ROOT, "%severy resource indexed %s; written %s while indexing%n", indent,
                p.indexedAtSeconds() >= 0 ? "after " + duration(p.indexedAtSeconds()) : "never",
                p.writtenWhileIndexing() >= 0 ? String.format(Locale.ROOT, "%,.0f samples/s (%.0f%% of the target)",
                        p.writtenWhileIndexing(), 100 * p.writtenWhileIndexing() / p.targetSamplesPerSecond()) : "-");
    }

    /** Seconds as 45 s, 12.5 min, 3.2 h, 365 d. */
    public static String duration(double seconds) {
        if (seconds < 0) {
            return "never";
        }
        if (seconds < 120) {
            return String.format(Locale.ROOT, "%.1f s", seconds);
        }
        if (seconds < 7200) {
            return String.format(Locale.ROOT, "%.1f min", seconds / 60);
        }
        if (seconds < 3 * 86_400) {
            return String.format(Locale.ROOT, "%.1f h", seconds / 3600);
        }
        return String.format(Locale.ROOT, "%.0f d", seconds / 86_400);
    }
}
