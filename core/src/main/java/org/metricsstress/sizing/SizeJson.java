package org.metricsstress.sizing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code size --result-json}: a {@code size} object with the nodes by each constraint (null where its
 * evidence is missing, with the reason), the binding one, and each constraint's inputs and model.
 * Rates in samples per second, bytes, seconds.
 */
public final class SizeJson {
    /**
     * Version of this file's layout; bumped on any incompatible change. 2: the USL's
     * {@code rmsRelativeError} and {@code maxRelativeError} are null when the fit has no degree of
     * freedom (as many measured points as coefficients), where 1 gave 0.
     */
    public static final int SCHEMA_VERSION = 2;

    private SizeJson() {}

    public static Map<String, Object> of(SizeAnswer a, String tool, String version) {
        SizeRequest q = a.request();
        Map<String, Object> size = new LinkedHashMap<>();
        size.put("nodesByThroughput", a.throughput() == null ? null : a.throughput().nodes());
        NodesInterval interval = a.throughput() == null ? null : a.throughput().interval();
        // [low, high]; high null when no size reaches the need at the band's pessimistic edge.
        size.put("nodesByThroughputInterval", interval == null ? null : java.util.Arrays.asList(interval.low(),
                interval.high()));
        size.put("nodesByDisk", a.disk() == null ? null : a.disk().nodes());
        size.put("nodesByColdStart", a.coldStart() == null ? null : a.coldStart().nodes());
        size.put("binding", a.binding());
        size.put("nodes", a.nodes());
        Map<String, Object> inputs = new LinkedHashMap<>();
        inputs.put("targetSamplesPerSecond", q.targetSamplesPerSecond());
        inputs.put("target", q.targetSource());
        inputs.put("headroom", q.headroom());
        inputs.put("retentionSeconds", q.retentionSeconds());
        inputs.put("replicationFactor", q.replicationFactor());
        inputs.put("nodeDiskBytes", q.nodeDiskBytes());
        inputs.put("maxDrainSeconds", q.maxDrainSeconds());
        inputs.put("evidence", a.evidence().notes());
        size.put("inputs", inputs);
        size.put("throughput", throughput(a));
        size.put("disk", disk(a));
        size.put("coldStart", coldStart(a));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("schemaVersion", SCHEMA_VERSION);
        json.put("tool", tool);
        json.put("command", "size");
        json.put("version", version);
        json.put("size", size);
        return json;
    }

    private static Map<String, Object> throughput(SizeAnswer a) {
        Map<String, Object> m = new LinkedHashMap<>();
        ThroughputNodes t = a.throughput();
        if (t == null) {
            m.put("missing", a.throughputMissing());
            return m;
        }
        m.put("model", t.model());
        List<Map<String, Object>> points = new ArrayList<>();
        for (ScalePoint p : t.points()) {
            Map<String, Object> pm = new LinkedHashMap<>();
            pm.put("nodes", p.nodes());
            pm.put("samplesPerSecond", p.samplesPerSecond());
            pm.put("atLeast", p.atLeast());
            pm.put("source", p.source());
            points.add(pm);
        }
        m.put("points", points);
        if (t.fit() != null) {
            Usl.Fit fit = t.fit();
            Usl u = fit.usl();
            boolean estimable = fit.degreesOfFreedom() > 0;
            Map<String, Object> usl = new LinkedHashMap<>();
            usl.put("formula", "C(N) = lambda N / (1 + sigma (N - 1) + kappa N (N - 1))");
            usl.put("lambda", finite(u.lambda()));
            usl.put("sigma", finite(u.sigma()));
            usl.put("kappa", finite(u.kappa()));
            usl.put("measuredPoints", fit.measured().size());
            usl.put("degreesOfFreedom", fit.degreesOfFreedom());
            usl.put("rmsRelativeError", estimable ? finite(fit.rmsRelativeError()) : null);
            usl.put("maxRelativeError", estimable ? finite(fit.maxRelativeError()) : null);
            usl.put("errorMissing", estimable ? null : SizeLines.errors(fit));
            usl.put("heldAtZero", fit.held());
            usl.put("raisedToLowerBoundsAt", fit.raisedBy().stream().map(ScalePoint::nodes).toList());
            usl.put("peakNodes", t.peakNodes() == null ? null : finite(t.peakNodes()));
            usl.put("highestSamplesPerSecond", finite(u.highest()));
            usl.put("shape", "adding nodes " + SizeLines.shape(u, t.largestMeasured()));
            m.put("usl", usl);
        }
        m.put("perNodeSamplesPerSecond", finite(t.perNodeSamplesPerSecond()));
        m.put("needSamplesPerSecond", finite(t.needSamplesPerSecond()));
        m.put("capacityAtNodes", t.capacityAtNodes() == null ? null : finite(t.capacityAtNodes()));
        if (t.interval() != null) {
            Map<String, Object> i = new LinkedHashMap<>();
            i.put("confidence", t.interval().confidence());
            i.put("low", t.interval().low());
            i.put("high", t.interval().high());
            i.put("highMissing", t.interval().highMissing());
            i.put("method", t.interval().method());
            m.put("interval", i);
        } else {
            m.put("interval", null);
        }
        m.put("intervalMissing", t.intervalMissing());
        m.put("extrapolation", t.extrapolation());
        m.put("assumption", t.assumption());
        m.put("missing", a.throughputMissing());
        return m;
    }

