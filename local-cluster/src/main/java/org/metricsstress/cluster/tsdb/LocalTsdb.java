package org.metricsstress.cluster.tsdb;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.metricsstress.cluster.ChildProcesses;

/**
 * A throwaway local remote-write receiver for the TSS writer: the machine's own Prometheus or
 * VictoriaMetrics binary (Debian's, or the first on the PATH), on 127.0.0.1 and a free port, its
 * storage in a temp directory of its own; stopped (this process only, by its handle) and the
 * directory removed by {@link #close()}.
 */
public final class LocalTsdb implements AutoCloseable {

    /** The receivers a run can start, each with its binary, its Debian package and its ready probe. */
    public enum Kind {
        PROMETHEUS("prometheus", "prometheus", "/-/ready", "--version"),
        VICTORIAMETRICS("victoria-metrics", "victoria-metrics", "/health", "-version");

        private final String binary;
        private final String debianPackage;
        private final String readyPath;
        private final String versionFlag;

        Kind(String binary, String debianPackage, String readyPath, String versionFlag) {
            this.binary = binary;
            this.debianPackage = debianPackage;
            this.readyPath = readyPath;
            this.versionFlag = versionFlag;
        }

        /** The name users give (--embedded-tsdb prometheus) and the binary's name. */
        public String label() {
            return binary;
        }
    }

