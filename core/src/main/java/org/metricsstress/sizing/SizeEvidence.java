package org.metricsstress.sizing;

import org.metricsstress.config.StressOptions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.metricsstress.report.ResultJson;
import org.metricsstress.result.DiskSummary;
import org.metricsstress.result.StressResult;

/**
 * What {@code size} and {@code predict} answer from: throughput at cluster sizes (find-max result
 * files, or points typed by hand), the bytes on disk (a run's {@code disk} object) and the cold
 * start's costs (a cold run of OpenNMS's writer). Each file gives what it holds; what is missing is
 * said by the constraint that needed it.
 *
 * @param points     throughput by cluster size, one per size
 * @param disk       bytes per sample and per resource; null when no file had a {@code disk} object
 * @param coldStart  the cold start calibrated; null when no file could calibrate it
 * @param coldStartRun the run it was calibrated on (its plan, to scale); null with it
 * @param notes      what was read from where, and why a file gave less than it might
 */
public record SizeEvidence(List<ScalePoint> points, DiskFigures disk, ColdStartModel coldStart, StressResult coldStartRun,
        List<String> notes) {

    /**
     * The disk figures of one run.
     *
     * @param bytesPerSample   samples table, per copy, per sample written
     * @param bytesPerResource index tables, per copy, per resource; 0 unknown
     * @param windowSeconds    the samples table's TWCS window the run used
     * @param source           the file
     */
    public record DiskFigures(double bytesPerSample, double bytesPerResource, long windowSeconds, String source) {}

    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** Newts' TWCS window when the result does not say (the table's --twcs-window default). */
    static final long DEFAULT_WINDOW_SECONDS = 7 * 86_400;

    /**
     * Reads the files and the typed points.
     *
     * @throws IllegalArgumentException one line naming the file or the point at fault
     */
    public static SizeEvidence read(List<Path> files, List<ScalePoint> typed) {
        List<ScalePoint> points = new ArrayList<>(typed);
        DiskFigures disk = null;
        ColdStartModel cold = null;
        StressResult coldRun = null;
        List<String> notes = new ArrayList<>();
        for (Path file : files) {
            String name = file.toString();
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException(name + ": no such file");
            }
            JsonNode tree;
            try {
                tree = MAPPER.readTree(file.toFile());
            } catch (IOException e) {
                throw new IllegalArgumentException(name + ": not a metrics-stress result file (" + firstLine(e) + ")");
            }
            if (tree == null || !tree.isObject()) {
                throw new IllegalArgumentException(name + ": not a metrics-stress result file (not a JSON object)");
            }
            if ("find-max".equals(tree.path("command").asText())) {
                points.add(findMaxPoint(tree, name, notes));
                continue;
            }
            StressResult r;
            try {
                r = ResultJson.read(file);
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException(name + ": not a metrics-stress result file (" + firstLine(e) + ")");
            }
            boolean used = false;
            DiskSummary d = r.disk();
            if (d != null && d.bytesPerSample() != null && d.bytesPerSample() > 0) {
                if (disk == null) {
                    long window = d.projection() != null ? d.projection().windowSeconds() : windowOf(r);
                    disk = new DiskFigures(d.bytesPerSample(), d.bytesPerResource() == null ? 0 : d.bytesPerResource(),
                            window, name);
                    notes.add(String.format(Locale.ROOT, "%s: on disk %.1f bytes per sample and %s per resource, per copy "
                            + "(%s)", name, d.bytesPerSample(), d.bytesPerResource() == null ? "unknown"
                            : String.format(Locale.ROOT, "%.0f bytes", d.bytesPerResource()), d.source()));
                } else {
                    notes.add(name + ": its disk figures not used (" + disk.source() + "'s are)");
                }
                used = true;
            }
            if (cold == null) {
                try {
                    cold = ColdStartModel.calibrate(r, name);
                    coldRun = r;
                    notes.add("cold start calibrated on " + cold.source());
                    used = true;
                } catch (IllegalArgumentException e) {
                    notes.add(e.getMessage());
                }
            }
            if (!used) {
                notes.add(name + ": a run result with neither a disk object (--disk) nor a cold start to calibrate on");
            }
        }
        Map<Integer, String> sizes = new HashMap<>();
        for (ScalePoint p : points) {
            String before = sizes.put(p.nodes(), p.source());
            if (before != null) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "two throughput points at %d node(s) per DC (%s and "
                        + "%s): give one per cluster size", p.nodes(), before, p.source()));
            }
        }
        return new SizeEvidence(List.copyOf(points), disk, cold, coldRun, List.copyOf(notes));
    }

    /**
     * {@code --points NODES:SAMPLES_PER_S,...}, a rate prefixed {@code >=} a lower bound (a search
     * whose highest rate passed: {@code 8:>=27000}); one line on a mistake.
     */
    public static List<ScalePoint> parsePoints(String option, String text) {
        List<ScalePoint> out = new ArrayList<>();
        for (String part : text.split(",")) {
            String[] nr = part.trim().split(":");
            try {
                if (nr.length != 2) {
                    throw new NumberFormatException();
                }
                int n = Integer.parseInt(nr[0].trim());
                String r = nr[1].trim();
                boolean atLeast = r.startsWith(">=");
                double rate = parseRate(atLeast ? r.substring(2).trim() : r);
                if (n < 1 || !(rate > 0) || Double.isInfinite(rate)) {
                    throw new NumberFormatException();
                }
                out.add(new ScalePoint(n, rate, option, atLeast));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + ": '" + part.trim() + "' is not NODES:SAMPLES_PER_S with "
                        + "positive figures, e.g. 4:52000,8:101000 (k and M allowed: 8:101k; >= for a lower bound: "
                        + "8:>=101k)");
            }
        }
        return out;
    }

    private static double parseRate(String t) {
        double f = 1;
        String s = t.toLowerCase(Locale.ROOT);
        if (s.endsWith("k")) {
            f = 1e3;
            s = s.substring(0, s.length() - 1);
        } else if (s.endsWith("m")) {
            f = 1e6;
            s = s.substring(0, s.length() - 1);
        }
        return Double.parseDouble(s.replace("_", "")) * f;
    }

    private static ScalePoint findMaxPoint(JsonNode tree, String name, List<String> notes) {
        JsonNode answer = tree.path("answer");
        JsonNode rate = answer.path("highestSustainableSamplesPerSecond");
        if (!rate.isNumber() || rate.asDouble() <= 0) {
            throw new IllegalArgumentException(name + ": a find-max result without a sustainable rate (no step passed): "
                    + "nothing to size from");
        }
        int nodes = 0;
        for (JsonNode step : tree.path("steps")) {
            JsonNode cluster = step.path("result").path("cluster");
            if (cluster.path("nodes").isNumber()) {
                int dcs = 0;
                var it = cluster.path("replication").fieldNames();
                while (it.hasNext()) {
                    if (!"class".equals(it.next())) {
                        dcs++;
                    }
                }
                nodes = (int) Math.round(cluster.path("nodes").asDouble() / Math.max(1, dcs));
                break;
            }
        }
        if (nodes < 1) {
            throw new IllegalArgumentException(name + ": a find-max result that does not say how many nodes its cluster had");
        }
        // at-least-max-rate: every rate tried passed, the highest too; the capacity is that or more.
        boolean atLeast = answer.path("conclusion").asText().startsWith("at-least");
        notes.add(String.format(Locale.ROOT, "%s: find-max on %d node%s per DC: %,.0f samples/s%s", name, nodes,
                nodes == 1 ? "" : "s", rate.asDouble(), atLeast
                        ? " (at least: the search's highest rate passed; a lower bound, not fitted as a measurement)" : ""));
        return new ScalePoint(nodes, rate.asDouble(), name, atLeast);
    }

    private static long windowOf(StressResult r) {
        Object w = r.setting(StressOptions.TWCS_WINDOW);
        if (w instanceof Number n) {
            return n.longValue();
        }
        if (w instanceof String s) {
            try {
                return org.metricsstress.config.Parse.duration("--twcs-window", s).getSeconds();
            } catch (RuntimeException e) {
                return DEFAULT_WINDOW_SECONDS;
            }
        }
        return DEFAULT_WINDOW_SECONDS;
    }

    private static String firstLine(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
    }
}
