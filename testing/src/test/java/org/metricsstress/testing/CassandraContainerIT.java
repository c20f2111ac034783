package org.metricsstress.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.metricsstress.result.StressResult;
import org.testcontainers.cassandra.CassandraContainer;

/**
 * A run against a Cassandra container that Testcontainers' own {@link CassandraContainer} starts with
 * its defaults (a longer startup timeout aside), as a user's test would (the suite's
 * {@link SharedCassandra}); and the same plan on a child-JVM node, which must write the same rows.
 */
@RequiresDocker
class CassandraContainerIT {
    private static CassandraContainer cassandra;

    @BeforeAll
    static void node() {
        cassandra = SharedCassandra.get();
    }

    @Test
    void aRunWritesEveryRowItCountsAndIndexesEveryResource() throws Exception {
        StressTarget target = MetricsStress.on(cassandra);
        StressResult r = target.run(Plans.oneCollection("tc_write"));
        assertEquals(Plans.SAMPLES, r.generated());
        assertEquals(r.generated(), r.written());
        assertEquals(0, r.failed(), "failures: " + r.failedByClass());
        assertTrue(r.auditBalances(), "unaccounted " + r.unaccounted());
        assertEquals(Plans.INDEX_ROWS, r.index().rowsWritten());
        assertEquals(Plans.RESOURCES, r.index().resourcesIndexed());
        try (CqlSession s = Plans.session(target)) {
            assertEquals(r.written(), Plans.count(s, "SELECT COUNT(*) FROM tc_write.samples"));
            assertEquals(Plans.METRIC_ROWS, Plans.count(s, "SELECT COUNT(*) FROM tc_write.resource_metrics"));
            assertEquals(Plans.ATTRIBUTE_ROWS, Plans.count(s, "SELECT COUNT(*) FROM tc_write.resource_attributes"));
            assertEquals(Plans.TERM_ROWS, Plans.count(s, "SELECT COUNT(*) FROM tc_write.terms"));
        }
    }

    @Test
    void theChildJvmNodeAndTheContainerWriteTheSameRowsForTheSamePlan() throws Exception {
        StressTarget container = MetricsStress.on(cassandra);
        StressResult inContainer = container.run(Plans.oneCollection("tc_agree"));
        try (LocalStressCluster jvm = MetricsStress.embedded("dc1:1")) {
            StressResult inJvm = jvm.run(Plans.oneCollection("tc_agree"));
            assertEquals(inJvm.generated(), inContainer.generated());
            assertEquals(inJvm.written(), inContainer.written());
            assertEquals(inJvm.index().rowsWritten(), inContainer.index().rowsWritten());
            try (CqlSession c = Plans.session(container); CqlSession j = Plans.session(jvm)) {
                assertEquals(Plans.count(j, "SELECT COUNT(*) FROM tc_agree.samples"),
                        Plans.count(c, "SELECT COUNT(*) FROM tc_agree.samples"));
                // The index rows hold no time: the two clusters must hold exactly the same ones.
                for (String table : List.of("tc_agree.terms", "tc_agree.resource_attributes",
                        "tc_agree.resource_metrics")) {
                    List<String> fromJvm = Plans.rows(j, table);
                    assertTrue(!fromJvm.isEmpty(), table + " is empty");
                    assertEquals(fromJvm, Plans.rows(c, table), table);
                }
            }
        }
    }
}