    /** No NaN or Infinity in the file: a figure that is not finite is null (its words say why). */
    static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }

    private static Map<String, Object> disk(SizeAnswer a) {
        Map<String, Object> m = new LinkedHashMap<>();
        DiskNodes d = a.disk();
        if (d == null) {
            m.put("missing", a.diskMissing());
            return m;
        }
        m.put("model", "nodes = max(RF, ceil(RF x (rate x retention x bytesPerSample + 2 x resources x bytesPerResource "
                + "+ 2 x rate x window x bytesPerSample) / (nodeDisk x headroom)))");
        m.put("samplesPerSecond", d.samplesPerSecond());
        m.put("bytesPerSample", d.bytesPerSample());
        m.put("bytesPerResource", d.bytesPerResource());
        m.put("resources", d.resources());
        m.put("retentionSeconds", d.retentionSeconds());
        m.put("windowSeconds", d.windowSeconds());
        m.put("replicationFactor", d.replicationFactor());
        m.put("nodeDiskBytes", d.nodeDiskBytes());
        m.put("headroom", d.headroom());
        m.put("perCopyNeedBytes", d.perCopyNeedBytes());
        m.put("projection", d.projection());
        m.put("source", a.evidence().disk().source());
        return m;
    }

    private static Map<String, Object> coldStart(SizeAnswer a) {
        Map<String, Object> m = new LinkedHashMap<>();
        ColdStartNodes c = a.coldStart();
        if (c == null) {
            m.put("missing", a.coldStartMissing());
            return m;
        }
        m.put("maxSeconds", c.maxSeconds());
        m.put("assumption", c.assumption());
        m.put("calibratedNodes", c.calibratedNodes());
        m.put("scaling", "the count " + c.scaling());
        m.put("missing", a.coldStartMissing());
        m.put("prediction", prediction(c.prediction()));
        return m;
    }

    /** A prediction with its plan and calibration. */
    public static Map<String, Object> prediction(ColdStartPrediction p) {
        Map<String, Object> m = new LinkedHashMap<>();
        ColdStartModel model = p.model();
        Map<String, Object> cal = new LinkedHashMap<>();
        cal.put("commitSeconds", model.commitSeconds());
        cal.put("indexSecondsPerMiss", model.indexSecondsPerMiss());
        cal.put("workers", model.workers());
        cal.put("eventsPerCommit", model.eventsPerCommit());
        cal.put("clusterNodes", model.clusterNodes());
        cal.put("source", model.source());
        m.put("calibration", cal);
        m.put("plan", p.plan());
        m.put("targetSamplesPerSecond", p.targetSamplesPerSecond());
        m.put("warmSamplesPerSecond", p.warmSamplesPerSecond());
        m.put("cacheThrashes", p.cacheThrashes());
        m.put("ringFullAtSeconds", nullIfNegative(p.ringFullAtSeconds()));
        m.put("dropSeconds", p.dropSeconds());
        m.put("lastDropAtSeconds", nullIfNegative(p.lastDropAtSeconds()));
        m.put("ringDrainedAtSeconds", nullIfNegative(p.ringDrainedAtSeconds()));
        m.put("drainSeconds", nullIfNegative(p.drainSeconds()));
        m.put("ringPeak", p.ringPeak());
        m.put("ringSize", p.ringSize());
        m.put("indexedAtSeconds", nullIfNegative(p.indexedAtSeconds()));
        m.put("writtenWhileIndexing", nullIfNegative(p.writtenWhileIndexing()));
        m.put("droppedSamples", p.droppedSamples());
        return m;
    }

    private static Double nullIfNegative(double v) {
        return v < 0 ? null : v;
    }
}
