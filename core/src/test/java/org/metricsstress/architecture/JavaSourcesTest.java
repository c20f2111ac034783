package org.metricsstress.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The source reader finds what the class files lose, and nothing in strings or comment prose. */
class JavaSourcesTest {
    @Test
    void findsImportsQualifiedNamesAndJavadocLinksWithTheirLines(@TempDir Path dir) throws IOException {
        Path pkg = Files.createDirectories(dir.resolve("org/example/index"));
        Files.writeString(pkg.resolve("Indexer.java"), String.join("\n",
                "package org.example.index;",
                "",
                "import org.example.result.Summary;",
                "",
                "/** Slow past {@link org.example.live.Gauge#LIMIT}; see org.example.report.Lines in prose. */",
                "public final class Indexer {",
                "    // org.example.engine.Engine in a line comment",
                "    static final long SLOW = Summary.SLOW_MS;",
                "    static final String NAME = \"org.example.cli.Main\";",
                "    static final char QUOTE = '\"';",
                "    static final long LIMIT = org.example.metrics.Limits.MAX;",
                "}",
                "record Extra(int x) {",
                "}",
                ""));
        JavaSources sources = JavaSources.read("org.example.", List.of(dir.toString()));

        List<String> found = sources.references().stream()
                .sorted(Comparator.comparingInt(JavaSources.Reference::line))
                .map(r -> r.line() + " " + r.target()).toList();
        assertEquals(List.of("1 org.example.index", "3 org.example.result.Summary", "5 org.example.live.Gauge",
                "11 org.example.metrics.Limits.MAX"), found);
        assertEquals(Map.of("org.example.index", Set.of("Indexer", "Extra")), sources.typesByPackage());
        assertEquals("metrics", sources.layer("org.example.metrics.Limits.MAX"));
    }
}
