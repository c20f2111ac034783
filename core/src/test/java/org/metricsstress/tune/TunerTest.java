package org.metricsstress.tune;

import org.metricsstress.analysis.AdvisorTest;
import org.metricsstress.analysis.VerdictsTest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.analysis.Advisor;
import org.metricsstress.analysis.AdvisorTest;
import org.metricsstress.analysis.PipelinedAdvisor;
import org.metricsstress.analysis.RecordedRun;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.Tuning;
import org.metricsstress.analysis.VerdictsTest;

/**
 * The rounds of a tune against runs recorded by hand: each round is given the settings the advice
 * of the one before asked for, and the rounds stop where they should.
 */
class TunerTest {
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final List<StressConfig> configs = new ArrayList<>();
    /** What the tune did, in order: "run" for a round, "settle" between two. */
    private final List<String> steps = new ArrayList<>();
    private boolean settleClosed;

    private Tuner tuner(int rounds, Tuner.Runner runner) {
        return tuner(() -> StressConfig.builder().duration(Duration.ofSeconds(60)), rounds, runner);
    }

    private Tuner tuner(java.util.function.Supplier<StressConfig.Builder> options, int rounds, Tuner.Runner runner) {
        return new Tuner(options, rounds, config -> {
            configs.add(config);
            steps.add("run");
            return runner.run(config);
        }, new Tuner.Settle() {
            @Override
            public double await(StressConfig next) {
                steps.add("settle");
                return 2.5;
            }

            @Override
            public void close() {
                settleClosed = true;
            }
        }, new PrintStream(console, true, StandardCharsets.UTF_8));
    }

    /** The README's plan as a cluster that answers quickly: what limits it is the settings alone. */
    private static StressResult readmePlan(StressConfig c) {
        if (c.index().cacheMaxEntries() < 12_000) {
            return VerdictsTest.readmeRun();
        }
        if (c.pipeline().ringSize() < 40_000) {
            return VerdictsTest.coldStartRun(c.pipeline().ringSize());
        }
        RecordedRun kept = new RecordedRun().set("cache-max-entries", 20_000).set("ring-size", c.pipeline().ringSize());
        for (int i = 0; i < 6; i++) {
            kept.interval(50_000, 0, 0, 9_000, 0, 3.0, 0.6, 0.6, 0.3, 0.0, 10_000);
        }
        return kept.index(10_000, 0, 12_000, 12_000, 12_000, 12).cache("guava", 0, 0, 0).build();
    }

    @Test
    void theReadmePlanGoesFromTheCacheToKeptUpBySettingsAlone() throws Exception {
        StressResult last = tuner(4, TunerTest::readmePlan).run();
        Tuning t = last.tune();
        assertTrue(t.keptUp(), console.toString(StandardCharsets.UTF_8));
        assertTrue(t.outcome().startsWith("kept up"), t.outcome());
        assertEquals("CACHE_TOO_SMALL", t.rounds().get(0).verdict());
        assertEquals("8192", t.rounds().get(0).settings().get(Advisor.CACHE_MAX_ENTRIES));
        assertEquals("15000", t.rounds().get(1).settings().get(Advisor.CACHE_MAX_ENTRIES),
                "round 2 runs with the cache round 1 advised");
        assertEquals(t.rounds().get(0).applied().get(Advisor.RING_BUFFER_SIZE),
                t.rounds().get(1).settings().get(Advisor.RING_BUFFER_SIZE), "and the ring it advised");
        assertEquals("KEPT_UP", t.rounds().get(t.rounds().size() - 1).verdict());
        assertTrue(t.rounds().get(t.rounds().size() - 1).applied().isEmpty(), "the last round applies nothing");
        assertEquals(configs.size(), t.rounds().size());
        assertEquals(3, t.rounds().size(), "the round that kept up, then its repeat");
        assertEquals(2, t.rounds().get(2).repeatOf());
        assertEquals(t.rounds().get(1).settings(), t.rounds().get(2).settings(), "the repeat runs the same settings");
        String table = console.toString(StandardCharsets.UTF_8);
        assertTrue(table.contains("=== metrics-stress tune ==="), table);
        assertTrue(table.contains("outcome       kept up (round 2 and its repeat, round 3)"), table);
        assertTrue(table.contains("  repeat of 2\n"), "the table shows the repeat: " + table);
        // The confirmation counts as a repeat: both runs of the settings side by side, their spread the noise.
        assertEquals(List.of(2, 3), t.repeat().rounds());
        assertEquals(List.of(t.rounds().get(1).writtenPercent(), t.rounds().get(2).writtenPercent()), t.repeat().writtenPercent());
        assertTrue(table.contains("repeat        rounds 2 and 3 ran the same settings, two repeats: written "), table);
        assertNull(configs.get(1).outputs().resultJson(), "a round writes no result file of its own");
    }

