package org.metricsstress.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ColdStartModelTest {

    /**
     * The field's 50K case (OpenNMS on 4 ScyllaDB i3.2xlarge nodes, context/field-tests.md), calibrated
     * on figures none of the tests below asserts for the same run:
     * <ul>
     * <li>while indexing, about 30 % of the target written: 15,000 samples/s;
     * <li>indexing took about 20 minutes ("index writes fill the cache in ~20 min"): 1,200 s;
     * <li>the warm rate from the 8-node run, not from the 4-node drain: it peaked at half its 8 M ring
     *     (4,194,304 events = 2,097,152 commits = 20,971,520 samples) and drained in about 5 minutes at
     *     50,000 samples/s, so its pool took 50,000 + 20,971,520 / 300 = 119,905 samples/s warm; on 4
     *     nodes, by the model's own scaling (each wait x 8/4), half: 59,953.
     * </ul>
     * Until issue 48 the warm rate came from the 4-node drain (50,000 + 41.9 M / 5,400 s) and the test
     * then asserted that drain: the model handed back its own input. Now the 4-node ring's fill time,
     * drops and drain are predictions.
     */
    static ColdStartModel field() {
        double warmOnEight = 50_000 + 4_194_304 / 2 * 10 / 300.0;
        return ColdStartModel.observed(15_000, 1200, 1_500_000, warmOnEight / 2, 10, 16, 2, 4,
                "the field's 50K case on 4 nodes, warm rate from its 8-node run");
    }

    static ColdStartModel.Plan fieldPlan(int nodesScale, long ring) {
        // -n 15000 -f 20 -g 5 -a 10 -i 300 per 50K; the 100K case twice the nodes.
        return new ColdStartModel.Plan(1_500_000L * nodesScale, 300_000L * nodesScale, 10, 300, ring, 2_000_000L * nodesScale, 16);
    }

    @Test
    void theFieldsFiftyThousandOnFourNodesFillsTheRingAfterAboutTwentyMinutes() {
        ColdStartPrediction p = field().predict(fieldPlan(1, 8_388_608));
        print(p);
        assertTrue(p.ringFills(), p.toString());
        // The field: ring full after 20 min, drops for 4, about 90 to drain. The fill follows from the
        // rate while indexing and the ring (the backlog grows at 35,000 samples/s): 18.9 min.
        assertEquals(20 * 60, p.ringFullAtSeconds(), 0.15 * 20 * 60, p.toString());
        assertTrue(p.dropSeconds() > 0 && p.dropSeconds() < 10 * 60, p.toString());
        assertEquals(8_388_608, p.ringPeak(), 2);
        // The drain from the 8-node warm rate: 63 min against the field's 90, 30 % short: the waits'
        // 1/N scaling carried the 8-node warm rate to 4 nodes, and the field's 4 nodes drained slower
        // than that. Held within 35 %, a bound set after seeing the 63, so that a change to the model
        // is seen; not a claim that the model drains within 35 % in general.
        assertEquals(90 * 60, p.drainSeconds(), 0.35 * 90 * 60, p.toString());
        assertTrue(p.drainSeconds() < 90 * 60, "shorter than the field's: " + p);
    }

    @Test
    void twiceTheNodesNoDropsAndAShortDrain() {
        ColdStartPrediction p = field().onNodes(8).predict(fieldPlan(1, 8_388_608));
        print(p);
        // The field: no drops, 5 min to drain. The 8-node run's peak and drain gave field() its warm
        // rate, so neither is asserted here; whether the ring fills is decided while indexing, by the
        // 4-node run's rate then and its index time, scaled.
        assertFalse(p.ringFills(), p.toString());
        assertTrue(p.indexedAtSeconds() > 0 && p.indexedAtSeconds() < 20 * 60, p.toString());
    }

    @Test
    void aHundredThousandOnSixteenNodesWithAFourMillionRingIsWhereTheModelAndTheFieldPart() {
        ColdStartPrediction p = field().onNodes(16).predict(fieldPlan(2, 4_194_304));
        print(p);
        // The field: no drops, 8 min to drain, the ring at about half. The model, its waits scaled by
        // 4/16, fills the ring after about 7 min and drops for about 2: scaling the waits by the nodes
        // alone does not give what the field's 16 nodes (and doubled writer threads) did. docs/sizing.md
        // shows both; this holds the model's answer so that a change to it is seen.
        assertTrue(p.ringFills(), p.toString());
        assertTrue(p.ringDrainedAtSeconds() > 0 && p.ringDrainedAtSeconds() < 20 * 60, p.toString());
    }

    /** No run measured how the waits change with the cluster's size: the answer line says what the count assumes. */
    @Test
    void whenTheColdStartBindsTheAnswerLineSaysItAssumesWaitsShrinkAsOneOverN() {
        SizeAnswer a = SizeAnswer.of(new SizeRequest(50_000, "the plan", fieldPlan(1, 8_388_608), 86_400, 1, null, 0.8,
                900), new SizeEvidence(java.util.List.of(), null, field(), null, java.util.List.of()));
        assertEquals(SizeAnswer.COLD_START, a.binding());
        String answer = SizeLinesTestSupport.console(a).lines().filter(l -> l.startsWith("answer")).findFirst().orElseThrow();
        assertTrue(answer.endsWith("; the cold start's count assumes each wait of the workers shrinks as 1/N from the "
                + "calibrating cluster's 4 nodes per DC (not measured at two sizes)"), answer);
        assertEquals(4, SizeLinesTestSupport.size(a).get("coldStart") instanceof java.util.Map<?, ?> m
                ? m.get("calibratedNodes") : null);
    }

    @Test
    void withoutAnIndexCostAndRoomToSpareTheRingNeverFills() {
        // 1,000 commits/s, the pool takes 2,000/s warm and indexing costs nearly nothing.
        ColdStartModel m = new ColdStartModel(16 / 2000.0, 1e-9, 16, 2, 1, "hand");
        ColdStartPrediction p = m.predict(new ColdStartModel.Plan(10_000, 1_000, 10, 10, 1024, 20_000, 16));
        assertFalse(p.ringFills());
        assertEquals(0, p.droppedSamples());
        assertEquals(10, p.indexedAtSeconds(), 0.1);
        assertEquals(20_000, p.warmSamplesPerSecond(), 1e-6);
    }

    @Test
    void aCacheSmallerThanThePlanIndexesEveryCommitAndTheRingNeverDrains() {
        // Indexing halves the pool's speed: 1,000 commits/s a pool of 1,500 (warm) can only take 750 of.
        ColdStartModel m = new ColdStartModel(16 / 1500.0, 16 / 1500.0, 16, 2, 1, "hand");
        ColdStartPrediction p = m.predict(new ColdStartModel.Plan(10_000, 1_000, 10, 10, 1024, 5_000, 16));
        assertTrue(p.cacheThrashes());
        assertTrue(p.ringFills());
        assertEquals(-1, p.ringDrainedAtSeconds());
    }

    @Test
    void theRingFillsWhenIndexingHoldsThePoolBelowTheTargetAndDrainsOnceWarm() {
        // 1,000 commits/s; warm the pool takes 2,000/s, a miss costs 3 commits more: 500/s while indexing.
        // Backlog grows at 500/s: a ring of 1,024 commits (2,048 events) fills after about 2 s.
        ColdStartModel m = new ColdStartModel(16 / 2000.0, 3 * 16 / 2000.0, 16, 2, 1, "hand");
        ColdStartPrediction p = m.predict(new ColdStartModel.Plan(10_000, 1_000, 10, 10, 2048, 20_000, 16));
        assertEquals(2.05, p.ringFullAtSeconds(), 0.1, p.toString());
        assertTrue(p.ringDrainedAtSeconds() > p.lastDropAtSeconds(), p.toString());
        // Warm, it drains at 2,000 - 1,000 = 1,000 commits/s: 1,024 x 0.9 in about 0.9 s.
        assertEquals(0.92, p.drainSeconds(), 0.3, p.toString());
    }

    private static void print(ColdStartPrediction p) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        SizeLines.prediction(new PrintStream(b, true, StandardCharsets.UTF_8), "  ", p);
        System.out.print(b.toString(StandardCharsets.UTF_8));
    }

    /**
     * A run that went on after every resource was indexed: a commit costs what commits took after it,
     * a miss everything else the workers spent before it (their sample writes queued behind index
     * writes included), so the cold stretch's hits are charged the warm cost.
     */
    @Test
    void aRunThatWentOnAfterIndexingIsSplitWhereIndexingEnded() {
        // Two workers, 5 s intervals: two cold ones all busy (20 worker-s, 1,000 commits), then two
        // warm ones 10 % busy (2 worker-s, 2,000 commits), 600 group resources indexed by 10 s.
        var r = new org.metricsstress.analysis.RecordedRun().set("writer-threads", 2)
                .interval(5_000, 0, 0, 100, 0, 1, 1.0, 0.6, 0.4, 0, 1_000)
                .interval(5_000, 0, 0, 100, 0, 1, 1.0, 0.6, 0.4, 0, 1_000)
                .interval(10_000, 0, 0, 0, 0, 1, 0.1, 0, 1.0, 0, 2_000)
                .interval(10_000, 0, 0, 0, 0, 1, 0.1, 0, 1.0, 0, 2_000)
                .index(1_000, 0, 600, 720, 720, 10.0).build();
        ColdStartModel m = ColdStartModel.calibrate(r, "run.json");
        assertEquals(0.001, m.commitSeconds(), 1e-9, m.source());
        assertEquals((20 - 1_000 * 0.001) / 600, m.indexSecondsPerMiss(), 1e-9, m.source());
    }
}
