package org.metricsstress.itests.karaf;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.metricsstress.cluster.embedded.PortPicker;

/**
 * The Apache Karaf distribution the build unpacked, started as a child process ({@code bin/karaf
 * server}) with every listener on 127.0.0.1 and free ports, resolving bundles only from its own
 * {@code system/} folder and the build's bundle repository: no network, and nothing but what this
 * build produced and resolved.
 *
 * <p>{@link #close()} stops exactly the processes it started, by PID: the launcher script and the
 * JVM it runs.
 */
final class KarafServer implements AutoCloseable {
    private static final Duration BOOT_TIMEOUT = Duration.ofSeconds(90);
    private static final Duration STOP_GRACE = Duration.ofSeconds(20);

    private final Path home;
    private final Process launcher;
    private final int sshPort;
    private final String jmxUrl;

    private KarafServer(Path home, Process launcher, int sshPort, String jmxUrl) {
        this.home = home;
        this.launcher = launcher;
        this.sshPort = sshPort;
        this.jmxUrl = jmxUrl;
    }

    /** Boots Karaf from {@code home} with a fresh data directory and no settings of ours, and waits until its shell answers. */
    static KarafServer start(Path home, Path bundleRepository) throws IOException {
        deleteTree(home.resolve("data"));
        InetAddress loopback = InetAddress.getLoopbackAddress();
        int ssh = PortPicker.freePort(loopback);
        int rmiRegistry = PortPicker.freePort(loopback);
        int rmiServer = PortPicker.freePort(loopback);
        configure(home, bundleRepository, ssh, rmiRegistry, rmiServer);
        String jmxUrl = "service:jmx:rmi://127.0.0.1:" + rmiServer + "/jndi/rmi://127.0.0.1:" + rmiRegistry + "/karaf-root";

        ProcessBuilder pb = new ProcessBuilder("sh", "bin/karaf", "server").directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(home.resolve("console.log").toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        // A 2-core machine also runs Cassandra and Maven: keep Karaf's heap small.
        pb.environment().put("JAVA_MIN_MEM", "128M");
        pb.environment().put("JAVA_MAX_MEM", "768M");
        for (String inherited : List.of("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "KARAF_HOME",
                "KARAF_BASE", "KARAF_DATA", "KARAF_ETC", "EXTRA_JAVA_OPTS", "JAVA_OPTS")) {
            pb.environment().remove(inherited);
        }
        KarafServer server = new KarafServer(home, pb.start(), ssh, jmxUrl);
        try {
            server.awaitShell();
            return server;
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
    }

    int sshPort() {
        return sshPort;
    }

    /** Karaf's JMX connector (RMI, loopback), for user {@code karaf}. */
    String jmxUrl() {
        return jmxUrl;
    }

    /** Replaces {@code etc/org.metricsstress.cfg}; Karaf's File Install applies it to the running container. */
    void settings(Map<String, String> settings) throws IOException {
        Path file = home.resolve("etc").resolve("org.metricsstress.cfg");
        Files.deleteIfExists(file);
        ConfigFile.set(file, settings);
    }

    private static void configure(Path home, Path bundleRepository, int ssh, int rmiRegistry, int rmiServer)
            throws IOException {
        Path etc = home.resolve("etc");
        ConfigFile.set(etc.resolve("org.apache.karaf.shell.cfg"), Map.of("sshHost", "127.0.0.1", "sshPort", "" + ssh));
        ConfigFile.set(etc.resolve("org.apache.karaf.management.cfg"), Map.of(
                "rmiRegistryHost", "127.0.0.1", "rmiRegistryPort", "" + rmiRegistry,
                "rmiServerHost", "127.0.0.1", "rmiServerPort", "" + rmiServer));
        // The distribution ships its only user commented out.
        ConfigFile.set(etc.resolve("users.properties"), Map.of(
                "karaf", "karaf,_g_:admingroup",
                "_g_\\:admingroup", "group,admin,manager,viewer,systembundles,ssh"));
        Map<String, String> maven = new LinkedHashMap<>();
        maven.put("org.ops4j.pax.url.mvn.repositories", "");
        maven.put("org.ops4j.pax.url.mvn.defaultRepositories",
                "${karaf.home.uri}${karaf.default.repository}@id=system.repository@snapshots, "
                        + bundleRepository.toUri() + "@id=metrics-stress.build@snapshots");
        maven.put("org.ops4j.pax.url.mvn.localRepository", "${karaf.data}/maven");
        ConfigFile.set(etc.resolve("org.ops4j.pax.url.mvn.cfg"), maven);
        Files.deleteIfExists(etc.resolve("org.metricsstress.cfg"));
    }

    /** The shell is up once a command runs over SSH; the SSH port opens a little before the commands exist. */
    private void awaitShell() throws IOException {
        long deadline = System.nanoTime() + BOOT_TIMEOUT.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (!launcher.isAlive()) {
                throw new IOException("Karaf exited with " + launcher.exitValue() + "; see " + home.resolve("console.log"));
            }
            try (KarafShell shell = KarafShell.on(sshPort)) {
                KarafShell.Result r = shell.exec("feature:list -i", Duration.ofSeconds(20));
                if (r.status() == 0 && r.output().contains("shell")) {
                    return;
                }
                last = r.output();
            } catch (IOException e) {
                last = e.toString();
            }
            sleep(500);
        }
        throw new IOException("Karaf's shell did not answer within " + BOOT_TIMEOUT.toSeconds() + " s: " + last);
    }

    /** SIGTERM to the JVM (Karaf shuts down cleanly), SIGKILL after a grace period; always by PID. */
    @Override
    public void close() {
        List<ProcessHandle> ours = new ArrayList<>(launcher.descendants().toList());
        ours.add(launcher.toHandle());
        for (ProcessHandle p : ours) {
            p.destroy();
        }
        long deadline = System.nanoTime() + STOP_GRACE.toNanos();
        for (ProcessHandle p : ours) {
            try {
                p.onExit().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                p.destroyForcibly();
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Deletes a directory tree; Files.walk does not follow symbolic links out of it. */
    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
