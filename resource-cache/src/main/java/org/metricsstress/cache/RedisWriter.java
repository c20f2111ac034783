package org.metricsstress.cache;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.params.SetParams;

/**
 * The one daemon thread that writes the cache's puts to Redis, so a put never touches the network
 * on the calling thread (it may be a driver I/O thread). Puts wait in a bounded ring
 * ({@link PendingPuts}) and go out in pipelines of SET (with EX when a TTL is set). A put that finds
 * the ring full is refused: the caller counts it lost.
 *
 * <p>Every put is settled exactly once, written ({@code puts}) or lost ({@code errors}): refused by
 * Redis, failed with the connection, or still queued when the writer stops.
 */
final class RedisWriter {
    /** SETs per pipeline: large enough to amortise the round trip, small enough to keep one under a millisecond. */
    static final int WRITE_BATCH = 1024;

    private static final long IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long PAUSED_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final JedisPool pool;
    private final RedisBreaker breaker;
    private final RedisLayout layout;
    private final SetParams ttl;
    private final PendingPuts pending;
    private final UnwrittenPuts unwritten;
    private final LongAdder puts;
    private final LongAdder errors;
    /** Runs on the writer's thread between batches: the key count, kept off the callers' threads. */
    private final Runnable between;
    private final Thread thread;

    private volatile boolean stopped;
    /** Puts the writer is done with, written or lost; only the writer thread updates it. */
    private volatile long settled;

    RedisWriter(RedisSettings settings, JedisPool pool, RedisBreaker breaker, int queueCapacity,
            UnwrittenPuts unwritten, LongAdder puts, LongAdder errors, Runnable between) {
        this.pool = pool;
        this.breaker = breaker;
        this.layout = new RedisLayout(settings.keyPrefix());
        this.ttl = settings.ttlSeconds() > 0 ? SetParams.setParams().ex(settings.ttlSeconds()) : null;
        this.pending = new PendingPuts(queueCapacity);
        this.unwritten = unwritten;
        this.puts = puts;
        this.errors = errors;
        this.between = between;
        this.thread = new Thread(this::writeLoop, "redis-cache-writer " + settings.keyPrefix());
        thread.setDaemon(true);
        thread.start();
    }

    /** False when the ring is full or the writer is closing: the put is lost. */
    boolean offer(long key, long fingerprint) {
        return pending.offer(key, fingerprint);
    }

    /** Waits until every put offered before this call is settled, for at most {@code maxWait}. */
    void awaitQueued(Duration maxWait) {
        long target = pending.accepted();
        long deadline = System.nanoTime() + maxWait.toNanos();
        while (settled < target && System.nanoTime() - deadline < 0 && thread.isAlive()) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    /**
     * Refuses further puts, waits up to {@code flushWait} for the queued ones, then stops the thread;
     * those left count as lost. {@code socketTimeout} bounds a write in progress.
     */
    void close(Duration flushWait, Duration socketTimeout) {
        pending.refuseMore();
        awaitQueued(flushWait);
        stopped = true;
        pending.wake();
        LockSupport.unpark(thread);
        try {
            // It may be inside a write that only the socket timeout ends.
            thread.join(socketTimeout.toMillis() + 1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void writeLoop() {
        int batchSize = Math.min(WRITE_BATCH, pending.capacity());
        long[] keys = new long[batchSize];
        long[] fingerprints = new long[batchSize];
        int held = 0;
        while (!stopped) {
            between.run();
            if (held == 0) {
                held = pending.take(keys, fingerprints, IDLE_NANOS);
                continue;
            }
            if (!breaker.admit()) {
                // Keep the batch until the breaker lets us try; the ring takes the overflow meanwhile.
                LockSupport.parkNanos(this, PAUSED_POLL_NANOS);
                continue;
            }
            write(keys, fingerprints, held);
            held = 0;
        }
        // What close could not wait for: the batch in hand and whatever is still queued.
        long lost = pending.accepted() - settled;
        errors.add(lost);
        settled += lost;
        unwritten.clear();
    }

    private void write(long[] keys, long[] fingerprints, int count) {
        try (Jedis jedis = pool.getResource(); Pipeline pipeline = jedis.pipelined()) {
            for (int i = 0; i < count; i++) {
                byte[] value = RedisLayout.value(fingerprints[i]);
                if (ttl == null) {
                    pipeline.set(layout.key(keys[i]), value);
                } else {
                    pipeline.set(layout.key(keys[i]), value, ttl);
                }
            }
            List<Object> replies = pipeline.syncAndReturnAll();
            RuntimeException refusal = null;
            for (Object reply : replies) {
                if (reply instanceof RuntimeException e) {
                    refusal = e;
                }
            }
            if (refusal == null) {
                puts.add(count);
                breaker.recovered();
            } else {
                // e.g. OOM under maxmemory with noeviction: per entry, so some may have been stored.
                long refused = replies.stream().filter(r -> r instanceof RuntimeException).count();
                puts.add(count - refused);
                errors.add(refused);
                breaker.trip(refusal);
            }
        } catch (RuntimeException e) {
            errors.add(count);
            breaker.trip(e);
        } finally {
            for (int i = 0; i < count; i++) {
                unwritten.remove(keys[i], fingerprints[i]);
            }
            settled += count;
        }
    }
}
