package org.metricsstress.sizing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.metricsstress.report.ResultJson;

/** An answer as the command prints it and as its file holds it. */
final class SizeLinesTestSupport {
    private SizeLinesTestSupport() {}

    static String console(SizeAnswer a) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        SizeLines.print(new PrintStream(b, true, StandardCharsets.UTF_8), a);
        return b.toString(StandardCharsets.UTF_8);
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> size(SizeAnswer a) {
        return (Map<String, Object>) SizeJson.of(a, "metrics-stress", "test").get("size");
    }

    /** The file's text, written as the command writes it. */
    static String jsonText(SizeAnswer a) {
        try {
            Path f = Files.createTempFile("size", ".json");
            try {
                ResultJson.writeAtomically(SizeJson.of(a, "metrics-stress", "test"), f);
                return Files.readString(f);
            } finally {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
