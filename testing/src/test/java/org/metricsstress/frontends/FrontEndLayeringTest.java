package org.metricsstress.frontends;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackages;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The front ends are thin adapters over one engine: the jar (cli), Karaf's command (karaf) and the
 * testing library see of the core only its faces: api, config, result, report (saved results),
 * failure and cache (their exceptions), the commands that run whole runs (bench, capacity, tune), sizing
 * (size and predict, from saved results), and
 * beside the core the shared parser (commandline) and the local clusters (cluster). Never a
 * pipeline stage (plan, generate, pipeline, storage, index, opennms, writer, read, verify, newts,
 * metrics, live) nor the engine itself. docs/architecture.md says the same.
 */
class FrontEndLayeringTest {
    static final String[] FACES = {"org.metricsstress.api..", "org.metricsstress.config..",
            "org.metricsstress.result..", "org.metricsstress.report..", "org.metricsstress.failure..",
            "org.metricsstress.cache..", "org.metricsstress.bench..", "org.metricsstress.capacity..", "org.metricsstress.tune..",
            "org.metricsstress.sizing..", "org.metricsstress.commandline..", "org.metricsstress.cluster.."};

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
