package org.metricsstress.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * {@code size --report-html} and {@code predict --report-html}: the answer as one self-contained
 * page, drawn from the JSON document the command writes ({@code size} or {@code prediction}), so
 * page and file say the same. The nodes each constraint needs, with every input and model as the
 * JSON holds them; a chart of the measured points and the fitted curve against the target, and one
 * of the ring's predicted backlog over the cold start (piecewise linear between the times the
 * model gives: it fills, it drops until every resource is indexed, it drains).
 */
public final class SizePage {
    private static final String SIZE_CHARTS_JS = ReportCharts.resource("size-charts.js");

    private SizePage() {}

    public static void write(Map<String, Object> doc, Path file) throws IOException {
        String page = render(doc);
        AtomicFile.write(file, tmp -> Files.writeString(tmp, page, StandardCharsets.UTF_8));
    }

    public static String render(Map<String, Object> doc) {
        JsonNode d = ResultJson.tree(doc);
        JsonNode size = d.path("size");
        JsonNode prediction = size.isMissingNode() ? d.path("prediction") : size.path("coldStart").path("prediction");
        String tool = d.path("tool").asText("metrics-stress");
        String command = d.path("command").asText("size");
        StringBuilder sb = new StringBuilder(96 * 1024);
        HtmlReport.head(sb, tool + " " + command);
        sb.append("<h1>").append(Html.esc(tool + " " + command)).append("</h1>\n<p class=\"sub\">version ")
                .append(Html.esc(d.path("version").asText("?"))).append("</p>\n");
        if (!size.isMissingNode()) {
            answer(sb, size);
            throughput(sb, size.path("throughput"));
            fields(sb, "Disk", size.path("disk"));
        }
        coldStart(sb, size.isMissingNode() ? d.path("prediction") : size.path("coldStart"), prediction);
        if (!size.isMissingNode()) {
            fields(sb, "Inputs", size.path("inputs"));
        }
        sb.append("<pre id=\"chart-errors\" class=\"bad\" hidden></pre>\n");
        sb.append("<script type=\"application/json\" id=\"size-data\">")
                .append(ReportCharts.scriptSafe(chartData(size, prediction).toString())).append("</script>\n");
        ReportCharts.library(sb);
        sb.append("<script>\n").append(SIZE_CHARTS_JS).append("</script>\n");
        sb.append("<footer>Every figure with its inputs and model, as the JSON file holds them (docs/sizing.md).</footer>\n");
        sb.append("</body>\n</html>\n");
        return sb.toString();
    }

    private static void answer(StringBuilder sb, JsonNode size) {
        JsonNode nodes = size.path("nodes");
        String binding = size.path("binding").asText("");
        JsonNode t = size.path("throughput");
        String range = interval(size.path("nodesByThroughputInterval"), t.path("interval"));
        sb.append("<div class=\"verdict ").append(nodes.isNumber() ? "ok" : "warn").append("\"><div class=\"kind\">")
                .append(nodes.isNumber() ? Html.esc(String.format(Locale.ROOT, "%,d nodes per DC", nodes.asLong()))
                        : "no answer")
                .append("</div><div class=\"msg\">").append(Html.esc(binding.isEmpty() ? "no constraint had its evidence"
                        : "binding: " + binding + ("throughput".equals(binding) && range != null ? "; " + range : "")
                        + ("cold-start".equals(binding) ? "; " + size.path("coldStart").path("scaling").asText() : "")))
                .append("</div></div>\n");
        sb.append("<h2>Constraints</h2>\n<table><tr><th>constraint</th><th>nodes per DC</th><th>why, or what is missing</th></tr>\n");
        constraint(sb, "throughput", size.path("nodesByThroughput"), range, throughputWhy(t));
        constraint(sb, "disk", size.path("nodesByDisk"), null, why(size.path("disk")));
        constraint(sb, "cold start", size.path("nodesByColdStart"), null, why(size.path("coldStart")));
        sb.append("</table>\n");
    }

