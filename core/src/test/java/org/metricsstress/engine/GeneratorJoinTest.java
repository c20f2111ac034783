package org.metricsstress.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The end of generation is bounded: once the ring is closed the engine waits
 * {@link GeneratorThreads.AFTER_CLOSE_NANOS} for its generators, no longer (before, it waited
 * for ever, so a generator that never ended kept the run from ending). No generator of this code
 * can hang past a closed ring, so the join is tried on a thread that ignores stops and interrupts.
 */
class GeneratorJoinTest {

    @Test
    void aThreadThatNeverEndsIsGivenUpOnAtTheBound() {
        CountDownLatch never = new CountDownLatch(1);
        Thread stuck = new Thread(() -> {
            while (true) {
                try {
                    never.await();
                    return;
                } catch (InterruptedException ignored) {
                    // a stuck generator ignores interrupts too
                }
            }
        });
        stuck.setDaemon(true);
        stuck.start();
        try {
            assertTrue(GeneratorThreads.AFTER_CLOSE_NANOS <= TimeUnit.SECONDS.toNanos(30), "a bound of seconds");
            boolean ended = assertTimeoutPreemptively(Duration.ofSeconds(30),
                    () -> GeneratorThreads.joinAll(List.of(stuck), GeneratorThreads.AFTER_CLOSE_NANOS));
            assertFalse(ended, "the stuck thread is reported as not ended");
        } finally {
            never.countDown();
        }
    }

    @Test
    void threadsThatEndAreJoined() throws Exception {
        Thread quick = new Thread(() -> { });
        quick.start();
        assertTrue(GeneratorThreads.joinAll(List.of(quick), TimeUnit.SECONDS.toNanos(10)));
    }
}
