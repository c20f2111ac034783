package org.metricsstress.cache;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.net.UnknownHostException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.params.SetParams;

/**
 * The cache in a standalone Redis, shared by every process that points at the same database and
 * prefix, and kept across restarts (OpenNMS's Redis option, minus what hurt it there: one
 * connection shared by all writers, several synchronous GETs per sample, no TTL).
 *
 * <p>Entries are binary and small: key = prefix (UTF-8) + the 8-byte big-endian resource key,
 * value = the 8-byte big-endian fingerprint.
 *
 * <p><b>Lookups</b> take one connection from a pool and one MGET round trip per batch, on the
 * calling thread. MGET needs every key on one server, so this is for standalone Redis, not Cluster.
 *
 * <p><b>Puts</b> never touch the network on the calling thread (it may be a driver I/O thread): they
 * go to a bounded ring ({@value #PUT_QUEUE_CAPACITY} entries) that one daemon thread writes out in
 * pipelines of SET (with EX when a TTL is set). A put that finds the ring full is dropped and counted
 * as an error; losing it only costs a later re-index. {@link #flush()} waits for what is queued.
 *
 * <p><b>When Redis fails</b> (lost, slow past the timeout, refusing writes), nothing is thrown and
 * only the caller that meets the failure waits for it (a refused connection at once, a silent
 * Redis up to the timeout for a pooled connection, the connect and the reply): its failure trips a
 * breaker shared by lookups, the writer and {@link #size()}, and for the next second none of them
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
    /** SETs per pipeline: large enough to amortise the round trip, small enough to keep one under a millisecond. */
    static final int WRITE_BATCH = 1024;
    static final long BREAK_NANOS = TimeUnit.SECONDS.toNanos(1);
    static final Duration FLUSH_WAIT = Duration.ofSeconds(5);

    private static final long BREAKER_CLOSED = Long.MIN_VALUE;
    private static final long WRITER_IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    private static final long SIZE_EVERY_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long WRITER_PAUSED_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);
    private static final VarHandle BIG_ENDIAN_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final RedisSettings settings;
    private final JedisPool pool;
    private final byte[] prefix;
    private final SetParams ttl;
    private final PendingPuts pending;
    private final Thread writer;

    /** {@link #BREAKER_CLOSED}, or the {@link #clock} time until which Redis is left alone. */
    private final AtomicLong breakerOpenUntil = new AtomicLong(BREAKER_CLOSED);
    /** The breaker's clock: System.nanoTime(), or a test's, which moves only when the test says. */
    private final java.util.function.LongSupplier clock;
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile boolean writerStopped;
    /**
     * Puts accepted but not yet written, so lookups read the cache's own writes: without this, a
     * resource looked up again in the milliseconds between its put and the pipelined SET would look
     * absent and be indexed twice. Small: only what the background writer has not reached yet.
     */
    private final ConcurrentHashMap<Long, Long> unstored = new ConcurrentHashMap<>();

    /** Puts the writer is done with, written or lost; only the writer updates it. */
    private volatile long settled;
    private volatile String lastError;
    /** DBSIZE as last counted, -1 before the first count or after a failed one. */
    private volatile long knownSize = -1;
    private volatile long sizeCountedAt = System.nanoTime() - SIZE_EVERY_NANOS - 1;

    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder puts = new LongAdder();
    private final LongAdder roundTrips = new LongAdder();

    private RedisResourceCache(RedisSettings settings, JedisPool pool, int queueCapacity,
            java.util.function.LongSupplier clock) {
        this.settings = settings;
        this.clock = clock;
        this.pool = pool;
        this.prefix = settings.keyPrefix().getBytes(StandardCharsets.UTF_8);
        this.ttl = settings.ttlSeconds() > 0 ? SetParams.setParams().ex(settings.ttlSeconds()) : null;
        this.pending = new PendingPuts(queueCapacity);
        this.writer = new Thread(this::writeLoop, "redis-cache-writer " + settings.keyPrefix());
        writer.setDaemon(true);
        writer.start();
    }

    /**
     * Connects and checks with a PING that Redis answers, so a wrong address or password stops the
     * run at start instead of turning every lookup into a miss.
     */
    public static RedisResourceCache open(RedisSettings settings) throws CacheUnavailableException {
        return open(settings, PUT_QUEUE_CAPACITY);
    }

    static RedisResourceCache open(RedisSettings settings, int queueCapacity) throws CacheUnavailableException {
        return open(settings, queueCapacity, System::nanoTime);
    }

    /** With the breaker on {@code clock}: a test's clock makes the breaker's second a step of its own. */
    static RedisResourceCache open(RedisSettings settings, int queueCapacity, java.util.function.LongSupplier clock)
            throws CacheUnavailableException {
        JedisPool pool = new JedisPool(poolConfig(settings), hostAndPort(settings), clientConfig(settings));
        try (Jedis jedis = pool.getResource()) {
            jedis.ping();
        } catch (RuntimeException e) {
            pool.close();
            String verb = isConnectionFailure(e) ? "cannot reach" : "cannot use";
            throw new CacheUnavailableException(
                    verb + " Redis at " + settings.hostAndPort() + ": " + reason(e), e);
        }
        return new RedisResourceCache(settings, pool, queueCapacity, clock);
    }

    private static GenericObjectPoolConfig<Jedis> poolConfig(RedisSettings settings) {
        GenericObjectPoolConfig<Jedis> config = new GenericObjectPoolConfig<>();
        config.setMaxTotal(settings.poolSize());
        config.setMaxIdle(settings.poolSize());
        config.setMinIdle(0);
        // The pool's default is to wait forever for a free connection; no caller may wait longer than on Redis.
        config.setBlockWhenExhausted(true);
        config.setMaxWait(settings.timeout());
        // A PING per borrow would double the round trips; dead connections are dropped on failure instead.
        config.setTestOnBorrow(false);
        config.setJmxEnabled(false);
        return config;
    }

    static HostAndPort hostAndPort(RedisSettings settings) {
        String host = settings.host();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return new HostAndPort(host, settings.port());
    }

    static JedisClientConfig clientConfig(RedisSettings settings) {
        int millis = (int) settings.timeout().toMillis();
        var config = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(millis)
                .socketTimeoutMillis(millis)
                .user(settings.user())
                .password(settings.effectivePassword())
                .database(settings.database())
                .ssl(settings.tls())
                .clientName("metrics-stress");
        if (settings.tls() && settings.tlsSockets() != null) {
            config.sslSocketFactory(settings.tlsSockets());
        }
        return config.build();
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
        long[] mine = snapshotUnstored(keys, count);
        if (closed.get() || !admit()) {
            answerWithoutRedis(mine, count, out);
            return;
        }
        byte[][] rawKeys = new byte[count][];
        for (int i = 0; i < count; i++) {
            rawKeys[i] = rawKey(keys[i]);
        }
        List<byte[]> values;
        roundTrips.increment();
        try (Jedis jedis = pool.getResource()) {
            values = jedis.mget(rawKeys);
        } catch (RuntimeException e) {
            trip(e);
            answerWithoutRedis(mine, count, out);
            return;
        }
        recovered();
        for (int i = 0; i < count; i++) {
            byte[] value = values.get(i);
            // Anything but 8 bytes was not written by us: a miss, and the re-index overwrites it.
            out[i] = value != null && value.length == Long.BYTES ? (long) BIG_ENDIAN_LONG.get(value, 0) : ABSENT;
        }
        apply(mine, count, out);
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

    /** This cache's own puts not yet acknowledged by Redis, per key (ABSENT where none); null if none at all. */
    private long[] snapshotUnstored(long[] keys, int count) {
        if (unstored.isEmpty()) {
            return null;
        }
        long[] mine = null;
        for (int i = 0; i < count; i++) {
            Long v = unstored.get(keys[i]);
            if (v != null) {
                if (mine == null) {
                    mine = new long[count];
                }
                mine[i] = v;
            }
        }
        return mine;
    }

    private static void apply(long[] mine, int count, long[] out) {
        if (mine == null) {
            return;
        }
        for (int i = 0; i < count; i++) {
            if (mine[i] != ABSENT) {
                out[i] = mine[i];
            }
        }
    }

    /**
     * Redis could not be asked: the cache's own unwritten puts still answer (hits), every other
     * key is a miss and an error.
     */
    private void answerWithoutRedis(long[] mine, int count, long[] out) {
        Arrays.fill(out, 0, count, ABSENT);
        apply(mine, count, out);
        int answered = present(out, count);
        hits.add(answered);
        misses.add(count - answered);
        errors.add(count - answered);
    }

    /** MGETs sent to Redis so far (whatever their outcome): what a test asserts the breaker spares. */
    long lookupRoundTrips() {
        return roundTrips.sum();
    }

    @Override
    public void put(long key, long fingerprint) {
        // Visible to lookups before the writer can take it, so it cannot be removed before it is added.
        unstored.put(key, fingerprint);
        if (!pending.offer(key, fingerprint)) {
            unstored.remove(key, fingerprint);
            errors.increment();
        }
    }

    /**
     * Waits until every put accepted before this call is written to Redis or counted lost, for at
     * most {@link #FLUSH_WAIT}. For tests and benches; a run has no need to wait for its puts.
     */
    @Override
    public void flush() {
        awaitSettled(pending.accepted(), FLUSH_WAIT);
        refreshSize();
    }

    /**
     * Keys in the whole Redis database, not only under this prefix (give a run its own database),
     * as last counted: by the writer thread about once a second, and by {@link #flush()}. Never a
     * round trip on the caller's thread: the reporter asks every interval, and a slow Redis must
     * not stall the report. -1 if Redis cannot say.
     */
    @Override
    public long size() {
        return closed.get() || !admit() ? -1 : knownSize;
    }

    /** Counts the keys now (DBSIZE), on this thread. */
    private void refreshSize() {
        if (closed.get() || !admit()) {
            knownSize = -1;
            return;
        }
        try (Jedis jedis = pool.getResource()) {
            knownSize = jedis.dbSize();
            recovered();
        } catch (RuntimeException e) {
            trip(e);
            knownSize = -1;
        } finally {
            sizeCountedAt = System.nanoTime();
        }
    }

    @Override
    public CacheStats stats() {
        return new CacheStats(hits.sum(), misses.sum(), 0, errors.sum(), puts.sum());
    }

    /** Why Redis last failed, one line, or null if it never did. */
    public String lastError() {
        return lastError;
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
        pending.refuseMore();
        awaitSettled(pending.accepted(), FLUSH_WAIT);
        writerStopped = true;
        pending.wake();
        LockSupport.unpark(writer);
        try {
            // It may be inside a write that only the socket timeout ends.
            writer.join(settings.timeout().toMillis() + 1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        pool.close();
    }

    private void writeLoop() {
        int batchSize = Math.min(WRITE_BATCH, pending.capacity());
        long[] keys = new long[batchSize];
        long[] fingerprints = new long[batchSize];
        int held = 0;
        while (!writerStopped) {
            if (System.nanoTime() - sizeCountedAt > SIZE_EVERY_NANOS) {
                refreshSize();
            }
            if (held == 0) {
                held = pending.take(keys, fingerprints, WRITER_IDLE_NANOS);
                continue;
            }
            if (!admit()) {
                // Keep the batch until the breaker lets us try; the ring takes the overflow meanwhile.
                LockSupport.parkNanos(this, WRITER_PAUSED_POLL_NANOS);
                continue;
            }
            write(keys, fingerprints, held);
            held = 0;
        }
        // What close could not wait for: the batch in hand and whatever is still queued.
        long lost = pending.accepted() - settled;
        errors.add(lost);
        settled += lost;
        unstored.clear();
    }

    private void write(long[] keys, long[] fingerprints, int count) {
        try (Jedis jedis = pool.getResource(); Pipeline pipeline = jedis.pipelined()) {
            for (int i = 0; i < count; i++) {
                byte[] value = new byte[Long.BYTES];
                BIG_ENDIAN_LONG.set(value, 0, fingerprints[i]);
                if (ttl == null) {
                    pipeline.set(rawKey(keys[i]), value);
                } else {
                    pipeline.set(rawKey(keys[i]), value, ttl);
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
                recovered();
            } else {
                // e.g. OOM under maxmemory with noeviction: per entry, so some may have been stored.
                long refused = replies.stream().filter(r -> r instanceof RuntimeException).count();
                puts.add(count - refused);
                errors.add(refused);
                trip(refusal);
            }
        } catch (RuntimeException e) {
            errors.add(count);
            trip(e);
        } finally {
            for (int i = 0; i < count; i++) {
                unstored.remove(keys[i], fingerprints[i]);
            }
            settled += count;
        }
    }

    private void awaitSettled(long target, Duration maxWait) {
        long deadline = System.nanoTime() + maxWait.toNanos();
        while (settled < target && System.nanoTime() - deadline < 0 && writer.isAlive()) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }

    /** Whether Redis may be asked now. Past a pause, the first caller becomes the probe; the rest keep away. */
    private boolean admit() {
        long until = breakerOpenUntil.get();
        if (until == BREAKER_CLOSED) {
            return true;
        }
        long now = clock.getAsLong();
        if (now - until < 0) {
            return false;
        }
        return breakerOpenUntil.compareAndSet(until, pauseUntil(now));
    }

    private void recovered() {
        if (breakerOpenUntil.get() != BREAKER_CLOSED) {
            breakerOpenUntil.set(BREAKER_CLOSED);
        }
    }

    private void trip(RuntimeException e) {
        breakerOpenUntil.set(pauseUntil(clock.getAsLong()));
        lastError = reason(e);
        if (isConnectionFailure(e)) {
            // Idle connections to a Redis that went away are dead too; without this, each probe
            // after its return could draw one of them and trip the breaker again.
            pool.clear();
        }
    }

    private static long pauseUntil(long now) {
        long until = now + BREAK_NANOS;
        return until == BREAKER_CLOSED ? until + 1 : until;
    }

    private byte[] rawKey(long key) {
        byte[] raw = Arrays.copyOf(prefix, prefix.length + Long.BYTES);
        BIG_ENDIAN_LONG.set(raw, prefix.length, key);
        return raw;
    }

    private static boolean isConnectionFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof JedisConnectionException || t instanceof IOException) {
                return true;
            }
        }
        return false;
    }

    /** The most specific message in a failure's causes, on one line. */
    static String reason(Throwable e) {
        Throwable root = e;
        while (true) {
            Throwable next = root.getCause();
            if (next == null && root.getSuppressed().length > 0) {
                next = root.getSuppressed()[0];
            }
            if (next == null || next == root) {
                break;
            }
            root = next;
        }
        String message = root.getMessage();
        if (root instanceof UnknownHostException) {
            message = "unknown host";
        } else if (message == null || message.isBlank()) {
            message = root.getClass().getSimpleName();
        }
        return CacheUnavailableException.oneLine(message);
    }
}
