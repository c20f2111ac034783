package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.metricsstress.api.StressRun;
import org.metricsstress.cache.CacheUnavailableException;
import org.metricsstress.config.CacheKind;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.result.StressResult;

/**
 * The Redis cache over TLS ({@code rediss://}) against a real {@code redis-server} (Debian's,
 * installed by .ci/run) listening on a TLS port only, with a certificate made for the test by
 * openssl: trusted through {@code --redis-truststore} it caches every resource; without the
 * truststore the run stops at start with one line (exit 3).
 */
@ExtendWith(CassandraExtension.class)
class RedisTlsIT {
    private static Path dir;
    private static Process redis;
    private static int port;
    private static Path truststore;
    private static final String TRUST_PASSWORD = "test-trust-" + System.nanoTime();

    @BeforeAll
    static void startRedisWithTls() throws Exception {
        boolean present = Files.isExecutable(Path.of("/usr/bin/redis-server")) && Files.isExecutable(Path.of("/usr/bin/openssl"));
        if (!present) {
            if ("true".equals(System.getenv("CI"))) {
                throw new IllegalStateException("CI=true but redis-server or openssl is missing: .ci/run installs them");
            }
            Assumptions.assumeTrue(false, "redis-server (Debian's, with TLS) or openssl not installed: skipping Redis TLS");
        }
        dir = Files.createTempDirectory("metrics-stress-redis-tls-");
        run("/usr/bin/openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                "-keyout", dir.resolve("key.pem").toString(), "-out", dir.resolve("cert.pem").toString(),
                "-subj", "/CN=metrics-stress test redis", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost");
        truststore = dir.resolve("truststore.p12");
        run(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-importcert", "-noprompt",
                "-alias", "redis", "-file", dir.resolve("cert.pem").toString(), "-keystore", truststore.toString(),
                "-storetype", "PKCS12", "-storepass", TRUST_PASSWORD);
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        // Also on 127.0.0.2, an address its certificate does not name.
        redis = new ProcessBuilder("/usr/bin/redis-server", "--port", "0", "--bind", "127.0.0.1", "127.0.0.2",
                "--tls-port", Integer.toString(port), "--tls-cert-file", dir.resolve("cert.pem").toString(),
                "--tls-key-file", dir.resolve("key.pem").toString(), "--tls-ca-cert-file", dir.resolve("cert.pem").toString(),
                "--tls-auth-clients", "no", "--save", "", "--appendonly", "no", "--dir", dir.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("redis.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!listening() && System.nanoTime() < deadline) {
            assertTrue(redis.isAlive(), "redis-server exited: " + Files.readString(dir.resolve("redis.log")));
            Thread.sleep(100);
        }
        assertTrue(listening(), "redis-server did not listen on its TLS port");
    }

    private static boolean listening() {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), cmd[0] + " did not finish");
        assertEquals(0, p.exitValue(), cmd[0] + ": " + out);
    }

    @AfterAll
    static void stopRedis() throws Exception {
        if (redis != null) {
            redis.destroy();
            if (!redis.waitFor(10, TimeUnit.SECONDS)) {
                redis.destroyForcibly();
            }
        }
        if (dir != null) {
            deleteTree(dir);
        }
    }

    private static StressConfig.Builder plan(CassandraServer server, String keyspace) {
        return StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace(keyspace).writer(Writer.PIPELINED).nodes(10).interfaces(2).groups(5).attributes(10).strings(2)
                .interval(Duration.ofSeconds(2)).reportInterval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(2))
                .cache(CacheKind.REDIS).redisUri(URI.create("rediss://127.0.0.1:" + port));
    }

    @Test
    void aTrustedTlsRedisCachesEveryResource(CassandraServer server) throws Exception {
        StressConfig config = plan(server, "ix_redis_tls").redisTruststore(truststore)
                .redisTruststorePassword(TRUST_PASSWORD).build();
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        StressResult r = new StressRun(config, new PrintStream(buf, true, StandardCharsets.UTF_8)).execute().result();
        String out = buf.toString(StandardCharsets.UTF_8);
        System.out.println(out);
        assertTrue(r.auditBalances());
        assertEquals(120, r.index().resourcesIndexed(), "every resource indexed");
        assertEquals(0, r.cache().errors(), "no cache error over TLS");
        assertEquals(120, r.cache().puts(), "every resource cached in Redis");
        assertFalse(out.contains(TRUST_PASSWORD), "the truststore password is printed");
    }

    @Test
    void anUntrustedRedisCertificateStopsTheRunAtStartWithOneLine(CassandraServer server) {
        // No truststore: the JVM's default trust never signed this certificate.
        StressConfig config = plan(server, "ix_redis_tls_untrusted").build();
        CacheUnavailableException e = assertThrows(CacheUnavailableException.class,
                () -> new StressRun(config, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                        .execute());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertTrue(e.getMessage().contains("127.0.0.1:" + port), e.getMessage());
    }

    @Test
    void aTrustedCertificateForAnotherHostIsRefused(CassandraServer server) {
        // The same trusted certificate, dialled at 127.0.0.2: it names 127.0.0.1 and localhost only.
        StressConfig config = plan(server, "ix_redis_tls_wrong_host").redisTruststore(truststore)
                .redisTruststorePassword(TRUST_PASSWORD).redisUri(URI.create("rediss://127.0.0.2:" + port)).build();
        CacheUnavailableException e = assertThrows(CacheUnavailableException.class,
                () -> new StressRun(config, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                        .execute());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        assertTrue(e.getMessage().contains("127.0.0.2:" + port), e.getMessage());
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
