package org.metricsstress.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.metricsstress.result.ColdStart;
import org.metricsstress.result.IndexSummary;
import org.metricsstress.result.NodeTelemetry;
import org.metricsstress.result.IntervalStats;
import org.metricsstress.result.RunEvent;
import org.metricsstress.result.StepSummary;
import org.metricsstress.result.StressResult;

/**
 * The page's charts over time, drawn in the browser by uPlot (MIT, inlined from its webjar at build
 * time) with {@code charts.js}: which charts and series is that script's. What this class writes is
 * their data, once per run: the result file's own intervals (without the histograms, which would
 * make the page megabytes and which no chart reads), and the run's markers: faults, steps, the cold
 * start (ring full, first drops, indexed, ring drained) and where generation stopped.
 *
 * <p>The page stays one file that opens offline: library, script and data are inline.
 */
final class ReportCharts {
    private static final String UPLOT_JS = resource("uplot/uPlot.iife.min.js");
    private static final String UPLOT_CSS = resource("uplot/uPlot.min.css");
    private static final String UPLOT_LICENSE = resource("uplot/LICENSE");
    private static final String CHARTS_JS = resource("charts.js");

    /** One run to draw: its tag in legends ("A", "B"), its name (the file), its result. */
    record Run(String tag, String name, StressResult result) {}

    private ReportCharts() {}

    /** uPlot's stylesheet, for the page's head. */
    static String css() {
        return UPLOT_CSS;
    }

    /** The charts of one run or several on one time axis, each from its own start. */
    static void charts(StringBuilder sb, List<Run> runs) {
        sb.append("<pre id=\"chart-errors\" class=\"bad\" hidden></pre>\n");
        sb.append("<noscript><p class=\"note\">The charts need JavaScript; the tables below hold the same figures.</p></noscript>\n");
        markerList(sb, runs);
        sb.append("<div id=\"charts\"></div>\n");
        sb.append("<script type=\"application/json\" id=\"chart-data\">").append(scriptSafe(data(runs).toString()))
                .append("</script>\n");
        library(sb);
        sb.append("<script>\n").append(CHARTS_JS).append("</script>\n");
    }

    /** The chart library inline, its licence with it, as its terms ask. */
    static void library(StringBuilder sb) {
        sb.append("<script>\n/*! uPlot's licence:\n")
                .append(UPLOT_LICENSE.replace("*/", "* /")).append("\n*/\n").append(UPLOT_JS).append("\n</script>\n");
    }

    /** The markers as text too: the canvas cannot be read, searched or copied. */
    private static void markerList(StringBuilder sb, List<Run> runs) {
        StringBuilder items = new StringBuilder();
        for (Run run : runs) {
            for (JsonNode m : markers(run.result())) {
                items.append("<li data-kind=\"").append(Html.esc(m.get("kind").asText())).append("\">")
                        .append(runs.size() > 1 ? Html.esc(run.tag()) + ": " : "")
                        .append(Html.esc(m.get("text").asText())).append(" at ")
                        .append(Html.esc(Numbers.fixedOrDash(m.get("at").asDouble(), 1))).append(" s</li>");
            }
        }
        if (!items.isEmpty()) {
            sb.append("<p class=\"note\">Marked on the charts:</p><ul id=\"chart-markers\" class=\"markers\">")
                    .append(items).append("</ul>\n");
        }
    }

