package org.metricsstress.storage;

import java.nio.ByteBuffer;

/**
 * The {@code value} blob of a sample: one type byte then the number, big-endian, 9 bytes in all.
 * Like Newts, the blob says which kind of value it holds; here the type byte is {@link #GAUGE}
 * (1) followed by an IEEE-754 double. Our own encoding, documented in docs/schema.md.
 */
public final class SampleValueCodec {
    public static final byte GAUGE = 1;
    public static final int SIZE = 9;

    private SampleValueCodec() {}

    public static ByteBuffer encodeGauge(double value) {
        ByteBuffer b = ByteBuffer.allocate(SIZE);
        b.put(GAUGE).putDouble(value).flip();
        return b;
    }

    /**
     * The blobs of {@code count} gauges back to back in one array: blob {@code i} is the
     * {@link #SIZE} bytes at {@code i * SIZE}. One allocation per group commit instead of one per sample.
     */
    public static byte[] encodeGauges(double[] values, int count) {
        byte[] out = new byte[count * SIZE];
        ByteBuffer b = ByteBuffer.wrap(out);
        for (int i = 0; i < count; i++) {
            b.put(GAUGE).putDouble(values[i]);
        }
        return out;
    }

    /** The gauge value in {@code blob}; throws IllegalArgumentException for anything else. */
    public static double decodeGauge(ByteBuffer blob) {
        ByteBuffer b = blob.duplicate();
        if (b.remaining() != SIZE || b.get() != GAUGE) {
            throw new IllegalArgumentException("not a gauge sample value");
        }
        return b.getDouble();
    }
}
