package org.metricsstress.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.OnFull;
import org.metricsstress.config.StressConfig;
import org.metricsstress.generate.Generator;
import org.metricsstress.result.LatencySummary;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.plan.Schedule;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.storage.RequestCompletion;

/**
 * A writer that stalls for T ms while commits are due at R per second must show the stall in the
 * response time (measured from the intended times), even though each write itself was fast. A
 * harness that measured from the moment it sent would report only the fast writes.
 */
class CoordinatedOmissionTest {

    @Test
    void aWriterStallShowsInResponseTimeNotOnlyInServiceTime() throws Exception {
        // 1000 commits/s for 2 s; the writer stalls 500 ms on the commit due at 0.5 s.
        StressConfig config = StressConfig.builder().nodes(1000).interfaces(1).groups(1).attributes(1).strings(0)
                .interval(Duration.ofSeconds(1)).build();
        StressPlan plan = StressPlan.of(config);
        StressMetrics metrics = new StressMetrics();
        long start = System.nanoTime() + 50_000_000L;
        AtomicBoolean stalled = new AtomicBoolean();
        AtomicInteger permits = new AtomicInteger();
        // The writer stalls once; each request then completes at once, through the writer's own
        // completion (the production path that records service and response times).
        GroupCommitHandler.Factory handler = () -> c -> {
            if (c.intendedNanos - start >= 500_000_000L && stalled.compareAndSet(false, true)) {
                sleep(500);
            }
            long sent = System.nanoTime();
            permits.incrementAndGet();
            new RequestCompletion(metrics, new long[] {c.intendedNanos}, sent, c.sampleCount, permits::decrementAndGet)
                    .accept(null, null);
        };
        LaneRing ring = new LaneRing(64, 1, 1, 1, OnFull.BLOCK, handler, null, metrics);
        Schedule schedule = new Schedule(plan, start, 0, Duration.ofSeconds(2).toNanos());
        Thread g = new Thread(new Generator(0, plan, schedule, ring, metrics, 1, null));
        g.start();
        g.join(20_000);
        assertTrue(ring.drain(10, TimeUnit.SECONDS));
        assertEquals(0, permits.get(), "every completion gave its permit back");
        assertEquals(metrics.samplesGenerated(), metrics.samplesWritten());

        // Totals add up the intervals taken, as the reporter does every -r seconds.
        metrics.response().takeInterval();
        metrics.service().takeInterval();
        LatencySummary response = LatencySummary.of(metrics.response().total());
        LatencySummary service = LatencySummary.of(metrics.service().total());
        // Service time runs from the send: the stall happened before it, so it must not show.
        assertTrue(service.maxMs() < response.maxMs() / 10, "service time must not include the stall: " + service);
        // About 500 of the 2000 commits were due during the stall, waiting 0..500 ms: the top
        // percent of response times sits near the stall's length.
        assertTrue(response.maxMs() >= 450, "the stall is missing from response max: " + response);
        assertTrue(response.p99Ms() >= 400, "the stall is missing from response p99: " + response);
        assertTrue(response.p90Ms() >= 100, "the stall is missing from response p90: " + response);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
