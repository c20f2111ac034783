package org.metricsstress.writer.pipelined;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.CacheKind;
import org.metricsstress.config.ClusterSection;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.Sink;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.WriterModel;
import org.metricsstress.config.WriterModels;

/** This tool's pipelined writer model answers with its own defaults and facts. */
class PipelinedModelTest {
    private final PipelinedModel m = new PipelinedModel();

    private StressConfig.Builder pipelined() {
        return StressConfig.builder().writer(m);
    }

    @Test
    void itsDefaultsAreItsOwn() {
        assertEquals("LOCAL_ONE", m.defaultWriteConsistency());
        assertEquals(Duration.ofSeconds(10), m.defaultRequestTimeout());
        assertEquals(0, m.defaultRetries());
        assertEquals(2048, m.defaultMaxRequestsPerConnection(512), "1,024 at least, doubled");
        assertEquals(8192, m.defaultMaxRequestsPerConnection(4096), "twice the in-flight bound");
        assertEquals(ClusterSection.MOST_REQUESTS_PER_CONNECTION, m.defaultMaxRequestsPerConnection(1 << 20));
        assertEquals(2_000_000, m.defaultCacheMaxEntries());
        assertEquals(16, m.defaultRedisPool(16));
        assertFalse(m.primesCacheByDefault(true, CacheKind.GUAVA, Sink.CASSANDRA));
    }

    @Test
    void itRefusesTheDriversRetriesButNotALargePlan() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> pipelined().retries(ClusterSection.DRIVER_RETRIES).build());
        assertEquals("--retries driver: only with --writer opennms (the pipelined writer retries itself, counting "
                + "each retry)", e.getMessage());
        pipelined().groups(40).attributes(40).maxBatchSize(1).build();
    }

    @Test
    void itSaysWhichOptionsItIgnores() {
        StressConfig c = pipelined().maxBatchSize(8).maxInFlight(64).build();
        assertEquals(List.of("--max-batch-size"), List.copyOf(m.unusedOptions(c)));
        assertEquals(List.of("warning: --max-batch-size applies to --writer opennms only: ignored with --writer "
                + "pipelined"), c.warnings());
        assertEquals(List.of(), m.warnings(pipelined().writeConsistency("QUORUM").build()));
    }

    @Test
    void itsFactsForTheDriverAndTheJudges() {
        assertFalse(m.retriesInDriver());
        assertTrue(m.idempotentWrites());
        assertEquals("this tool's pipelined writer, options given win", m.driverDefaultsFrom());
        assertEquals(1, m.eventsPerGroupCommit());
        assertEquals("QUORUM", m.samplesConsistency("QUORUM"));
        assertFalse(m.indexesInline());
        assertFalse(m.cacheIsOpenNmsCache());
        assertEquals(WriterModel.AdviceVocabulary.TOOL_OPTIONS, m.advice());
        assertEquals(WriterModels.Role.CANDIDATE, m.role());
        assertEquals("pipelined", m.label());
        assertTrue(m.description().startsWith("this tool's design"));
    }
}
