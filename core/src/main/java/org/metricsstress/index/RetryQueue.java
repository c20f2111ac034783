package org.metricsstress.index;

/**
 * A lane's deferred commits (resource key and timestamp), first in first out, in two primitive
 * arrays that grow on demand up to a bound. Thread-confined to the lane's index stage. A commit
 * offered to a full queue is not kept: its resource is indexed at its next sample instead.
 */
final class RetryQueue {
    private static final int INITIAL = 1024;

    private final int limit;
    private int[] resources = new int[0];
    private long[] timestamps = new long[0];
    private int head;
    private int size;

    RetryQueue(int limit) {
        this.limit = limit;
    }

    /** Keeps a commit to retry; false when the queue is at its bound. */
    boolean offer(int resourceKey, long timestampMillis) {
        if (size == resources.length) {
            if (size == limit) {
                return false;
            }
            grow();
        }
        int tail = (head + size) % resources.length;
        resources[tail] = resourceKey;
        timestamps[tail] = timestampMillis;
        size++;
        return true;
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    int peekResource() {
        return resources[head];
    }

    long peekTimestamp() {
        return timestamps[head];
    }

    void remove() {
        head = (head + 1) % resources.length;
        size--;
    }

    private void grow() {
        int capacity = Math.min(limit, Math.max(INITIAL, 2 * resources.length));
        int[] r = new int[capacity];
        long[] t = new long[capacity];
        for (int k = 0; k < size; k++) {
            r[k] = resources[(head + k) % resources.length];
            t[k] = timestamps[(head + k) % resources.length];
        }
        resources = r;
        timestamps = t;
        head = 0;
    }
}
