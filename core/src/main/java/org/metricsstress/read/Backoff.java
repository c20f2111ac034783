package org.metricsstress.read;

/**
 * The waits of a freshness probe between polls: doubling from {@code first} up to {@code max},
 * and no poll after {@code bound} has passed since the first, so a sample that never becomes
 * readable costs a bounded number of reads and is counted as failed.
 */
final class Backoff {
    private final long firstNanos;
    private final long maxNanos;
    private final long boundNanos;

    Backoff(long firstNanos, long maxNanos, long boundNanos) {
        this.firstNanos = firstNanos;
        this.maxNanos = maxNanos;
        this.boundNanos = boundNanos;
    }

    /** The wait before poll {@code n} (1-based; poll 0 is at once). */
    long delayBefore(int n) {
        long d = firstNanos << Math.min(n - 1, 30);
        return d <= 0 || d > maxNanos ? maxNanos : d;
    }

    /** Whether another poll is allowed once {@code elapsedNanos} have passed since the first. */
    boolean allows(long elapsedNanos) {
        return elapsedNanos < boundNanos;
    }
}