    private static final Duration READY_BOUND = Duration.ofSeconds(30);
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);
    private static final List<Path> DEBIAN_DIRS = List.of(Path.of("/usr/bin"));
    private static final Pattern VERSION = Pattern.compile("\\d+\\.\\d+(\\.\\d+)?");

    private final Kind kind;
    private final Process process;
    private final int port;
    private final Path dir;
    private final String version;
    private volatile boolean stalled;

    private LocalTsdb(Kind kind, Process process, int port, Path dir, String version) {
        this.kind = kind;
        this.process = process;
        this.port = port;
        this.dir = dir;
        this.version = version;
    }

    /**
     * Starts one and waits until it is ready; fails with one line naming what to do (the Debian
     * package to install, or the end of its log when it exited).
     */
    public static LocalTsdb start(Kind kind, PrintStream out) throws LocalTsdbException {
        List<Path> dirs = new ArrayList<>(DEBIAN_DIRS);
        String path = System.getenv("PATH");
        if (path != null) {
            for (String d : path.split(File.pathSeparator)) {
                if (!d.isEmpty()) {
                    dirs.add(Path.of(d));
                }
            }
        }
        return start(kind, out, dirs);
    }

    /** The seam for tests: the binary is looked for in {@code searchDirs} only. */
    static LocalTsdb start(Kind kind, PrintStream out, List<Path> searchDirs) throws LocalTsdbException {
        Path binary = find(kind.binary, searchDirs);
        if (binary == null) {
            throw new LocalTsdbException(String.format(Locale.ROOT,
                    "--embedded-tsdb %s: no %s binary on this machine: install Debian's %s package",
                    kind.label(), kind.binary, kind.debianPackage));
        }
        String version = version(kind, binary);
        long t0 = System.nanoTime();
        Path dir = null;
        Process process = null;
        try {
            dir = Files.createTempDirectory("metrics-stress-" + kind.binary);
            int port = ChildProcesses.freePort();
            Path log = dir.resolve(kind.binary + ".log");
            process = new ProcessBuilder(command(kind, binary, dir, port)).directory(dir.toFile())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            awaitReady(kind, process, port, log);
            LocalTsdb tsdb = new LocalTsdb(kind, process, port, dir, version);
            out.printf(Locale.ROOT, "embedded %s %s answers remote writes on 127.0.0.1:%d after %.1f s (pid %d)%n",
                    kind.label(), version, port, (System.nanoTime() - t0) / 1e9, process.pid());
            return tsdb;
        } catch (IOException e) {
            ChildProcesses.stop(process, STOP_GRACE);
            ChildProcesses.delete(dir);
            throw new LocalTsdbException("--embedded-tsdb " + kind.label() + ": " + binary + " did not start: "
                    + e.getMessage());
        }
    }

    private static List<String> command(Kind kind, Path binary, Path dir, int port) throws IOException {
        String listen = "127.0.0.1:" + port;
        String data = dir.resolve("data").toString();
        if (kind == Kind.PROMETHEUS) {
            // Nothing scraped, not even itself: every sample it holds came by remote write.
            Path config = dir.resolve("prometheus.yml");
            Files.writeString(config, "global:\n  scrape_interval: 1m\nscrape_configs: []\n");
            return List.of(binary.toString(), "--config.file=" + config, "--storage.tsdb.path=" + data,
                    "--web.listen-address=" + listen, "--web.enable-remote-write-receiver");
        }
        // -search.latencyOffset stays at its default (30 s): the read-back meets it as a user's VM presents it.
        return List.of(binary.toString(), "-storageDataPath=" + data, "-httpListenAddr=" + listen);
    }

    /** The address a TSS plugin writes to: {@code http://127.0.0.1:P/api/v1/write} for both. */
    public URI writeUrl() {
        return URI.create("http://127.0.0.1:" + port + "/api/v1/write");
    }

    /** The plugin's readUrl: {@code http://127.0.0.1:P/api/v1}. */
    public URI readUrl() {
        return URI.create("http://127.0.0.1:" + port + "/api/v1");
    }

    public long pid() {
        return process.pid();
    }

    public Kind kind() {
        return kind;
    }

    /** The version its binary printed ("2.42.0"), or "version unknown". */
    public String version() {
        return version;
    }

    /** SIGSTOP: the receiver keeps its connections and answers nothing (the "slow receiver" fault). */
    public void stall() throws LocalTsdbException {
        signal("STOP");
        stalled = true;
    }

    /** SIGCONT: it answers again, the requests that waited first. */
    public void resume() throws LocalTsdbException {
        signal("CONT");
        stalled = false;
    }

    @Override
    public void close() {
        if (stalled && process.isAlive()) {
            // A stopped process leaves SIGTERM pending: let it run so it shuts down cleanly.
            ChildProcesses.signal(process, "CONT");
        }
        ChildProcesses.stop(process, STOP_GRACE);
        ChildProcesses.delete(dir);
    }

    private void signal(String name) throws LocalTsdbException {
        if (!process.isAlive() || !ChildProcesses.signal(process, name)) {
            throw new LocalTsdbException("embedded " + kind.label() + " (pid " + process.pid() + "): could not send SIG"
                    + name + (process.isAlive() ? "" : ": it has exited"));
        }
    }

    private static void awaitReady(Kind kind, Process process, int port, Path log) throws IOException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(500)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + kind.readyPath))
                .timeout(Duration.ofSeconds(2)).GET().build();
        long deadline = System.nanoTime() + READY_BOUND.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("it exited with " + process.exitValue() + logEnd(log));
            }
            try {
                if (http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // Not listening yet.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while it started");
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while it started");
            }
        }
        throw new IOException("not ready (" + kind.readyPath + ") within " + READY_BOUND.toSeconds() + " s" + logEnd(log));
    }

    /** The last lines of its log, on the same line: the message stays one line. */
    static String logEnd(Path log) {
        List<String> tail = lastLines(log, 3);
        return tail.isEmpty() ? "" : "; its log ends: " + String.join(" | ", tail);
    }

    private static List<String> lastLines(Path log, int count) {
        try (RandomAccessFile raf = new RandomAccessFile(log.toFile(), "r")) {
            long length = raf.length();
            int size = (int) Math.min(length, 8192);
            byte[] bytes = new byte[size];
            raf.seek(length - size);
            raf.readFully(bytes);
            List<String> lines = new ArrayList<>();
            for (String line : new String(bytes, StandardCharsets.UTF_8).split("\\R")) {
                if (!line.isBlank()) {
                    lines.add(line.strip());
                }
            }
            return List.copyOf(lines.subList(Math.max(0, lines.size() - count), lines.size()));
        } catch (IOException e) {
            return List.of();
        }
    }

    /**
     * What {@code --version} says; Debian's VictoriaMetrics is built without its version stamp
     * (it prints nothing), so then its package's version from dpkg.
     */
    private static String version(Kind kind, Path binary) {
        String v = firstVersion(run(binary.toString(), kind.versionFlag));
        if (v == null) {
            v = firstVersion(run("dpkg-query", "-W", "-f=${Version}", kind.debianPackage));
        }
        return v == null ? "version unknown" : v;
    }

    private static String firstVersion(String text) {
        Matcher m = VERSION.matcher(text);
        return m.find() ? m.group() : null;
    }

    private static String run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readNBytes(4096);
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "";
            }
            return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private static Path find(String name, List<Path> dirs) {
        for (Path d : dirs) {
            Path p = d.resolve(name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }



}
