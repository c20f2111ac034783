package org.metricsstress.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each writer model in one place: outside the writer packages (org.metricsstress.writer.*), the enum
 * the option parses into and the option itself, the main code of every module asks the model ({@code
 * config.WriterModel}) and never names one: not by enum constant, by the model test that used to be
 * everywhere, by its name as a string, by its type, or by switching over the enum. A source scan,
 * since javac leaves no trace of a string constant compared or a switch's labels.
 */
class WriterModelNamesTest {
    private static final String PACKAGE_DIR = "src/main/java/org/metricsstress/";

    /** Where a model may be named: the models themselves, the option's enum and the option. */
    private static final List<String> ALLOWED = List.of("core/" + PACKAGE_DIR + "writer/",
            "core/" + PACKAGE_DIR + "config/Writer.java", "core/" + PACKAGE_DIR + "config/StressOptions.java");

    /** The same words with another meaning, by file: each left out of its file's lines before the scan. */
    private static final Map<String, String> OTHER_MEANINGS = Map.of(
            // Jedis' own pipeline: a batch of Redis commands.
            "resource-cache/" + PACKAGE_DIR + "cache/RedisWriter.java", "jedis.pipelined()",
            // --values' sample model that imitates OpenNMS's collected values (ValueModel.OPENNMS).
            "benchmarks/" + PACKAGE_DIR + "microbench/SampleValuesBench.java", "@Param({\"opennms\",");

    /** Ways of naming a model: its constant, the old tests, its label as a literal, its types, the enum. */
    static final Pattern NAMES_A_MODEL = Pattern.compile(
            "Writer\\.(OPENNMS|PIPELINED)\\b"
                    + "|\\.(opennms|pipelined)\\(\\)"
                    + "|\"(?i:opennms|pipelined)\""
                    + "|\\b(OpenNmsModel|PipelinedModel|OpenNmsWriter|PipelinedWriter)\\b"
                    + "|import org\\.metricsstress\\.config\\.Writer;");

    @Test
    void noCodeOutsideTheWriterPackagesNamesAModel() throws IOException {
        Path root = JavaSources.REPOSITORY;
        assertTrue(Files.isDirectory(root.resolve("core/" + PACKAGE_DIR + "writer")), "run from the core module: " + root);
        List<String> found = new ArrayList<>();
        int scanned = 0;
        try (Stream<Path> modules = Files.list(root)) {
            for (Path main : modules.sorted().map(m -> m.resolve(PACKAGE_DIR)).filter(Files::isDirectory).toList()) {
                try (Stream<Path> files = Files.walk(main)) {
                    for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                        String rel = root.relativize(f).toString().replace('\\', '/');
                        scanned++;
                        if (ALLOWED.stream().anyMatch(rel::startsWith)) {
                            continue;
                        }
                        List<String> lines = Files.readAllLines(f);
                        for (int i = 0; i < lines.size(); i++) {
                            if (namesAModel(rel, lines.get(i))) {
                                found.add(rel + ":" + (i + 1) + ": " + lines.get(i).trim());
                            }
                        }
                    }
                }
            }
        }
        // core alone has over 300 files: fewer means the scan walked the wrong tree and proves nothing.
        assertTrue(scanned > 300, "scanned only " + scanned + " files under " + root);
        assertEquals(List.of(), found, "ask the model (config.WriterModel, WriterModels) instead");
    }

    @Test
    void theScanSeesEachWayOfNamingAModel() {
        for (String line : List.of("if (c.pipeline().writer() == Writer.OPENNMS) {", "b.writer(Writer.PIPELINED);",
                "boolean o = c.pipeline().opennms();", "if (s.pipelined()) {", "\"pipelined\".equals(w)",
                "w.equalsIgnoreCase(\"OpenNMS\")", "new PipelinedWriter(session)", "x instanceof OpenNmsModel",
                "import org.metricsstress.config.Writer;")) {
            assertTrue(namesAModel("core/" + PACKAGE_DIR + "bench/Bench.java", line), line);
        }
        for (String line : List.of("\"--writer opennms: one line\"", "c.pipeline().model().indexesInline()",
                "ValueType.oneOf(Writer.class)", "\"org.opennms.newts\"", "x(); // with Writer.OPENNMS",
                " * {@code Writer.OPENNMS}")) {
            assertFalse(namesAModel("core/" + PACKAGE_DIR + "bench/Bench.java", line), line);
        }
        String redis = "resource-cache/" + PACKAGE_DIR + "cache/RedisWriter.java";
        assertFalse(namesAModel(redis, "Pipeline pipeline = jedis.pipelined()"));
        assertTrue(namesAModel(redis, "jedis.pipelined(); if (s.pipelined()) {"), "only the other meaning is left out");
        assertTrue(namesAModel("core/" + PACKAGE_DIR + "bench/Bench.java", "Pipeline pipeline = jedis.pipelined()"),
                "another meaning is allowed in its own file only");
    }

    /** Whether a line of the file (its path from the repository) names a writer model. */
    static boolean namesAModel(String file, String line) {
        String code = withoutComment(line);
        String other = OTHER_MEANINGS.get(file);
        return NAMES_A_MODEL.matcher(other == null ? code : code.replace(other, "")).find();
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
