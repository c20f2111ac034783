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
import org.junit.jupiter.api.Test;
import org.metricsstress.api.StressRun;
import org.metricsstress.cluster.embedded.EmbeddedCassandra;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.OnFull;
import org.metricsstress.config.StressConfig;
import org.metricsstress.result.StressResult;

/**
 * A cluster that stops answering in the middle of a run under {@code --on-full block}: the
 * generators wait for a full ring and the writers for requests that never return. The run must
 * still end, and count every sample. Its own node (SIGSTOPped), so no other test is paused.
 */
class StuckClusterIT {

    @Test
    void aClusterThatStopsAnsweringCannotHangABlockingRunAndEverySampleIsCounted() throws Exception {
        EmbeddedCassandra node = EmbeddedCassandra.builder().output(System.out::println).start();
        boolean stopped = false;
        try {
            StressConfig config = StressConfig.builder()
                    .contactPoints(List.of(new ContactPoint(node.cqlAddress().getHostString(), node.cqlAddress().getPort())))
                    .localDc(node.datacenter()).keyspace("it_stuck")
                    .nodes(20).interfaces(2).groups(5).attributes(10).strings(0).index(false)
                    .interval(Duration.ofSeconds(1)).reportInterval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(4))
                    .onFull(OnFull.BLOCK).ringSize(16).writerThreads(2).maxInFlight(4)
                    .drainTimeout(Duration.ofSeconds(2)).requestTimeout(Duration.ofSeconds(3)).build();
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            CompletableFuture<StressResult> running = CompletableFuture.supplyAsync(() -> {
                try {
                    return new StressRun(config, new PrintStream(console, true, StandardCharsets.UTF_8)).execute().result();
                } catch (Exception e) {
                    throw new CompletionException(e);
                }
            });
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!console.toString(StandardCharsets.UTF_8).contains("generated/s") && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertTrue(console.toString(StandardCharsets.UTF_8).contains("generated/s"), "the run never started");
            node.pause();
            stopped = true;
            // The bound is the point: duration + drain + settle, far below this.
            StressResult r = running.get(120, TimeUnit.SECONDS);
            System.out.println(console.toString(StandardCharsets.UTF_8));
            assertEquals(r.generated(), r.written() + r.dropped() + r.failed(), "every sample counted exactly once");
            assertTrue(r.auditBalances(), "unaccounted " + r.unaccounted());
            assertEquals(0, r.dropped(), "block never drops");
            assertTrue(r.failed() > 0, "the stuck requests are counted as failed (timeout or abandoned)");
        } finally {
            if (stopped) {
                node.resume();
            }
            node.close();
        }
    }
}