    @Test
    void aRoundThatKeptUpThroughACacheTooSmallGoesOnWithTheCache() throws Exception {
        StressResult last = tuner(4, c -> VerdictsTest.keptUpThroughACacheTooSmall(c.index().cacheMaxEntries())).run();
        Tuning t = last.tune();
        assertEquals(3, t.rounds().size(), console.toString(StandardCharsets.UTF_8));
        assertEquals("KEPT_UP", t.rounds().get(0).verdict());
        assertEquals(0, t.rounds().get(1).repeatOf(), "round 2 tries the cache advised: settings of its own");
        assertEquals("15000", t.rounds().get(0).applied().get(Advisor.CACHE_MAX_ENTRIES));
        assertEquals(15_000, configs.get(1).index().cacheMaxEntries());
        assertEquals(2, t.rounds().get(2).repeatOf());
        assertEquals("kept up (round 2 and its repeat, round 3)", t.outcome());

        configs.clear();
        StressResult one = tuner(1, c -> VerdictsTest.keptUpThroughACacheTooSmall(c.index().cacheMaxEntries())).run();
        assertTrue(one.tune().keptUp());
        assertEquals(2, one.tune().rounds().size(), "the repeat may go one past --max-rounds");
        assertEquals(configs.get(0).index().cacheMaxEntries(), configs.get(1).index().cacheMaxEntries());
        assertTrue(one.tune().outcome().startsWith("kept up, with the cache still smaller than the plan"),
                one.tune().outcome());
    }

    @Test
    void aClusterThatIsTheLimitEndsTheTuneAtOnce() throws Exception {
        RecordedRun slow = new RecordedRun().set("cache-max-entries", 2_000_000).failed("timeout", 3_000);
        slow.interval(50_000, 0, 0, 100, 0, 2.0, 0.5, 0.1, 0.8, 0.01, 10_000);
        for (int i = 0; i < 6; i++) {
            slow.interval(20_000, 27_000, i == 0 ? 3_000 : 0, 8192, 5_000, 40 + i, 0.99, 0.05, 0.9, 0.0, 4_000);
        }
        StressResult behind = slow.build();
        StressResult last = tuner(4, c -> behind).run();
        assertEquals(1, last.tune().rounds().size());
        assertFalse(last.tune().keptUp());
        assertTrue(last.tune().outcome().startsWith("the cluster is the limit"), last.tune().outcome());
    }

