package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.metricsstress.config.Writer;
import org.metricsstress.api.StressRun;
import org.metricsstress.cluster.embedded.EmbeddedCassandra;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.OnFull;
import org.metricsstress.config.StressConfig;
import org.metricsstress.result.StressResult;

/**
 * A cluster that stops answering in the middle of a run under {@code --on-full block}: the
 * generators wait for a full ring and the writers for requests that never return. The run must
 * still end, and count every sample. Its own node (SIGSTOPped, then resumed), so no other test is paused.
 */
class StuckClusterIT {
    private static EmbeddedCassandra node;

    @BeforeAll
    static void start() throws Exception {
        node = EmbeddedCassandra.builder().output(System.out::println).start();
    }

    @AfterAll
    static void stop() {
        if (node != null) {
            node.close();
        }
    }

    private static CompletableFuture<StressResult> inBackground(StressConfig config, ByteArrayOutputStream console) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return new StressRun(config, new PrintStream(console, true, StandardCharsets.UTF_8)).execute().result();
            } catch (Exception e) {
                throw new CompletionException(e);
            }
        });
    }

    private static void awaitFirstLine(ByteArrayOutputStream console) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!console.toString(StandardCharsets.UTF_8).contains("generated/s") && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("generated/s"), "the run never started");
    }

    /**
     * OpenNMS's session sets no request timeout, so the driver's 2 s applies: a node that stops
     * answering for 4 s fails the requests waiting on it at 2 s (not at this tool's 10 s), the
     * workers go on, and every sample is still counted once.
     */
    @Test
    void openNmsFailsAStuckNodesRequestsAtTheDriversTwoSeconds() throws Exception {
        StressConfig config = StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(node.cqlAddress().getHostString(), node.cqlAddress().getPort())))
                .localDc(node.datacenter()).keyspace("it_stuck_onms")
                .nodes(20).interfaces(2).groups(5).attributes(10).strings(0).index(false)
                .interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(8))
                .writerThreads(2).build();
        assertEquals(Duration.ofSeconds(2), config.cluster().requestTimeout());
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        CompletableFuture<StressResult> running = inBackground(config, console);
        awaitFirstLine(console);
        node.pause();
        try {
            Thread.sleep(4_000);
        } finally {
            node.resume();
        }
        StressResult r = running.get(120, TimeUnit.SECONDS);
        System.out.println(console.toString(StandardCharsets.UTF_8));
        assertTrue(r.auditBalances(), "unaccounted " + r.unaccounted());
        assertEquals(r.generated(), r.written() + r.dropped() + r.failed(), "every sample counted exactly once");
        assertTrue(r.failed() > 0, "requests held 4 s fail at 2 s");
        String timeout = r.writes().firstFailureByClass().values().stream().filter(m -> m.contains("PT2S"))
                .findFirst().orElse(null);
        assertTrue(timeout != null, "a request failed at the driver's 2 s: " + r.writes().firstFailureByClass());
        org.metricsstress.result.ClusterFacts.DriverFacts driver = r.cluster().driver();
        assertEquals(2000L, driver.requestTimeoutMs());
        assertEquals("DefaultRetryPolicy (the driver's, counted)", driver.retryPolicy());
        String printed = console.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("driver: request timeout 2000 ms, retries DefaultRetryPolicy"), "the header says it");
        assertTrue(printed.contains("driver        request timeout 2000 ms"), "and so does the summary");
        assertTrue(r.written() > 0, "the workers went on after the node came back");
    }

    /**
     * Both Newts writer models: OpenNMS's (synchronous workers on a shared ring) and this tool's pipelined lanes.
     * The TSS path writes to no Cassandra; its receiver stopped most of each second is TssFaultsIT's.
     */
    @ParameterizedTest
    @EnumSource(value = Writer.class, names = {"OPENNMS", "PIPELINED"})
    void aClusterThatStopsAnsweringCannotHangABlockingRunAndEverySampleIsCounted(Writer writer) throws Exception {
        boolean stopped = false;
        try {
            StressConfig.Builder b = StressConfig.builder().writer(writer);
            if (writer == Writer.PIPELINED) {
                b.maxInFlight(4);
            }
            StressConfig config = b
                    .contactPoints(List.of(new ContactPoint(node.cqlAddress().getHostString(), node.cqlAddress().getPort())))
                    .localDc(node.datacenter()).keyspace("it_stuck_" + writer.name().toLowerCase(java.util.Locale.ROOT))
                    .nodes(20).interfaces(2).groups(5).attributes(10).strings(0).index(false)
                    .interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(4))
                    .onFull(OnFull.BLOCK).ringSize(16).writerThreads(2)
                    .drainTimeout(Duration.ofSeconds(2)).requestTimeout(Duration.ofSeconds(3)).build();
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            CompletableFuture<StressResult> running = inBackground(config, console);
            awaitFirstLine(console);
            node.pause();
            stopped = true;
            // The bound is the point: duration + drain + settle, far below this.
            StressResult r = running.get(120, TimeUnit.SECONDS);
            System.out.println(console.toString(StandardCharsets.UTF_8));
            assertEquals(r.generated(), r.written() + r.dropped() + r.failed(), "every sample counted exactly once");
            assertTrue(r.auditBalances(), "unaccounted " + r.unaccounted());
            assertEquals(0, r.dropped(), "block never drops");
            assertEquals(writer.name().toLowerCase(java.util.Locale.ROOT), r.config().get("writer"));
            assertTrue(r.failed() > 0, "the stuck requests are counted as failed (timeout or abandoned)");
        } finally {
            if (stopped) {
                node.resume();
            }
        }
    }
}