    /** {@code 95% interval 10-15} from the file's [low, high]; null when it has none. */
    static String interval(JsonNode lowHigh, JsonNode interval) {
        if (!lowHigh.isArray() || lowHigh.size() != 2) {
            return null;
        }
        String level = String.format(Locale.ROOT, "%.0f%%", 100 * interval.path("confidence").asDouble(0.95));
        JsonNode high = lowHigh.get(1);
        return level + " interval " + lowHigh.get(0).asLong() + (high.isNumber()
                ? (high.asLong() == lowHigh.get(0).asLong() ? "" : "-" + high.asLong()) : " to no upper bound");
    }

    /** The curve's shape, the interval or why there is none, and any warning, as the file words them. */
    private static String throughputWhy(JsonNode t) {
        if (t.path("missing").isTextual()) {
            return t.path("missing").asText();
        }
        StringBuilder why = new StringBuilder();
        for (String field : new String[] {"extrapolation", "intervalMissing", "assumption"}) {
            if (t.path(field).isTextual()) {
                why.append(why.isEmpty() ? "" : "; ").append(t.path(field).asText());
            }
        }
        JsonNode usl = t.path("usl");
        if (usl.isObject()) {
            why.append(why.isEmpty() ? "" : "; ").append(String.format(Locale.ROOT, "the USL fitted: lambda %s, sigma %.4f, "
                    + "kappa %.5f; %s", Numbers.fixedOrDash(usl.path("lambda").asDouble(Double.NaN), 0),
                    usl.path("sigma").asDouble(), usl.path("kappa").asDouble(), usl.path("shape").asText()));
        }
        return why.toString();
    }

    private static String why(JsonNode section) {
        return section.path("missing").isTextual() ? section.path("missing").asText()
                : section.path("scaling").isTextual() ? section.path("scaling").asText()
                : section.path("assumption").isTextual() ? section.path("assumption").asText()
                : section.path("model").asText("");
    }

    private static void constraint(StringBuilder sb, String name, JsonNode nodes, String range, String why) {
        sb.append("<tr><th>").append(Html.esc(name)).append("</th><td>")
                .append(nodes.isNumber() ? Html.esc(String.format(Locale.ROOT, "%,d", nodes.asLong())
                        + (range == null ? "" : " (" + range + ")")) : "&ndash;")
                .append("</td><td>").append(Html.esc(why)).append("</td></tr>\n");
    }

    private static void throughput(StringBuilder sb, JsonNode t) {
        fields(sb, "Throughput", t);
        if (t.path("points").isArray() && t.path("points").size() > 0) {
            sb.append("<table><tr><th>nodes per DC</th><th>samples/s</th><th>kind</th><th>from</th></tr>\n");
            for (JsonNode p : t.path("points")) {
                sb.append("<tr><td>").append(p.path("nodes").asInt()).append("</td><td>")
                        .append(Html.esc(String.format(Locale.ROOT, "%,.0f", p.path("samplesPerSecond").asDouble())))
                        .append("</td><td>").append(p.path("atLeast").asBoolean() ? "lower bound (at least)" : "measured")
                        .append("</td><td>").append(Html.esc(p.path("source").asText())).append("</td></tr>\n");
            }
            sb.append("</table>\n<div id=\"scale-chart\"></div>\n");
        }
    }

    private static void coldStart(StringBuilder sb, JsonNode section, JsonNode prediction) {
        if (section.isMissingNode()) {
            return;
        }
        fields(sb, "Cold start", section);
        if (prediction.isObject()) {
            sb.append("<div id=\"ring-chart\"></div>\n");
        }
    }

    /** A section's scalar fields as a table, nested objects as their own tables below it, arrays of text as lists. */
    private static void fields(StringBuilder sb, String heading, JsonNode node) {
        if (!node.isObject()) {
            return;
        }
        sb.append("<h2>").append(Html.esc(heading)).append("</h2>\n");
        table(sb, node);
    }

