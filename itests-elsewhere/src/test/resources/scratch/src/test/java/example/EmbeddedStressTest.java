package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.metricsstress.result.StressResult;
import org.metricsstress.testing.LocalStressCluster;
import org.metricsstress.testing.MetricsStress;

class EmbeddedStressTest {
    @Test
    void theServersJarsStayOffThisClasspath() {
        // They run in the node's own JVM: here their Netty and Guava would clash with the driver's.
        assertNull(getClass().getClassLoader().getResource("org/apache/cassandra/service/CassandraDaemon.class"),
                "cassandra-all is on the classpath");
        // Without our dependencyManagement, Maven's nearest-wins once gave the driver's older jackson-core.
        assertEquals(com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString(),
                com.fasterxml.jackson.core.json.PackageVersion.VERSION.toString(), "jackson-core beside jackson-databind");
    }

    @Test
    void oneEmbeddedNodeTakesEverySample() throws Exception {
        try (LocalStressCluster cassandra = MetricsStress.embedded("dc1:1")) {
            StressResult r = cassandra.run(b -> b.nodes(20).interval(Duration.ofSeconds(10))
                    .duration(Duration.ofSeconds(5)));
            assertTrue(r.auditBalances(), r.auditGaps());
            assertTrue(r.written() > 0, "nothing written");
        }
    }
}
