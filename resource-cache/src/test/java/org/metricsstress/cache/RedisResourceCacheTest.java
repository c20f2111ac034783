package org.metricsstress.cache;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.args.ClientPauseMode;

/**
 * The contract against a real Redis server, plus what only Redis has: key layout, TTL, passwords,
 * and losing the server mid-run. Puts are asynchronous here; the contract waits with
 * {@link RedisResourceCache#flush()}.
 */
class RedisResourceCacheTest extends ResourceCacheContract<RedisResourceCache> {
    private static final String PREFIX = "ms:newts:G:";
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private static EmbeddedRedis redis;

    @BeforeAll
    static void startRedis() throws IOException {
        redis = EmbeddedRedis.start();
    }

    @AfterAll
    static void stopRedis() throws IOException {
        if (redis != null) {
            redis.close();
        }
    }

    @Override
    RedisResourceCache newCache() throws Exception {
        try (Jedis jedis = redis.client()) {
            jedis.flushAll();
        }
        return RedisResourceCache.open(settings(redis.uri(0), PREFIX, 0));
    }

    @Override
    void flush(RedisResourceCache cache) {
        cache.flush();
    }

    private static RedisSettings settings(URI uri, String prefix, long ttlSeconds) {
        return new RedisSettings(uri, null, 4, prefix, ttlSeconds, TIMEOUT);
    }

    /** The layout the cache promises, built independently of its own encoder. */
    private static byte[] rawKey(String prefix, long key) {
        byte[] p = prefix.getBytes(UTF_8);
        return ByteBuffer.allocate(p.length + Long.BYTES).put(p).putLong(key).array();
    }

