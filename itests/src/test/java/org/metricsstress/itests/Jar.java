package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The built executable jar as a user runs it: a process of its own, its output in a file. */
final class Jar {
    private Jar() {}

    /** Starts {@code java -jar metrics-stress.jar ARGS} in {@code dir}, output and errors to {@code dir/output}. */
    static Process start(Path dir, String output, List<String> args) throws IOException {
        Path jar = Path.of(System.getProperty("metrics-stress.jar"));
        assertTrue(Files.isRegularFile(jar), "build the cli module first: " + jar);
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.add(ClusterRuns.QUICK_JIT);
        cmd.add("-jar");
        cmd.add(jar.toString());
        cmd.addAll(args);
        return new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve(output).toFile()).start();
    }

    /** Waits for the process (killed after the timeout), echoes and returns its output; fails if it hung. */
    static String finish(Process p, Path dir, String output, long timeoutSeconds) throws Exception {
        boolean exited = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        if (!exited) {
            p.destroyForcibly();
        }
        String out = Files.readString(dir.resolve(output), StandardCharsets.UTF_8);
        System.out.println(out);
        assertTrue(exited, "did not exit in time");
        return out;
    }
}
