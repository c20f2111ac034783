package org.metricsstress.karaf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.metricsstress.stop.StopRequest;

/**
 * A command of several runs under Karaf's Ctrl-C: the interrupt of the command's thread becomes a
 * stop request, and the thread that runs (and prints) is never interrupted.
 */
class OneRunAtATimeTest {

    @Test
    void ctrlCOnTheCommandsThreadIsAStopRequestAndInterruptsNoThreadThatPrints() throws Exception {
        OneRunAtATime runs = new OneRunAtATime();
        StopRequest stop = new StopRequest();
        CountDownLatch working = new CountDownLatch(1);
        AtomicBoolean workerInterrupted = new AtomicBoolean();
        AtomicReference<Object> outcome = new AtomicReference<>();
        AtomicBoolean commandInterruptKept = new AtomicBoolean();
        Thread command = new Thread(() -> {
            try {
                outcome.set(runs.exclusively("metrics:tune", stop, () -> {
                    working.countDown();
                    while (!stop.requested()) {
                        Thread.onSpinWait();
                    }
                    workerInterrupted.set(Thread.currentThread().isInterrupted());
                    return 7; // the rounds ended, as a tune stopped between two
                }));
            } catch (Exception e) {
                outcome.set(e);
            }
            commandInterruptKept.set(Thread.currentThread().isInterrupted());
        });
        command.start();
        assertTrue(working.await(10, TimeUnit.SECONDS));
        command.interrupt(); // what Karaf does on Ctrl-C
        command.join(10_000);
        assertFalse(command.isAlive());
        assertEquals(7, outcome.get(), "the command's own exit, once its run ended");
        assertTrue(stop.requested());
        assertFalse(workerInterrupted.get(), "the thread that runs and prints was not interrupted");
        assertTrue(commandInterruptKept.get(), "the interrupt is kept for Karaf");
    }

    @Test
    void aStoppedCommandsInterruptedExceptionReachesKarafAndTheNextCommandMayRun() throws Exception {
        OneRunAtATime runs = new OneRunAtATime();
        InterruptedException e = assertThrows(InterruptedException.class, () -> runs.exclusively("metrics:find-max",
                new StopRequest(), () -> {
                    throw new InterruptedException("find-max stopped after step 3");
                }));
        assertEquals("find-max stopped after step 3", e.getMessage());
        assertEquals(0, runs.exclusively("metrics:bench", new StopRequest(), () -> 0), "the slot is free again");
    }
}
