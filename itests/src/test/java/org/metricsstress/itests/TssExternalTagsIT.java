package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.metricsstress.api.Outcome;
import org.metricsstress.cluster.postgres.LocalPostgres;
import org.metricsstress.cluster.tsdb.LocalTsdb;
import org.metricsstress.result.RemoteWriteSummary;
import org.metricsstress.result.StressResult;

/**
 * The plugin's external-tags lookups against a real PostgreSQL (Debian's, started here): every
 * lookup its cache did not answer is a read of the store, none is left unmade, and the store ends
 * with OpenNMS's one record per series (context CORTEX_TSS, key the series' identity) for every
 * series written. Two bursts of 10,000 series through the default 1,000-entry cache, so the second
 * misses too and reads records the first wrote.
 */
class TssExternalTagsIT {
    private static final int SERIES = 20 * 10 * 5 * 10;

    @Test
    void everyCacheMissIsAStoreReadAndTheStoreHoldsOneRecordPerSeries() throws Exception {
        try (LocalPostgres postgres = LocalPostgres.start();
                LocalTsdb prometheus = LocalTsdb.start(LocalTsdb.Kind.PROMETHEUS, System.out)) {
            Outcome o = TssRuns.run(TssRuns.plan(prometheus.writeUrl()).burst(true).interval(Duration.ofSeconds(5))
                    .duration(Duration.ofSeconds(6)).tssExternalTagsStore(postgres.url()).build());
            StressResult r = o.result();
            assertNotNull(r, o.problem());
            assertTrue(r.auditBalances(), r.auditGaps());
            assertEquals(2L * SERIES, r.generated(), "two bursts of the plan");
            assertEquals(r.generated(), r.written(), r.failedByClass().toString());

            RemoteWriteSummary.ExternalTagsSummary tags = r.remoteWrite().externalTags();
            assertNotNull(tags, r.remoteWrite().toString());
            assertEquals(1000, tags.cacheSize());
            assertTrue(tags.storeReads() > 0, tags.toString());
            assertEquals(tags.cacheMisses(), tags.storeReads(), "every miss read the store: " + tags);
            assertEquals(0, tags.notMade(), tags.toString());
            assertEquals(r.written(), tags.cacheHits() + tags.cacheMisses(), "one lookup per sample written: " + tags);
            assertTrue(tags.store().contains("127.0.0.1:" + postgres.port()), tags.store());

            try (Connection c = DriverManager.getConnection(postgres.jdbcUrl());
                    PreparedStatement s = c.prepareStatement(
                            "SELECT count(*), count(DISTINCT key) FROM kvstore_jsonb WHERE context = 'CORTEX_TSS'");
                    ResultSet rs = s.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(SERIES, rs.getLong(1), "one record per series written");
                assertEquals(SERIES, rs.getLong(2));
            }
        }
    }
}
