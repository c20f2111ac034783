package org.metricsstress.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class VerdictsTest {
    private static final int RING = 8192;
    /** Generators 2 s late (p99). */
    private static final LatencySummary LATE = new LatencySummary(100, 500, 1500, 2000, 2100, 2200, 800);
    private static final LatencySummary FAST = new LatencySummary(100, 1, 2, 3, 4, 5, 1.5);

    private static IntervalStats interval(long occupancyAtEnd, long ringFullEvents, long dropped) {
        return new IntervalStats(10, 10, 1000, 10_000, 10_000 - dropped, dropped, 0, 10_000, 10_000 - dropped,
                dropped, 0, occupancyAtEnd, ringFullEvents, 4, FAST, FAST, FAST, LATE, 14, 1 << 20, 0, 0, -1, -1, -1);
    }

    @Test
    void blockedGeneratorsBehindAFullRingAreTheDatabasesLagNotTheClients() {
        // --on-full block: the ring filled during the interval and emptied again by its end; the
        // generators ran late because they waited for room. Seen at 14 % CPU in a real run.
        IntervalStats s = interval(12, 3_500, 0);
        assertNull(Verdicts.intervalWarning(s, RING));
        Verdict v = Verdicts.of(1000, 990, 9_900, 0, 0, 0, 0, LATE, FAST, 14, RING, List.of(s));
        assertNotEquals("CLIENT_BOUND", v.kind(), v.message());
    }

    @Test
    void lateGeneratorsWithARingThatNeverFilledAreTheClientsLimit() {
        IntervalStats s = interval(12, 0, 0);
        String warning = Verdicts.intervalWarning(s, RING);
        assertNotNull(warning);
        assertTrue(warning.contains("the client is the bottleneck"), warning);
        assertEquals("CLIENT_BOUND", Verdicts.of(1000, 700, 7_000, 0, 0, 0, 0, LATE, FAST, 99, RING, List.of(s)).kind());
    }

    @Test
    void dropsAreNeverTheClientsFault() {
        IntervalStats s = interval(0, 20, 500);
        assertNull(Verdicts.intervalWarning(s, RING));
        assertEquals("CLUSTER_BEHIND", Verdicts.of(1000, 950, 9_500, 500, 0, 0, 0, LATE, FAST, 20, RING, List.of(s)).kind());
    }

    @Test
    void aRingThatFilledBetweenReportLinesIsCalledFullNotByItsSampledPeak() {
        // The field's 50K shape: drops in the first minute, the ring nearly empty at every report line.
        Verdict filled = Verdicts.of(1000, 990, 9_500, 500, 0, 0, 0, FAST, FAST, 20, RING,
                List.of(interval(95, 5_613, 500), interval(3, 0, 0)));
        assertTrue(filled.message().contains("the ring was full 5,613 times (95 of 8192 at the report lines)"),
                filled.message());
        Verdict failedOnly = Verdicts.of(1000, 900, 9_000, 0, 1_000, 0, 0, FAST, FAST, 20, RING,
                List.of(interval(6_090, 0, 0)));
        assertTrue(failedOnly.message().contains("ring at most 6090 of 8192 at the report lines"), failedOnly.message());
    }

    @Test
    void anUnbalancedAuditOverridesEveryOtherVerdict() {
        IntervalStats s = interval(0, 0, 0);
        Verdict v = Verdicts.of(1000, 1000, 10_000, 0, 0, 0, 12, FAST, FAST, 10, RING, List.of(s));
        assertEquals("AUDIT_UNBALANCED", v.kind());
        assertTrue(v.message().startsWith("12 samples are unaccounted for"), v.message());
    }
}
