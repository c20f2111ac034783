package org.metricsstress.cache;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Puts waiting for Redis's background writer: a bounded ring of key/fingerprint pairs. Two
 * primitive arrays rather than a queue of objects, so a put from a driver I/O thread allocates
 * nothing and the ring's footprint is fixed. Sequence numbers, not a size, so that a flush can wait
 * for exactly the puts accepted before it.
 */
final class PendingPuts {
    private final long[] keys;
    private final long[] fingerprints;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition notEmpty = lock.newCondition();
    /** Puts ever accepted; the next one goes to slot {@code accepted % capacity}. Guarded by lock. */
    private long accepted;
    /** Puts ever handed to the writer. Guarded by lock. */
    private long taken;
    private boolean refusing;

    PendingPuts(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be at least 1, got " + capacity);
        }
        keys = new long[capacity];
        fingerprints = new long[capacity];
    }

    int capacity() {
        return keys.length;
    }

    /** False when full or closed: the caller counts the put as lost. */
    boolean offer(long key, long fingerprint) {
        lock.lock();
        try {
            if (refusing || accepted - taken == keys.length) {
                return false;
            }
            int slot = (int) (accepted % keys.length);
            keys[slot] = key;
            fingerprints[slot] = fingerprint;
            accepted++;
            // Only the writer ever waits, and only on an empty ring.
            if (accepted - taken == 1) {
                notEmpty.signal();
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Moves up to {@code keysOut.length} puts, oldest first, into the arrays, waiting up to
     * {@code maxWaitNanos} for the first. Returns how many, 0 if none came or {@link #wake} was called.
     */
    int take(long[] keysOut, long[] fingerprintsOut, long maxWaitNanos) {
        lock.lock();
        try {
            if (accepted == taken) {
                try {
                    notEmpty.awaitNanos(maxWaitNanos);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return 0;
                }
            }
            int n = (int) Math.min(accepted - taken, keysOut.length);
            for (int i = 0; i < n; i++) {
                int slot = (int) ((taken + i) % keys.length);
                keysOut[i] = keys[slot];
                fingerprintsOut[i] = fingerprints[slot];
            }
            taken += n;
            return n;
        } finally {
            lock.unlock();
        }
    }

    long accepted() {
        lock.lock();
        try {
            return accepted;
        } finally {
            lock.unlock();
        }
    }

    /** From now on every offer fails, so that the count of puts accepted is final. */
    void refuseMore() {
        lock.lock();
        try {
            refusing = true;
        } finally {
            lock.unlock();
        }
    }

    /** Ends a writer's wait in {@link #take} early. */
    void wake() {
        lock.lock();
        try {
            notEmpty.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
