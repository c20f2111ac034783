package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.metricsstress.api.ExitCode;
import org.metricsstress.api.Outcome;
import org.metricsstress.api.StressRun;
import org.metricsstress.config.CacheKind;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.result.StressResult;

/**
 * The client's side of the verdict on real servers, each fault made by the test and judged from
 * what the run measured, beside a control run of the same plan that must not name it: a Redis the
 * test keeps asleep ({@code DEBUG SLEEP 0.05} in a loop) is the cache's limit for OpenNMS's writer,
 * whose workers wait on it, while the pipelined writer, which asks it beside the samples' path,
 * shows its latency in the evidence; the driver's pool cut to 64 requests a connection under
 * OpenNMS's sixteen workers is the pool's limit, not the cluster's, and a pool of 4 still gets past
 * the schema step; bursts that outrun a ring of 256 events are the ring's, a ring of 8,192 holds
 * them.
 */
@ExtendWith(CassandraExtension.class)
@Acceptance
class ClientFaultsIT {

    private static StressConfig.Builder plan(CassandraServer server, String keyspace) {
        return StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .localDc(server.datacenter()).keyspace(keyspace).nodes(50).interfaces(10).groups(5).attributes(10)
                .strings(0).interval(Duration.ofSeconds(10)).reportInterval(Duration.ofSeconds(2));
    }

    private static Outcome run(StressConfig config) throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Outcome o = new StressRun(config, new PrintStream(buf, true, StandardCharsets.UTF_8)).execute();
        System.out.println(buf.toString(StandardCharsets.UTF_8));
        return o;
    }

    @Test
    void aRedisKeptAsleepIsTheCachesLimitForOpenNmsWriterAndNamedInThePipelinedOnesEvidence(CassandraServer server)
            throws Exception {
        try (TestRedis redis = new TestRedis()) {
            // 20 nodes: OpenNMS's writer asks Redis a GET per question, thirty round trips an update one
            // after the other, so a loaded machine alone makes a bigger plan wait on an undisturbed Redis.
            StressResult control = run(plan(server, "it_faults_redis").nodes(20).cache(CacheKind.REDIS)
                    .redisUri(redis.uri()).duration(Duration.ofSeconds(12)).build()).result();
            assertNotEquals("CACHE_SLOW", control.verdict().kind(), control.verdict().message());

            AtomicBoolean asleep = new AtomicBoolean(true);
            AtomicLong sleeps = new AtomicLong();
            Thread t = RedisSleeper.start(redis, asleep, sleeps);
            StressResult opennms;
            StressResult pipelined;
            try {
                opennms = run(plan(server, "it_faults_redis_slow").nodes(20).cache(CacheKind.REDIS)
                        .redisUri(redis.uri()).duration(Duration.ofSeconds(12)).build()).result();
                pipelined = run(plan(server, "it_faults_redis_slow_pipelined").nodes(20).writer(Writer.PIPELINED)
                        .cache(CacheKind.REDIS).redisUri(redis.uri()).duration(Duration.ofSeconds(12)).build()).result();
            } finally {
                asleep.set(false);
                t.join(5_000);
            }
            assertTrue(sleeps.get() > 100, "the fault was made: " + sleeps.get() + " sleeps");
            assertEquals("CACHE_SLOW", opennms.verdict().kind(), opennms.verdict().message());
            assertTrue(opennms.cache().slowLookups() > 0, opennms.cache().toString());
            // The pipelined writer looks up beside the samples' path: it may keep up through the same
            // fault, never blaming the cluster for it, and its evidence carries the cache's latency.
            assertNotEquals("CLUSTER_BEHIND", pipelined.verdict().kind(), pipelined.verdict().message());
            assertTrue(pipelined.verdict().evidence().stream().anyMatch(l -> l.startsWith("cache: ") && l.contains("lookups p50")),
                    pipelined.verdict().evidence().toString());
        }
    }

    @Test
    void burstsThatOutrunASmallRingAreTheRings(CassandraServer server) throws Exception {
        // Each interval's 2,500 commits at its start (-b), 5,000 events for OpenNMS's ring: 256 slots
        // drop most of the burst while the workers, without index writes, have time to spare.
        StressResult control = run(plan(server, "it_faults_ring").index(false).burst(true)
                .duration(Duration.ofSeconds(8)).build()).result();
        assertNotEquals("RING_TOO_SMALL", control.verdict().kind(), control.verdict().message());
        assertEquals(0, control.dropped(), control.verdict().message());

        StressResult small = run(plan(server, "it_faults_ring_small").index(false).burst(true).ringSize(256)
                .duration(Duration.ofSeconds(8)).build()).result();
        assertEquals("RING_TOO_SMALL", small.verdict().kind(), small.verdict().message());
        assertTrue(small.dropped() > 0);
        assertNotNull(small.advice().get("org.opennms.newts.config.ring_buffer_size"), small.advice().toString());
    }

    @Test
    void aDriverPoolTooSmallForTheWorkersIsThePoolAndASmallerOneStillSetsUpTheSchema(CassandraServer server)
            throws Exception {
        StressResult control = run(plan(server, "it_faults_pool").duration(Duration.ofSeconds(8)).build()).result();
        assertNotEquals("POOL_TOO_SMALL", control.verdict().kind(), control.verdict().message());
        assertEquals(0L, control.failedByClass().getOrDefault("pool", 0L), control.failedByClass().toString());

        StressResult small = run(plan(server, "it_faults_pool_small").maxRequestsPerConnection(64)
                .duration(Duration.ofSeconds(8)).build()).result();
        assertEquals("POOL_TOO_SMALL", small.verdict().kind(), small.verdict().message());
        assertTrue(small.failedByClass().getOrDefault("pool", 0L) > 0, small.failedByClass().toString());
        assertNotNull(small.advice().get("org.opennms.newts.config.max-requests-per-connection"), small.advice().toString());

        Outcome tiny = run(plan(server, "it_faults_pool_tiny").maxRequestsPerConnection(4).nodes(5)
                .duration(Duration.ofSeconds(3)).build());
        assertNotEquals(ExitCode.CLUSTER, tiny.exitCode(), "past the schema step: " + tiny.problem());
        assertTrue(tiny.result().auditBalances(), tiny.result().auditGaps());
    }
}
