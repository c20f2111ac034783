package org.metricsstress.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each writer model in one place: outside the writer packages (org.metricsstress.writer.*), the enum
 * the option parses into and the option itself, core's code asks the model ({@code
 * config.WriterModel}) and never names one: not by enum constant, by the model test that used to be
 * everywhere, by its name as a string, by its type, or by switching over the enum. A source scan,
 * since javac leaves no trace of a string constant compared or a switch's labels.
 */
class WriterModelNamesTest {
    private static final Path MAIN = Path.of("src/main/java/org/metricsstress");

    /** Where a model may be named: the models themselves, the option's enum and the option. */
    private static final List<String> ALLOWED = List.of("writer/", "config/Writer.java", "config/StressOptions.java");

    /** Ways of naming a model: its constant, the old tests, its label as a literal, its types, the enum. */
    static final Pattern NAMES_A_MODEL = Pattern.compile(
            "Writer\\.(OPENNMS|PIPELINED)\\b"
                    + "|\\.(opennms|pipelined)\\(\\)"
                    + "|\"(?i:opennms|pipelined)\""
                    + "|\\b(OpenNmsModel|PipelinedModel|OpenNmsWriter|PipelinedWriter)\\b"
                    + "|import org\\.metricsstress\\.config\\.Writer;");

    @Test
    void noCodeOutsideTheWriterPackagesNamesAModel() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                String rel = MAIN.relativize(f).toString().replace('\\', '/');
                if (ALLOWED.stream().anyMatch(rel::startsWith)) {
                    continue;
                }
                List<String> lines = Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    String code = withoutComment(lines.get(i));
                    if (NAMES_A_MODEL.matcher(code).find()) {
                        found.add(rel + ":" + (i + 1) + ": " + lines.get(i).trim());
                    }
                }
            }
        }
        assertEquals(List.of(), found, "ask the model (config.WriterModel, WriterModels) instead");
    }

    @Test
    void theScanSeesEachWayOfNamingAModel() {
        for (String line : List.of("if (c.pipeline().writer() == Writer.OPENNMS) {", "b.writer(Writer.PIPELINED);",
                "boolean o = c.pipeline().opennms();", "if (s.pipelined()) {", "\"pipelined\".equals(w)",
                "w.equalsIgnoreCase(\"OpenNMS\")", "new PipelinedWriter(session)", "x instanceof OpenNmsModel",
                "import org.metricsstress.config.Writer;")) {
            assertTrue(NAMES_A_MODEL.matcher(line).find(), line);
        }
        for (String line : List.of("\"--writer opennms: one line\"", "c.pipeline().model().indexesInline()",
                "ValueType.oneOf(Writer.class)", "\"org.opennms.newts\"", "x(); // with Writer.OPENNMS",
                " * {@code Writer.OPENNMS}")) {
            assertFalse(NAMES_A_MODEL.matcher(withoutComment(line)).find(), line);
        }
    }

    /** The code of a line: a trailing // comment and a javadoc or block-comment line left out. */
    static String withoutComment(String line) {
        String t = line.trim();
        if (t.startsWith("*") || t.startsWith("/*") || t.startsWith("//")) {
            return "";
        }
        boolean inString = false;
        for (int i = 0; i + 1 < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"' && (i == 0 || line.charAt(i - 1) != '\\')) {
                inString = !inString;
            } else if (!inString && c == '/' && line.charAt(i + 1) == '/') {
                return line.substring(0, i);
            }
        }
        return line;
    }
}
