package org.metricsstress.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class RunnableDeadlineTest {
    private static final long S = 1_000_000_000L;
    private long wall = 5 * S;
    private long heldBack;

    private RunnableDeadline deadline(int seconds) {
        return new RunnableDeadline(Duration.ofSeconds(seconds), () -> wall, () -> heldBack);
    }

    @Test
    void unthrottledItIsTheWallClock() {
        RunnableDeadline d = deadline(20);
        wall += 19 * S;
        assertEquals(S, d.leftNanos());
        wall += S;
        assertTrue(d.over());
        assertEquals("20s", d.describe());
    }

    /** At 15 % of a core: 85 s of 100 s held back leaves 15 s run, 5 s of the bound left. */
    @Test
    void timeHeldBackIsNotCounted() {
        RunnableDeadline d = deadline(20);
        wall += 100 * S;
        heldBack = 85 * S;
        assertEquals(5 * S, d.leftNanos());
        assertFalse(d.over());
        wall += 40 * S;
        heldBack += 35 * S;
        assertTrue(d.over());
        assertEquals("20s of the time this process could run (20.0 s of 140.0 s by the wall clock: a CPU quota held this "
                + "process back 120.0 s)", d.describe());
    }

    /** However much the quota holds it back, the wait ends at ten times the bound by the wall clock. */
    @Test
    void theWallClockCapEndsItAnyway() {
        RunnableDeadline d = deadline(20);
        wall += 199 * S;
        heldBack = 199 * S;
        assertEquals(S, d.leftNanos());
        wall += S;
        heldBack += S;
        assertTrue(d.over());
        assertTrue(d.describe().endsWith("; the wait ends at 200s by the wall clock)"), d.describe());
    }

    /** The kernel's per-CPU sum can pass the wall time: the time run is then 0, not negative. */
    @Test
    void ranStaysWithinTheWallTime() {
        assertEquals(0, RunnableDeadline.ran(10 * S, 18 * S));
        assertEquals(10 * S, RunnableDeadline.ran(10 * S, -1));
        assertEquals(3 * S, RunnableDeadline.ran(10 * S, 7 * S));
    }

    @Test
    void getReturnsWhatIsDoneAndTimesOutWithTheBound() throws Exception {
        RunnableDeadline d = deadline(20);
        assertEquals("session", d.get(CompletableFuture.completedFuture("session")));
        wall += 20 * S;
        TimeoutException e = assertThrows(TimeoutException.class, () -> d.get(new CompletableFuture<String>()));
        assertEquals("20s", e.getMessage());
        // done just as the time ran out: the answer, not a timeout
        assertEquals("late", d.get(CompletableFuture.completedFuture("late")));
    }

    /** Before the wall clock reaches the bound nothing was held back that matters: the cgroups are not read. */
    @Test
    void aWaitDoneBeforeTheBoundByTheWallClockNeverLooksAtTheThrottling() throws Exception {
        int[] looks = new int[1];
        RunnableDeadline d = new RunnableDeadline(Duration.ofSeconds(20), () -> wall, () -> {
            looks[0]++;
            return heldBack;
        });
        wall += 19 * S;
        assertEquals("answer", d.get(CompletableFuture.completedFuture("answer")));
        assertEquals(0, looks[0]);
        wall += 2 * S;
        heldBack = 5 * S;
        assertEquals("late", d.get(CompletableFuture.completedFuture("late")));
        assertTrue(looks[0] > 0, "past the bound by the wall clock, the time held back is read");
    }

    @Test
    void theDriversWaitsStretchUnderAQuotaOfLessThanACore() {
        Duration twenty = Duration.ofSeconds(20);
        assertEquals(Duration.ofSeconds(5), CassandraConnector.driverWait(twenty, Double.POSITIVE_INFINITY));
        assertEquals(Duration.ofSeconds(5), CassandraConnector.driverWait(twenty, 1.5));
        assertEquals(Duration.ofMillis(33_333), CassandraConnector.driverWait(twenty, 0.15));
        assertEquals(Duration.ofSeconds(50), CassandraConnector.driverWait(twenty, 0.01));
        assertEquals(Duration.ofSeconds(2), CassandraConnector.driverWait(Duration.ofSeconds(2), 2));
    }
}
