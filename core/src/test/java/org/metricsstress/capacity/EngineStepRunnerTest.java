package org.metricsstress.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.OnFull;
import org.metricsstress.config.Sla;
import org.metricsstress.config.StressConfig;
import org.metricsstress.plan.StressPlan;

/** What a step runs with; the running itself is FindMaxIT's. */
class EngineStepRunnerTest {

    private static StressConfig.Builder users() {
        return StressConfig.builder().nodes(20).interfaces(2).groups(5).attributes(10).interval(Duration.ofSeconds(10))
                .onFull(OnFull.BLOCK).ringSize(64).sla(Sla.parse("--sla", "p99<5ms")).resultJson(Path.of("x.json"));
    }

    @Test
    void aStepRunsTheUsersOptionsAtItsRateAndDurationWithoutCriteriaOrFileOfItsOwn() throws Exception {
        try (EngineStepRunner runner = EngineStepRunner.open(EngineStepRunnerTest::users, Duration.ofSeconds(60),
                new PrintStream(OutputStream.nullOutputStream()))) {
            for (double target : new double[] {123.0, 1_000.0, 37_500.0}) {
                StressConfig c = runner.stepConfig(target, Duration.ofSeconds(60));
                assertEquals(target, StressPlan.of(c).samplesPerSecond(), target * 1e-6); // pacing is whole nanoseconds
                assertEquals(Duration.ofSeconds(60), c.pacing().duration());
                assertEquals(Duration.ofSeconds(5), c.outputs().reportInterval());
                assertNull(c.judging().sla());
                assertNull(c.outputs().resultJson());
                assertEquals(OnFull.BLOCK, c.pipeline().onFull());
                assertEquals(64, c.pipeline().ringSize());
            }
            // A warm-up's own length, its report interval still the judged steps'.
            StressConfig warmUp = runner.stepConfig(1_000, Duration.ofMinutes(10));
            assertEquals(Duration.ofMinutes(10), warmUp.pacing().duration());
            assertEquals(Duration.ofSeconds(5), warmUp.outputs().reportInterval());
        }
    }

    @Test
    void aShortStepStillReportsEverySecond() {
        assertEquals(Duration.ofSeconds(1), EngineStepRunner.reportInterval(Duration.ofSeconds(4)));
        assertEquals(Duration.ofMillis(2500), EngineStepRunner.reportInterval(Duration.ofSeconds(30)));
    }

    @Test
    void thePlanRateIsTheShapeOverTheIntervalWhateverTheFactor() {
        PlanRate p = PlanRate.of(users().rateFactor(7).build());
        assertEquals(20 * 2 * 5 * 10 / 10.0, p.samplesPerSecond(), 1e-9);
        assertEquals(2.5, p.factorFor(p.samplesPerSecond() * 2.5), 1e-12);
        // StressConfig accepts the factor that paces the interval at 1 ms, and refuses beyond it.
        users().rateFactor(p.factorFor(p.highest())).build();
        org.junit.jupiter.api.Assertions.assertThrows(org.metricsstress.config.ConfigException.class,
                () -> users().rateFactor(p.factorFor(p.highest() * 1.01)).build());
    }
}
