package org.metricsstress.writer.tss.tags;

import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The Prometheus remote-write plugin's external-tags cache: at most {@code externalTagsCacheSize}
 * series (the plugin's default {@value #DEFAULT_SIZE}), the least recently used evicted first, a
 * read refreshing a series as Guava's {@code getIfPresent} does in the plugin's size-bounded cache.
 *
 * <p>A series is the int the run gives it ({@code resourceKey * attributes + attribute}); the plugin
 * keys by {@code Metric.getKey()}, one string per series, so the two are the same set. The cache
 * holds presence only: the plugin's value is the series' external tags as JSON, and a stress series
 * has none ({@code {}}).
 *
 * <p>No allocation per lookup: an open-addressing (linear probing) int table maps a series to its
 * slot, and int arrays link the slots in recency order. One lock for the whole cache, taken by the
 * 16 writer threads on every sample; Guava's cache locks too (per segment, 4 by default), so the
 * plugin's writer threads contend on theirs as well, a little less.
 */
public final class ExternalTagsCache {
    /** The plugin's {@code externalTagsCacheSize} default (its blueprint). */
    public static final int DEFAULT_SIZE = 1_000;

    private static final int NONE = -1;

    private final int capacity;
    private final ReentrantLock lock = new ReentrantLock();
    /** The hash table: a slot index per bucket, {@link #NONE} where empty; a power of two, at least twice the capacity. */
    private final int[] buckets;
    private final int mask;
    /** 32 minus the table's bits: the multiplicative hash keeps its top bits. */
    private final int shift;
    /** Per slot: its series, and its neighbours in recency order (head = most recent). */
    private final int[] seriesOf;
    private final int[] newer;
    private final int[] older;
    private int head = NONE;
    private int tail = NONE;
    private int size;

    /** A cache of {@code capacity} series; 0 makes every lookup miss, as the plugin's size 0 does. */
    public ExternalTagsCache(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("externalTagsCacheSize must be 0 or more: " + capacity);
        }
        this.capacity = capacity;
        int tableSize = Integer.highestOneBit(Math.max(2, capacity * 2 - 1)) << 1;
        buckets = new int[tableSize];
        Arrays.fill(buckets, NONE);
        mask = tableSize - 1;
        shift = Integer.numberOfLeadingZeros(tableSize) + 1;
        seriesOf = new int[capacity];
        newer = new int[capacity];
        older = new int[capacity];
    }

    public int capacity() {
        return capacity;
    }

    public int size() {
        lock.lock();
        try {
            return size;
        } finally {
            lock.unlock();
        }
    }

    /** The plugin's {@code getIfPresent}: true when the series is cached, which makes it the most recent. */
    public boolean touch(int series) {
        lock.lock();
        try {
            int slot = slotOf(series);
            if (slot == NONE) {
                return false;
            }
            moveToHead(slot);
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** The plugin's {@code put}: the series becomes the most recent, the least recent leaving when full. */
    public void put(int series) {
        if (capacity == 0) {
            return;
        }
        lock.lock();
        try {
            int slot = slotOf(series);
            if (slot != NONE) {
                moveToHead(slot);
                return;
            }
            if (size == capacity) {
                slot = tail;
                unlink(slot);
                removeFromTable(seriesOf[slot]);
            } else {
                slot = size++;
            }
            seriesOf[slot] = series;
            addToTable(series, slot);
            linkAtHead(slot);
        } finally {
            lock.unlock();
        }
    }

    /** Whether the series is cached, without making it recent (for tests and reports). */
    public boolean contains(int series) {
        lock.lock();
        try {
            return slotOf(series) != NONE;
        } finally {
            lock.unlock();
        }
    }

    /** The cached series, most recent first (allocates: for tests and reports, not the sample path). */
    public int[] mostRecentFirst() {
        lock.lock();
        try {
            int[] out = new int[size];
            int i = 0;
            for (int s = head; s != NONE; s = older[s]) {
                out[i++] = seriesOf[s];
            }
            return out;
        } finally {
            lock.unlock();
        }
    }

    private int slotOf(int series) {
        for (int b = bucketOf(series); ; b = (b + 1) & mask) {
            int slot = buckets[b];
            if (slot == NONE) {
                return NONE;
            }
            if (seriesOf[slot] == series) {
                return slot;
            }
        }
    }

    private void addToTable(int series, int slot) {
        int b = bucketOf(series);
        while (buckets[b] != NONE) {
            b = (b + 1) & mask;
        }
        buckets[b] = slot;
    }

    /** Linear probing's deletion: later entries of the run shift back, so no tombstones pile up. */
    private void removeFromTable(int series) {
        int b = bucketOf(series);
        while (seriesOf[buckets[b]] != series) {
            b = (b + 1) & mask;
        }
        int hole = b;
        for (int next = (hole + 1) & mask; buckets[next] != NONE; next = (next + 1) & mask) {
            int home = bucketOf(seriesOf[buckets[next]]);
            // The entry at next may fill the hole when its home is not cyclically within (hole, next].
            boolean homeBetween = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next);
            if (!homeBetween) {
                buckets[hole] = buckets[next];
                hole = next;
            }
        }
        buckets[hole] = NONE;
    }

    private int bucketOf(int series) {
        // Fibonacci hashing: consecutive series numbers (the common case) spread over the table.
        return (series * 0x9E3779B9) >>> shift;
    }

    private void moveToHead(int slot) {
        if (slot != head) {
            unlink(slot);
            linkAtHead(slot);
        }
    }

    private void unlink(int slot) {
        int n = newer[slot];
        int o = older[slot];
        if (n == NONE) {
            head = o;
        } else {
            older[n] = o;
        }
        if (o == NONE) {
            tail = n;
        } else {
            newer[o] = n;
        }
    }

    private void linkAtHead(int slot) {
        newer[slot] = NONE;
        older[slot] = head;
        if (head != NONE) {
            newer[head] = slot;
        }
        head = slot;
        if (tail == NONE) {
            tail = slot;
        }
    }
}
