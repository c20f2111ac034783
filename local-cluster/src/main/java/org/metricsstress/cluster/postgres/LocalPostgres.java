package org.metricsstress.cluster.postgres;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.metricsstress.cluster.ChildProcesses;

/**
 * A throwaway local PostgreSQL, as the TSS writer model's tests and runs want for OpenNMS's
 * key-value store: Debian's server binaries (the newest {@code /usr/lib/postgresql/<n>/bin}), a
 * fresh cluster (initdb, trust authentication: nothing but this process can reach 127.0.0.1 on a
 * port picked now), {@code fsync=off}, its socket in its own directory; stopped (this postmaster
 * only, by its handle: SIGINT, PostgreSQL's fast shutdown) and its directory removed at the end.
 *
 * <p>PostgreSQL refuses to run as root. When this process is root (CI is) initdb and the postmaster
 * run as the {@code postgres} OS user (Debian's package creates it) through {@code setpriv}, which
 * execs: the handle this class holds is the postmaster itself, not a wrapper to forward signals.
 * The directory is then handed to that user; it lives under {@code java.io.tmpdir}, which that user
 * must be able to traverse ({@code /tmp} is).
 */
public final class LocalPostgres implements AutoCloseable {
    /** Where Debian's {@code postgresql-<n>} packages put their binaries. */
    static final Path DEBIAN_ROOT = Path.of("/usr/lib/postgresql");
    static final String SUPERUSER = "postgres";
    private static final long START_MILLIS = 30_000;

    private final Process postmaster;
    private final int port;
    private final Path dir;

    private LocalPostgres(Process postmaster, int port, Path dir) {
        this.postmaster = postmaster;
        this.port = port;
        this.dir = dir;
    }

    /** Starts one from Debian's binaries; an {@link IOException} with a one-line reason when it cannot. */
    public static LocalPostgres start() throws IOException {
        return start(DEBIAN_ROOT);
    }

    static LocalPostgres start(Path installRoot) throws IOException {
        Path bin = newestBin(installRoot);
        boolean root = isRoot();
        Path dir = null;
        Process process = null;
        try {
            dir = Files.createTempDirectory("metrics-stress-postgres");
            if (root) {
                handTo(dir, SUPERUSER);
            }
            Path data = dir.resolve("data");
            run(dir, as(root, List.of(bin.resolve("initdb").toString(), "-D", data.toString(), "-U", SUPERUSER,
                    "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync")), "initdb");
            int port = ChildProcesses.freePort();
            process = new ProcessBuilder(as(root, List.of(bin.resolve("postgres").toString(), "-D", data.toString(),
                    "-p", String.valueOf(port), "-c", "listen_addresses=127.0.0.1",
                    "-c", "unix_socket_directories=" + dir, "-c", "fsync=off")))
                    .redirectErrorStream(true).redirectOutput(dir.resolve("postgres.log").toFile()).start();
            awaitReady(bin, port, process, dir);
            return new LocalPostgres(process, port, dir);
        } catch (IOException e) {
            stop(process);
            ChildProcesses.delete(dir);
            throw e;
        }
    }

    /** The JDBC URL of its {@code postgres} database, as its superuser (trust: no password). */
    public String jdbcUrl() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=" + SUPERUSER;
    }

    /** The same in libpq's form, as {@code --tss-external-tags-store} takes it. */
    public String url() {
        return "postgresql://" + SUPERUSER + "@127.0.0.1:" + port + "/postgres";
    }

    public int port() {
        return port;
    }

    @Override
    public void close() {
        stop(postmaster);
        ChildProcesses.delete(dir);
    }

    static Path newestBin(Path installRoot) throws IOException {
        List<Path> bins = new ArrayList<>();
        if (Files.isDirectory(installRoot)) {
            try (DirectoryStream<Path> versions = Files.newDirectoryStream(installRoot)) {
                for (Path v : versions) {
                    Path bin = v.resolve("bin");
                    if (v.getFileName().toString().matches("\\d+") && Files.isExecutable(bin.resolve("initdb"))
                            && Files.isExecutable(bin.resolve("postgres")) && Files.isExecutable(bin.resolve("pg_isready"))) {
                        bins.add(bin);
                    }
                }
            }
        }
        return bins.stream().max(Comparator.comparingInt(b -> Integer.parseInt(b.getParent().getFileName().toString())))
                .orElseThrow(() -> new IOException("no PostgreSQL server in " + installRoot
                        + "/<version>/bin (initdb, postgres, pg_isready): install Debian's postgresql package"));
    }

    /** The owner of /proc/self is this process's user: 0 is root. */
    private static boolean isRoot() {
        try {
            return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }

    private static List<String> as(boolean root, List<String> command) {
        if (!root) {
            return command;
        }
        List<String> c = new ArrayList<>(List.of("setpriv", "--reuid=" + SUPERUSER, "--regid=" + SUPERUSER,
                "--init-groups", "--"));
        c.addAll(command);
        return c;
    }

    private static void handTo(Path dir, String user) throws IOException {
        UserPrincipalLookupService users = dir.getFileSystem().getUserPrincipalLookupService();
        PosixFileAttributeView view = Files.getFileAttributeView(dir, PosixFileAttributeView.class);
        try {
            view.setOwner(users.lookupPrincipalByName(user));
            GroupPrincipal group = users.lookupPrincipalByGroupName(user);
            view.setGroup(group);
        } catch (IOException e) {
            throw new IOException("PostgreSQL does not run as root, and there is no OS user " + user
                    + " to run it as (Debian's postgresql package creates it): " + e.getMessage());
        }
    }

    private static void run(Path dir, List<String> command, String name) throws IOException {
        Path log = dir.resolve(name + ".log");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                stop(p);
                throw new IOException(name + " did not finish within 60 s");
            }
        } catch (InterruptedException e) {
            stop(p);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted during " + name);
        }
        if (p.exitValue() != 0) {
            throw new IOException(name + " exited with " + p.exitValue() + ": " + lastLine(log));
        }
    }

    private static void awaitReady(Path bin, int port, Process postmaster, Path dir) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_MILLIS);
        while (System.nanoTime() < deadline) {
            if (!postmaster.isAlive()) {
                throw new IOException("postgres exited with " + postmaster.exitValue() + ": "
                        + lastLine(dir.resolve("postgres.log")));
            }
            // pg_isready answers 0 only once the server accepts connections (not while it starts up).
            Process probe = new ProcessBuilder(bin.resolve("pg_isready").toString(), "-q", "-h", "127.0.0.1",
                    "-p", String.valueOf(port), "-U", SUPERUSER, "-t", "1").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            try {
                if (probe.waitFor(5, TimeUnit.SECONDS) && probe.exitValue() == 0) {
                    return;
                }
                probe.destroyForcibly();
                Thread.sleep(50);
            } catch (InterruptedException e) {
                probe.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while postgres started");
            }
        }
        throw new IOException("postgres did not accept connections on 127.0.0.1:" + port + " within "
                + START_MILLIS / 1000 + " s");
    }

    /** SIGINT is PostgreSQL's fast shutdown (SIGTERM, Process.destroy, would wait for every client to leave). */
    private static void stop(Process process) {
        if (process == null || !process.isAlive()) {
            return;
        }
        try {
            Process kill = new ProcessBuilder("kill", "-INT", String.valueOf(process.pid()))
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            kill.waitFor(5, TimeUnit.SECONDS);
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static String lastLine(Path log) {
        try (Stream<String> lines = Files.lines(log)) {
            return lines.filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("(no output)");
        } catch (IOException e) {
            return "(no log)";
        }
    }


}
