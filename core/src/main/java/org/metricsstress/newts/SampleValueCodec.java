package org.metricsstress.newts;

import java.nio.ByteBuffer;

/**
 * The {@code value} blob of a sample as Newts writes it ({@code ValueType.decompose} in newts-api
 * 3.0.0): the {@link MetricType} code, then the number big-endian, 9 bytes in all; a gauge's number
 * is an IEEE-754 double. The stress command writes gauges only, as OpenNMS's does.
 */
public final class SampleValueCodec {
    public static final int SIZE = 9;
    private static final byte GAUGE = MetricType.GAUGE.code();
    private static final char[] HEX = "0123456789abcdef".toCharArray();

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

    /** A gauge's blob as a CQL blob literal ({@code 0x04...}), as Newts' query builder renders it. */
    public static StringBuilder appendGaugeLiteral(StringBuilder sb, double value) {
        sb.append("0x");
        appendHexByte(sb, GAUGE);
        long bits = Double.doubleToRawLongBits(value);
        for (int shift = 56; shift >= 0; shift -= 8) {
            appendHexByte(sb, (int) (bits >>> shift));
        }
        return sb;
    }

    private static void appendHexByte(StringBuilder sb, int b) {
        sb.append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
    }

    /** Whether {@code blob} is a gauge Newts can read. */
    public static boolean isGauge(ByteBuffer blob) {
        return blob != null && blob.remaining() == SIZE && blob.get(blob.position()) == GAUGE;
    }

    /** The gauge value in {@code blob}; throws IllegalArgumentException for anything else (see {@link #isGauge}). */
    public static double decodeGauge(ByteBuffer blob) {
        if (!isGauge(blob)) {
            throw new IllegalArgumentException("not a Newts gauge value: " + describe(blob));
        }
        return blob.getDouble(blob.position() + 1);
    }

    /** The blob in hex (at most its first 16 bytes), for a mismatch report. */
    public static String describe(ByteBuffer blob) {
        if (blob == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder("0x");
        int n = Math.min(blob.remaining(), 16);
        for (int i = 0; i < n; i++) {
            appendHexByte(sb, blob.get(blob.position() + i));
        }
        if (blob.remaining() > n) {
            sb.append("... (").append(blob.remaining()).append(" bytes)");
        }
        return sb.toString();
    }
}
