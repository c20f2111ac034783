package org.metricsstress.cache;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;

/**
 * The cache in a standalone Redis, shared by every process that points at the same database and
 * prefix, and kept across restarts (OpenNMS's Redis option, minus what hurt it there: one
 * connection shared by all writers, several synchronous GETs per sample, no TTL).
 *
 * <p>Entries are binary and small ({@link RedisLayout}).
 *
 * <p><b>Lookups</b> take one connection from a pool and one MGET round trip per batch, on the
 * calling thread. MGET needs every key on one server, so this is for standalone Redis, not Cluster.
 *
 * <p><b>Puts</b> never touch the network on the calling thread (it may be a driver I/O thread): they
 * go to a bounded ring ({@value #PUT_QUEUE_CAPACITY} entries) that one daemon thread
 * ({@link RedisWriter}) writes out in pipelines of SET (with EX when a TTL is set). A put that finds the ring full is dropped and counted
 * as an error; losing it only costs a later re-index. {@link #flush()} waits for what is queued.
 *
 * <p><b>When Redis fails</b> (lost, slow past the timeout, refusing writes), nothing is thrown and
 * only the caller that meets the failure waits for it (a refused connection at once, a silent
 * Redis up to the timeout for a pooled connection, the connect and the reply): its failure trips a
 * breaker ({@link RedisBreaker}) shared by lookups, the writer and {@link #size()}, and for the next second none of them
 * touches Redis. Lookups during that second answer {@link #ABSENT} at once. After it, one caller probes; success closes the
 * breaker, failure trips it again, so the cache recovers by itself when Redis returns. Idle pooled
 * connections are dropped on a connection failure, so the probe does not pick a dead one.
 *
 * <p><b>Counting</b>, per entry: every key a lookup could not ask Redis about (failed or skipped
 * while the breaker is open) counts one miss and one error, unless the cache's own put not yet
 * written answers it (a hit); every put lost (ring full, failed
 * write, unwritten at close) counts one error; {@code puts} counts entries Redis acknowledged, so
 * it trails calls to {@link #put} by whatever is still queued. Evictions are always 0: Redis evicts
 * by its own maxmemory policy, which a client cannot see.
 */
public final class RedisResourceCache implements ResourceCache {
    static final int PUT_QUEUE_CAPACITY = 65_536;
    static final Duration FLUSH_WAIT = Duration.ofSeconds(5);

    private final RedisSettings settings;
    private final JedisPool pool;
    private final RedisLayout layout;
    private final RedisBreaker breaker;
    private final RedisKeyCount keyCount;
    private final UnwrittenPuts unwritten = new UnwrittenPuts();
    private final RedisWriter writer;
    private final AtomicBoolean closed = new AtomicBoolean();

    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder puts = new LongAdder();

    private RedisResourceCache(RedisSettings settings, JedisPool pool, LongSupplier clock) {
        this.settings = settings;
        this.pool = pool;
        this.layout = new RedisLayout(settings.keyPrefix());
        this.breaker = new RedisBreaker(pool::clear, clock);
        this.keyCount = new RedisKeyCount(pool, breaker, closed::get);
        this.writer = new RedisWriter(settings, pool, breaker, PUT_QUEUE_CAPACITY, unwritten, puts, errors,
                keyCount::countIfDue);
    }

    /**
     * Connects and checks with a PING that Redis answers, so a wrong address or password stops the
     * run at start instead of turning every lookup into a miss.
     */
    public static RedisResourceCache open(RedisSettings settings) throws CacheUnavailableException {
        return open(settings, System::nanoTime);
    }

    /** With the breaker on {@code clock}: a test's clock makes the breaker's second a step of its own. */
    static RedisResourceCache open(RedisSettings settings, LongSupplier clock) throws CacheUnavailableException {
        JedisPool pool = RedisConnections.pool(settings, 0);
        try (Jedis jedis = pool.getResource()) {
            jedis.ping();
        } catch (RuntimeException e) {
            pool.close();
            String verb = RedisConnections.isConnectionFailure(e) ? "cannot reach" : "cannot use";
            throw new CacheUnavailableException(
                    verb + " Redis at " + settings.hostAndPort() + ": " + RedisConnections.reason(e), e);
        }
        return new RedisResourceCache(settings, pool, clock);
    }

