package org.metricsstress.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Options reach their users by type: main code outside the option code ({@code config}) names an
 * option by its constant ({@code TuneOptionDefs.MAX_ROUNDS}, {@code StressOptions.RESULT_JSON}), never
 * by {@code StressOptions.byName("--max-rounds")}. A source scan, since the call leaves no trace a class
 * file rule could tell from a lookup by a name read from input.
 */
class NoOptionByNameTest {
    private static final String CALL = "byName(\"-";

    /** Files allowed to call it: none. A new one is a mistake, not an entry for this list. */
    private static final Set<String> NOT_YET = Set.of();

    @Test
    void noMainCodeOutsideConfigLooksAnOptionUpByItsName() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        assertTrue(Files.isDirectory(root.resolve("core/src/main/java")), "run from the core module: " + root);
        Set<String> calling = new TreeSet<>();
        try (Stream<Path> modules = Files.list(root)) {
            for (Path main : modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory).toList()) {
                try (Stream<Path> files = Files.walk(main)) {
                    files.filter(f -> f.toString().endsWith(".java"))
                            .filter(f -> !f.toString().contains("/org/metricsstress/config/"))
                            .filter(NoOptionByNameTest::calls)
                            .forEach(f -> calling.add(root.relativize(f).toString().replace('\\', '/')));
                }
            }
        }
        Set<String> unexpected = new TreeSet<>(calling);
        unexpected.removeAll(NOT_YET);
        assertEquals(Set.of(), unexpected, "these look options up by name: use the typed constants "
                + "(config's *OptionDefs, StressOptions' run options) and GivenOptions.get");
        Set<String> done = new TreeSet<>(NOT_YET);
        done.removeAll(calling);
        assertEquals(Set.of(), done, "these no longer call byName(\"--...\"): take them out of NOT_YET");
    }

    private static boolean calls(Path file) {
        try {
            return Files.readString(file).contains(CALL);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
