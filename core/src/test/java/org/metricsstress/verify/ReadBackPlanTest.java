package org.metricsstress.verify;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.Instance;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.ValueType;
import org.metricsstress.plan.Schedule;
import org.metricsstress.plan.StressPlan;

/** What verify expects to find: the schedule walked again, and an even spread of resources. */
class ReadBackPlanTest {
    private static final long START = 1_700_000_000_000L;

    @Test
    void aResourcesTimestampsAreItsIntendedTimesUntilGenerationEnded() {
        // 10 group resources every 2 s, spread: key 5 is at 1 s into each interval.
        StressPlan plan = StressPlan.of(StressConfig.builder().nodes(10).interfaces(1).groups(1)
                .interval(Duration.ofSeconds(2)).build());
        Schedule schedule = new Schedule(plan, 0, START, Duration.ofSeconds(6).toNanos());
        assertArrayEquals(new long[] {START + 1_000, START + 3_000, START + 5_000},
                new ExpectedSamples(plan, schedule, Duration.ofSeconds(6).toNanos()).timestampsOf(5));
        // A run stopped after 4.5 s generated nothing intended later.
        assertArrayEquals(new long[] {START + 1_000, START + 3_000},
                new ExpectedSamples(plan, schedule, 4_500_000_000L).timestampsOf(5));
        assertArrayEquals(new long[] {START, START + 2_000, START + 4_000},
                new ExpectedSamples(plan, schedule, 4_500_000_000L).timestampsOf(0));
    }

    @Test
    void steppedRunsAndInstancesAreReadBackAsTheyWereGenerated() {
        StressConfig.Builder b = StressConfig.builder().nodes(4).interfaces(1).groups(1).attributes(2)
                .interval(Duration.ofSeconds(1))
                .rateSteps(ValueType.RATE_STEPS.parse("--rate-steps", "40:500ms,80:300ms"));
        StressPlan whole = StressPlan.of(b.build());
        Schedule schedule = Schedule.stepped(whole, 0, START, b.build().pacing().rateSteps().steps());
        // Key 1 (offset 50 ms at 200 ms pacing, 25 ms at 100 ms): 0.05, 0.25, 0.45, then 0.525, 0.625, 0.725.
        assertArrayEquals(new long[] {START + 50, START + 250, START + 450, START + 525, START + 625, START + 725},
                new ExpectedSamples(whole, schedule, schedule.endNanos()).timestampsOf(1));
        StressPlan share = StressPlan.of(b.instance(new Instance(0, 2)).build());
        Schedule shared = Schedule.stepped(share, 0, START, b.build().pacing().rateSteps().steps());
        assertEquals(0, new ExpectedSamples(share, shared, shared.endNanos()).timestampsOf(1).length,
                "node 1 is instance 1's");
        // Key 2: 100 and 300 ms (500 is the cut), then 550, 650, 750 ms.
        assertEquals(5, new ExpectedSamples(share, shared, shared.endNanos()).timestampsOf(2).length);
    }

    @Test
    void aShareIsSpreadEvenlyOverTheInstancesResources() {
        StressPlan plan = StressPlan.of(StressConfig.builder().nodes(20).interfaces(2).groups(5)
                .instance(new Instance(1, 2)).build());
        int[] all = ResourceShare.pick(plan, 1.0);
        assertEquals(100, all.length);
        assertTrue(Arrays.stream(all).allMatch(plan::ownsKey));
        int[] tenth = ResourceShare.pick(plan, 0.1);
        assertEquals(10, tenth.length);
        assertEquals(10, Arrays.stream(tenth).distinct().count());
        assertTrue(Arrays.stream(tenth).allMatch(plan::ownsKey));
        // Spread: from every one of the instance's 10 nodes, not the first one's groups.
        assertEquals(10, Arrays.stream(tenth).map(plan::nodeOf).distinct().count());
        assertEquals(1, ResourceShare.pick(plan, 0.0001).length, "at least one");
    }
}
