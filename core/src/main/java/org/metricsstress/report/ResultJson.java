package org.metricsstress.report;

import org.metricsstress.result.ClusterFacts;
import org.metricsstress.result.NodeTelemetry;
import org.metricsstress.result.PlanFacts;
import org.metricsstress.result.StressResult;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes and reads the result file: the {@link StressResult} as JSON, for scripts. */
public final class ResultJson {
    private static final ObjectMapper MAPPER = mapper();

    /**
     * The typed parts that stand for objects of the file (plan, cluster): a field a run did not
     * have is left out, as it always was, and a field a future layout adds is skipped on reading.
     */
    private static ObjectMapper mapper() {
        ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        for (Class<?> part : List.of(PlanFacts.class, PlanFacts.OpenNmsCacheFigure.class, ClusterFacts.class,
                ClusterFacts.Member.class, ClusterFacts.DriverFacts.class)) {
            m.configOverride(part).setInclude(JsonInclude.Value.construct(JsonInclude.Include.NON_NULL,
                    JsonInclude.Include.NON_NULL));
            m.configOverride(part).setIgnorals(JsonIgnoreProperties.Value.forIgnoreUnknown(true));
        }
        // A reading of a node from a file before schema 12 has compactionsRunning, which no rule read
        // and which is no longer collected: the file still loads, that figure skipped.
        m.configOverride(NodeTelemetry.Reading.class).setIgnorals(JsonIgnoreProperties.Value.forIgnoreUnknown(true));
        return m;
    }

    /** A typed part as the file's object, by its field names in order; empty for null. */
    static Map<String, Object> asMap(Object part) {
        if (part == null) {
            return Map.of();
        }
        return MAPPER.convertValue(part, new TypeReference<LinkedHashMap<String, Object>>() { });
    }

    private ResultJson() {}

    /** Any value as the result file would hold it, as a tree (the report embeds the intervals so). */
    static JsonNode tree(Object value) {
        return MAPPER.valueToTree(value);
    }

    public static void write(StressResult result, Path file) throws IOException {
        writeAtomically(result, file);
    }

    /**
     * Any value as indented JSON, written to a temporary file then moved over {@code file}, so a
     * reader never sees half a file.
     */
    public static void writeAtomically(Object value, Path file) throws IOException {
        AtomicFile.write(file, tmp -> MAPPER.writeValue(tmp.toFile(), value));
    }

    /**
     * Reads a result file of this tool's layout (gzipped when its name ends in .gz). One of another
     * {@code schemaVersion} is refused
     * before its fields are read, with an exception that says which version it is.
     */
    public static StressResult read(Path file) throws IOException {
        JsonNode tree;
        if (file.getFileName().toString().endsWith(".gz")) {
            // A result kept gzipped (the corpus's, an archive's): read as it is.
            try (java.io.InputStream in = new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(file))) {
                tree = MAPPER.readTree(in);
            }
        } else {
            tree = MAPPER.readTree(file.toFile());
        }
        JsonNode version = tree == null ? null : tree.get("schemaVersion");
        if (version == null || !version.canConvertToInt()) {
            throw new IOException("no schemaVersion");
        }
        if (version.asInt() < StressResult.OLDEST_READABLE || version.asInt() > StressResult.SCHEMA_VERSION) {
            throw new IOException("schemaVersion " + version.asInt() + "; this version of the tool reads "
                    + StressResult.OLDEST_READABLE + " to " + StressResult.SCHEMA_VERSION + " (docs/result-schema.json)");
        }
        for (String field : REQUIRED) {
            JsonNode value = tree.get(field);
            if (value == null || value.isNull()) {
                throw new IOException("no " + field);
            }
        }
        String startedAt = tree.get("startedAt").asText();
        try {
            Instant.parse(startedAt);
        } catch (DateTimeParseException e) {
            throw new IOException("startedAt '" + startedAt + "' is not an ISO-8601 instant");
        }
        if (!tree.has("intended") && tree instanceof ObjectNode o) {
            // Before schema 5 nothing was counted unsent: what was generated was all that was intended.
            o.set("intended", tree.get("generated"));
        }
        return MAPPER.treeToValue(tree, StressResult.class);
    }

    /**
     * What every reader of a result relies on, in every layout read: a file without one of these
     * (a hand-made {@code {"schemaVersion":5}}, or one stripped of its counts, which would read as 0
     * and balance) is refused here rather than found missing deep in a
     * report, a comparison or a merge.
     */
    private static final List<String> REQUIRED = List.of("tool", "config", "plan", "startedAt",
            "generated", "written", "dropped", "failed",
            "responseLatency", "serviceLatency", "queueLatency", "scheduleLag", "client", "verdict", "intervals");
}
