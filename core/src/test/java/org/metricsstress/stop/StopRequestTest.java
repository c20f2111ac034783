package org.metricsstress.stop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.Sink;
import org.metricsstress.config.StressConfig;
import org.metricsstress.engine.StressEngine;
import org.metricsstress.result.StressResult;

/** A stop request ends a real run (into the null sink) early, as Karaf's Ctrl-C does a tune's round. */
class StopRequestTest {
    private static final PrintStream NOWHERE = new PrintStream(OutputStream.nullOutputStream());

    private static StressConfig minute() {
        return StressConfig.builder().nodes(10).interfaces(1).groups(2).attributes(5).strings(0).index(false)
                .interval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(60)).reportInterval(Duration.ofSeconds(1))
                .sink(Sink.NULL).build();
    }

    @Test
    void aRequestEndsTheRunInProgressWhichStillAccountsForEverySample() throws Exception {
        StopRequest stop = new StopRequest();
        StressEngine engine = new StressEngine(minute(), NOWHERE);
        stop.watch(engine::stop);
        Thread requester = new Thread(() -> {
            try {
                engine.awaitGeneration(30, java.util.concurrent.TimeUnit.SECONDS);
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                return;
            }
            stop.request();
        });
        requester.start();
        StressResult r = engine.execute();
        requester.join();
        assertTrue(stop.requested());
        assertTrue(r.generationSeconds() < 30, "a minute's run ended at the request: " + r.generationSeconds() + " s");
        assertTrue(r.generated() > 0, "it generated until then");
        assertEquals(r.generated(), r.written() + r.dropped() + r.failed(), "every sample accounted for");
        assertFalse(Thread.currentThread().isInterrupted(), "a request interrupts no thread");
    }

    @Test
    void aRunWatchedAfterTheRequestStopsAsItStarts() throws Exception {
        StopRequest stop = new StopRequest();
        stop.request();
        StressEngine engine = new StressEngine(minute(), NOWHERE);
        stop.watch(engine::stop);
        StressResult r = engine.execute();
        assertTrue(r.generationSeconds() < 5, "stopped as it started: " + r.generationSeconds() + " s");
        assertEquals(r.generated(), r.written() + r.dropped() + r.failed());
    }
}
