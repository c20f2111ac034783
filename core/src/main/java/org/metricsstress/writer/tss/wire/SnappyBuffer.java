package org.metricsstress.writer.tss.wire;

import java.util.Arrays;

/**
 * The compressed output of {@link Snappy#compress}, kept between requests: it grows to the largest
 * request once and is then reused, so compressing allocates nothing.
 */
public final class SnappyBuffer {
    private byte[] bytes;
    private int length;

    public SnappyBuffer() {
        this(4096);
    }

    public SnappyBuffer(int initialCapacity) {
        bytes = new byte[Math.max(64, initialCapacity)];
    }

    /** The array the output is in, valid up to {@link #length()}; it changes when it grows. */
    public byte[] bytes() {
        return bytes;
    }

    public int length() {
        return length;
    }

    /** Empties the buffer with room for {@code capacity} bytes; the old content is not kept. */
    byte[] clearFor(int capacity) {
        length = 0;
        if (bytes.length < capacity) {
            bytes = new byte[Math.max(capacity, bytes.length * 2)];
        }
        return bytes;
    }

    void length(int length) {
        this.length = length;
    }

    /** The output as an array of its own (tests). */
    public byte[] toArray() {
        return Arrays.copyOf(bytes, length);
    }
}
