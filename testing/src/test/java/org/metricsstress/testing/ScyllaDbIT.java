package org.metricsstress.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.github.dockerjava.api.command.PullImageResultCallback;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.metricsstress.result.StressResult;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.scylladb.ScyllaDBContainer;
import org.testcontainers.utility.DockerImageName;

/**
 * The Newts schema and a run on ScyllaDB. ScyllaDB images cannot be built from Debian's packages,
 * so this runs only where a {@code scylladb/scylla} image is on the engine or can be pulled, and is
 * reported as not run, with the reason, elsewhere (also under CI=true: a missing image is not a
 * broken machine).
 */
@RequiresDocker
class ScyllaDbIT {

    private static void requireImage() {
        if (Images.present(Images.SCYLLA)) {
            return;
        }
        DockerImageName name = DockerImageName.parse(Images.SCYLLA);
        String why;
        try {
            boolean done = DockerClientFactory.instance().client().pullImageCmd(name.getUnversionedPart())
                    .withTag(name.getVersionPart()).exec(new PullImageResultCallback())
                    .awaitCompletion(120, TimeUnit.SECONDS);
            why = done ? null : "pulling it took over 120 s";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            why = "interrupted while pulling";
        } catch (RuntimeException e) {
            why = "the pull failed: " + e.getClass().getSimpleName();
        }
        String reason = why;
        if (reason != null) {
            String line = "not run: no " + Images.SCYLLA + " image on the engine and none could be pulled (" + reason
                    + "); ScyllaDB images cannot be built here";
            System.out.println(line);
            Assumptions.abort(line);
        }
    }

    @Test
    void theNewtsSchemaIsAcceptedAndARunBalancesOnScyllaDb() throws Exception {
        requireImage();
        try (ScyllaDBContainer scylla = new ScyllaDBContainer(
                DockerImageName.parse(Images.SCYLLA).asCompatibleSubstituteFor("scylladb/scylla"))) {
            scylla.start();
            StressTarget target = MetricsStress.on(scylla);
            StressResult r = target.run(Plans.oneCollection("tc_scylla"));
            assertTrue(r.auditBalances(), "unaccounted " + r.unaccounted());
            assertEquals(r.generated(), r.written(), "failures: " + r.failedByClass());
            assertEquals(Plans.INDEX_ROWS, r.index().rowsWritten());
            try (CqlSession s = Plans.session(target)) {
                assertEquals(r.written(), Plans.count(s, "SELECT COUNT(*) FROM tc_scylla.samples"));
                Map<String, String> compaction = s.execute("SELECT compaction FROM system_schema.tables WHERE "
                        + "keyspace_name = 'tc_scylla' AND table_name = 'samples'").one()
                        .getMap(0, String.class, String.class);
                assertTrue(compaction.get("class").endsWith("TimeWindowCompactionStrategy"), compaction.toString());
            }
        }
    }
}
