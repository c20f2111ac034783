package org.metricsstress.itests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.metricsstress.config.CacheKind;
import org.metricsstress.config.ContactPoint;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.api.StressRun;
import org.metricsstress.result.StressResult;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.commands.ProtocolCommand;

/**
 * The indexer and the resource caches against a real Cassandra node and a real Redis server: the
 * pipelined writer's index stage and caches, and the OpenNMS writer's Redis cache as OpenNMS talks to it.
 *
 * <p>The plan: 10 nodes x 2 interfaces x 5 groups, 10 metrics and 2 strings per group: 100 group
 * resources and 20 interface resources. Index rows for a cold start, as OpenNMS writes them
 * (IndexRules), with OpenNMS's default ids ({@code snmp:<node>:tap<i>:group<g>}, 4 elements): a
 * group resource 14 attributes (10 metric ids, _idx0.._idx3), each a term and an attribute row, and
 * 10 metric rows = 38, and its 2 strings on its interface (a term and an attribute row each) = 4; an
 * interface resource its "strings" metric row; 100 x 42 + 20 = 4,220.
 */
@ExtendWith(CassandraExtension.class)
class IndexingIT {
    private static final long COLD_ROWS = 4_220;

    private static StressConfig.Builder plan(CassandraServer server, String keyspace) {
        return StressConfig.builder()
                .contactPoints(List.of(new ContactPoint(server.cqlAddress().getHostString(), server.cqlAddress().getPort())))
                .keyspace(keyspace).writer(Writer.PIPELINED)
                .nodes(10).interfaces(2).groups(5).attributes(10).strings(2)
                .interval(Duration.ofSeconds(2))
                .reportInterval(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(2)); // one full collection
    }

    private static StressResult run(StressConfig config) throws Exception {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        StressResult r = new StressRun(config, new PrintStream(buf, true, StandardCharsets.UTF_8)).execute().result();
        System.out.println(buf.toString(StandardCharsets.UTF_8));
        assertTrue(r.auditBalances(), "audit: unaccounted " + r.unaccounted());
        return r;
    }

