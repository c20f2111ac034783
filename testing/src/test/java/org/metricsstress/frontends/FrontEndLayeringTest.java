package org.metricsstress.frontends;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackages;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.metricsstress.architecture.JavaSources;

/**
 * The front ends are thin adapters over one engine: the jar (cli), Karaf's command (karaf) and the
 * testing library see of the core only its faces: api, config, result, report (saved results),
 * failure and cache (their exceptions), commands (every subcommand, written once for both
 * shells), the commands that run whole runs (bench, capacity, tune), sizing
 * (size and predict, from saved results), and
 * beside the core the shared parser (commandline) and the local clusters (cluster). Never a
 * pipeline stage (plan, generate, pipeline, storage, index, opennms, writer, read, verify, newts,
 * metrics, live) nor the engine itself. docs/architecture.md says the same. Checked on the class
 * files and on the sources: javac copies a constant into the class that reads it, so a front end
 * reading an engine constant leaves no trace in its class file, only in its source.
 */
class FrontEndLayeringTest {
    static final String[] FACES = {"org.metricsstress.api..", "org.metricsstress.config..",
            "org.metricsstress.result..", "org.metricsstress.report..", "org.metricsstress.failure..",
            "org.metricsstress.cache..", "org.metricsstress.commands..", "org.metricsstress.bench..", "org.metricsstress.capacity..", "org.metricsstress.tune..",
            "org.metricsstress.sizing..", "org.metricsstress.commandline..", "org.metricsstress.cluster..",
            "org.metricsstress.stop.."};

    /** The front ends' main sources, as {@link JavaSources} reads them from the repository. */
    static final List<String> SOURCE_ROOTS = List.of("cli/src/main/java", "karaf-commands/src/main/java",
            "testing/src/main/java");

    private static JavaClasses frontEnds;

    @BeforeAll
    static void load() {
        frontEnds = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.metricsstress.cli", "org.metricsstress.karaf", "org.metricsstress.testing");
    }

    @Test
    void theFrontEndsAreOnTheClassPathToBeChecked() {
        for (String pkg : new String[] {"org.metricsstress.cli", "org.metricsstress.karaf", "org.metricsstress.testing"}) {
            if (frontEnds.stream().noneMatch(c -> c.getPackageName().equals(pkg))) {
                throw new AssertionError("no class of " + pkg + " found: the rule below would pass on nothing");
            }
        }
    }

    @Test
    void frontEndSourcesNameOnlyTheCoresFaces() {
        JavaSources sources = JavaSources.read("org.metricsstress.", SOURCE_ROOTS);
        Set<String> faces = Stream.of(FACES).map(sources::layer).collect(Collectors.toSet());
        Set<String> frontEndLayers = Set.of("cli", "karaf", "testing");
        List<String> against = new ArrayList<>();
        for (JavaSources.Reference r : sources.references()) {
            String from = sources.layer(r.fromPackage());
            String to = sources.layer(r.target());
            if (!frontEndLayers.contains(from)) {
                against.add(r.where() + ": package " + r.fromPackage() + " is not a front end's");
            } else if (!to.equals(from) && !faces.contains(to)) {
                against.add(r.where() + ": " + from + " names " + r.target() + ", not one of the core's faces");
            }
        }
        assertTrue(sources.fileCount() > 10, "read only " + sources.fileCount() + " files from " + SOURCE_ROOTS);
        assertTrue(against.isEmpty(), against.size() + " references past the faces:\n" + String.join("\n", against));
    }

    @Test
    void frontEndsUseOnlyTheCoresFaces() {
        for (String frontEnd : new String[] {"org.metricsstress.cli..", "org.metricsstress.karaf..",
                "org.metricsstress.testing.."}) {
            String[] allowed = new String[FACES.length + 1];
            System.arraycopy(FACES, 0, allowed, 0, FACES.length);
            allowed[FACES.length] = frontEnd;
            noClasses().that().resideInAPackage(frontEnd)
                    .should().dependOnClassesThat(resideInAPackage("org.metricsstress..")
                            .and(resideOutsideOfPackages(allowed)))
                    .check(frontEnds);
        }
    }
}
