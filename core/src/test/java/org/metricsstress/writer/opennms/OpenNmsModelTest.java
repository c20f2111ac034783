package org.metricsstress.writer.opennms;

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

/** OpenNMS's writer model answers as OpenNMS runs: its defaults, its limits, its facts. */
class OpenNmsModelTest {
    private final OpenNmsModel m = new OpenNmsModel();

    private StressConfig.Builder opennms() {
        return StressConfig.builder().writer(m);
    }

    @Test
    void itsDefaultsAreOpenNmsAndTheDrivers() {
        assertEquals("ANY", m.defaultWriteConsistency());
        assertEquals(Duration.ofSeconds(2), m.defaultRequestTimeout());
        assertEquals(ClusterSection.DRIVER_RETRIES, m.defaultRetries());
        assertEquals(1024, m.defaultMaxRequestsPerConnection(4096), "Newts 3's session leaves the driver's");
        assertEquals(8_192, m.defaultCacheMaxEntries());
        assertEquals(64, m.defaultRedisPool(16));
    }

    @Test
    void itPrimesOnlyAnIndexingGuavaCacheThatReachesACluster() {
        assertTrue(m.primesCacheByDefault(true, CacheKind.GUAVA, Sink.CASSANDRA));
        assertFalse(m.primesCacheByDefault(true, CacheKind.REDIS, Sink.CASSANDRA));
        assertFalse(m.primesCacheByDefault(false, CacheKind.GUAVA, Sink.CASSANDRA));
        assertFalse(m.primesCacheByDefault(true, CacheKind.GUAVA, Sink.NULL));
    }

    @Test
    void itsCacheModelHoldsAtMost31GroupsAnd31ChunksAndTheDriversRetriesAreItsOwn() {
        ConfigException e = assertThrows(ConfigException.class, () -> opennms().groups(32).build());
        assertEquals("--writer opennms: its cache model holds at most 31 groups and 31 chunks of --max-batch-size "
                + "samples per group; got -g 32, -a 10", e.getMessage());
        assertThrows(ConfigException.class, () -> opennms().attributes(32).maxBatchSize(1).build());
        opennms().groups(31).attributes(31).maxBatchSize(1).build();
        m.checkRetries(ClusterSection.DRIVER_RETRIES);
    }

    @Test
    void itSaysWhichOptionsItIgnoresAndWhatItsWriteLevelReaches() {
        StressConfig c = opennms().maxInFlight(64).batchCommits(2).maxBatchSize(8).build();
        assertEquals(List.of("--batch-commits", "--max-in-flight"), List.copyOf(m.unusedOptions(c)));
        assertEquals(List.of("warning: --batch-commits, --max-in-flight apply to --writer pipelined only: ignored "
                + "with --writer opennms"), c.warnings());
        assertEquals(List.of(), m.warnings(opennms().writeConsistency("LOCAL_ONE").build()));
        assertTrue(m.warnings(opennms().writeConsistency("LOCAL_QUORUM").build()).get(0)
                .startsWith("warning: --write-cl LOCAL_QUORUM with --writer opennms sets the terms rows' level only"));
    }

    @Test
    void itsFactsForTheDriverAndTheJudges() {
        assertTrue(m.retriesInDriver());
        assertFalse(m.idempotentWrites());
        assertEquals("OpenNMS's: the driver's defaults, options given win", m.driverDefaultsFrom());
        assertEquals(2, m.eventsPerGroupCommit());
        assertEquals("LOCAL_ONE", m.samplesConsistency("QUORUM"));
        assertTrue(m.indexesInline());
        assertTrue(m.cacheIsOpenNmsCache());
        assertEquals(WriterModel.AdviceVocabulary.NEWTS_PROPERTIES, m.advice());
        assertEquals(WriterModels.Role.REFERENCE, m.role());
        assertEquals("opennms", m.label());
        assertTrue(m.description().startsWith("OpenNMS's NewtsWriter"));
    }
}
