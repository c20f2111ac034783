package org.metricsstress.report;

import org.metricsstress.result.StressResult;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;

/** Writes and reads the result file: the {@link StressResult} as JSON, for scripts. */
public final class ResultJson {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultJson() {}

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
     * Reads a result file of this tool's layout. One of another {@code schemaVersion} is refused
     * before its fields are read, with an exception that says which version it is.
     */
    public static StressResult read(Path file) throws IOException {
        com.fasterxml.jackson.databind.JsonNode tree = MAPPER.readTree(file.toFile());
        com.fasterxml.jackson.databind.JsonNode version = tree == null ? null : tree.get("schemaVersion");
        if (version == null || !version.canConvertToInt()) {
            throw new IOException("no schemaVersion");
        }
        if (version.asInt() < StressResult.OLDEST_READABLE || version.asInt() > StressResult.SCHEMA_VERSION) {
            throw new IOException("schemaVersion " + version.asInt() + "; this version of the tool reads "
                    + StressResult.OLDEST_READABLE + " to " + StressResult.SCHEMA_VERSION + " (docs/result-schema.json)");
        }
        if (!tree.has("intended") && tree instanceof com.fasterxml.jackson.databind.node.ObjectNode o) {
            // Before schema 5 nothing was counted unsent: what was generated was all that was intended.
            o.set("intended", tree.get("generated"));
        }
        return MAPPER.treeToValue(tree, StressResult.class);
    }
}
