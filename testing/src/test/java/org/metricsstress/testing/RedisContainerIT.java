package org.metricsstress.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.CacheKind;
import org.metricsstress.result.StressResult;
import org.testcontainers.cassandra.CassandraContainer;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;

/** The Redis resource cache in a container: a cold run fills it, the next run finds every resource. */
@RequiresDocker
@Testcontainers
class RedisContainerIT {
    private static CassandraContainer cassandra;

    @Container
    static final GenericContainer<?> REDIS = new GenericContainer<>(DockerImageName.parse(Images.REDIS))
            .withExposedPorts(6379);

    @BeforeAll
    static void node() {
        cassandra = SharedCassandra.get();
    }

    @Test
    void aColdRunFillsTheRedisCacheAndAWarmRunWritesNoIndexRows() throws Exception {
        java.net.URI uri = java.net.URI.create("redis://" + REDIS.getHost() + ":" + REDIS.getMappedPort(6379));
        StressTarget target = MetricsStress.on(cassandra);
        StressResult cold = target.run(b -> Plans.oneCollection("tc_redis").apply(b).cache(CacheKind.REDIS).redisUri(uri));
        assertTrue(cold.auditBalances());
        assertEquals(Plans.INDEX_ROWS, cold.index().rowsWritten());
        assertEquals(Plans.RESOURCES, cold.cache().puts());
        assertEquals(0, cold.cache().errors());

        StressResult warm = target.run(b -> Plans.oneCollection("tc_redis").apply(b).cache(CacheKind.REDIS).redisUri(uri));
        assertTrue(warm.auditBalances());
        assertEquals(warm.generated(), warm.written());
        assertEquals(0, warm.index().rowsWritten(), "every resource was in Redis already");
        assertEquals(Plans.RESOURCES, warm.index().resourcesIndexed());
        assertEquals(0, warm.cache().errors());
    }
}
