package org.metricsstress.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.metricsstress.api.ExitCode;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressOptions;

/**
 * {@code --help} of every command lists its options under the sections' headings, each option under
 * exactly one, with the help and default the option table gives it (or the command's default from
 * the table); and no front end writes an option or a default of its own.
 */
class HelpSectionsTest {
    /** A heading line: {@code Plan:}, {@code Cluster and security:}. */
    private static final Pattern HEADING = Pattern.compile("^([A-Z][^:]*):$");
    /** An option's first line: two to six blanks, then {@code -n, --nodes=N} or {@code --ring-size=N}. */
    private static final Pattern OPTION = Pattern.compile("^ {2,6}(?:(-[A-Za-z]), )?(--[a-z0-9-]+)");

    private static String help(String command) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String[] args = command.isEmpty() ? new String[] {"--help"} : new String[] {command, "--help"};
        int code = new Main(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), Map.of(), false).run(args);
        assertEquals(ExitCode.OK, code, command);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The headings of a help text in order, each with the long names of the options listed under it. */
    static Map<String, List<String>> byHeading(String help) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        List<String> current = null;
        for (String line : help.lines().toList()) {
            Matcher h = HEADING.matcher(line);
            if (h.matches()) {
                current = new ArrayList<>();
                assertFalse(out.containsKey(h.group(1)), "heading twice: " + h.group(1));
                out.put(h.group(1), current);
                continue;
            }
            Matcher o = OPTION.matcher(line);
            if (o.find()) {
                assertTrue(current != null, "an option before any heading: " + line);
                current.add(o.group(2));
            }
        }
        return out;
    }

    private static String heading(OptionDef.Section s) {
        return OptionsTable.capitalized(s.heading());
    }

    @Test
    void theRunsHelpHasTheSectionsInTheTablesOrder() {
        Map<String, List<String>> sections = byHeading(help(""));
        List<String> expected = new ArrayList<>();
        for (OptionDef.Section s : List.of(OptionDef.Section.PLAN, OptionDef.Section.PACING,
                OptionDef.Section.PIPELINE, OptionDef.Section.TSS, OptionDef.Section.CLUSTER, OptionDef.Section.SCHEMA,
                OptionDef.Section.INDEX, OptionDef.Section.READ, OptionDef.Section.OUTPUT, OptionDef.Section.JUDGING,
                OptionDef.Section.DISK, OptionDef.Section.LOCAL_CLUSTER)) {
            expected.add(heading(s));
        }
        expected.add("Help");
        expected.add("Commands");
        assertEquals(expected, new ArrayList<>(sections.keySet()));
        assertEquals(List.of("--nodes", "--interfaces", "--groups", "--attributes", "--strings",
                "--string-variation-factor", "--seed", "--values", "--resource-ids", "--instance", "--instances"),
                sections.get("Plan"));
        assertTrue(sections.get("Outputs").contains("--report"), "-r/--report is an output: " + sections);
        assertEquals(List.of("--help", "--version"), sections.get("Help"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "schema", "report", "compare", "merge", "verify", "disk", "bench", "find-max"})
    void everyOptionIsUnderExactlyOneHeadingThatOfItsSection(String command) {
        Map<String, List<String>> sections = byHeading(help(command));
        Map<String, Integer> seen = new LinkedHashMap<>();
        sections.forEach((heading, names) -> {
            for (String name : names) {
                seen.merge(name, 1, Integer::sum);
                if (name.equals("--help") || name.equals("--version")) {
                    assertEquals("Help", heading, name);
                } else {
                    assertEquals(heading(StressOptions.byName(name).section()), heading, command + " " + name);
                }
            }
        });
        seen.forEach((name, times) -> assertEquals(1, times, command + " " + name + " listed " + times + " times"));
        assertTrue(seen.containsKey("--help"), command);
    }

    /** Every option of every command comes from the table, with the table's help and default. */
    @ParameterizedTest
    @ValueSource(strings = {"", "schema", "report", "compare", "merge", "verify", "disk", "bench", "find-max"})
    void everyOptionShowsTheTablesHelpAndDefault(String command) {
        // picocli wraps long descriptions, at times inside a word ("0.98"): compare without white space.
        String help = help(command).replaceAll("\\s+", "");
        Map<String, String> defaults = switch (command) {
            case "bench" -> StressOptions.BENCH_DEFAULTS;
            case "find-max" -> StressOptions.FIND_MAX_DEFAULTS;
            case "schema" -> StressOptions.SCHEMA_DEFAULTS;
            default -> Map.of();
        };
        for (List<String> names : byHeading(help(command)).values()) {
            for (String name : names) {
                if (name.equals("--help") || name.equals("--version")) {
                    continue;
                }
                OptionDef d = StressOptions.withDefaults(List.of(StressOptions.byName(name)), defaults).get(0);
                String expected = d.helpWithDefault().replaceAll("\\s+", "");
                assertTrue(help.contains(expected), command + " " + name + ": " + expected);
            }
        }
    }

    @Test
    void theBenchShowsItsShapeAndItsSmokeFromTheTable() {
        String help = help("bench").replaceAll("\\s+", " ");
        assertTrue(help.contains("Shape defaults: -n 2000 -f 10 -g 5 -a 10 -s 2 (100,000 group resources)."), help);
        assertTrue(help.contains("--nodes=N nodes to simulate (default: 2000)"), help);
        assertTrue(help.contains("(default: metrics_stress_bench)"), help);
        assertTrue(help.contains("--nodes 20 --interfaces 2 --warmup-samples 20000 --phase 3s --cold-limit 60s"), help);
    }

    /**
     * No front end declares an option or writes a default beside the table: the jar's commands and
     * the Karaf command take every option, help and default from it.
     */
    @Test
    void noFrontEndWritesAnOptionOrADefaultOfItsOwn() throws IOException {
        List<Path> sources = new ArrayList<>();
        for (Path dir : List.of(Path.of("src", "main", "java", "org", "metricsstress", "cli"),
                Path.of("..", "karaf-commands", "src", "main", "java"))) {
            try (Stream<Path> files = Files.walk(dir)) {
                // The local-cluster launchers are not front ends: they take their settings from LocalClusterOptions.
                files.filter(f -> f.toString().endsWith(".java"))
                        .filter(f -> !f.toString().contains("embedded") && !f.toString().contains("containers"))
                        .forEach(sources::add);
            }
        }
        assertTrue(sources.size() > 10, "found " + sources);
        for (Path f : sources) {
            String text = Files.readString(f);
            for (String forbidden : List.of("OptionSpec.builder(", "OptionDef.own(", "new OptionDef(", "(default:",
                    "withDefaultShown(")) {
                assertFalse(text.contains(forbidden), f + " declares an option or a default: " + forbidden);
            }
        }
    }
}
