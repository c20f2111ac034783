package org.metricsstress.itests.elsewhere;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.report.ResultJson;
import org.metricsstress.result.StressResult;

/**
 * The tool where its users take it, outside this tree: the distribution unpacked in a temporary
 * folder and run there, and someone else's Maven project whose JUnit test depends on the installed
 * {@code metrics-stress-testing}. Neither may lean on this checkout: no {@code
 * METRICS_STRESS_CASSANDRA_LIB}, no {@code -Dmetrics-stress.cassandra.lib}, a working folder under
 * /tmp (walking up from it finds no {@code cassandra-runtime/target}), and a cache folder of their own.
 */
class ElsewhereIT {
    private static final String VERSION = System.getProperty("metrics-stress.version");

    @Test
    void theDistributionUnpackedAnywhereRunsAnEmbeddedStress(@TempDir Path dir) throws Exception {
        Path archive = Path.of(System.getProperty("metrics-stress.distribution"));
        assertTrue(Files.isRegularFile(archive), archive + " was not built");
        Run untar = run(dir, List.of("tar", "xzf", archive.toString()), Map.of(), Duration.ofMinutes(1), "untar.txt");
        assertEquals(0, untar.exit(), untar.output());
        Path home = dir.resolve("metrics-stress-" + VERSION);
        Path launcher = home.resolve("bin/metrics-stress");
        assertTrue(Files.isExecutable(launcher), "the launcher is executable once unpacked");

        Run version = run(dir, List.of(launcher.toString(), "--version"), env(dir), Duration.ofMinutes(1), "version.txt");
        assertEquals(0, version.exit(), version.output());
        assertTrue(Pattern.compile("metrics-stress " + Pattern.quote(VERSION) + " \\(commit [0-9a-f]{12}\\)")
                .matcher(version.output()).find(), version.output());

        Path json = dir.resolve("run.json");
        Run stress = run(dir, List.of(launcher.toString(), "--embedded", "-n", "20", "-i", "10", "--duration", "5s",
                "--result-json", json.toString()), env(dir), Duration.ofMinutes(4), "stress.txt");
        assertEquals(0, stress.exit(), stress.output());
        // Its own lib/cassandra-lib served the node: nothing unpacked from a Maven repository.
        assertFalse(stress.output().contains("unpacked the Cassandra server's jars"), stress.output());
        StressResult r = ResultJson.read(json);
        assertTrue(r.auditBalances(), r.auditGaps());
        assertTrue(r.written() > 0, stress.output());
    }

    @Test
    void someoneElsesBuildRunsAnEmbeddedStressFromTheTestingArtifact(@TempDir Path dir) throws Exception {
        Path repo = Path.of(System.getProperty("maven.repo.local"));
        Path installed = repo.resolve("org/metricsstress/metrics-stress-testing/" + VERSION + "/metrics-stress-testing-"
                + VERSION + ".jar");
        Path built = Path.of(System.getProperty("metrics-stress.testing.jar"));
        if (!Files.isRegularFile(installed) || Files.mismatch(installed, built) != -1) {
            String why = "this build's metrics-stress-testing is not in " + repo + " (the README's test command, "
                    + "mvn install, puts it there; mvn verify does not)";
            if ("true".equals(System.getenv("CI"))) {
                throw new AssertionError(why);
            }
            Assumptions.assumeTrue(false, why);
        }

        Path project = dir.resolve("someone-elses-tests");
        Files.createDirectories(project.resolve("src/test/java/example"));
        Files.writeString(project.resolve("pom.xml"), resource("scratch/pom.xml.template")
                .replace("@metrics-stress.version@", VERSION)
                .replace("@junit.version@", System.getProperty("scratch.junit.version"))
                .replace("@surefire.version@", System.getProperty("scratch.surefire.version"))
                .replace("@compiler.version@", System.getProperty("scratch.compiler.version"))
                .replace("@resources.version@", System.getProperty("scratch.resources.version")));
        Files.writeString(project.resolve("src/test/java/example/EmbeddedStressTest.java"),
                resource("scratch/src/test/java/example/EmbeddedStressTest.java"));

        Path mvn = Path.of(System.getProperty("maven.home"), "bin", "mvn");
        // Offline: everything it needs is in the local repository this build filled.
        Run build = run(project, List.of(mvn.toString(), "-B", "-o", "-Dmaven.repo.local=" + repo, "test"), env(dir),
                Duration.ofMinutes(5), "scratch-build.txt");
        assertEquals(0, build.exit(), build.output());
        assertTrue(build.output().contains("Tests run: 2, Failures: 0, Errors: 0, Skipped: 0"), build.output());
        // The server's jars came through Maven, as the zip the testing artifact depends on.
        assertTrue(build.output().contains("unpacked the Cassandra server's jars"), build.output());
        assertTrue(build.output().contains("metrics-stress-cassandra-runtime-" + VERSION + "-server.zip"), build.output());
    }

    /** The environment of a user elsewhere: Java 17, no pointer into this tree, a cache of its own. */
    private static Map<String, String> env(Path dir) {
        return Map.of("JAVA_HOME", System.getProperty("java.home"), "XDG_CACHE_HOME", dir.resolve("cache").toString());
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = ElsewhereIT.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException(name + " is not on the test classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private record Run(int exit, String output) {}

    /** Runs {@code command} in {@code dir}, output to a file there; ended by its PID (and its children) when late. */
    private static Run run(Path dir, List<String> command, Map<String, String> env, Duration limit, String log)
            throws IOException, InterruptedException {
        Path out = dir.resolve(log);
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(out.toFile());
        pb.environment().remove("METRICS_STRESS_CASSANDRA_LIB");
        pb.environment().remove("MAVEN_OPTS");
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
            throw new AssertionError(String.join(" ", command) + " took over " + limit.toSeconds() + " s: "
                    + Files.readString(out));
        }
        String text = Files.readString(out);
        System.out.println("$ " + String.join(" ", command) + " (exit " + p.exitValue() + ")\n" + text);
        return new Run(p.exitValue(), text);
    }
}
