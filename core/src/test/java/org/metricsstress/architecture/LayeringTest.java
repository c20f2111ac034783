package org.metricsstress.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The pipeline is the architecture: data flows one way, so each package of the core may use only
 * the packages below it. This table is that order; a new dependency against it fails the build.
 * It is checked twice: on the class files (every use, including those no source line spells out)
 * and on the sources (every import and qualified name, including a constant javac copied into the
 * class that reads it, which leaves no trace in that class file).
 */
class LayeringTest {
    private static final String ROOT = "org.metricsstress.";

    /** Each package and the project packages it may use (besides itself and anything outside the project). */
    private static final Map<String, List<String>> MAY_USE = new LinkedHashMap<>();

    static {
        MAY_USE.put("cache", List.of()); // the resource-cache module: knows nothing of the core
        MAY_USE.put("config", List.of());
        // The Newts domain: schema, rows and index rules, value encoding, resource names. Pure: no
        // driver, nothing of the run; everything that reads or writes Newts data uses it.
        MAY_USE.put("newts", List.of());
        MAY_USE.put("failure", List.of());
        // How sure a figure is: series of numbers in, estimates out (compare, repeats, size).
        MAY_USE.put("stats", List.of());
        // A command of several runs' stop (Karaf's Ctrl-C): held by the shells, obeyed by the runs.
        MAY_USE.put("stop", List.of());
        MAY_USE.put("result", List.of("config", "stats"));
        // The judges over the record: diagnosis, advice, SLA, comparison, merge. The record never sees them.
        MAY_USE.put("analysis", List.of("config", "result", "stats"));
        MAY_USE.put("metrics", List.of("config", "result"));
        MAY_USE.put("plan", List.of("config"));
        MAY_USE.put("pipeline", List.of("config", "metrics", "plan"));
        MAY_USE.put("generate", List.of("config", "metrics", "plan", "pipeline"));
        MAY_USE.put("storage", List.of("config", "failure", "metrics", "newts", "plan", "pipeline", "result"));
        MAY_USE.put("index", List.of("cache", "config", "failure", "metrics", "newts", "plan", "pipeline", "storage"));
        // The OpenNMS writer model: its ring workers write and index inline, as OpenNMS's NewtsWriter.
        MAY_USE.put("opennms", List.of("cache", "config", "failure", "metrics", "newts", "plan", "pipeline", "storage"));
        // The writer models, each in its own subpackage with its defaults, cache, priming and the Pipeline
        // the engine runs: pipelined (storage + index), opennms, or tss (its own wire, HTTP client, external
        // tags and receiver). A failed priming is a ClusterException. A model whose path no shared figure
        // describes (the TSS path's bulkhead, lookups and receiver) summarises it in a record of its own (result).
        MAY_USE.put("writer", List.of("cache", "config", "failure", "metrics", "newts", "plan", "pipeline", "storage",
                "index", "opennms", "result", "verify"));
        MAY_USE.put("read", List.of("config", "metrics", "newts", "plan", "storage"));
        MAY_USE.put("verify", List.of("config", "failure", "newts", "plan", "result"));
        // The nodes' own side of a run: their system_views and JMX, read beside it, off the samples' path.
        MAY_USE.put("nodes", List.of("config", "failure", "result", "storage"));
        MAY_USE.put("disk", List.of("config", "failure", "newts", "result", "nodes"));
        MAY_USE.put("report", List.of("analysis", "config", "result", "stats"));
        MAY_USE.put("live", List.of("config", "metrics", "result"));
        // The engine measures and returns the result unjudged: no judge (analysis) and no report under it;
        // its callers pass the result to report.RunReport.
        MAY_USE.put("engine", List.of("cache", "config", "failure", "metrics", "newts", "plan", "pipeline", "generate",
                "storage", "index", "opennms", "writer", "result", "live", "verify", "read", "disk", "nodes", "stop"));
        MAY_USE.put("bench", List.of("analysis", "cache", "config", "failure", "metrics", "newts", "plan", "pipeline", "generate",
                "storage", "index", "writer", "result", "report", "engine", "stats", "stop"));
        // The capacity search runs whole stress runs (engine) and judges their results; plan converts
        // a target rate into the run's rate factor.
        MAY_USE.put("capacity", List.of("analysis", "cache", "config", "failure", "plan", "result", "report", "index", "writer",
                "engine", "stats", "stop"));
        // tune runs whole stress runs (engine), applying the advice (result) of each to the next.
        MAY_USE.put("tune", List.of("analysis", "cache", "config", "failure", "result", "report", "engine", "stats", "stop"));
        // Sizing reads saved results (report: their JSON) and answers from them; it runs nothing.
        MAY_USE.put("sizing", List.of("analysis", "config", "result", "report", "stats"));
        // The faces the front ends see: a run, a read-back of one, the schema's CQL.
        MAY_USE.put("api", List.of("analysis", "cache", "config", "failure", "newts", "plan", "storage", "verify", "result", "engine",
                "disk", "sizing", "report"));
        // The commands both shells offer: the top, over every face of the core.
        MAY_USE.put("commands", List.of("analysis", "cache", "config", "failure", "result", "report", "stats", "api", "bench",
                "capacity", "tune", "stop"));
    }