    @Test
    void thePoolsAdviceIsAppliedAndAdviceNoRunCanApplyIsSaid() throws Exception {
        // Before, the pool's advice stopped tune with "IllegalStateException: tune cannot apply ...".
        Tuner t = tuner(() -> StressConfig.builder().duration(Duration.ofSeconds(60)).maxRequestsPerConnection(64), 4,
                c -> {
                    int connections = c.cluster().connectionsPerHost();
                    int perConnection = c.cluster().maxRequestsPerConnection();
                    if (perConnection < 1024 || connections < 2) {
                        return VerdictsTest.exhaustedPool(connections, perConnection);
                    }
                    RecordedRun kept = new RecordedRun().set("cache-max-entries", 20_000);
                    for (int i = 0; i < 6; i++) {
                        kept.interval(50_000, 0, 0, 9_000, 0, 3.0, 0.6, 0.6, 0.3, 0.0, 10_000);
                    }
                    return kept.index(10_000, 0, 12_000, 12_000, 12_000, 12).cache("guava", 0, 0, 0).build();
                });
        Tuning tuning = t.run().tune();
        String out = console.toString(StandardCharsets.UTF_8);
        assertTrue(tuning.outcome().startsWith("kept up"), out);
        // The round that kept up, then its repeat with the same settings.
        assertEquals(List.of(64, 1024, 1024, 1024), configs.stream().map(c -> c.cluster().maxRequestsPerConnection())
                .toList());
        assertEquals(List.of(1, 1, 2, 2), configs.stream().map(c -> c.cluster().connectionsPerHost()).toList(),
                "at the driver's 1,024 requests a connection, the pool grows by connections");
        assertEquals("POOL_TOO_SMALL", tuning.rounds().get(0).verdict());
        assertEquals("1024", tuning.rounds().get(0).applied().get(Advisor.MAX_REQUESTS_PER_CONNECTION));
        assertEquals("2", tuning.rounds().get(1).applied().get(Advisor.CONNECTIONS_PER_HOST));
        assertEquals("2", tuning.rounds().get(2).settings().get(Advisor.CONNECTIONS_PER_HOST));
        assertTrue(out.contains("tune round 1: advice a run cannot apply: JAVA_HEAP_SIZE="), out);
    }

    @Test
    void theRoundsEndWhenTheyRunOut() throws Exception {
        StressResult last = tuner(1, TunerTest::readmePlan).run();
        assertEquals(1, last.tune().rounds().size());
        assertEquals("out of rounds (--max-rounds 1)", last.tune().outcome());
    }

