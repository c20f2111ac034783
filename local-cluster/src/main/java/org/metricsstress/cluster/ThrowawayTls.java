package org.metricsstress.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed key pair for the embedded nodes' client encryption, made at start by the JDK's
 * keytool, valid two days, for the node addresses (and localhost) only; and the truststore a client
 * needs to trust it. Random passwords, never printed. Lives in a directory the caller deletes.
 */
public final class ThrowawayTls {
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Path keystore;
    private final String keystorePassword;
    private final Path truststore;
    private final String truststorePassword;
    private final Path clientKeystore;
    private final String clientKeystorePassword;
    private final Path nodeTruststore;
    private final String nodeTruststorePassword;

    private ThrowawayTls(Path keystore, String keystorePassword, Path truststore, String truststorePassword,
            Path clientKeystore, String clientKeystorePassword, Path nodeTruststore, String nodeTruststorePassword) {
        this.keystore = keystore;
        this.keystorePassword = keystorePassword;
        this.truststore = truststore;
        this.truststorePassword = truststorePassword;
        this.clientKeystore = clientKeystore;
        this.clientKeystorePassword = clientKeystorePassword;
        this.nodeTruststore = nodeTruststore;
        this.nodeTruststorePassword = nodeTruststorePassword;
    }

    /** Generates the node keystore and the client truststore in {@code dir} for {@code addresses}. */
    public static ThrowawayTls generate(Path dir, List<String> addresses) throws LocalClusterException {
        try {
            Files.createDirectories(dir);
            Path keystore = dir.resolve("node-keystore.jks");
            Path cert = dir.resolve("node.crt");
            Path truststore = dir.resolve("client-truststore.jks");
            String keyPass = password();
            String trustPass = password();
            String san = addresses.stream().map(a -> "ip:" + a).collect(Collectors.joining(",")) + ",dns:localhost";
            keytool("-genkeypair", "-alias", "node", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                    "-dname", "CN=metrics-stress embedded node", "-ext", "SAN=" + san,
                    "-keystore", keystore.toString(), "-storetype", "JKS", "-storepass", keyPass, "-keypass", keyPass);
            keytool("-exportcert", "-alias", "node", "-keystore", keystore.toString(), "-storepass", keyPass,
                    "-file", cert.toString());
            keytool("-importcert", "-noprompt", "-alias", "node", "-file", cert.toString(),
                    "-keystore", truststore.toString(), "-storetype", "JKS", "-storepass", trustPass);
            // A client key pair too, and the truststore a node needs to ask for it (mutual TLS).
            Path clientKeystore = dir.resolve("client-keystore.jks");
            Path clientCert = dir.resolve("client.crt");
            Path nodeTruststore = dir.resolve("node-truststore.jks");
            String clientPass = password();
            String nodeTrustPass = password();
            keytool("-genkeypair", "-alias", "client", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                    "-dname", "CN=metrics-stress client", "-keystore", clientKeystore.toString(), "-storetype", "JKS",
                    "-storepass", clientPass, "-keypass", clientPass);
            keytool("-exportcert", "-alias", "client", "-keystore", clientKeystore.toString(), "-storepass", clientPass,
                    "-file", clientCert.toString());
            keytool("-importcert", "-noprompt", "-alias", "client", "-file", clientCert.toString(),
                    "-keystore", nodeTruststore.toString(), "-storetype", "JKS", "-storepass", nodeTrustPass);
            return new ThrowawayTls(keystore, keyPass, truststore, trustPass, clientKeystore, clientPass,
                    nodeTruststore, nodeTrustPass);
        } catch (IOException e) {
            throw new LocalClusterException("cannot make a throwaway TLS certificate in " + dir + ": "
                    + e.getMessage(), e);
        }
    }

    public Path keystore() {
        return keystore;
    }

    public String keystorePassword() {
        return keystorePassword;
    }

    /** The client's own key pair, for a node that requires client certificates. */
    public Path clientKeystore() {
        return clientKeystore;
    }

    public String clientKeystorePassword() {
        return clientKeystorePassword;
    }

    /** What a node trusts when it requires client certificates: the client's certificate. */
    public Path nodeTruststore() {
        return nodeTruststore;
    }

    public String nodeTruststorePassword() {
        return nodeTruststorePassword;
    }

    public Path truststore() {
        return truststore;
    }

    public String truststorePassword() {
        return truststorePassword;
    }

    /** A client context trusting the node certificate (for probes and the launcher's own sessions). */
    public SSLContext clientContext() {
        return clientContext(false);
    }

    /** As {@link #clientContext()}, also presenting the client certificate when {@code withClientKey}. */
    public SSLContext clientContext(boolean withClientKey) {
        try {
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(load(truststore, truststorePassword));
            KeyManagerFactory kmf = null;
            if (withClientKey) {
                kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                kmf.init(load(clientKeystore, clientKeystorePassword), clientKeystorePassword.toCharArray());
            }
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(kmf == null ? null : kmf.getKeyManagers(), tmf.getTrustManagers(), RANDOM);
            return ctx;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("cannot read the throwaway key material in " + truststore.getParent()
                    + ": " + e.getMessage(), e);
        }
    }

    private static KeyStore load(Path file, String password) throws IOException, GeneralSecurityException {
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore ks = KeyStore.getInstance("JKS");
            ks.load(in, password.toCharArray());
            return ks;
        }
    }

    private static String password() {
        byte[] b = new byte[18];
        RANDOM.nextBytes(b);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    /** Runs this JVM's keytool; its output (which never holds the passwords) goes into the error. */
    private static void keytool(String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("keytool " + args[0] + " did not finish within 60 s");
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running keytool");
        }
        if (p.exitValue() != 0) {
            throw new IOException("keytool " + args[0] + " failed (exit " + p.exitValue() + "): "
                    + output.lines().findFirst().orElse(""));
        }
    }
}
