package org.metricsstress.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.metricsstress.api.ExitCode;
import org.metricsstress.api.Tool;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import org.metricsstress.report.ResultJson;
import org.metricsstress.sizing.ColdStartModel;
import org.metricsstress.sizing.ColdStartPrediction;
import org.metricsstress.sizing.ScalePoint;
import org.metricsstress.sizing.SizeAnswer;
import org.metricsstress.sizing.SizeEvidence;
import org.metricsstress.sizing.SizeJson;
import org.metricsstress.sizing.SizeLines;
import org.metricsstress.sizing.SizeRequest;
import picocli.CommandLine.ParseResult;

/**
 * {@code metrics-stress size}: nodes per DC by throughput, by disk and by the cold start, from
 * saved results and typed points, and the constraint that binds ({@code docs/sizing.md}); and
 * {@code metrics-stress predict}: the cold start of a plan, from a cold run's costs. Neither
 * connects to a cluster: they read files and do arithmetic.
 */
final class SizeCommand {
    static final OptionDef FROM = StressOptions.byName("--from");
    static final OptionDef TARGET = StressOptions.byName("--target");
    static final OptionDef POINTS = StressOptions.byName("--points");
    static final OptionDef HEADROOM = StressOptions.byName("--headroom");
    static final OptionDef MAX_DRAIN = StressOptions.byName("--max-drain");
    static final OptionDef CLUSTER_NODES = StressOptions.byName("--cluster-nodes");
    /** size's own options (--from repeatable: the table's {@code PATHS} type). */
    static final List<OptionDef> OWN = List.of(FROM, TARGET, POINTS, HEADROOM, MAX_DRAIN);
    static final List<OptionDef> PREDICT_OWN = List.of(FROM, CLUSTER_NODES);
    /** The plan's flags: what a target plan is given by. */
    static final List<String> PLAN_FLAGS = List.of("--nodes", "--interfaces", "--groups", "--attributes", "--strings",
            "--interval");

    private SizeCommand() {}

    /** The run options size reads: the plan's flags, the retention and replication, a node's disk, the ring, the cache. */
    static List<OptionDef> offered() {
        List<OptionDef> out = new ArrayList<>();
        for (String name : PLAN_FLAGS) {
            out.add(StressOptions.byName(name));
        }
        for (String name : List.of("--retention", "--replication", "--node-disk", "--ring-size", "--cache-max-entries",
                "--writer-threads", "--result-json")) {
            out.add(StressOptions.byName(name));
        }
        return out;
    }

    /** predict: the plan's flags, the ring, the cache, the workers, the result file. */
    static List<OptionDef> predictOffered() {
        List<OptionDef> out = new ArrayList<>();
        for (String name : PLAN_FLAGS) {
            out.add(StressOptions.byName(name));
        }
        for (String name : List.of("--ring-size", "--cache-max-entries", "--writer-threads", "--result-json")) {
            out.add(StressOptions.byName(name));
        }
        return out;
    }

    static List<Path> from(ParseResult parsed) {
        List<Path> files = new ArrayList<>();
        if (parsed.hasMatchedOption(FROM.longName())) {
            for (Object f : (List<?>) parsed.matchedOption(FROM.longName()).getValue()) {
                files.add(Path.of(String.valueOf(f)));
            }
        }
        return files;
    }

