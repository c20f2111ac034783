package org.metricsstress.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.OnFull;
import org.metricsstress.config.StressConfig;
import org.metricsstress.generate.Generator;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.plan.Schedule;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.storage.RequestCompletion;

/**
 * A writer that stalls while commits are due must show the stall in the response time (measured
 * from the intended times), even though each write itself was fast; a harness that measured from
 * the moment it sent would report only the fast writes. No wall-clock threshold: every bound is
 * what this test measured around the stall and the sends (a loaded machine moves both alike).
 */
class CoordinatedOmissionTest {

    @Test
    void aWriterStallShowsInResponseTimeNotOnlyInServiceTime() throws Exception {
        // 1000 commits/s for 2 s; the writer stalls 500 ms on the first commit due from 0.5 s.
        StressConfig config = StressConfig.builder().nodes(1000).interfaces(1).groups(1).attributes(1).strings(0)
                .interval(Duration.ofSeconds(1)).build();
        StressPlan plan = StressPlan.of(config);
        StressMetrics metrics = new StressMetrics();
        long start = System.nanoTime() + 50_000_000L;
        AtomicBoolean stalled = new AtomicBoolean();
        AtomicInteger permits = new AtomicInteger();
        AtomicLong stallStart = new AtomicLong();
        AtomicLong stallEnd = new AtomicLong();
        AtomicLong stalledIntended = new AtomicLong();
        AtomicLong longestSend = new AtomicLong();
        // The writer stalls once; each request then completes at once, through the writer's own
        // completion (the production path that records service and response times).
        GroupCommitHandler.Factory handler = () -> c -> {
            if (c.intendedNanos - start >= 500_000_000L && stalled.compareAndSet(false, true)) {
                stalledIntended.set(c.intendedNanos);
                stallStart.set(System.nanoTime());
                sleep(500);
                stallEnd.set(System.nanoTime());
            }
            long sent = System.nanoTime();
            permits.incrementAndGet();
            new RequestCompletion(metrics, new long[] {c.intendedNanos}, sent, c.sampleCount, permits::decrementAndGet)
                    .accept(null, null);
            longestSend.accumulateAndGet(System.nanoTime() - sent, Math::max);
        };
        LaneRing ring = new LaneRing(64, 1, 1, 1, OnFull.BLOCK, handler, null, metrics);
        Schedule schedule = new Schedule(plan, start, 0, Duration.ofSeconds(2).toNanos());
        Thread g = new Thread(new Generator(0, plan, schedule, ring, metrics, null));
        g.start();
        g.join(60_000);
        assertTrue(ring.drain(10, TimeUnit.SECONDS));
        assertTrue(stalled.get(), "the writer stalled");
        assertEquals(0, permits.get(), "every completion gave its permit back");
        assertEquals(metrics.counts().generated(), metrics.counts().written());

        // Totals add up the intervals taken, as the reporter does every -r seconds.
        metrics.response().takeInterval();
        metrics.service().takeInterval();
        org.HdrHistogram.Histogram response = metrics.response().total();
        org.HdrHistogram.Histogram service = metrics.service().total();
        // The stalled commit was answered after the stall ended: its response time (from its intended
        // time, at most a park threshold after the stall began) holds the whole stall.
        long stall = stallEnd.get() - Math.max(stallStart.get(), stalledIntended.get());
        long stallMicros = TimeUnit.NANOSECONDS.toMicros(stall);
        assertTrue(response.getMaxValue() >= response.lowestEquivalentValue(stallMicros),
                "the stall (" + stallMicros + " us) is missing from response max: " + response.getMaxValue());
        // Service time runs from the send, after the stall: never longer than the longest send measured.
        long sendMicros = TimeUnit.NANOSECONDS.toMicros(longestSend.get()) + 1;
        assertTrue(service.getMaxValue() <= service.highestEquivalentValue(sendMicros),
                "service time must not include the stall: max " + service.getMaxValue() + " us, longest send "
                        + sendMicros + " us");
        // And the commits due during the stall waited behind it: as many response times at least
        // half the stall as commits were due in its first half, wherever the generator stood.
        long dueInFirstHalf = response.getTotalCount() == 0 ? 0 : countDue(schedule, plan, stallStart.get(),
                stallStart.get() + stall / 2);
        assertTrue(response.getCountBetweenValues(response.lowestEquivalentValue(stallMicros / 2), Long.MAX_VALUE / 2)
                >= Math.max(1, dueInFirstHalf * 9 / 10), "commits due in the stall's first half: " + dueInFirstHalf);
    }

    /** Commits of the plan intended in [from, to): one per key and interval of the schedule. */
    private static long countDue(Schedule schedule, StressPlan plan, long from, long to) {
        long n = 0;
        for (long p = 0; schedule.intervalStartNanos(p) < schedule.endNanos(); p++) {
            for (int k = 0; k < plan.groupResources(); k++) {
                long t = schedule.intendedNanos(p, k);
                if (t >= from && t < to && t < schedule.endNanos()) {
                    n++;
                }
            }
        }
        return n;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
