package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.metricsstress.report.ResultJson;
import org.metricsstress.result.StressResult;

/**
 * A client starved of CPU measures its own stalls as the cluster's service time; the nodes' own
 * figures tell the two apart. The jar, as a user runs it, against the shared node (alone here, so
 * the node's figures are this run's): once as it is (the control, which must not blame the client),
 * once held to 15 % of one core by a cgroup CPU quota the test makes (cgroup v1's cpu controller, or
 * v2's cpu.max): CLIENT_BOUND, from the nodes' idle figures, never CLUSTER_BEHIND; and once held to it
 * from its start, when it must still connect. Where no cgroup
 * can be made the test is skipped with its reason, but not under CI, where it fails.
 */
@ExtendWith(CassandraExtension.class)
@Acceptance
class StarvedClientIT {
    /**
     * 80 nodes x 10 interfaces x 5 groups x 10 attributes a second: 40,000 samples/s, the corpus's
     * starved-client plan. At the 20,000 a held client kept up on hosts since pass-5 (0.10 of
     * its 0.15 cores; on 2026-12-03 KEPT_UP, 99.4% written, held from its start): the hold did not bite.
     */
    private static List<String> plan(CassandraServer server, Path json) {
        return List.of("--contact-points", server.contactPoint(), "--local-dc", server.datacenter(),
                "--keyspace", "it_starved", "--writer", "pipelined", "--no-index", "-n", "80", "-f", "10", "-g", "5",
                "-a", "10", "-s", "0", "-i", "1", "-r", "2", "--duration", "16s", "--result-json", json.toString());
    }

    @Test
    void aClientHeldToFifteenPercentOfACoreIsTheClientNotTheCluster(CassandraServer server, @TempDir Path dir)
            throws Exception {
        CpuQuota quota = CpuQuota.make("metrics-stress-starved-" + ProcessHandle.current().pid(), 15_000, 100_000);
        try {
            Path controlJson = dir.resolve("control.json");
            Jar.finish(Jar.start(dir, "control.txt", plan(server, controlJson)), dir, "control.txt", 300);
            StressResult control = ResultJson.read(controlJson);
            assertNotEquals("CLIENT_BOUND", control.verdict().kind(), control.verdict().message());

            Path starvedJson = dir.resolve("starved.json");
            Process p = Jar.start(dir, "starved.txt", plan(server, starvedJson));
            quota.hold(p.pid());
            Jar.finish(p, dir, "starved.txt", 600);
            StressResult starved = ResultJson.read(starvedJson);
            assertTrue(starved.auditBalances(), starved.auditGaps());
            assertEquals("CLIENT_BOUND", starved.verdict().kind(), starved.verdict().message());
            // Held before generation began, the run records its quota and the client-quota rule names it;
            // held after, it records none, and the nodes' idle figures tell the client's stalls apart.
            String why = starved.client().cpuQuotaCores() > 0 ? "this client's CPU is the limit" : "the nodes were idle";
            assertTrue(starved.verdict().message().contains(why), starved.verdict().message());
        } finally {
            quota.remove();
        }
    }

    /**
     * The everyday case of a load generator in a pod with a small CPU limit: the quota holds the JVM
     * from its first instruction, so class loading and the JIT of the driver happen at 15 % of a
     * core, while connecting. Before the connect bound counted the time the process could run, this
     * ended with exit 3, "cannot connect to Cassandra ...: no answer within 20s", blaming the cluster.
     */
    @Test
    void aClientHeldFromItsStartConnectsAndIsTheClient(CassandraServer server, @TempDir Path dir) throws Exception {
        CpuQuota quota = CpuQuota.make("metrics-stress-starved-start-" + ProcessHandle.current().pid(), 15_000,
                100_000);
        try {
            Path json = dir.resolve("held.json");
            long t0 = System.nanoTime();
            Process p = quota.startHeld(dir, "held.txt", plan(server, json));
            double connectedAfter = secondsUntil(p, dir.resolve("held.txt"), "connected to cluster", t0);
            String out = Jar.finish(p, dir, "held.txt", 600);
            System.out.printf("held from its start: connected %.1f s after the start, exit %d%n", connectedAfter,
                    p.exitValue());
            assertTrue(connectedAfter >= 0, "never connected: " + out);
            StressResult held = ResultJson.read(json);
            assertTrue(held.auditBalances(), held.auditGaps());
            assertEquals("CLIENT_BOUND", held.verdict().kind(), held.verdict().message());
        } finally {
            quota.remove();
        }
    }

    /** Seconds from {@code t0} until {@code output} holds {@code line}; -1 if the process ended without it. */
    private static double secondsUntil(Process p, Path output, String line, long t0) throws Exception {
        while (true) {
            boolean ended = !p.isAlive();
            if (Files.exists(output) && Files.readString(output).contains(line)) {
                return (System.nanoTime() - t0) / 1e9;
            }
            if (ended) {
                return -1;
            }
            Thread.sleep(100);
        }
    }
}