    @Override
    public void getAll(long[] keys, int count, long[] out) {
        if (count <= 0) {
            return;
        }
        // The overlay is read BEFORE Redis: a put leaves it only after its SET was acknowledged, so
        // a key missing from it now is either never put or already in Redis when MGET runs. Read
        // after MGET, a SET landing in between would be in neither place (seen: 71 of 120,000
        // resources indexed twice on a cold start).
        long[] mine = unwritten.snapshot(keys, count);
        if (closed.get() || !breaker.admit()) {
            answerWithoutRedis(mine, count, out);
            return;
        }
        byte[][] rawKeys = new byte[count][];
        for (int i = 0; i < count; i++) {
            rawKeys[i] = layout.key(keys[i]);
        }
        List<byte[]> values;
        try (Jedis jedis = pool.getResource()) {
            values = jedis.mget(rawKeys);
        } catch (RuntimeException e) {
            breaker.trip(e);
            answerWithoutRedis(mine, count, out);
            return;
        }
        breaker.recovered();
        for (int i = 0; i < count; i++) {
            out[i] = RedisLayout.fingerprint(values.get(i));
        }
        UnwrittenPuts.apply(mine, count, out);
        int found = present(out, count);
        hits.add(found);
        misses.add(count - found);
    }

    private static int present(long[] out, int count) {
        int n = 0;
        for (int i = 0; i < count; i++) {
            if (out[i] != ABSENT) {
                n++;
            }
        }
        return n;
    }

    /**
     * Redis could not be asked: the cache's own unwritten puts still answer (hits), every other
     * key is a miss and an error.
     */
    private void answerWithoutRedis(long[] mine, int count, long[] out) {
        Arrays.fill(out, 0, count, ABSENT);
        UnwrittenPuts.apply(mine, count, out);
        int answered = present(out, count);
        hits.add(answered);
        misses.add(count - answered);
        errors.add(count - answered);
    }

    @Override
    public void put(long key, long fingerprint) {
        // Visible to lookups before the writer can take it, so it cannot be removed before it is added.
        unwritten.add(key, fingerprint);
        if (!writer.offer(key, fingerprint)) {
            unwritten.remove(key, fingerprint);
            errors.increment();
        }
    }

    /**
     * Waits until every put accepted before this call is written to Redis or counted lost, for at
     * most {@link #FLUSH_WAIT}. For tests and benches; a run has no need to wait for its puts.
     */
    @Override
    public void flush() {
        writer.awaitQueued(FLUSH_WAIT);
        keyCount.count();
    }

    /**
     * Keys in the whole Redis database, not only under this prefix (give a run its own database),
     * as last counted ({@link RedisKeyCount}). -1 if Redis cannot say.
     */
    @Override
    public long size() {
        return closed.get() || !breaker.admit() ? -1 : keyCount.known();
    }

    @Override
    public CacheStats stats() {
        return new CacheStats(hits.sum(), misses.sum(), 0, errors.sum(), puts.sum());
    }

    /** Why Redis last failed, one line, or null if it never did. */
    public String lastError() {
        return breaker.lastError();
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "redis%s %s/%d, pool %d, prefix \"%s\", %s",
                settings.tls() ? " (TLS)" : "", settings.hostAndPort(), settings.database(), settings.poolSize(),
                settings.keyPrefix(),
                settings.ttlSeconds() > 0 ? "ttl " + settings.ttlSeconds() + " s" : "no ttl");
    }

    /**
     * Stops taking puts, waits up to {@link #FLUSH_WAIT} for the queued ones to be written (those
     * left count as errors), stops the writer and closes the connections.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        writer.close(FLUSH_WAIT, settings.timeout());
        pool.close();
    }
}
