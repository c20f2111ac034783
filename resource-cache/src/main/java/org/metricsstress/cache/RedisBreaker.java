package org.metricsstress.cache;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Keeps every caller away from a failing Redis for a second at a time: lookups, the background
 * writer and the key count share one breaker, so only the caller that meets a failure waits for it.
 * Past the pause, the first caller to ask becomes the probe; its success closes the breaker, its
 * failure trips it again, so the cache recovers by itself when Redis returns.
 */
final class RedisBreaker {
    static final long BREAK_NANOS = TimeUnit.SECONDS.toNanos(1);

    private static final long CLOSED = Long.MIN_VALUE;

    /** {@link #CLOSED}, or the {@link #clock} time until which Redis is left alone. */
    private final AtomicLong openUntil = new AtomicLong(CLOSED);
    /** System.nanoTime(), or a test's clock, which moves only when the test says. */
    private final LongSupplier clock;
    private final Runnable onConnectionLost;
    private volatile String lastError;

    /** {@code onConnectionLost} runs when a failure was Redis out of reach, e.g. to drop idle connections. */
    RedisBreaker(Runnable onConnectionLost, LongSupplier clock) {
        this.onConnectionLost = onConnectionLost;
        this.clock = clock;
    }

    /** Whether Redis may be asked now. Past a pause, the first caller becomes the probe; the rest keep away. */
    boolean admit() {
        long until = openUntil.get();
        if (until == CLOSED) {
            return true;
        }
        long now = clock.getAsLong();
        if (now - until < 0) {
            return false;
        }
        return openUntil.compareAndSet(until, pauseUntil(now));
    }

    void recovered() {
        if (openUntil.get() != CLOSED) {
            openUntil.set(CLOSED);
        }
    }

    void trip(RuntimeException e) {
        openUntil.set(pauseUntil(clock.getAsLong()));
        lastError = RedisConnections.reason(e);
        if (RedisConnections.isConnectionFailure(e)) {
            // Idle connections to a Redis that went away are dead too; without this, each probe
            // after its return could draw one of them and trip the breaker again.
            onConnectionLost.run();
        }
    }

    /** Why Redis last failed, one line, or null if it never did. */
    String lastError() {
        return lastError;
    }

    private static long pauseUntil(long now) {
        long until = now + BREAK_NANOS;
        return until == CLOSED ? until + 1 : until;
    }
}
