package org.metricsstress.analysis;

import org.metricsstress.result.Advice;
import org.metricsstress.result.StressResult;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.metricsstress.report.AdviceFile;

/**
 * The pipelined writer's advice: its own options, from the same evidence as OpenNMS's writer's,
 * never OpenNMS's properties (which mean nothing to it).
 */
public class AdvisorTest {
    private static final int RING = 8192;

    /**
     * The pipelined writer, 16 lanes, 16 in-flight permits; the cluster answers in 40 ms (mean 48)
     * all along, and the lanes wait for permits: 16 permits x 1 / 48 ms carry 333 requests of 16
     * samples a second, 5,333 samples/s of the 10,000 asked.
     */
    public static StressResult waitingForPermits(int maxInFlight, int ringSize) {
        RecordedRun run = new RecordedRun().set("writer", "pipelined").set("max-in-flight", maxInFlight)
                .set("ring-size", ringSize);
        for (int i = 0; i < 6; i++) {
            run.interval(26_000, 24_000, 0, ringSize, 100, 40.0, 0.99, 0.0, 0.9, 0.0, 2_600);
        }
        return run.build();
    }

    @Test
    void lanesWaitingForPermitsAskForMoreInFlightByLittlesLaw() {
        StressResult r = waitingForPermits(16, RING);
        assertEquals("WRITER_BOUND", r.verdict().kind(), r.verdict().message());
        Advice inFlight = r.advice().get(PipelinedAdvisor.MAX_IN_FLIGHT);
        assertNotNull(inFlight, r.advice().toString());
        // 10,000 samples/s / 16 samples per request = 625 requests/s x 48 ms = 30 in flight, at 70 %: 43.
        assertEquals("43", inFlight.value(), inFlight.model());
        assertEquals("16", inFlight.current());
        assertEquals("--max-in-flight", inFlight.option(), "tune applies it");
        assertTrue(inFlight.model().startsWith("Little's law on the requests: 625 requests/s"), inFlight.model());
        assertNull(r.advice().get(PipelinedAdvisor.WRITER_THREADS), "more lanes would wait on the same permits");
        assertTrue(r.advice().keySet().stream().noneMatch(k -> k.startsWith(Advisor.PREFIX) || k.equals(Advisor.HEAP)),
                "no OpenNMS property for this tool's writer: " + r.advice());
        String file = AdviceFile.render(r);
        assertTrue(file.contains("\n# not a Newts property (this tool's pipelined writer): run with --max-in-flight 43\n"),
                file);
    }

    @Test
    void lanesBusyOnTheirOwnWorkAskForMoreLanes() {
        RecordedRun run = new RecordedRun().set("writer", "pipelined").set("max-in-flight", 512);
        // 16 lanes busy 99% of 5 s each: 79.2 s of work for 3,960 commits, 20 ms a commit, nearly all their own.
        for (int i = 0; i < 6; i++) {
            run.interval(39_600, 10_400, 0, RING, 100, 3.0, 0.99, 0.0, 0.05, 0.0, 3_960);
        }
        StressResult r = run.build();
        assertEquals("WRITER_BOUND", r.verdict().kind(), r.verdict().message());
        Advice lanes = r.advice().get(PipelinedAdvisor.WRITER_THREADS);
        assertNotNull(lanes, r.advice().toString());
        // 1,000 commits/s x 20 ms = 20 lanes busy, at 70 %: 29.
        assertEquals("29", lanes.value(), lanes.model());
        assertEquals("--writer-threads", lanes.option());
        assertNull(r.advice().get(PipelinedAdvisor.MAX_IN_FLIGHT), "the permits were not what they waited on");
        assertNull(r.advice().get(Advisor.WRITER_THREADS));
    }

    @Test
    void burstsThatOutrunTheLanesAskForARingEveryLaneGetsItsShareOf() {
        RecordedRun run = new RecordedRun().set("writer", "pipelined").set("max-in-flight", 512)
                .set("writer-threads", 10);
        for (int i = 0; i < 6; i++) {
            run.interval(49_000, 1_000, 0, 100, 40, 1.0, 0.4, 0.1, 0.8, 0.0, 10_000);
        }
        StressResult r = run.build();
        assertEquals("RING_TOO_SMALL", r.verdict().kind(), r.verdict().message());
        // A full ring of 8,192 commits + 100 dropped in one interval (one slot a commit): 8,292, x 1.25 =
        // 10,365 over 10 lanes, 1,037 each, to 2,048: 20,480 slots, a ring of 32,768 (its lanes 2,048 each).
        assertEquals(8_292, r.evidence().ringNeeded());
        Advice ring = r.advice().get(PipelinedAdvisor.RING_SIZE);
        assertNotNull(ring, r.advice().toString());
        assertEquals("32768", ring.value(), ring.model());
        int lane = Integer.highestOneBit(Integer.parseInt(ring.value()) / 10);
        assertTrue(10L * lane >= 8_292 * Advisor.RING_MARGIN, "every lane holds its share: " + lane);
        assertNull(r.advice().get(Advisor.RING_BUFFER_SIZE));
    }

    @Test
    void aPipelinedCacheTooSmallIsAdvisedInItsOwnOption() {
        RecordedRun run = new RecordedRun().set("writer", "pipelined").set("max-in-flight", 512);
        for (int i = 0; i < 12; i++) {
            run.interval(8_000, 42_000, 0, RING, 9_000, 4.8, 0.99, 0.80, 0.15, 0.01, 60_000);
        }
        StressResult r = run.index(811_679, 0, 45_862, 9_568, 12_000, -1).cache("guava", 37_818, 0, 0).build();
        assertEquals("CACHE_TOO_SMALL", r.verdict().kind(), r.verdict().message());
        Advice cache = r.advice().get(PipelinedAdvisor.CACHE_MAX_ENTRIES);
        assertNotNull(cache, r.advice().toString());
        assertEquals("15000", cache.value());
        assertNull(r.advice().get(Advisor.CACHE_MAX_ENTRIES));
        assertNull(r.advice().get(Advisor.HEAP), "this tool's cache is not OpenNMS's heap");
    }
}
