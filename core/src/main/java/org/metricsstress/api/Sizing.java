package org.metricsstress.api;

import static org.metricsstress.config.SizingOptionDefs.CLUSTER_NODES;
import static org.metricsstress.config.SizingOptionDefs.FROM;
import static org.metricsstress.config.SizingOptionDefs.HEADROOM;
import static org.metricsstress.config.SizingOptionDefs.MAX_DRAIN;
import static org.metricsstress.config.SizingOptionDefs.POINTS;
import static org.metricsstress.config.SizingOptionDefs.TARGET;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.GivenOptions;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import org.metricsstress.report.ResultJson;
import org.metricsstress.report.SizePage;
import org.metricsstress.sizing.ColdStartModel;
import org.metricsstress.sizing.ColdStartPrediction;
import org.metricsstress.sizing.ScalePoint;
import org.metricsstress.sizing.SizeAnswer;
import org.metricsstress.sizing.SizeEvidence;
import org.metricsstress.sizing.SizeJson;
import org.metricsstress.sizing.SizeLines;
import org.metricsstress.sizing.SizeRequest;

/**
 * The {@code size} and {@code predict} commands, for every front end (the jar's subcommands,
 * Karaf's {@code metrics:size}): read the evidence, answer, print, write the JSON and the page.
 * Neither connects to a cluster: they read files and do arithmetic. A mistake in the input is one
 * {@link ConfigException} line. Nothing of the {@code sizing} package shows in the signatures: the
 * Karaf bundle sees only core's exported faces.
 */
public final class Sizing {
    /** size's own options (--from repeatable: the table's {@code PATHS} type). */
    public static final List<OptionDef> SIZE_OWN = List.of(FROM.def(), TARGET.def(), POINTS.def(), HEADROOM.def(),
            MAX_DRAIN.def());
    public static final List<OptionDef> PREDICT_OWN = List.of(FROM.def(), CLUSTER_NODES.def());
    /** The plan's flags: what a target plan is given by. */
    private static final List<OptionDef> PLAN_FLAGS = List.of(StressOptions.NODES.def(),
            StressOptions.INTERFACES.def(), StressOptions.GROUPS.def(), StressOptions.ATTRIBUTES.def(),
            StressOptions.STRINGS.def(), StressOptions.INTERVAL.def());
    private static final List<OptionDef> OUTPUTS = List.of(StressOptions.RESULT_JSON.def(),
            StressOptions.REPORT_HTML.def());

    private Sizing() {}

    /** The run options size reads: the plan's flags, the retention and replication, a node's disk, the ring, the cache, the outputs. */
    public static List<OptionDef> sizeOffered() {
        return offered(List.of(StressOptions.RETENTION.def(), StressOptions.REPLICATION.def(),
                StressOptions.NODE_DISK.def(), StressOptions.RING_SIZE.def(), StressOptions.CACHE_MAX_ENTRIES.def(),
                StressOptions.WRITER_THREADS.def()));
    }

    /** predict: the plan's flags, the ring, the cache, the workers, the outputs. */
    public static List<OptionDef> predictOffered() {
        return offered(List.of(StressOptions.RING_SIZE.def(), StressOptions.CACHE_MAX_ENTRIES.def(),
                StressOptions.WRITER_THREADS.def()));
    }

    private static List<OptionDef> offered(List<OptionDef> runOptions) {
        List<OptionDef> out = new ArrayList<>(PLAN_FLAGS);
        out.addAll(runOptions);
        out.addAll(OUTPUTS);
        return out;
    }

