package org.metricsstress.cluster;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What every throwaway local server (Redis, Prometheus, VictoriaMetrics, PostgreSQL) needs of its
 * process: a free loopback port, its binary on the PATH, a signal to its pid, a bounded stop of only
 * that process, and its temp directory removed.
 */
public final class ChildProcesses {
    private ChildProcesses() {}

    /** A port free on 127.0.0.1 now (the server binds it a moment later). */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return s.getLocalPort();
        }
    }

    /** The executable {@code name} on the PATH, or null. */
    public static Path onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /**
     * Sends {@code SIG<name>} to this one process; false if it could not be sent. The JDK has no
     * portable SIGSTOP or SIGCONT, so the system's kill sends them.
     */
    public static boolean signal(Process p, String name) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(p.pid()))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Stops this process (and no other): asked first, forced after {@code grace}. */
    public static void stop(Process process, Duration grace) {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(grace.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Removes a server's temp directory; one left behind is harmless. */
    public static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // A temp directory left behind is harmless.
        }
    }
}