    @Test
    void openingWhereNobodyListensFailsWithOneLineNamingHostAndPort() {
        int port = EmbeddedRedis.freePort();
        CacheUnavailableException e = assertThrows(CacheUnavailableException.class,
                () -> RedisResourceCache.open(settings(URI.create("redis://127.0.0.1:" + port), PREFIX, 0)));
        // A refused connection is said to be one, not waited out as a timeout (no clock needed to tell).
        assertTrue(e.getMessage().endsWith(": Connection refused"), "a refused connection, not a timeout: " + e);
        assertTrue(e.getMessage().startsWith("cannot reach Redis at 127.0.0.1:" + port + ": "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void entriesAreThePrefixPlusEightByteBigEndianKeyHoldingTheEightByteFingerprint() {
        cache.put(0x0102030405060708L, 0x1112131415161718L);
        cache.flush();
        try (Jedis jedis = redis.client()) {
            Set<byte[]> stored = jedis.keys((PREFIX + "*").getBytes(UTF_8));
            assertEquals(1, stored.size());
            byte[] expected = rawKey(PREFIX, 0x0102030405060708L);
            assertArrayEquals(expected, stored.iterator().next());
            assertArrayEquals(new byte[] {0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18}, jedis.get(expected));
            assertEquals(-1, jedis.ttl(expected), "no TTL unless asked for");
        }
    }

    @Test
    void everyEntryGetsTheTtl() throws Exception {
        try (RedisResourceCache expiring = RedisResourceCache.open(settings(redis.uri(0), "ms:ttl:", 100));
                Jedis jedis = redis.client()) {
            expiring.put(5, 55);
            expiring.put(6, 66);
            expiring.flush();
            for (long key : new long[] {5, 6}) {
                long ttl = jedis.ttl(rawKey("ms:ttl:", key));
                assertTrue(ttl > 90 && ttl <= 100, "ttl " + ttl);
            }
        }
    }

    @Test
    void cachesWithDifferentPrefixesShareADatabaseButNotEntries() throws Exception {
        try (RedisResourceCache other = RedisResourceCache.open(settings(redis.uri(0), "ms:newts:H:", 0))) {
            cache.put(1, 100);
            other.put(1, 200);
            other.put(2, 300);
            cache.flush();
            other.flush();
            assertArrayEquals(new long[] {100, ResourceCache.ABSENT}, lookup(1, 2));
            long[] out = new long[2];
            other.getAll(new long[] {1, 2}, 2, out);
            assertArrayEquals(new long[] {200, 300}, out);
            // DBSIZE counts the database, not the prefix: both see all three keys.
            cache.flush(); // counts again, now that the other cache's puts are stored too
            assertEquals(3, cache.size());
            assertEquals(3, other.size());
        }
    }

    @Test
    void aValueNotWrittenByACacheIsAMiss() {
        try (Jedis jedis = redis.client()) {
            jedis.set(rawKey(PREFIX, 9), "not a fingerprint".getBytes(UTF_8));
        }
        assertArrayEquals(new long[] {ResourceCache.ABSENT}, lookup(9));
        assertEquals(1, cache.stats().misses());
        assertEquals(0, cache.stats().errors());
    }

    @Test
    void aLookupOfManyKeysIsOneMget() {
        long[] keys = new long[500];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = keyOf(i);
        }
        try (Jedis jedis = redis.client()) {
            jedis.configResetStat();
            cache.getAll(keys, keys.length, new long[keys.length]);
            String commands = jedis.info("commandstats");
            assertTrue(commands.contains("cmdstat_mget:calls=1,"), commands);
            assertFalse(commands.contains("cmdstat_get:"), commands);
        }
    }

    @Test
    void aPasswordIsUsedButNeverShown() throws Exception {
        String secret = "s3cret-Pw";
        try (EmbeddedRedis locked = EmbeddedRedis.start("requirepass " + secret)) {
            String where = "127.0.0.1:" + locked.port;
            URI withPassword = URI.create("redis://:" + secret + "@" + where + "/2");
            RedisSettings settings = settings(withPassword, PREFIX, 0);
            assertFalse(settings.toString().contains(secret), settings.toString());
            try (RedisResourceCache c = RedisResourceCache.open(settings)) {
                assertEquals("redis " + where + "/2, pool 4, prefix \"ms:newts:G:\", no ttl", c.describe());
                c.put(1, 2);
                c.flush();
                try (Jedis jedis = locked.client()) {
                    jedis.auth(secret);
                    jedis.select(2);
                    assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 0, 0, 2}, jedis.get(rawKey(PREFIX, 1)));
                }
            }
            URI aclForm = URI.create("redis://default:" + secret + "@" + where);
            try (RedisResourceCache c = RedisResourceCache.open(settings(aclForm, PREFIX, 0))) {
                assertFalse(c.describe().contains(secret), c.describe());
            }
            RedisSettings wrong = new RedisSettings(locked.uri(0), "not-" + secret, 4, PREFIX, 0, TIMEOUT);
            CacheUnavailableException e = assertThrows(CacheUnavailableException.class,
                    () -> RedisResourceCache.open(wrong));
            assertTrue(e.getMessage().startsWith("cannot use Redis at " + where + ": "), e.getMessage());
            assertFalse(e.getMessage().contains(secret), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void aHungRedisCostsOneTimeoutNotOnePerLookup() throws Exception {
        Duration timeout = Duration.ofMillis(300);
        java.util.concurrent.atomic.AtomicLong clock = new java.util.concurrent.atomic.AtomicLong();
        try (RedisProxy proxy = RedisProxy.to(redis);
                RedisResourceCache c = RedisResourceCache.open(new RedisSettings(proxy.uri(0), null, 4, PREFIX, 0, timeout),
                        clock::get);
                Jedis admin = redis.client()) {
            long[] keys = {keyOf(1)};
            long[] out = new long[1];
            c.put(keys[0], 10);
            c.flush();
            // Redis stays connected but answers nobody, as when it is swapping or stuck in a slow command.
            admin.clientPause(900, ClientPauseMode.ALL);
            long sentBefore = proxy.mgets();
            c.getAll(keys, 1, out);
            assertEquals(ResourceCache.ABSENT, out[0], "the first lookup meets the timeout");
            assertEquals(sentBefore + 1, proxy.mgets());
            assertNotNull(c.lastError());
            for (int i = 0; i < 20; i++) {
                out[0] = 99;
                c.getAll(keys, 1, out);
                assertEquals(ResourceCache.ABSENT, out[0]);
            }
            assertEquals(sentBefore + 1, proxy.mgets(), "the lookups after it do not go near Redis");

            // The breaker's second passes (on its own clock); once Redis answers again, so does the cache.
            clock.addAndGet(RedisBreaker.BREAK_NANOS);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (out[0] != 10 && System.nanoTime() < deadline) {
                Thread.sleep(50);
                clock.addAndGet(RedisBreaker.BREAK_NANOS); // a probe that met the pause tripped it again
                c.getAll(keys, 1, out);
            }
            assertEquals(10, out[0], "answers again once Redis does");
        }
    }

    @Test
    void whileRedisIsAwayTheCachesOwnUnwrittenPutsStillAnswerAndCountAsHits() throws Exception {
        try (EmbeddedRedis own = EmbeddedRedis.start();
                RedisResourceCache c = RedisResourceCache.open(settings(own.uri(0), PREFIX, 0))) {
            own.stop();
            long[] keys = {keyOf(1), keyOf(2)};
            long[] out = new long[2];
            c.getAll(keys, 2, out); // trips the breaker
            CacheStats before = c.stats();
            c.put(keys[0], 33); // cannot be written: stays in the overlay
            c.getAll(keys, 2, out);
            assertArrayEquals(new long[] {33, ResourceCache.ABSENT}, out);
            CacheStats after = c.stats();
            assertEquals(before.hits() + 1, after.hits(), "the overlay's answer is a hit");
            assertEquals(before.misses() + 1, after.misses());
            assertEquals(before.errors() + 1, after.errors(), "only the key Redis was needed for is an error");
        }
    }

    @Test
    void losingRedisMidRunCostsMissesNotWaitsAndTheCacheRecoversWhenItReturns() throws Exception {
        int ring = RedisResourceCache.PUT_QUEUE_CAPACITY;
        java.util.concurrent.atomic.AtomicLong clock = new java.util.concurrent.atomic.AtomicLong();
        try (EmbeddedRedis own = EmbeddedRedis.start();
                RedisProxy proxy = RedisProxy.to(own);
                RedisResourceCache c = RedisResourceCache.open(settings(proxy.uri(0), PREFIX, 0), clock::get)) {
            long[] keys = {keyOf(1), keyOf(2), keyOf(3)};
            long[] out = new long[keys.length];
            c.put(keys[0], 11);
            c.flush();
            c.getAll(keys, 1, out);
            assertEquals(11, out[0]);

            own.stop();
            CacheStats before = c.stats();
            Arrays.fill(out, 99);
            c.getAll(keys, keys.length, out);
            assertArrayEquals(new long[3], out);
            assertNotNull(c.lastError());
            proxy.settle(50);
            long approaches = proxy.approaches();

            // The breaker is open now: no lookup goes near Redis, so none waits.
            int bypassed = 50;
            for (int i = 0; i < bypassed; i++) {
                Arrays.fill(out, 99);
                c.getAll(keys, keys.length, out);
                assertArrayEquals(new long[3], out);
            }
            assertEquals(approaches, proxy.approaches(), "skipped lookups go nowhere near Redis");
            assertEquals(-1, c.size());
            CacheStats during = c.stats();
            int looked = keys.length * (1 + bypassed);
            assertEquals(before.hits(), during.hits());
            assertEquals(before.misses() + looked, during.misses());
            assertEquals(before.errors() + looked, during.errors());

            // Puts neither throw nor wait; beyond the ring (and the writer's batch in hand) they are lost and counted.
            int attempted = ring + 10_000;
            for (int i = 0; i < attempted; i++) {
                c.put(keyOf(100 + i), 7);
            }
            assertTrue(c.stats().errors() - during.errors() >= attempted - ring - RedisWriter.WRITE_BATCH,
                    "lost puts counted: " + (c.stats().errors() - during.errors()));

            own.restart();
            // Redis is back, but the breaker's second has not passed on its clock: still left alone.
            c.getAll(keys, 2, out);
            assertEquals(approaches, proxy.approaches(), "the breaker holds Redis off for its second");
            clock.addAndGet(RedisBreaker.BREAK_NANOS - 1);
            c.getAll(keys, 2, out);
            assertEquals(approaches, proxy.approaches(), "one nanosecond short of its second");
            clock.addAndGet(1);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            boolean recovered = false;
            while (!recovered && System.nanoTime() < deadline) {
                c.put(keys[1], 22);
                c.flush();
                c.getAll(keys, 2, out);
                if (out[1] == 22) {
                    recovered = true;
                } else {
                    Thread.sleep(50);
                    clock.addAndGet(RedisBreaker.BREAK_NANOS); // a probe too early for Redis tripped it again
                }
            }
            assertTrue(recovered, "the cache did not recover after Redis's return");
            assertTrue(proxy.approaches() > approaches, "the recovery went through the relay");
            long errorsAfter = c.stats().errors();
            c.getAll(keys, keys.length, out);
            assertEquals(errorsAfter, c.stats().errors());
            assertTrue(c.size() >= 1);
            try (Jedis jedis = own.client()) {
                assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 0, 0, 22}, jedis.get(rawKey(PREFIX, keys[1])));
            }
        }
    }
}
