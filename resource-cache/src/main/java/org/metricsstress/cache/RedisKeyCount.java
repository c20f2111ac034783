package org.metricsstress.cache;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;

/**
 * Keys in the whole Redis database (DBSIZE), as last counted: about once a second by the
 * background writer, and on a flush. Never a round trip on a reporter's thread, so a slow Redis
 * cannot stall the report.
 */
final class RedisKeyCount {
    private static final long EVERY_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final JedisPool pool;
    private final RedisBreaker breaker;
    private final BooleanSupplier closed;
    /** DBSIZE as last counted, -1 before the first count or after a failed one. */
    private volatile long known = -1;
    private volatile long countedAt = System.nanoTime() - EVERY_NANOS - 1;

    RedisKeyCount(JedisPool pool, RedisBreaker breaker, BooleanSupplier closed) {
        this.pool = pool;
        this.breaker = breaker;
        this.closed = closed;
    }

    long known() {
        return known;
    }

    void countIfDue() {
        if (System.nanoTime() - countedAt > EVERY_NANOS) {
            count();
        }
    }

    /** Counts the keys now, on this thread. */
    void count() {
        if (closed.getAsBoolean() || !breaker.admit()) {
            known = -1;
            return;
        }
        try (Jedis jedis = pool.getResource()) {
            known = jedis.dbSize();
            breaker.recovered();
        } catch (RuntimeException e) {
            breaker.trip(e);
            known = -1;
        } finally {
            countedAt = System.nanoTime();
        }
    }
}
