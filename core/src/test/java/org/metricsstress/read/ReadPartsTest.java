package org.metricsstress.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.HotSet;
import org.metricsstress.config.Instance;
import org.metricsstress.config.StressConfig;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.newts.NewtsSchema;

/** The read side's pure parts: partitions of a range, the hot set, the probe's bounded backoff. */
class ReadPartsTest {

    @Test
    void aRangeSpansTheNewtsPartitionsOfItsEnds() {
        // Newts shards a resource by week since the epoch: 1970-01-01 was a Thursday, so weeks turn on Thursdays.
        int shard = NewtsSchema.RESOURCE_SHARD_SECONDS;
        long turn = shard * 1000L * 2920; // a week boundary
        int week = NewtsSchema.partitionOf(turn);
        assertEquals(week - shard, NewtsSchema.partitionOf(turn - 1));
        assertArrayEquals(new int[] {week}, NewtsSchema.partitionsBetween(turn, turn + 7_200_000));
        assertArrayEquals(new int[] {week - shard, week},
                NewtsSchema.partitionsBetween(turn - 3_600_000, turn + 3_600_000));
        assertArrayEquals(new int[] {week - shard}, NewtsSchema.partitionsBetween(turn - 7_200_000, turn - 1));
        long now = Instant.parse("2026-11-23T16:00:00Z").toEpochMilli();
        int[] month = NewtsSchema.partitionsBetween(now - 30L * 86_400_000, now);
        assertEquals(NewtsSchema.partitionOf(now), month[month.length - 1]);
        assertTrue(month.length == 5 || month.length == 6, "30 days span 5 or 6 weeks: " + month.length);
        for (int i = 1; i < month.length; i++) {
            assertEquals(month[i - 1] + shard, month[i]);
        }
    }

    @Test
    void aHotSetGetsItsShareOfThePicksAndOnlyTheInstancesResourcesArePicked() {
        StressPlan plan = StressPlan.of(StressConfig.builder().nodes(100).interfaces(2).groups(5)
                .instance(new Instance(1, 2)).build());
        ResourcePicker picker = new ResourcePicker(plan, new HotSet(0.10, 0.90));
        SplittableRandom random = new SplittableRandom(7);
        Set<Integer> hot = new HashSet<>();
        int hotPicks = 0;
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            int key = picker.pick(random);
            assertTrue(plan.ownsKey(key), "picked another instance's resource " + key);
            if (picker.isHot(key)) {
                hotPicks++;
                hot.add(key);
            }
        }
        assertEquals(0.90, hotPicks / (double) n, 0.01);
        assertEquals(50, hot.size(), "10% of the instance's 500 resources");
        // Spread over the nodes, not the first five.
        assertTrue(hot.stream().map(plan::nodeOf).distinct().count() >= 40);

        ResourcePicker uniform = new ResourcePicker(plan, null);
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 20_000; i++) {
            seen.add(uniform.pick(random));
        }
        assertEquals(500, seen.size(), "uniform reaches every resource");
        assertFalse(uniform.isHot(seen.iterator().next()));
    }

    @Test
    void aProbesBackoffDoublesToItsCeilingAndStopsAtItsBound() {
        Backoff b = new Backoff(TimeUnit.MILLISECONDS.toNanos(1), TimeUnit.MILLISECONDS.toNanos(100),
                TimeUnit.SECONDS.toNanos(10));
        assertEquals(TimeUnit.MILLISECONDS.toNanos(1), b.delayBefore(1));
        assertEquals(TimeUnit.MILLISECONDS.toNanos(2), b.delayBefore(2));
        assertEquals(TimeUnit.MILLISECONDS.toNanos(64), b.delayBefore(7));
        assertEquals(TimeUnit.MILLISECONDS.toNanos(100), b.delayBefore(8));
        assertEquals(TimeUnit.MILLISECONDS.toNanos(100), b.delayBefore(500), "no overflow, however many polls");
        assertTrue(b.allows(TimeUnit.SECONDS.toNanos(9)));
        assertFalse(b.allows(TimeUnit.SECONDS.toNanos(10)));
        // Polls within the bound: 7 doubling waits (127 ms), then 100 ms each: about 100 polls in 10 s, not thousands.
        long elapsed = 0;
        int polls = 1;
        while (b.allows(elapsed)) {
            elapsed += b.delayBefore(polls++);
        }
        assertTrue(polls > 90 && polls < 110, "polls " + polls);
    }
}
