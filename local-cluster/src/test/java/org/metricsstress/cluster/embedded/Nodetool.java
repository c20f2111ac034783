package org.metricsstress.cluster.embedded;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.metricsstress.cluster.LocalClusterException;

/**
 * Test fixture (in the local-cluster test-jar): Cassandra's nodetool against a child-JVM node over
 * its local JMX port, e.g. {@code repair -full ks}, as an operator would run it. Uses the server
 * jars and the JDK a node started with the defaults uses.
 */
public final class Nodetool {
    private Nodetool() {
    }

    /** Runs nodetool and returns its output; fails with the output's telling line when nodetool does. */
    public static String run(EmbeddedCassandra node, Duration timeout, String... args) throws LocalClusterException {
        Path jdk = JdkLocator.locate();
        Path lib = CassandraLib.locate();
        Path workDir = node.workDir();
        List<String> cmd = new ArrayList<>();
        cmd.add(jdk.resolve("bin").resolve("java").toString());
        // nodetool loads server classes that reach into JDK internals, as the server does.
        cmd.addAll(NodeConfig.JPMS_FLAGS);
        // Its history file goes under the node's directory, not the user's home; its log beside the node's.
        cmd.addAll(List.of("-Duser.home=" + workDir,
                "-Dlogback.configurationFile=" + workDir.resolve("conf").resolve("logback.xml"),
                "-Dcassandra.logdir=" + workDir.resolve("logs"),
                "-cp", lib.toAbsolutePath().normalize().resolve("*").toString(), "org.apache.cassandra.tools.NodeTool",
                "-h", "127.0.0.1", "-p", Integer.toString(node.jmxPort())));
        cmd.addAll(List.of(args));
        String what = "nodetool " + String.join(" ", args);
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return "";
                }
            });
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new LocalClusterException(what + " did not finish within " + timeout.toSeconds() + " s");
            }
            String text = out.join();
            if (p.exitValue() != 0) {
                String why = text.lines().filter(l -> l.startsWith("error:")).findFirst()
                        .orElse(text.lines().filter(l -> !l.isBlank()).findFirst().orElse("no output"));
                throw new LocalClusterException(what + " failed (exit " + p.exitValue() + "): " + why);
            }
            return text;
        } catch (IOException e) {
            throw new LocalClusterException("cannot run nodetool: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LocalClusterException("interrupted while running nodetool", e);
        }
    }
}
