package org.metricsstress.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.RateSteps;
import org.metricsstress.config.StressConfig;

class StressPlanTest {

    /** A plan with spread pacing: every group commit at its own time. */
    private static StressPlan plan(int n, int f, int g, int a, int i) {
        return StressPlan.of(StressConfig.builder().nodes(n).interfaces(f).groups(g).attributes(a)
                .interval(Duration.ofSeconds(i)).pacing(org.metricsstress.config.Pacing.SPREAD).build());
    }

    @Test
    void nodePacingGivesANodesCommitsOneTimeAndSpacesTheNodes() {
        StressPlan p = StressPlan.of(StressConfig.builder().nodes(10).interfaces(2).groups(5)
                .interval(Duration.ofSeconds(100)).build()); // OpenNMS's pacing, the default
        for (int k = 0; k < p.groupResources(); k++) {
            assertEquals(p.nodeOf(k) * 10_000_000_000L, p.intendedOffsetNanos(k), "key " + k);
        }
        assertTrue(p.passBarrier());
        assertFalse(StressPlan.of(StressConfig.builder().burst(true).build()).passBarrier(), "-b has no limiter pacing");
    }

    @Test
    void fieldExampleIsFiftyThousandSamplesPerSecond() {
        // metrics:stress -n 15000 -f 20 -g 5 -a 10 -i 300: the published OpenNMS field test.
        StressPlan p = plan(15000, 20, 5, 10, 300);
        assertEquals(50_000.0, p.samplesPerSecond(), 1e-6);
        assertEquals(1_500_000, p.groupResources());
        assertEquals(300_000, p.interfaceResources());
        assertEquals(15_000_000, p.samplesPerInterval());
        // 1.5 M group + 0.3 M interface resources: the 1.8 M cache entries of the field report.
        assertEquals(1_800_000, p.groupResources() + p.interfaceResources());
        assertEquals(100_000.0, plan(15000, 20, 5, 20, 300).samplesPerSecond(), 1e-6);
    }

    @Test
    void rateFactorCompressesTheInterval() {
        StressPlan p = StressPlan.of(StressConfig.builder().nodes(10).interfaces(1).groups(1).attributes(10)
                .interval(Duration.ofSeconds(10)).rateFactor(4).build());
        assertEquals(2_500_000_000L, p.pacingNanos());
        assertEquals(40.0, p.samplesPerSecond(), 1e-9);
    }

    @Test
    void resourceKeysAreDenseAndRoundTrip() {
        StressPlan p = plan(7, 3, 4, 1, 60);
        int expected = 0;
        for (int n = 0; n < 7; n++) {
            for (int f = 0; f < 3; f++) {
                for (int g = 0; g < 4; g++) {
                    int k = p.resourceKey(n, f, g);
                    assertEquals(expected++, k);
                    assertEquals(n, p.nodeOf(k));
                    assertEquals(f, p.interfaceOf(k));
                    assertEquals(g, p.groupOf(k));
                }
            }
        }
        assertEquals(p.groupResources(), expected);
    }

    @Test
    void spreadPacingDividesTheIntervalEvenly() {
        StressPlan p = plan(10, 2, 5, 1, 100); // 100 group resources over 100 s: one per second
        for (int k = 0; k < 100; k++) {
            assertEquals(k * 1_000_000_000L, p.intendedOffsetNanos(k));
        }
    }

    @Test
    void burstPutsEveryCommitAtTheIntervalStart() {
        StressPlan p = StressPlan.of(StressConfig.builder().nodes(10).burst(true).build());
        for (int k = 0; k < p.groupResources(); k += 7) {
            assertEquals(0, p.intendedOffsetNanos(k));
        }
    }

    @Test
    void scheduleMapsIntendedTimesToTimestampsAndCountsCommits() {
        StressPlan p = plan(10, 2, 5, 1, 100);
        Schedule s = new Schedule(p, 5_000_000_000L, 1_700_000_000_000L, Duration.ofSeconds(250).toNanos());
        assertEquals(5_000_000_000L + 100_000_000_000L + 3_000_000_000L, s.intendedNanos(1, 3));
        assertEquals(1_700_000_000_000L + 103_000L, s.timestampMillis(s.intendedNanos(1, 3)));
        // 2 full intervals of 100 commits plus the first 50 of the third (offsets 0..49 s < 50 s).
        assertEquals(250, s.expectedGroupCommits());
        assertEquals(Long.MAX_VALUE, new Schedule(p, 0, 0, Long.MAX_VALUE).expectedGroupCommits());
    }

    @Test
    void intervalAtIsTheLastIntervalStartedAtOrBeforeAMomentAcrossSteps() {
        StressPlan p = plan(10, 2, 5, 1, 100); // 100 group commits per interval
        // 100/s paces an interval in 1 s, 10/s in 10 s, 50/s in 2 s; 2.5 s of the first step: 3 intervals.
        Schedule s = Schedule.stepped(p, 1_000, 0, List.of(new RateSteps.Step(100, Duration.ofMillis(2_500)),
                new RateSteps.Step(10, Duration.ofSeconds(30)), new RateSteps.Step(50, Duration.ofSeconds(10))));
        for (long t = 0; t < 50_000_000_000L; t += 7_777_777) {
            long walked = 0;
            while (s.intervalStartNanos(walked + 1) <= t) {
                walked++;
            }
            assertEquals(walked, s.intervalAt(t), "at " + t + " ns");
        }
        assertEquals(3, s.intervalAt(1_000 + 2_500_000_000L)); // the second step's first interval
        assertEquals(0, s.intervalAt(0));
    }
}
