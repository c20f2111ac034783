package org.metricsstress.newts;

import java.nio.ByteBuffer;

/**
 * The {@code value} blob of a sample as Newts writes it ({@code ValueType.decompose} in newts-api
 * 3.0.0): the {@link MetricType} code, then the number big-endian, 9 bytes in all. A GAUGE's number
 * is an IEEE-754 double; a COUNTER's (and ABSOLUTE's, DERIVE's) a 64-bit integer, which Newts reads
 * as unsigned. Values travel the pipeline as doubles: an integer type's value is a whole number
 * below 2^53 there, so the conversion is exact both ways.
 */
public final class SampleValueCodec {
    public static final int SIZE = 9;
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private SampleValueCodec() {}

    /** The 8 bytes after the type byte, as a long. */
    private static long bits(MetricType type, double value) {
        return type == MetricType.GAUGE ? Double.doubleToRawLongBits(value) : (long) value;
    }

    public static ByteBuffer encode(MetricType type, double value) {
        ByteBuffer b = ByteBuffer.allocate(SIZE);
        b.put(type.code()).putLong(bits(type, value)).flip();
        return b;
    }

    public static ByteBuffer encodeGauge(double value) {
        return encode(MetricType.GAUGE, value);
    }

    /**
     * The blobs of {@code count} values of one type back to back in one array: blob {@code i} is the
     * {@link #SIZE} bytes at {@code i * SIZE}. One allocation per group commit instead of one per sample.
     */
    public static byte[] encode(MetricType type, double[] values, int count) {
        byte[] out = new byte[count * SIZE];
        ByteBuffer b = ByteBuffer.wrap(out);
        byte code = type.code();
        for (int i = 0; i < count; i++) {
            b.put(code).putLong(bits(type, values[i]));
        }
        return out;
    }

    public static byte[] encodeGauges(double[] values, int count) {
        return encode(MetricType.GAUGE, values, count);
    }

    /** A value's blob as a CQL blob literal ({@code 0x04...} for a gauge), as Newts' query builder renders it. */
    public static StringBuilder appendLiteral(StringBuilder sb, MetricType type, double value) {
        sb.append("0x");
        appendHexByte(sb, type.code());
        long bits = bits(type, value);
        for (int shift = 56; shift >= 0; shift -= 8) {
            appendHexByte(sb, (int) (bits >>> shift));
        }
        return sb;
    }

    public static StringBuilder appendGaugeLiteral(StringBuilder sb, double value) {
        return appendLiteral(sb, MetricType.GAUGE, value);
    }

    private static void appendHexByte(StringBuilder sb, int b) {
        sb.append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
    }

    /** Whether {@code blob} is a value of {@code type} Newts can read. */
    public static boolean is(MetricType type, ByteBuffer blob) {
        return blob != null && blob.remaining() == SIZE && blob.get(blob.position()) == type.code();
    }

    public static boolean isGauge(ByteBuffer blob) {
        return is(MetricType.GAUGE, blob);
    }

    /** The value of {@code type} in {@code blob}; throws IllegalArgumentException for anything else (see {@link #is}). */
    public static double decode(MetricType type, ByteBuffer blob) {
        if (!is(type, blob)) {
            throw new IllegalArgumentException("not a Newts " + type + " value: " + describe(blob));
        }
        return type == MetricType.GAUGE ? blob.getDouble(blob.position() + 1) : blob.getLong(blob.position() + 1);
    }

    public static double decodeGauge(ByteBuffer blob) {
        return decode(MetricType.GAUGE, blob);
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
