package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.api.StressRun;
import org.metricsstress.cluster.ClusterLayout;
import org.metricsstress.cluster.embedded.EmbeddedCassandra;
import org.metricsstress.cluster.embedded.EmbeddedCluster;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.StressConfig;
import org.metricsstress.result.StressResult;

/**
 * A real node with password authentication and mutual client-to-node TLS (the launcher's
 * {@code --embedded-auth --embedded-tls}, asking for client certificates too): the right login,
 * truststore and client keystore write; a wrong password, an untrusted certificate, no client
 * certificate or no TLS at all end the jar with exit 3 and one line, no stack trace, no secret.
 */
class SecureClusterIT {
    private static final String WRONG_PASSWORD = "not-the-password-7f3a";
    private static EmbeddedCluster cluster;

    @BeforeAll
    static void start() throws Exception {
        // Mutual TLS: the node also asks for the client's certificate.
        cluster = EmbeddedCluster.start(ClusterLayout.SINGLE, new EmbeddedCluster.Security(true, true, true),
                b -> b.heap("768M").output(System.out::println), System.out::println);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static EmbeddedCassandra node() {
        return cluster.nodes().get(0);
    }

    /** A session of the test's own over the node's mutual TLS, as the superuser. */
    private static com.datastax.oss.driver.api.core.CqlSession adminSession() {
        var loader = com.datastax.oss.driver.api.core.config.DriverConfigLoader.programmaticBuilder()
                .withString(com.datastax.oss.driver.api.core.config.DefaultDriverOption.SSL_ENGINE_FACTORY_CLASS,
                        "DefaultSslEngineFactory")
                .withBoolean(com.datastax.oss.driver.api.core.config.DefaultDriverOption.SSL_HOSTNAME_VALIDATION, false)
                .withString(com.datastax.oss.driver.api.core.config.DefaultDriverOption.SSL_TRUSTSTORE_PATH,
                        cluster.tls().truststore().toString())
                .withString(com.datastax.oss.driver.api.core.config.DefaultDriverOption.SSL_TRUSTSTORE_PASSWORD,
                        cluster.tls().truststorePassword())
                .withString(com.datastax.oss.driver.api.core.config.DefaultDriverOption.SSL_KEYSTORE_PATH,
                        cluster.tls().clientKeystore().toString())
                .withString(com.datastax.oss.driver.api.core.config.DefaultDriverOption.SSL_KEYSTORE_PASSWORD,
                        cluster.tls().clientKeystorePassword())
                .build();
        return com.datastax.oss.driver.api.core.CqlSession.builder().withConfigLoader(loader)
                .addContactPoint(node().cqlAddress()).withLocalDatacenter(node().datacenter())
                .withAuthCredentials(EmbeddedCluster.SUPERUSER, EmbeddedCluster.SUPERUSER).build();
    }

    /**
     * The right login, truststore and client keystore write, and no secret reaches the console, the
     * result JSON or the HTML report: not the password (a role of its own, so that it differs from
     * the user name that is rightly shown), the truststore's or the client keystore's password.
     */
    @Test
    void theRightLoginAndTruststoreWriteAndNoSecretReachesAnyOutput(@TempDir Path dir) throws Exception {
        String user = "stress_it";
        String password = "pw-" + java.util.UUID.randomUUID();
        try (var admin = adminSession()) {
            admin.execute("CREATE ROLE IF NOT EXISTS " + user + " WITH PASSWORD = '" + password
                    + "' AND LOGIN = true AND SUPERUSER = true");
        }
        Path json = dir.resolve("result.json");
        Path html = dir.resolve("report.html");
        StressConfig config = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(node().cqlAddress().getHostString(), node().cqlAddress().getPort())))
                .localDc(node().datacenter()).keyspace("it_secure")
                .username(user).password(password)
                .truststore(cluster.tls().truststore()).truststorePassword(cluster.tls().truststorePassword())
                .keystore(cluster.tls().clientKeystore()).keystorePassword(cluster.tls().clientKeystorePassword())
                .nodes(10).interfaces(2).groups(5).attributes(10).strings(0).index(false)
                .interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(3))
                .resultJson(json).reportHtml(html).build();
        assertTrue(config.cluster().ssl(), "a truststore implies TLS");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        StressResult r = new StressRun(config, new PrintStream(console, true, StandardCharsets.UTF_8)).execute().result();
        String out = console.toString(StandardCharsets.UTF_8);
        System.out.println(out);
        assertEquals(3_000, r.generated());
        assertEquals(r.generated(), r.written(), r.failedByClass().toString());
        String result = Files.readString(json, StandardCharsets.UTF_8);
        String report = Files.readString(html, StandardCharsets.UTF_8);
        assertTrue(result.contains("\"password-set\" : true"), "the result says a password was set, not which");
        for (String secret : List.of(password, cluster.tls().truststorePassword(), cluster.tls().clientKeystorePassword())) {
            assertFalse(out.contains(secret), "a secret on the console");
            assertFalse(result.contains(secret), "a secret in the result JSON");
            assertFalse(report.contains(secret), "a secret in the HTML report");
        }
    }

    private static List<String> jar(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar",
                System.getProperty("metrics-stress.jar"), "--contact-points",
                node().cqlAddress().getHostString() + ":" + node().cqlAddress().getPort(), "--local-dc", "dc1",
                "-n", "10", "-f", "2", "-i", "1", "-r", "1", "--duration", "2s", "--no-index", "--connect-timeout", "20s"));
        cmd.addAll(List.of(args));
        return cmd;
    }

    private record Ran(int exit, String output) {}

    private static Ran run(Path dir, List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("out.txt").toFile()).start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the jar did not exit");
        String out = Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8);
        System.out.println(out);
        return new Ran(p.exitValue(), out);
    }

    /** The jar's own error: one line of its own, nothing that looks like a stack trace. */
    private static String errorLine(String out) {
        assertFalse(out.contains("\tat ") || out.contains("Exception in thread"), "a stack trace:\n" + out);
        List<String> lines = out.lines().filter(l -> l.startsWith("metrics-stress: ")).toList();
        assertEquals(1, lines.size(), "one error line:\n" + out);
        return lines.get(0);
    }

    private static Path file(Path dir, String name, String content) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, content + "\n");
        return f;
    }

    @Test
    void aWrongPasswordExitsThreeWithOneLineAndNoSecret(@TempDir Path dir) throws Exception {
        Ran r = run(dir, jar(dir, "--username", "cassandra",
                "--password-file", file(dir, "pw", WRONG_PASSWORD).toString(),
                "--truststore", cluster.tls().truststore().toString(),
                "--truststore-password-file", file(dir, "tpw", cluster.tls().truststorePassword()).toString(),
                "--keystore", cluster.tls().clientKeystore().toString(),
                "--keystore-password-file", file(dir, "kpw", cluster.tls().clientKeystorePassword()).toString()));
        assertEquals(3, r.exit(), r.output());
        String line = errorLine(r.output());
        assertTrue(line.contains("cannot connect") && line.toLowerCase().contains("authentication"), line);
        assertFalse(r.output().contains(WRONG_PASSWORD), "the password is printed");
        assertFalse(r.output().contains(cluster.tls().truststorePassword()), "the truststore password is printed");
        assertFalse(r.output().contains(cluster.tls().clientKeystorePassword()), "the keystore password is printed");
    }

    @Test
    void anUntrustedCertificateExitsThreeWithOneLine(@TempDir Path dir) throws Exception {
        // --ssl alone trusts the JDK's certificate authorities, which never signed this node's certificate.
        Ran r = run(dir, jar(dir, "--ssl", "--username", "cassandra", "--password-file", file(dir, "pw", "cassandra").toString()));
        assertEquals(3, r.exit(), r.output());
        String line = errorLine(r.output());
        assertTrue(line.contains("cannot connect") && (line.contains("SSL") || line.contains("certificat")
                || line.contains("PKIX")), line);
    }

    @Test
    void aClientWithoutItsCertificateIsRefusedByTheMutualTlsNode(@TempDir Path dir) throws Exception {
        Ran r = run(dir, jar(dir, "--username", "cassandra", "--password-file", file(dir, "pw", "cassandra").toString(),
                "--truststore", cluster.tls().truststore().toString(),
                "--truststore-password-file", file(dir, "tpw", cluster.tls().truststorePassword()).toString()));
        assertEquals(3, r.exit(), r.output());
        String line = errorLine(r.output());
        assertTrue(line.contains("cannot connect") && line.contains("require a client certificate"), line);
        assertFalse(r.output().contains(cluster.tls().truststorePassword()), "the truststore password is printed");
    }

    @Test
    void aClientWithoutTlsIsRefused(@TempDir Path dir) throws Exception {
        Ran r = run(dir, jar(dir, "--username", "cassandra", "--password-file", file(dir, "pw", "cassandra").toString()));
        assertEquals(3, r.exit(), r.output());
        String line = errorLine(r.output());
        assertTrue(line.contains("cannot connect") && line.contains("does the cluster require TLS"), line);
    }

    @Test
    void theJarStartsASecuredNodeOfItsOwnAndWritesThroughIt(@TempDir Path dir) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar",
                System.getProperty("metrics-stress.jar"), "--embedded", "--embedded-auth", "--embedded-tls",
                "--embedded-heap", "768M", "-n", "10", "-f", "2", "-i", "1", "-r", "1", "--duration", "3s", "--no-index"));
        Ran r = run(dir, cmd);
        assertEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("Password authentication on") && r.output().contains("Client-to-node TLS on"),
                r.output());
        assertTrue(r.output().contains("generated 3,000, written 3,000"), r.output());
        assertTrue(r.output().contains(": BALANCED"), r.output());
    }
}
