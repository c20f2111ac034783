package org.metricsstress.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md's package table is held equal to the code: every package of the main code
 * of {@link #SOURCE_ROOTS} has a row, every row is a package that exists, and every class a row
 * names in backticks exists in that package ({@code StressEngine}), or, qualified, in the package
 * it names ({@code result.NodeTelemetry}; a member after the class is not checked:
 * {@code CacheSummary.sum}). A row need not name every class of its package.
 */
class ArchitectureTableTest {
    private static final String ROOT = "org.metricsstress.";
    /** The modules whose packages the table lists; add a module's root when its packages join the table. */
    static final List<String> SOURCE_ROOTS = List.of("core/src/main/java");
    private static final String TABLE_HEADER = "| package | what it holds |";
    private static final Pattern ROW = Pattern.compile("^\\|\\s*`([\\w.]+)`\\s*\\|(.*)\\|\\s*$");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    /** A class named in code: optional lower-case package segments, then a type (Upper then lower case), then members. */
    private static final Pattern CLASS_NAME = Pattern.compile(
            "((?:[a-z][a-z0-9_]*\\.)*)([A-Z][a-z0-9]\\w*)((?:\\.\\w+)*)(?:\\(\\))?");

    /** Each package below the root (such as {@code engine}) and its top-level types. */
    private static final Map<String, Set<String>> PACKAGES = new TreeMap<>();
    /** Each row's package and the text of its second column, in the page's order. */
    private static final Map<String, String> ROWS = new LinkedHashMap<>();

    @BeforeAll
    static void load() throws IOException {
        JavaSources.read(ROOT, SOURCE_ROOTS).typesByPackage()
                .forEach((pkg, types) -> PACKAGES.put(pkg.substring(ROOT.length()), types));
        ROWS.putAll(rows(Files.readAllLines(JavaSources.REPOSITORY.resolve("docs/architecture.md"))));
    }

    static Map<String, String> rows(List<String> lines) {
        Map<String, String> rows = new LinkedHashMap<>();
        int header = lines.indexOf(TABLE_HEADER);
        assertTrue(header >= 0, "docs/architecture.md has no line " + TABLE_HEADER);
        for (String line : lines.subList(header + 2, lines.size())) {
            if (!line.startsWith("|")) {
                break;
            }
            Matcher row = ROW.matcher(line);
            assertTrue(row.matches(), "a row of the package table that is not | `package` | text |: " + line);
            assertTrue(rows.put(row.group(1), row.group(2)) == null, "package " + row.group(1) + " has two rows");
        }
        return rows;
    }

    @Test
    void everyPackageOfTheMainCodeHasARow() {
        Set<String> missing = new TreeSet<>(PACKAGES.keySet());
        missing.removeAll(ROWS.keySet());
        assertTrue(PACKAGES.size() > 20, "read only " + PACKAGES.keySet() + " from " + SOURCE_ROOTS);
        assertTrue(missing.isEmpty(), "docs/architecture.md's package table lacks a row for each package of "
                + SOURCE_ROOTS + " below; add:\n" + missing.stream()
                        .map(p -> "| `" + p + "` | what it holds (" + String.join(", ", PACKAGES.get(p)) + ") |")
                        .collect(Collectors.joining("\n")));
    }

    @Test
    void everyRowIsAPackageThatExists() {
        Set<String> unknown = new TreeSet<>(ROWS.keySet());
        unknown.removeAll(PACKAGES.keySet());
        assertTrue(unknown.isEmpty(), "docs/architecture.md's package table has rows for packages of "
                + SOURCE_ROOTS + " that do not exist; remove (or rename) the rows:\n" + unknown.stream()
                        .map(p -> "| `" + p + "` |").collect(Collectors.joining("\n")));
    }

    @Test
    void everyClassARowNamesIsInItsPackage() {
        List<String> wrong = new ArrayList<>();
        int named = 0;
        for (Map.Entry<String, String> row : ROWS.entrySet()) {
            Matcher code = CODE.matcher(row.getValue());
            while (code.find()) {
                Matcher name = CLASS_NAME.matcher(code.group(1));
                if (!name.matches()) {
                    continue; // an option, a command, a file: not a class
                }
                named++;
                String pkg = name.group(1).isEmpty() ? row.getKey()
                        : name.group(1).substring(0, name.group(1).length() - 1);
                Set<String> types = PACKAGES.get(pkg);
                if (types == null || !types.contains(name.group(2))) {
                    wrong.add("row `" + row.getKey() + "`: `" + code.group(1) + "`: " + (types == null ? "no package " + pkg
                            : "no class " + name.group(2) + " in " + pkg) + "; " + fix(row.getKey(), name.group(2)));
                }
            }
        }
        assertTrue(named > 50, "the rows name only " + named + " classes: is the table read?");
        assertTrue(wrong.isEmpty(), "docs/architecture.md's package table names classes that are not where it says:\n"
                + String.join("\n", wrong));
    }

    /**
     * What to write instead of a class a row names wrongly: where the class is now, so that whoever
     * moved it (or merges a move) fixes the row in a minute.
     */
    static String fix(String row, String simpleName) {
        List<String> homes = PACKAGES.entrySet().stream().filter(e -> e.getValue().contains(simpleName))
                .map(Map.Entry::getKey).toList();
        if (homes.isEmpty()) {
            return "no class " + simpleName + " in the main code: remove it from the row";
        }
        String written = homes.stream().map(h -> h.equals(row) ? "`" + simpleName + "`" : "`" + h + "." + simpleName + "`")
                .collect(Collectors.joining(" or "));
        return "it is in " + String.join(", ", homes) + ": write " + written
                + ", or move it to the row" + (homes.size() > 1 ? "s" : "") + " of " + String.join(", ", homes);
    }

    @Test
    void aClassNamedInARowIsToldFromOptionsAndFiles() {
        assertTrue(CLASS_NAME.matcher("StressEngine").matches());
        assertTrue(CLASS_NAME.matcher("result.NodeTelemetry").matches());
        assertTrue(CLASS_NAME.matcher("CacheSummary.sum").matches());
        for (String notAClass : List.of("--sink null", "charts.js", "system_views.disk_usage", "find-max", "JMX", "size")) {
            assertTrue(!CLASS_NAME.matcher(notAClass).matches(), notAClass);
        }
        assertEquals("it is in engine: write `engine.StressEngine`, or move it to the row of engine",
                fix("api", "StressEngine"));
        assertEquals("no class NoSuchStage in the main code: remove it from the row", fix("api", "NoSuchStage"));
        Map<String, String> rows = rows(List.of("text", TABLE_HEADER, "|---|---|", "| `api` | `StressRun` |", "", "|x|"));
        assertEquals(Map.of("api", " `StressRun` "), rows);
    }
}
