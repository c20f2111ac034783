package org.metricsstress.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --embedded-image} where no Docker engine answers: exit 3 and one line, on any machine. */
class NoEngineJarIT {

    @Test
    void withoutAnEngineTheRunEndsWithOneLineAndExitThree(@TempDir Path dir) throws Exception {
        Path jar = Path.of(System.getProperty("metrics-stress.jar"));
        assertTrue(Files.isRegularFile(jar), "build the cli module first: " + jar);
        String socket = "unix://" + dir.resolve("no-engine.sock");
        ProcessBuilder pb = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-jar",
                jar.toString(), "--embedded", "--embedded-image", "cassandra:5.0", "-n", "1", "--duration", "1s")
                .directory(dir.toFile())
                .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile());
        pb.environment().put("DOCKER_HOST", socket);
        // Only DOCKER_HOST: Testcontainers must not fall back to an engine it finds elsewhere.
        pb.environment().put("TESTCONTAINERS_DOCKER_CLIENT_STRATEGY",
                "org.testcontainers.dockerclient.EnvironmentAndSystemPropertyClientProviderStrategy");
        Process p = pb.start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "did not exit in time");
        String err = Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8);
        System.out.println(Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8) + err);
        assertEquals(3, p.exitValue(), err);
        List<String> lines = err.strip().lines().toList();
        assertEquals(1, lines.size(), "one line: " + err);
        assertEquals("metrics-stress: --embedded-image: no Docker engine answers at DOCKER_HOST " + socket
                + "; start one, or leave out --embedded-image for a child-JVM node", lines.get(0));
    }
}