    /** The main sources the order covers: the core and the resource cache below it. */
    static final List<String> SOURCE_ROOTS = List.of("core/src/main/java", "resource-cache/src/main/java");

    private static JavaClasses classes;

    @BeforeAll
    static void load() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.metricsstress");
    }

    @Test
    void everyPackageOfTheCoreHasItsPlaceInTheOrder() {
        classes.stream().map(c -> c.getPackageName()).distinct().filter(p -> p.startsWith(ROOT))
                .map(p -> p.substring(ROOT.length()).split("\\.")[0])
                .forEach(p -> {
                    if (!MAY_USE.containsKey(p)) {
                        throw new AssertionError("package " + ROOT + p + " is not in LayeringTest's order: place it");
                    }
                });
    }

    @Test
    void eachPackageUsesOnlyThePackagesBelowIt() {
        for (Map.Entry<String, List<String>> e : MAY_USE.entrySet()) {
            List<String> allowed = new ArrayList<>();
            allowed.add(ROOT + e.getKey() + "..");
            e.getValue().forEach(p -> allowed.add(ROOT + p + ".."));
            classes().that().resideInAPackage(ROOT + e.getKey() + "..")
                    .should().onlyDependOnClassesThat(
                            com.tngtech.archunit.base.DescribedPredicate.not(
                                    com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage(ROOT.substring(0, ROOT.length() - 1) + ".."))
                                    .or(com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage(
                                            allowed.toArray(new String[0]))))
                    .allowEmptyShould(true)
                    .check(classes);
        }
    }

    @Test
    void eachPackagesSourcesNameOnlyThePackagesBelowIt() {
        JavaSources sources = JavaSources.read(ROOT, SOURCE_ROOTS);
        List<String> against = new ArrayList<>();
        for (JavaSources.Reference r : sources.references()) {
            String from = sources.layer(r.fromPackage());
            String to = sources.layer(r.target());
            List<String> mayUse = MAY_USE.get(from);
            if (mayUse == null) {
                against.add(r.where() + ": package " + ROOT + from + " is not in LayeringTest's order: place it");
            } else if (!to.equals(from) && !mayUse.contains(to)) {
                against.add(r.where() + ": " + from + " names " + r.target() + " (" + to + " is not below " + from + ")");
            }
        }
        assertTrue(sources.fileCount() > 100, "read only " + sources.fileCount() + " files from " + SOURCE_ROOTS);
        assertTrue(against.isEmpty(), against.size() + " references against the order:\n" + String.join("\n", against));
    }

    @Test
    void noPackagesDependOnEachOtherInACircle() {
        slices().matching(ROOT + "(*)..").should().beFreeOfCycles().check(classes);
    }
}
