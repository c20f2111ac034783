package org.metricsstress.engine;

import org.metricsstress.report.RunReport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.Sink;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.result.StressResult;

/** --sink null: the whole pipeline, index stage and cache included, ending just before the network. */
class NullSinkTest {

    private static StressConfig.Builder plan() {
        return StressConfig.builder().nodes(50).interfaces(2).groups(5).attributes(10).strings(2)
                .interval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(3)).reportInterval(Duration.ofSeconds(1))
                .sink(Sink.NULL);
    }

    @ParameterizedTest
    @EnumSource(Writer.class)
    void everySampleIsBuiltEncodedAndCountedWithNoClusterAnywhere(Writer writer) throws Exception {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        // The default contact point is never dialled: nothing listens there in this test.
        StressConfig config = plan().writer(writer).cacheMaxEntries(10_000).build();
        PrintStream printed = new PrintStream(text, true, StandardCharsets.UTF_8);
        StressResult r = RunReport.of(config, new StressEngine(config, printed).execute(), printed);
        String out = text.toString(StandardCharsets.UTF_8);

        // On a loaded machine the generators may end behind: what they owed is counted unsent, not lost.
        assertEquals(3 * 50 * 2 * 5 * 10, r.intended(), out);
        assertEquals(r.intended(), r.generated() + r.unsent(), out);
        assertTrue(r.generated() > 0, out);
        assertEquals(r.generated(), r.written(), out);
        assertEquals(0, r.dropped() + r.failed(), out);
        if (!config.pipeline().model().writesToCassandra()) {
            // The TSS path writes no Newts index and counts its built requests as the plugin would send them.
            assertFalse(r.index().enabled(), out);
            assertEquals(r.generated() / 10, r.writers().get(0).generated() / 10, out);
            assertTrue(out.contains("--sink null: nothing is sent"), out);
            return;
        }
        assertTrue(r.index().enabled() && r.index().secondsToComplete() >= 0, "every resource indexed: " + out);
        assertTrue(r.index().rowsWritten() > 500 * 10, "index rows built and counted: " + r.index().rowsWritten());
        // A prepared sample row is about 60 bytes of values in a batch frame, a literal one its ~170
        // characters of CQL text; index rows add to both.
        double perSample = (double) r.client().bytesSent() / r.written();
        if (writer == Writer.PIPELINED) {
            assertTrue(perSample > 40 && perSample < 400, "encoded bytes per sample " + perSample);
        } else {
            assertTrue(perSample > 170 && perSample < 1000, "encoded bytes per sample " + perSample);
        }
        assertEquals(0, r.client().bytesReceived(), "nobody answers a null sink");
        assertTrue(out.contains("--sink null: nothing is sent"), out);
        assertTrue(out.contains("network       "), out);
    }

    /**
     * A group resource of this plan needs 6 index requests; with a budget of 1 or 2 none was ever
     * sent, the backlog waited behind the first for ever and the run ended in a drain timeout.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void anIndexBudgetSmallerThanOneResourcesRequestsStillIndexesEveryResource(int budget) throws Exception {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        StressResult r = new StressEngine(plan().writer(Writer.PIPELINED).indexMaxInFlight(budget)
                .drainTimeout(Duration.ofSeconds(5)).cacheMaxEntries(10_000).build(),
                new PrintStream(text, true, StandardCharsets.UTF_8)).execute();
        String out = text.toString(StandardCharsets.UTF_8);
        assertEquals(r.index().resourcesInPlan(), r.index().resourcesIndexed(), out);
        assertTrue(r.index().secondsToComplete() >= 0, out);
        assertTrue(r.drained(), "no drain timeout: " + out);
        assertEquals(r.generated(), r.written(), out);
    }

    @Test
    void optionsThatNeedAClustersAnswersAreRefused() {
        ConfigException e = assertThrows(ConfigException.class, () -> plan().readRate(10.0).build());
        assertEquals("--read-rate: needs a cluster's answers; --sink null sends nothing (leave one out)", e.getMessage());
        assertThrows(ConfigException.class, () -> plan().verifyAfter(0.01).build());
        assertThrows(ConfigException.class, () -> plan().primeCache(true).build());
    }
}