    /** What charts.js reads: per run its tag, name, the intervals as the result file has them, markers. */
    static ObjectNode data(List<Run> runs) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        ArrayNode out = root.putArray("runs");
        for (int k = 0; k < runs.size(); k++) {
            Run run = runs.get(k);
            StressResult r = run.result();
            ObjectNode o = out.addObject();
            o.put("index", k);
            o.put("tag", run.tag());
            o.put("name", run.name());
            o.set("intervals", intervals(r));
            o.set("markers", markers(r));
            double ringSize = number(r.config(), "ring-size");
            if (r.coldStart() != null && r.coldStart().ringSize() > 0) {
                ringSize = r.coldStart().ringSize();
            }
            o.put("ringSize", Double.isNaN(ringSize) ? -1 : ringSize);
            o.put("maxHeapBytes", r.client() == null ? 0 : r.client().maxHeapBytes());
            IndexSummary ix = r.index();
            o.put("indexOn", ix != null && ix.enabled() && intervals(r).findValues("indexRows").stream()
                    .anyMatch(n -> n.asLong() >= 0));
            o.set("nodes", nodes(r));
        }
        return root;
    }

    /**
     * Each node's readings reduced to what the node charts draw, one point per reading (null where the
     * node did not answer, or did not give the figure): the charts overlay the nodes.
     */
    static ArrayNode nodes(StressResult r) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ArrayNode out = f.arrayNode();
        if (r.nodeTelemetry() == null) {
            return out;
        }
        for (NodeTelemetry.Node n : r.nodeTelemetry().nodes()) {
            ObjectNode node = out.addObject();
            node.put("node", n.node());
            ArrayNode points = node.putArray("readings");
            for (NodeTelemetry.Reading reading : n.readings()) {
                ObjectNode p = points.addObject();
                p.put("t", reading.elapsedSeconds());
                p.put("answered", reading.answered());
                if (reading.readMs() >= 0) {
                    p.put("readMs", reading.readMs());
                }
                if (!reading.answered()) {
                    continue;
                }
                p.put("mutationPending", reading.pool(NodeTelemetry.MUTATION).pending());
                p.put("mutationActive", reading.pool(NodeTelemetry.MUTATION).active());
                p.put("transportPending", reading.pool(NodeTelemetry.NATIVE_TRANSPORT).pending());
                p.put("flushPending", reading.pool(NodeTelemetry.FLUSH).pending()
                        + reading.pool(NodeTelemetry.POST_FLUSH).pending());
                p.put("compactionsPending", reading.compactionsPending());
                p.put("hintFiles", reading.hintFiles());
                p.put("writeP99Ms", reading.localWriteP99Ms());
                if (reading.gcMs() >= 0) {
                    p.put("gcMs", reading.gcMs());
                }
                if (reading.cpuPercent() >= 0) {
                    p.put("cpuPercent", reading.cpuPercent());
                }
            }
        }
        return out;
    }

    /**
     * The run's intervals as its result file holds them, less each latency's histogram ({@code hdr}),
     * and with null for a figure that is not a finite number (JSON has no NaN; the chart shows a gap).
     */
    static ArrayNode intervals(StressResult r) {
        List<IntervalStats> iv = r.intervals() == null ? List.of()
                : r.intervals().stream().filter(Objects::nonNull).toList();
        ArrayNode tree = (ArrayNode) ResultJson.tree(iv);
        for (JsonNode interval : tree) {
            finiteOrNull((ObjectNode) interval);
            interval.forEach(value -> {
                if (value instanceof ObjectNode o) {
                    o.remove("hdr");
                    finiteOrNull(o);
                }
            });
        }
        return tree;
    }

    private static void finiteOrNull(ObjectNode o) {
        List<String> names = new ArrayList<>();
        o.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            JsonNode v = o.get(name);
            if (v.isNumber() && !Double.isFinite(v.asDouble())) {
                o.putNull(name);
            }
        }
    }

    /** When things happened, in seconds since generation began, each with its kind (its colour). */
    static ArrayNode markers(StressResult r) {
        ArrayNode out = JsonNodeFactory.instance.arrayNode();
        if (r.events() != null) {
            for (RunEvent e : r.events()) {
                // "kill dc2 (127.0.0.2 pid 5485): SIGKILL" is marked "kill dc2"; the events table has the rest.
                String t = e.text() == null ? "event" : e.text();
                int cut = t.indexOf(" (");
                marker(out, e.atSeconds(), cut > 0 ? t.substring(0, cut) : t, "fault");
            }
        }
        if (r.steps() != null && r.steps().size() > 1) {
            for (StepSummary s : r.steps()) {
                marker(out, s.startSeconds(), "step " + s.step() + ": " + Numbers.count(Math.round(s.targetSamplesPerSecond()))
                        + "/s", "step");
            }
        }
        ColdStart cs = r.coldStart();
        if (cs != null && cs.ringFilled()) {
            marker(out, cs.ringFullAtSeconds(), "ring full", "coldstart");
        }
        List<IntervalStats> iv = r.intervals() == null ? List.of() : r.intervals().stream().filter(Objects::nonNull).toList();
        // Within the first interval that dropped, and not before the ring was first full: that is when they can start.
        double fullAt = cs != null && cs.ringFilled() ? cs.ringFullAtSeconds() : 0;
        iv.stream().filter(s -> s.dropped() > 0).findFirst().ifPresent(s -> marker(out,
                Math.max(fullAt, Math.max(0, s.elapsedSeconds() - s.intervalSeconds())), "first drops", "coldstart"));
        double indexed = cs != null && cs.indexedAtSeconds() >= 0 ? cs.indexedAtSeconds()
                : r.index() != null && r.index().enabled() && r.index().secondsToComplete() >= 0 ? r.index().secondsToComplete() : -1;
        if (indexed >= 0) {
            marker(out, indexed, "indexed", "index");
        }
        if (cs != null && cs.ringDrainedAtSeconds() >= 0) {
            marker(out, cs.ringDrainedAtSeconds(), "ring drained", "coldstart");
        }
        double lastX = iv.stream().mapToDouble(IntervalStats::elapsedSeconds).filter(Double::isFinite).max().orElse(0);
        // Intervals after generation stopped are the drain; marking where it starts explains their shape.
        if (lastX > r.generationSeconds() + 0.5) {
            marker(out, r.generationSeconds(), "generation stopped", "drain");
        }
        return out;
    }

    private static void marker(ArrayNode out, double at, String text, String kind) {
        if (Double.isFinite(at)) {
            out.addObject().put("at", at).put("text", text).put("kind", kind);
        }
    }

    /**
     * JSON inside a script element: a {@code <} only ever occurs inside a JSON string, where
     * {@code \u003c} means the same, so no value (a config typed by the user) can end the element.
     */
    static String scriptSafe(String json) {
        return json.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
    }

    private static double number(Map<String, Object> map, String key) {
        Object v = map == null ? null : map.get(key);
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    static String resource(String name) {
        try (InputStream in = ReportCharts.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the jar: the build copies it (core/pom.xml)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