    /** {@code size}: nodes per DC by throughput, disk and cold start, the binding one named. */
    public static void size(StressConfig c, GivenOptions own, PrintStream out, String tool, String version) {
        List<Path> from = from(own);
        double headroom = own.get(HEADROOM);
        if (headroom > 1) {
            throw new ConfigException("--headroom: a fraction above 0 and at most 1 (1.0 keeps nothing back), got "
                    + own.text(HEADROOM));
        }
        SizeEvidence evidence;
        try {
            List<ScalePoint> typed = own.given(POINTS)
                    ? SizeEvidence.parsePoints(POINTS.longName(), own.get(POINTS)) : List.of();
            evidence = SizeEvidence.read(from, typed);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(e.getMessage());
        }
        boolean planGiven = PLAN_FLAGS.stream().anyMatch(own::given);
        Double target = own.given(TARGET) ? own.get(TARGET) : null;
        ColdStartModel.Plan plan = planGiven || target == null ? ColdStartModel.Plan.of(c) : null;
        double rate = target != null ? target : plan.targetSamplesPerSecond();
        String source = target != null ? "--target" : String.format(Locale.ROOT,
                "the plan: -n %d -f %d -g %d -a %d -i %ds%s", c.plan().nodes(), c.plan().interfaces(), c.plan().groups(),
                c.plan().attributes(), c.pacing().interval().toSeconds(), planGiven ? "" : ", the table's defaults");
        long retention = c.disk().retention() != null ? c.disk().retention().getSeconds() : c.schema().ttl().getSeconds();
        int rf = c.schema().replication() == null ? 1
                : c.schema().replication().factors().values().stream().mapToInt(Integer::intValue).max().orElse(1);
        Double disk = c.disk().nodeDiskGb() == null ? null : c.disk().nodeDiskGb() * 1e9;
        double maxDrain = own.get(MAX_DRAIN).toMillis() / 1000.0;
        SizeAnswer answer;
        try {
            answer = SizeAnswer.of(new SizeRequest(rate, source, plan, retention, rf, disk, headroom, maxDrain), evidence);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(e.getMessage());
        }
        SizeLines.print(out, answer);
        write(c, SizeJson.of(answer, tool, version), "size", out);
    }

    /** {@code predict}: the cold start of the plan, from one cold run's costs. */
    public static void predict(StressConfig c, GivenOptions own, PrintStream out, String tool,
            String version) {
        List<Path> from = from(own);
        if (from.size() != 1) {
            throw new ConfigException("predict: give one cold run's result file (--from run.json) to calibrate on, got "
                    + from.size());
        }
        ColdStartModel model;
        try {
            SizeEvidence e = SizeEvidence.read(from, List.of());
            if (e.coldStart() == null) {
                throw new IllegalArgumentException(e.notes().isEmpty() ? from.get(0) + ": nothing to calibrate on"
                        : e.notes().get(e.notes().size() - 1));
            }
            model = e.coldStart();
        } catch (IllegalArgumentException e) {
            throw new ConfigException(e.getMessage());
        }
        Integer nodes = own.given(CLUSTER_NODES) ? own.get(CLUSTER_NODES) : null;
        if (nodes != null) {
            if (model.clusterNodes() <= 0) {
                throw new ConfigException("--cluster-nodes: the calibrating run does not say how many nodes its cluster had");
            }
            model = model.onNodes(nodes);
        }
        ColdStartPrediction p = model.predict(ColdStartModel.Plan.of(c));
        out.println("calibration   " + model.source());
        out.println("prediction    (" + (nodes == null ? "the calibrating cluster" : nodes + " nodes per DC") + ")");
        SizeLines.prediction(out, "              ", p);
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schemaVersion", SizeJson.SCHEMA_VERSION);
        doc.put("tool", tool);
        doc.put("command", "predict");
        doc.put("version", version);
        doc.put("prediction", SizeJson.prediction(p));
        write(c, doc, "prediction", out);
    }

    /** --from, repeatable: every file given, in order. */
    private static List<Path> from(GivenOptions own) {
        return List.copyOf(own.get(FROM));
    }

    private static void write(StressConfig c, Map<String, Object> doc, String what, PrintStream out) {
        Path json = c.outputs().resultJson();
        Path html = c.outputs().reportHtml();
        Path writing = json;
        try {
            if (json != null) {
                ResultJson.writeAtomically(doc, json);
                out.println(what + " written to " + json);
            }
            writing = html;
            if (html != null) {
                SizePage.write(doc, html);
                out.println(what + " page written to " + html);
            }
        } catch (IOException e) {
            throw new ConfigException("cannot write " + writing + ": " + e.getMessage());
        }
    }
}