    private static void table(StringBuilder sb, JsonNode node) {
        sb.append("<div class=\"scroll\"><table>\n");
        StringBuilder nested = new StringBuilder();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            JsonNode v = f.getValue();
            if (v.isObject()) {
                nested.append("<h3>").append(Html.esc(f.getKey())).append("</h3>\n");
                StringBuilder inner = new StringBuilder();
                table(inner, v);
                nested.append(inner);
            } else if (v.isArray()) {
                if (!"points".equals(f.getKey())) {
                    StringBuilder items = new StringBuilder();
                    for (JsonNode e : v) {
                        items.append(items.isEmpty() ? "" : "; ").append(e.isValueNode() ? e.asText() : e.toString());
                    }
                    Html.kv(sb, f.getKey(), items.toString());
                }
            } else {
                Html.kv(sb, f.getKey(), v.isNull() ? "none"
                        : v.isIntegralNumber() ? String.format(Locale.ROOT, "%,d", v.asLong())
                        : v.isFloatingPointNumber() ? Numbers.fixedOrDash(v.asDouble(), Math.abs(v.asDouble()) >= 100 ? 0 : 4)
                        : v.asText());
            }
        }
        sb.append("</table></div>\n").append(nested);
    }

    /** What size-charts.js reads: the points and the fit, the target; the ring's backlog as the model's corners. */
    static ObjectNode chartData(JsonNode size, JsonNode prediction) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode out = f.objectNode();
        JsonNode t = size.path("throughput");
        if (t.path("points").isArray() && t.path("points").size() > 0) {
            ObjectNode scale = out.putObject("scale");
            ArrayNode points = scale.putArray("points");
            ArrayNode bounds = scale.putArray("bounds");
            for (JsonNode p : t.path("points")) {
                (p.path("atLeast").asBoolean() ? bounds : points).addArray().add(p.path("nodes").asInt())
                        .add(p.path("samplesPerSecond").asDouble());
            }
            JsonNode usl = t.path("usl");
            if (usl.isObject()) {
                scale.putObject("usl").put("lambda", usl.path("lambda").asDouble()).put("sigma", usl.path("sigma").asDouble())
                        .put("kappa", usl.path("kappa").asDouble());
            } else {
                scale.put("perNode", t.path("perNodeSamplesPerSecond").asDouble());
            }
            JsonNode inputs = size.path("inputs");
            scale.put("target", inputs.path("targetSamplesPerSecond").asDouble());
            scale.put("headroom", inputs.path("headroom").asDouble(1));
            scale.put("nodes", size.path("nodesByThroughput").asInt(0));
        }
        if (prediction.isObject()) {
            out.set("ring", ringCorners(prediction));
        }
        return out;
    }

    /** The ring's backlog at the times the model names: empty at the start, full while it drops, drained. */
    static ObjectNode ringCorners(JsonNode p) {
        ObjectNode ring = JsonNodeFactory.instance.objectNode();
        long size = p.path("ringSize").asLong();
        ring.put("size", size);
        ArrayNode at = ring.putArray("points");
        at.addArray().add(0.0).add(0);
        double full = p.path("ringFullAtSeconds").asDouble(-1);
        double lastDrop = p.path("lastDropAtSeconds").asDouble(-1);
        double drained = p.path("ringDrainedAtSeconds").asDouble(-1);
        double indexed = p.path("indexedAtSeconds").asDouble(-1);
        if (full >= 0) {
            at.addArray().add(full).add(size);
            if (lastDrop > full) {
                at.addArray().add(lastDrop).add(size);
            }
            if (drained > 0) {
                // Drained is below 10 % of the ring: drawn there.
                at.addArray().add(drained).add(size / 10);
            }
        } else if (indexed > 0) {
            at.addArray().add(indexed).add(p.path("ringPeak").asLong());
        }
        return ring;
    }
}
