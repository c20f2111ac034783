package org.metricsstress.cluster.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.cluster.LocalClusterException;

class JdkLocatorTest {

    @TempDir
    Path tmp;

    /** A directory that looks like a JDK home to the locator: bin/java and a release file. */
    private Path fakeJdk(Path root, String name, String javaVersion) throws IOException {
        Path home = root.resolve(name);
        Files.createDirectories(home.resolve("bin"));
        Path java = Files.writeString(home.resolve("bin/java"), "#!/bin/sh\n");
        assertTrue(java.toFile().setExecutable(true), "test needs an executable fake java");
        Files.writeString(home.resolve("release"),
                "IMPLEMENTOR=\"Test\"\nJAVA_RUNTIME_VERSION=\"" + javaVersion + "+1\"\nJAVA_VERSION=\"" + javaVersion + "\"\n");
        return home;
    }

    private JdkLocator locator(Map<String, String> env, Path current, int currentFeature, Path... roots) {
        return new JdkLocator(env, current, currentFeature, List.of(roots));
    }

    @Test
    void prefers17Over11AndNeverPicks25() throws Exception {
        Path root = tmp.resolve("jvm");
        Path jdk25 = fakeJdk(root, "a-temurin-25", "25.0.3");
        fakeJdk(root, "b-java-11", "11.0.22");
        Path jdk17 = fakeJdk(root, "c-java-17", "17.0.15");

        Path found = locator(Map.of(), jdk25, 25, root).find(null);

        assertEquals(jdk17.toRealPath(), found);
    }

    @Test
    void takes11WhenNo17IsInstalled() throws Exception {
        Path root = tmp.resolve("jvm");
        Path jdk25 = fakeJdk(root, "temurin-25", "25.0.3");
        Path jdk11 = fakeJdk(root, "java-11", "11.0.22");

        assertEquals(jdk11.toRealPath(), locator(Map.of(), jdk25, 25, root).find(null));
    }

    @Test
    void usesTheRunningJvmWhenItIs17() throws Exception {
        Path root = tmp.resolve("jvm");
        fakeJdk(root, "java-11", "11.0.22");
        Path current = fakeJdk(tmp, "current", "17.0.9");

        assertEquals(current, locator(Map.of(), current, 17, root).find(null));
    }

    @Test
    void environmentVariableWinsOverTheRunningJvm() throws Exception {
        Path current = fakeJdk(tmp, "current", "17.0.9");
        Path fromEnv = fakeJdk(tmp, "env", "11.0.2");

        Path found = locator(Map.of(JdkLocator.ENV_VAR, fromEnv.toString()), current, 17).find(null);

        assertEquals(fromEnv, found);
    }

    @Test
    void explicitHomeWinsOverEverything() throws Exception {
        Path current = fakeJdk(tmp, "current", "17.0.9");
        Path fromEnv = fakeJdk(tmp, "env", "11.0.2");
        Path explicit = fakeJdk(tmp, "explicit", "17.0.1");

        Path found = locator(Map.of(JdkLocator.ENV_VAR, fromEnv.toString()), current, 17).find(explicit);

        assertEquals(explicit, found);
    }

    @Test
    void rejectsAnEnvironmentVariableNamingJdk25() throws Exception {
        Path jdk25 = fakeJdk(tmp, "temurin-25", "25.0.3");
        Path current = fakeJdk(tmp, "current", "17.0.9");

        LocalClusterException e = assertThrows(LocalClusterException.class,
                () -> locator(Map.of(JdkLocator.ENV_VAR, jdk25.toString()), current, 17).find(null));

        assertTrue(e.getMessage().contains("JDK 25"), e.getMessage());
        assertTrue(e.getMessage().contains(JdkLocator.ENV_VAR), e.getMessage());
        assertOneLine(e);
    }

    @Test
    void rejectsAnExplicitDirectoryWithoutJava() {
        LocalClusterException e = assertThrows(LocalClusterException.class,
                () -> locator(Map.of(), tmp, 17).find(tmp));

        assertTrue(e.getMessage().contains("bin/java"), e.getMessage());
        assertOneLine(e);
    }

    @Test
    void explainsWhatToDoWhenNoUsableJdkExists() throws Exception {
        Path root = tmp.resolve("jvm");
        Path jdk25 = fakeJdk(root, "temurin-25", "25.0.3");
        fakeJdk(root, "java-8", "1.8.0_392");

        LocalClusterException e = assertThrows(LocalClusterException.class,
                () -> locator(Map.of(), jdk25, 25, root, tmp.resolve("absent")).find(null));

        String message = e.getMessage();
        assertTrue(message.contains("JDK 17"), message);
        assertTrue(message.contains(JdkLocator.ENV_VAR), message);
        assertTrue(message.contains("--cassandra-java-home"), message);
        assertTrue(message.contains("(25)"), "lists what was found and why it was passed over: " + message);
        assertOneLine(e);
    }

    @Test
    void ignoresDirectoriesThatAreNotJdks() throws Exception {
        Path root = tmp.resolve("jvm");
        Files.createDirectories(root.resolve("openjdk-17"));    // Debian leaves such an empty directory
        Path jdk17 = fakeJdk(root, "zz-java-17", "17.0.15");

        assertEquals(jdk17.toRealPath(), locator(Map.of(), tmp, 25, root).find(null));
    }

    @Test
    void listsASymlinkedJdkOnceByItsRealPath() throws Exception {
        Path root = tmp.resolve("jvm");
        Path jdk17 = fakeJdk(root, "java-17-openjdk-amd64", "17.0.15");
        Files.createSymbolicLink(root.resolve("java-1.17.0-openjdk-amd64"), jdk17);

        assertEquals(jdk17.toRealPath(), locator(Map.of(), tmp, 25, root).find(null));
    }

    @Test
    void readsTheFeatureVersionFromReleaseFiles() {
        assertEquals(OptionalInt.of(17), JdkLocator.parseReleaseFile("IMPLEMENTOR=\"Debian\"\nJAVA_VERSION=\"17.0.15\"\n"));
        assertEquals(OptionalInt.of(25), JdkLocator.parseReleaseFile("JAVA_RUNTIME_VERSION=\"25.0.3+9-LTS\"\nJAVA_VERSION=\"25.0.3\"\n"));
        assertEquals(OptionalInt.of(11), JdkLocator.parseReleaseFile("JAVA_VERSION=\"11\""));
        assertEquals(OptionalInt.of(8), JdkLocator.parseReleaseFile("JAVA_VERSION=\"1.8.0_392\"\n"));
        assertEquals(OptionalInt.of(21), JdkLocator.parseReleaseFile("JAVA_VERSION=21-ea\n"));
        assertFalse(JdkLocator.parseReleaseFile("IMPLEMENTOR=\"x\"\n").isPresent());
        assertFalse(JdkLocator.parseReleaseFile("JAVA_VERSION=\"unknown\"\n").isPresent());
    }

    private static void assertOneLine(Exception e) {
        assertFalse(e.getMessage().contains("\n"), "message must be one line: " + e.getMessage());
    }
}