    /** The run on a thread of its own, so the test can act on Redis meanwhile. */
    private static java.util.concurrent.CompletableFuture<StressResult> inBackground(StressConfig config) {
        return java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return run(config);
            } catch (Exception e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        });
    }

    private static void assertColdIndex(StressResult r) {
        assertEquals(0, r.index().deferred(), "deferred resources make the count inexact");
        assertEquals(0, r.index().requestsFailed());
        assertEquals(120, r.index().resourcesWritten());
        assertEquals(COLD_ROWS, r.index().rowsWritten());
        assertEquals(120, r.index().resourcesInPlan());
        assertEquals(120, r.index().resourcesIndexed());
        assertTrue(r.index().secondsToComplete() >= 0);
    }

    @Test
    void aColdStartIndexesEveryResourceOnceWithTheNewtsRows(CassandraServer server) throws Exception {
        StressResult r = run(plan(server, "ix_cold").build());
        assertEquals(1_000, r.written()); // one interval: 100 group resources x 10 samples
        assertColdIndex(r);
        try (CqlSession s = Cql.session(server)) {
            assertEquals(100 * 10 + 20, Cql.count(s, "SELECT COUNT(*) FROM ix_cold.resource_metrics"));
            assertEquals(100 * 14 + 20 * 5 * 2, Cql.count(s, "SELECT COUNT(*) FROM ix_cold.resource_attributes"));
            assertEquals(100 * 14 + 20 * 5 * 2, Cql.count(s, "SELECT COUNT(*) FROM ix_cold.terms"));
            // The hot partition OpenNMS's rows make: every group resource in one _idx0 term.
            assertEquals(100, Cql.count(s, "SELECT COUNT(*) FROM ix_cold.terms WHERE context = 'G' AND field = '_idx0' "
                    + "AND value = '(snmp,4)'"));
            assertEquals(0, Cql.count(s, "SELECT COUNT(*) FROM ix_cold.terms WHERE context = 'G' AND field = '_parent' "
                    + "AND value = '_root'"), "no hierarchical terms: OpenNMS turns them off");
            // resource_metrics has only key columns, which have no TTL of their own to read back.
            int ttl = s.execute("SELECT ttl(value) FROM ix_cold.resource_attributes LIMIT 1").one().getInt(0);
            assertTrue(ttl > 31_540_000 - 600, "index rows carry the TTL: " + ttl);
        }
    }

    @Test
    void aPrimedWarmRestartWritesNoIndexRows(CassandraServer server) throws Exception {
        assertColdIndex(run(plan(server, "ix_warm").build()));
        StressResult warm = run(plan(server, "ix_warm").primeCache(true).build());
        assertEquals(100, warm.index().primedGroupResources());
        assertEquals(20, warm.index().primedInterfaceResources());
        assertEquals(0, warm.index().rowsWritten());
        assertEquals(0, warm.index().requests());
        assertEquals(120, warm.index().resourcesIndexed());
        assertEquals(1.0, warm.cache().hitRatio());
    }

    @Test
    void withoutPrimingARestartIndexesAgain(CassandraServer server) throws Exception {
        run(plan(server, "ix_unprimed").build());
        StressResult again = run(plan(server, "ix_unprimed").build());
        assertEquals(COLD_ROWS, again.index().rowsWritten(), "the in-memory cache starts empty");
    }

    @Test
    void aRedisCacheSurvivesTheRunAndTheNextRunWritesNoIndexRows(CassandraServer server) throws Exception {
        try (TestRedis redis = new TestRedis()) {
            StressConfig.Builder b = plan(server, "ix_redis").cache(CacheKind.REDIS).redisUri(redis.uri());
            StressResult cold = run(b.build());
            assertColdIndex(cold);
            assertEquals(120, cold.cache().puts());
            StressResult warm = run(b.build());
            assertEquals(0, warm.index().rowsWritten());
            assertEquals(120, warm.index().resourcesIndexed());
            assertEquals(0, warm.cache().errors());
        }
    }

    @Test
    void theOpenNmsWritersRedisCacheIsAskedThreeTimesPerSampleUnderOpenNmsKeys(CassandraServer server) throws Exception {
        try (TestRedis redis = new TestRedis();
                redis.clients.jedis.Jedis jedis = new redis.clients.jedis.Jedis(redis.uri())) {
            jedis.configResetStat();
            StressConfig.Builder b = plan(server, "ix_onms_redis").writer(Writer.OPENNMS).cache(CacheKind.REDIS)
                    .redisUri(redis.uri());
            StressResult cold = run(b.build());
            assertEquals(1_000, cold.written());
            assertEquals(0, cold.index().requestsFailed());
            // 100 group commits: 3 GETs per sample (10 each) and a GET to merge; their 100 index-only
            // events: 3 GETs each and a GET to merge (each brings its group's strings, new).
            assertEquals(100 * (3 * 10 + 1) + 100 * (3 + 1), gets(jedis));
            // OpenNMS's keys, after this keyspace's name: OpenNMS has one keyspace (newts, unprefixed).
            assertTrue(jedis.exists("ix_onms_redis:_M:G:snmp:0:tap0:group0"), "OpenNMS's key of a group resource");
            assertTrue(jedis.exists("ix_onms_redis:_M:G:snmp:0:tap0"), "and of an interface resource");
            assertEquals(-1, jedis.ttl("ix_onms_redis:_M:G:snmp:0:tap0:group0"), "no Redis TTL, as OpenNMS's");
            assertTrue(jedis.llen("ix_onms_redis:_S:G:snmp:3") >= 2 + 10, "the search list of node 3: its interfaces and groups");
            StressResult warm = run(b.build());
            // Warm from Redis: the group resources need nothing; an interface whose merges raced
            // (GET, merge, SET: OpenNMS's own race) may write its lost group's strings again.
            assertTrue(warm.index().rowsWritten() < cold.index().rowsWritten() / 10,
                    "warm rows " + warm.index().rowsWritten() + " of " + cold.index().rowsWritten());
            assertEquals(0, warm.dropped() + warm.failed());
            // Another keyspace on the same Redis finds none of those entries: it writes its own rows.
            StressResult other = run(plan(server, "ix_onms_redis_2").writer(Writer.OPENNMS).cache(CacheKind.REDIS)
                    .redisUri(redis.uri()).build());
            // (Before the keys carried the keyspace, it found them warm and wrote none.)
            assertTrue(other.index().rowsWritten() >= cold.index().rowsWritten() * 9 / 10,
                    "a fresh keyspace is cold: " + other.index().rowsWritten() + " rows of " + cold.index().rowsWritten());
        }
    }

    /**
     * Current OpenNMS primes its Guava cache from the index tables at start: a restart against an
     * indexed keyspace writes no index rows for the resources it knows. The field's release did not
     * (--no-prime-cache): it indexes everything again.
     */
    @Test
    void theOpenNmsWriterPrimesFromAnIndexedKeyspaceAsCurrentOpenNmsAndNotAsTheFieldsRelease(CassandraServer server)
            throws Exception {
        StressConfig.Builder b = plan(server, "ix_onms_primed").writer(Writer.OPENNMS).cacheMaxEntries(1_000);
        StressResult first = run(b.build());
        assertTrue(first.config().get("prime-cache") instanceof Boolean primes && primes, "priming is the default");
        assertEquals(0, first.index().primedGroupResources() + first.index().primedInterfaceResources(),
                "an empty keyspace primes nothing");
        assertEquals(120, first.index().resourcesIndexed());
        assertTrue(first.index().rowsWritten() > 0);

        StressResult restart = run(b.build());
        assertEquals(100, restart.index().primedGroupResources());
        assertEquals(20, restart.index().primedInterfaceResources());
        assertTrue(restart.index().primingSeconds() > 0, "the time priming took is reported");
        assertEquals(0, restart.index().rowsWritten(), "no index rows for resources the primed cache knows");
        assertEquals(120, restart.index().resourcesIndexed());
        assertEquals(1_000, restart.written());

        StressResult fieldRelease = run(b.primeCache(false).build());
        assertEquals(0, fieldRelease.index().primedGroupResources());
        // Every resource again; the rows within 1 % of the first cold run's, not to the row: two of the
        // 16 workers may index one interface resource at once and both write its row, as OpenNMS's
        // do (4,220 against 4,221 in a CI run).
        assertTrue(fieldRelease.index().resourcesWritten() >= 120, "a cold start indexes every resource again: "
                + fieldRelease.index().resourcesWritten());
        assertEquals(first.index().rowsWritten(), fieldRelease.index().rowsWritten(), first.index().rowsWritten() / 100.0,
                "a cold start writes the index rows again");
    }

    /** GET calls Redis has answered since its statistics were reset (INFO commandstats). */
    private static long gets(redis.clients.jedis.Jedis jedis) {
        String stats = jedis.info("commandstats");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("cmdstat_get:calls=(\\d+)").matcher(stats);
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    @Test
    void aCacheSmallerThanThePlanEvictsAndIndexesAgainWithoutFailing(CassandraServer server) throws Exception {
        StressResult r = run(plan(server, "ix_small").cacheMaxEntries(40).duration(Duration.ofSeconds(6)).build());
        assertTrue(r.cache().evictions() > 0, "no evictions");
        assertTrue(r.cache().size() <= 40);
        assertTrue(r.index().rowsWritten() > COLD_ROWS, "evicted resources must be indexed again");
        assertEquals(0, r.index().requestsFailed());
        assertEquals(120, r.index().resourcesIndexed());
        assertEquals(0, r.failed());
    }

    @Test
    void losingRedisMidRunCountsErrorsTheRunCompletesAndTheCacheRecovers(CassandraServer server) throws Exception {
        try (TestRedis redis = new TestRedis()) {
            StressConfig config = plan(server, "ix_redis_lost").cache(CacheKind.REDIS).redisUri(redis.uri())
                    .interval(Duration.ofSeconds(1)).duration(Duration.ofSeconds(10)).build();
            java.util.concurrent.CompletableFuture<StressResult> running = inBackground(config);
            // Lost once the run uses the cache (not while it connects), back 2 s later, empty.
            try (Jedis admin = new Jedis("127.0.0.1", redis.uri().getPort(), 5_000)) {
                long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
                while (admin.dbSize() == 0 && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertTrue(admin.dbSize() > 0, "the run never used the cache");
            }
            redis.stop();
            Thread.sleep(2_000);
            redis.start();
            StressResult r = running.get(120, java.util.concurrent.TimeUnit.SECONDS);
            assertTrue(r.cache().errors() > 0, "no cache errors counted");
            assertEquals(0, r.failed(), "samples do not depend on the cache");
            assertEquals(r.generated(), r.written());
            assertEquals(120, r.index().resourcesIndexed());
            // Back, the cache is used again: the returned (empty) Redis holds entries put after it came back.
            assertTrue(r.cache().size() > 0, "the cache did not recover: size " + r.cache().size());
            try (Jedis admin = new Jedis("127.0.0.1", redis.uri().getPort(), 5_000)) {
                assertTrue(admin.dbSize() > 0, "nothing was put after Redis returned");
            }
        }
    }

    @Test
    void noIndexWritesSamplesOnly(CassandraServer server) throws Exception {
        StressResult r = run(plan(server, "ix_none").index(false).build());
        assertEquals(false, r.index().enabled());
        try (CqlSession s = Cql.session(server)) {
            assertEquals(r.written(), Cql.count(s, "SELECT COUNT(*) FROM ix_none.samples"));
            assertEquals(0, Cql.count(s, "SELECT COUNT(*) FROM ix_none.resource_metrics"));
            assertEquals(0, Cql.count(s, "SELECT COUNT(*) FROM ix_none.terms"));
        }
    }

    @Test
    void aSlowRedisDelaysIndexingButNotSampleWrites(CassandraServer server) throws Exception {
        try (TestRedis redis = new TestRedis();
                Jedis admin = new Jedis("127.0.0.1", redis.uri().getPort(), 10_000)) {
            // 200 group resources every second, one report line a second, for 10 s.
            StressConfig config = plan(server, "ix_redis_slow").nodes(20).interval(Duration.ofSeconds(1))
                    .duration(Duration.ofSeconds(10)).cache(CacheKind.REDIS).redisUri(redis.uri()).build();
            java.util.concurrent.CompletableFuture<StressResult> running = inBackground(config);
            // Once the cache is in use, Redis stops answering anyone for 3 s (its lookups then
            // wait for the cache's 2 s timeout).
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
            while (admin.dbSize() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(admin.dbSize() > 0, "the run never used the cache");
            long sleepFrom = System.currentTimeMillis();
            ProtocolCommand debug = () -> "DEBUG".getBytes(StandardCharsets.US_ASCII);
            admin.sendCommand(debug, "SLEEP", "3");
            long sleepTo = System.currentTimeMillis();
            StressResult r = running.get(120, java.util.concurrent.TimeUnit.SECONDS);

            long start = java.time.Instant.parse(r.startedAt()).toEpochMilli();
            int inside = 0;
            for (org.metricsstress.result.IntervalStats i : r.intervals()) {
                long to = start + (long) (i.elapsedSeconds() * 1000);
                long from = to - (long) (i.intervalSeconds() * 1000);
                if (from >= sleepFrom + 200 && to <= sleepTo - 200) {
                    inside++;
                    assertTrue(i.written() > 0, "no samples written in " + from + ".." + to
                            + " while Redis slept " + sleepFrom + ".." + sleepTo);
                }
            }
            assertTrue(inside >= 1, "no report interval fell inside the sleep: the test proved nothing");
            assertTrue(r.cache().slowLookups() > 0, "the lookups Redis sat on are counted as slow");
            assertEquals(0, r.dropped() + r.failed(), "the slow cache cost no sample");
            assertEquals(r.generated(), r.written());
        }
    }

    @Test
    void aPasswordInTheRedisUriAppearsNowhere(CassandraServer server, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        String secret = "s3cret-in-the-uri";
        try (TestRedis redis = new TestRedis(secret)) {
            java.net.URI uri = java.net.URI.create("redis://:" + secret + "@127.0.0.1:" + redis.uri().getPort());
            StressConfig config = plan(server, "ix_redis_secret").cache(CacheKind.REDIS).redisUri(uri)
                    .resultJson(dir.resolve("result.json")).reportHtml(dir.resolve("report.html")).build();
            ByteArrayOutputStream console = new ByteArrayOutputStream();
            StressResult r = new StressRun(config, new PrintStream(console, true, StandardCharsets.UTF_8)).execute().result();
            assertEquals(r.generated(), r.written(), "the password in the URI was used: the cache worked");
            assertTrue(r.cache().puts() > 0, "nothing reached the password-protected Redis");
            String text = console.toString(StandardCharsets.UTF_8);
            assertTrue(text.contains("resource cache: redis"), text);
            for (String where : List.of(text, java.nio.file.Files.readString(dir.resolve("result.json")),
                    java.nio.file.Files.readString(dir.resolve("report.html")), config.toString())) {
                assertTrue(!where.contains(secret), "the password leaked into: " + where.substring(0, Math.min(200, where.length())));
            }
        }
        // A bad value with a password: the one-line error does not repeat it.
        org.metricsstress.config.ConfigException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.metricsstress.config.ConfigException.class, () -> org.metricsstress.config.StressOptions
                        .byName("--redis").apply(StressConfig.builder(), "redis://:" + secret + "@cache:port"));
        assertTrue(!e.getMessage().contains(secret), e.getMessage());
    }
}
