package org.metricsstress.cluster;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackages;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The launchers' packages: the root says what any local cluster is (and holds what both kinds
 * share); embedded (child JVMs) and containers implement it and know nothing of each other; fault
 * acts on any of them through the root. Of the engine the module sees only its api and config.
 */
class LayeringTest {
    private static JavaClasses classes;

    @BeforeAll
    static void load() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.metricsstress.cluster");
    }

    @Test
    void theRootNamesNoKindOfCluster() {
        noClasses().that().resideInAPackage("org.metricsstress.cluster")
                .should().dependOnClassesThat().resideInAnyPackage("org.metricsstress.cluster.embedded..",
                        "org.metricsstress.cluster.containers..", "org.metricsstress.cluster.fault..")
                .check(classes);
    }

    @Test
    void childJvmsAndContainersKnowNothingOfEachOtherNorOfFaults() {
        noClasses().that().resideInAPackage("org.metricsstress.cluster.embedded..")
                .should().dependOnClassesThat().resideInAnyPackage("org.metricsstress.cluster.containers..",
                        "org.metricsstress.cluster.fault..")
                .check(classes);
        noClasses().that().resideInAPackage("org.metricsstress.cluster.containers..")
                .should().dependOnClassesThat().resideInAnyPackage("org.metricsstress.cluster.embedded..",
                        "org.metricsstress.cluster.fault..")
                .check(classes);
        noClasses().that().resideInAPackage("org.metricsstress.cluster.fault..")
                .should().dependOnClassesThat().resideInAnyPackage("org.metricsstress.cluster.embedded..",
                        "org.metricsstress.cluster.containers..")
                .check(classes);
    }

    @Test
    void ofTheEngineOnlyItsApiAndConfig() {
        noClasses().that().resideInAPackage("org.metricsstress.cluster..")
                .should().dependOnClassesThat(resideInAPackage("org.metricsstress..").and(resideOutsideOfPackages(
                        "org.metricsstress.cluster..", "org.metricsstress.api..", "org.metricsstress.config..")))
                .check(classes);
    }
}