    @Test
    void aRoundThatEndedBeforeItsBacklogWasWrittenMakesTheNextOneLonger() throws Exception {
        RecordedRun cut = new RecordedRun().set("cache-max-entries", 20_000).failed("abandoned", 5_000);
        for (int i = 0; i < 4; i++) {
            cut.interval(25_000, 20_000, i == 3 ? 5_000 : 0, 8192, 3_000, 4.0, 0.99, 0.85, 0.1, 0.01, 5_000);
        }
        StressResult abandoned = cut.index(100_000, 0, 6_000, 6_000, 12_000, -1).cache("guava", 0, 0, 0).build();
        // 6,000 of 12,000 resources in 20 s: a cold start of 40 s; the round lasts 60 s, the next 90 s.
        assertEquals(40, abandoned.evidence().coldStartSeconds(), 0.01);
        tuner(2, c -> c.pipeline().ringSize() == 8192 ? abandoned : VerdictsTest.coldStartRun(1 << 20)).run();
        assertEquals(Duration.ofSeconds(60), configs.get(0).pacing().duration());
        assertEquals(Duration.ofSeconds(90), configs.get(1).pacing().duration(), console.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aRoundTooShortForItsBacklogWithNoAdviceRunsAgainLongerWithTheSameSettings() throws Exception {
        // A cache and a ring big enough, no drop: the workers were still writing the cold start's
        // backlog when the run gave up on it, so nothing says these settings fall short.
        RecordedRun cut = new RecordedRun().set("cache-max-entries", 20_000).set("ring-size", 1 << 20)
                .failed("abandoned", 5_000);
        for (int i = 0; i < 4; i++) {
            cut.interval(25_000, 0, i == 3 ? 5_000 : 0, 8192, 0, 4.0, 0.99, 0.85, 0.1, 0.01, 5_000);
        }
        StressResult abandoned = cut.index(100_000, 0, 6_000, 6_000, 12_000, -1).cache("guava", 0, 0, 0).build();
        assertTrue(Tuner.applicable(abandoned).isEmpty(), "no advice a run can apply: " + abandoned.advice());
        assertFalse(abandoned.verdict().keptUp(), abandoned.verdict().message());
        RecordedRun whole = new RecordedRun().set("cache-max-entries", 20_000).set("ring-size", 1 << 20);
        for (int i = 0; i < 6; i++) {
            whole.interval(50_000, 0, 0, 9_000, 0, 3.0, 0.6, 0.6, 0.3, 0.0, 10_000);
        }
        StressResult kept = whole.index(10_000, 0, 12_000, 12_000, 12_000, 12).cache("guava", 0, 0, 0).build();

        StressResult last = tuner(3, c -> c.pacing().duration().toSeconds() == 60 ? abandoned : kept).run();
        String console = this.console.toString(StandardCharsets.UTF_8);
        assertEquals(3, last.tune().rounds().size(), "the longer round kept up, and its repeat: " + console);
        assertEquals("kept up (round 2 and its repeat, round 3)", last.tune().outcome(), console);
        assertEquals(Duration.ofSeconds(90), configs.get(2).pacing().duration(), "the repeat is as long: " + console);
        assertEquals(Duration.ofSeconds(90), configs.get(1).pacing().duration(), console);
        assertEquals(configs.get(0).index().cacheMaxEntries(), configs.get(1).index().cacheMaxEntries());
        assertEquals(configs.get(0).pipeline().ringSize(), configs.get(1).pipeline().ringSize());
        assertTrue(console.contains("next: the same settings"), console);

        // Out of rounds, it says so rather than that nothing could be done.
        configs.clear();
        StressResult one = tuner(1, c -> abandoned).run();
        assertEquals("out of rounds (--max-rounds 1)", one.tune().outcome());
    }

    @Test
    void aRoundThatOwedSamplesDidNotKeepUp() throws Exception {
        // Every report interval kept up, but the generators still owed 5,000 samples when it ended.
        RecordedRun owing = new RecordedRun().set("cache-max-entries", 20_000).set("ring-size", 1 << 20).unsent(5_000);
        for (int i = 0; i < 6; i++) {
            owing.interval(50_000, 0, 0, 20, 0, 3.0, 0.6, 0.3, 0.6, 0.0, 10_000);
        }
        StressResult behind = owing.index(10_000, 0, 12_000, 12_000, 12_000, 12).cache("guava", 0, 0, 0).build();
        StressResult last = tuner(2, c -> behind).run();
        String console = this.console.toString(StandardCharsets.UTF_8);
        assertFalse(last.tune().keptUp(), console);
        assertFalse(last.tune().outcome().startsWith("kept up"), last.tune().outcome());
        assertTrue(last.tune().rounds().stream().noneMatch(r -> "KEPT_UP".equals(r.verdict())), console);
    }

    /** The README's plan with the settings it ends on: kept up, the ring big enough. */
    private static StressResult keptUp(StressConfig c) {
        RecordedRun kept = new RecordedRun().set("cache-max-entries", 20_000).set("ring-size", c.pipeline().ringSize());
        for (int i = 0; i < 6; i++) {
            kept.interval(50_000, 0, 0, 9_000, 0, 3.0, 0.6, 0.6, 0.3, 0.0, 10_000);
        }
        return kept.index(10_000, 0, 12_000, 12_000, 12_000, 12).cache("guava", 0, 0, 0).build();
    }

    @Test
    void theNodesSettleBetweenRoundsAndOnlyThere() throws Exception {
        StressResult last = tuner(4, TunerTest::readmePlan).run();
        assertEquals(List.of("run", "settle", "run", "settle", "run"), steps, console.toString(StandardCharsets.UTF_8));
        assertEquals(3, last.tune().rounds().size());
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("tune: nodes settled in 2.5 s before round 2\n"),
                console.toString(StandardCharsets.UTF_8));
        assertTrue(settleClosed, "the settle's session is closed when the rounds end");
    }

    @Test
    void aRoundThatKeptUpOnceButNotOnItsRepeatGoesOnTuning() throws Exception {
        // Round 2 keeps up with the cache and the ring advised; its repeat falls behind in bursts
        // (RING_TOO_SMALL, with a ring advised); round 4 runs that ring and keeps up, and so does
        // its repeat, round 5, one past --max-rounds.
        int[] runs = {0};
        Tuner.Runner flaky = c -> {
            runs[0]++;
            if (c.index().cacheMaxEntries() < 12_000) {
                return VerdictsTest.readmeRun();
            }
            return runs[0] == 3 ? VerdictsTest.coldStartRun(c.pipeline().ringSize()) : keptUp(c);
        };
        StressResult last = tuner(4, flaky).run();
        Tuning t = last.tune();
        String console = this.console.toString(StandardCharsets.UTF_8);
        assertEquals(5, t.rounds().size(), console);
        assertEquals("KEPT_UP", t.rounds().get(1).verdict());
        assertEquals(2, t.rounds().get(2).repeatOf());
        assertEquals("WRITER_BOUND", t.rounds().get(2).verdict(), "the repeat fell behind: " + console);
        assertFalse(t.rounds().get(2).applied().isEmpty(), "and tuning went on with its advice");
        assertEquals(0, t.rounds().get(3).repeatOf());
        assertEquals(4, t.rounds().get(4).repeatOf());
        assertTrue(t.keptUp(), t.outcome());
        assertEquals("kept up (round 4 and its repeat, round 5)", t.outcome());
        assertTrue(console.contains("round 2 kept up, its repeat (round 3) did not: the settings did not hold; "), console);

        // Out of rounds when the repeat falls behind: it says the settings did not hold, and not kept up.
        runs[0] = 0;
        StressResult three = tuner(3, flaky).run();
        assertEquals(3, three.tune().rounds().size());
        assertFalse(three.tune().keptUp());
        assertEquals("round 2 kept up, its repeat (round 3) did not: the settings did not hold; out of rounds "
                + "(--max-rounds 3)", three.tune().outcome());
    }

    @Test
    void aPipelinedRunIsTunedInItsOwnOptions() throws Exception {
        // Lanes waiting for 16 in-flight permits (AdvisorTest): the in-flight bound advised is applied.
        Tuner.Runner pipelined = c -> {
            if (c.pipeline().maxInFlight() < 43) {
                return AdvisorTest.waitingForPermits(c.pipeline().maxInFlight(), c.pipeline().ringSize());
            }
            RecordedRun kept = new RecordedRun().set("writer", "pipelined").set("max-in-flight", c.pipeline().maxInFlight())
                    .set("ring-size", c.pipeline().ringSize());
            for (int i = 0; i < 6; i++) {
                kept.interval(50_000, 0, 0, 200, 0, 40.0, 0.5, 0.0, 0.9, 0.0, 5_000);
            }
            return kept.build();
        };
        StressResult last = tuner(() -> StressConfig.builder().duration(Duration.ofSeconds(60)).writer(Writer.PIPELINED)
                .maxInFlight(16), 4, pipelined).run();
        String console = this.console.toString(StandardCharsets.UTF_8);
        Tuning t = last.tune();
        assertEquals("WRITER_BOUND", t.rounds().get(0).verdict(), console);
        assertEquals("43", t.rounds().get(0).applied().get(PipelinedAdvisor.MAX_IN_FLIGHT), console);
        assertEquals(43, configs.get(1).pipeline().maxInFlight(), "round 2 runs the in-flight bound advised");
        assertEquals("43", t.rounds().get(1).settings().get(PipelinedAdvisor.MAX_IN_FLIGHT));
        assertTrue(t.rounds().get(0).settings().keySet().stream().noneMatch(k -> k.startsWith(Advisor.PREFIX)),
                "a pipelined round's settings are its own options: " + t.rounds().get(0).settings());
        assertTrue(t.keptUp(), t.outcome());
        assertTrue(console.contains(" lanes in flight "), "the table's in-flight column: " + console);
    }

    /** Karaf's Ctrl-C during round 1: that round is the last, and the tune says it was stopped. */
    @Test
    void aStopRequestedDuringARoundEndsTheTuneBeforeTheNext() throws Exception {
        org.metricsstress.stop.StopRequest stop = new org.metricsstress.stop.StopRequest();
        StressResult last = tuner(4, c -> {
            stop.request();
            return readmePlan(c);
        }).stoppedBy(stop).run();
        assertEquals(1, last.tune().rounds().size(), console.toString(StandardCharsets.UTF_8));
        assertEquals("stopped before round 2", last.tune().outcome());
        assertFalse(last.tune().keptUp());
        assertEquals(List.of("run"), steps, "no settle and no round after the request");
    }
}