    static int size(ParseResult parsed, Main.Configured options, PrintStream out) {
        StressConfig c = options.builder(Map.of()).build();
        double headroom = (Double) CliContext.own(parsed, HEADROOM);
        if (headroom > 1) {
            throw new ConfigException("--headroom: a fraction above 0 and at most 1 (1.0 keeps nothing back), got " + headroom);
        }
        List<ScalePoint> typed = List.of();
        String pointsText = (String) CliContext.own(parsed, POINTS);
        SizeEvidence evidence;
        try {
            if (pointsText != null) {
                typed = SizeEvidence.parsePoints(POINTS.longName(), pointsText);
            }
            evidence = SizeEvidence.read(from(parsed), typed);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(e.getMessage());
        }
        boolean planGiven = PLAN_FLAGS.stream().anyMatch(parsed::hasMatchedOption);
        Double target = (Double) CliContext.own(parsed, TARGET);
        ColdStartModel.Plan plan = planGiven || target == null ? ColdStartModel.Plan.of(c) : null;
        double rate = target != null ? target : plan.targetSamplesPerSecond();
        String source = target != null ? "--target" : String.format(java.util.Locale.ROOT,
                "the plan: -n %d -f %d -g %d -a %d -i %ds%s", c.plan().nodes(), c.plan().interfaces(), c.plan().groups(),
                c.plan().attributes(), c.pacing().interval().toSeconds(), planGiven ? "" : ", the table's defaults");
        long retention = c.disk().retention() != null ? c.disk().retention().getSeconds() : c.schema().ttl().getSeconds();
        int rf = c.schema().replication() == null ? 1
                : c.schema().replication().factors().values().stream().mapToInt(Integer::intValue).max().orElse(1);
        Double disk = c.disk().nodeDiskGb() == null ? null : c.disk().nodeDiskGb() * 1e9;
        double maxDrain = ((java.time.Duration) CliContext.own(parsed, MAX_DRAIN)).toMillis() / 1000.0;
        SizeRequest request = new SizeRequest(rate, source, plan, retention, rf, disk, headroom, maxDrain);
        SizeAnswer answer;
        try {
            answer = SizeAnswer.of(request, evidence);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(e.getMessage());
        }
        SizeLines.print(out, answer);
        Path json = c.outputs().resultJson();
        if (json != null) {
            write(json, SizeJson.of(answer, CliContext.NAME, Tool.version()));
            out.println("size written to " + json);
        }
        return ExitCode.OK;
    }

    static int predict(ParseResult parsed, Main.Configured options, PrintStream out) {
        StressConfig c = options.builder(Map.of()).build();
        List<Path> files = from(parsed);
        if (files.size() != 1) {
            throw new ConfigException("predict: give one cold run's result file (--from run.json) to calibrate on, got "
                    + files.size());
        }
        ColdStartModel model;
        try {
            SizeEvidence e = SizeEvidence.read(files, List.of());
            if (e.coldStart() == null) {
                throw new IllegalArgumentException(e.notes().isEmpty() ? files.get(0) + ": nothing to calibrate on"
                        : e.notes().get(e.notes().size() - 1));
            }
            model = e.coldStart();
        } catch (IllegalArgumentException e) {
            throw new ConfigException(e.getMessage());
        }
        Integer nodes = (Integer) CliContext.own(parsed, CLUSTER_NODES);
        if (nodes != null) {
            if (model.clusterNodes() <= 0) {
                throw new ConfigException("--cluster-nodes: the calibrating run does not say how many nodes its cluster had");
            }
            model = model.onNodes(nodes);
        }
        ColdStartModel.Plan plan = ColdStartModel.Plan.of(c);
        ColdStartPrediction p = model.predict(plan);
        out.println("calibration   " + model.source());
        out.println("prediction    (" + (nodes == null ? "the calibrating cluster" : nodes + " nodes per DC") + ")");
        SizeLines.prediction(out, "              ", p);
        Path json = c.outputs().resultJson();
        if (json != null) {
            Map<String, Object> doc = new java.util.LinkedHashMap<>();
            doc.put("schemaVersion", SizeJson.SCHEMA_VERSION);
            doc.put("tool", CliContext.NAME);
            doc.put("command", "predict");
            doc.put("version", Tool.version());
            doc.put("prediction", SizeJson.prediction(p));
            write(json, doc);
            out.println("prediction written to " + json);
        }
        return ExitCode.OK;
    }


    private static void write(Path file, Object value) {
        try {
            ResultJson.writeAtomically(value, file);
        } catch (IOException e) {
            throw new ConfigException("cannot write " + file + ": " + e.getMessage());
        }
    }
}
