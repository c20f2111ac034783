package org.metricsstress.writer.tss.wire;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One Prometheus remote-write v1 {@code WriteRequest}, as OpenNMS's Prometheus remote-write plugin
 * (v2.1.0) makes one per {@code store()} call, that is per OpenNMS group: one {@code TimeSeries}
 * per sample, each with one {@code Sample} and the labels {@code __name__}, {@code mtype},
 * {@code resourceId} in that order (the plugin sorts labels by name, and these three sort so).
 *
 * <p>Written straight into a growable array that is kept between requests, so once the array has
 * grown to the largest request no sample allocates. Every length is known before its message is
 * written (the labels' bytes are given), so nothing is written twice or patched afterwards.
 *
 * <p>The plugin sorts a request's samples by time; every sample of one group has the group's commit
 * time, so the order they are added in is already sorted and nothing here sorts.
 *
 * <p>Not thread-safe: one per writer thread.
 */
public final class RemoteWriteEncoder {
    /** The plugin cuts every label value to this many chars. */
    public static final int MAX_LABEL_VALUE_CHARS = 2048;

    // Field keys: (field number << 3) | wire type (2 = length-delimited, 1 = 64-bit, 0 = varint).
    private static final byte WRITE_REQUEST_TIMESERIES = (1 << 3) | 2;
    private static final byte TIMESERIES_LABELS = (1 << 3) | 2;
    private static final byte TIMESERIES_SAMPLES = (2 << 3) | 2;
    private static final byte LABEL_NAME = (1 << 3) | 2;
    private static final byte LABEL_VALUE = (2 << 3) | 2;
    private static final byte SAMPLE_VALUE = (1 << 3) | 1;
    private static final byte SAMPLE_TIMESTAMP = (2 << 3);

    private static final byte[] NAME = ascii("__name__");
    private static final byte[] MTYPE = ascii("mtype");
    private static final byte[] RESOURCE_ID = ascii("resourceId");

    private byte[] buffer;
    private int length;
    private int series;

    public RemoteWriteEncoder() {
        this(4096);
    }

    public RemoteWriteEncoder(int initialCapacity) {
        buffer = new byte[Math.max(64, initialCapacity)];
    }

    /** Starts a new request; the array is kept. */
    public void reset() {
        length = 0;
        series = 0;
    }

    /**
     * Adds one sample as a series of its own.
     *
     * @param name the {@code __name__} value, already as {@link #metricName(String)} makes it
     * @param mtype the {@code mtype} value ({@code gauge} or {@code count}), as {@link #labelValue(String)} makes it
     * @param resourceId the {@code resourceId} value's bytes in its first {@code resourceIdLength} bytes
     * @return false, and nothing added, for NaN: the plugin drops NaN samples
     */
    public boolean add(byte[] name, byte[] mtype, byte[] resourceId, int resourceIdLength, double value,
            long timestampMillis) {
        if (Double.isNaN(value)) {
            return false;
        }
        int nameLabel = labelSize(NAME.length, name.length);
        int mtypeLabel = labelSize(MTYPE.length, mtype.length);
        int resourceLabel = labelSize(RESOURCE_ID.length, resourceIdLength);
        int sample = 1 + 8 + 1 + varintSize(timestampMillis);
        int timeSeries = fieldSize(nameLabel) + fieldSize(mtypeLabel) + fieldSize(resourceLabel) + fieldSize(sample);
        ensure(fieldSize(timeSeries));

        put(WRITE_REQUEST_TIMESERIES);
        putVarint(timeSeries);
        label(nameLabel, NAME, name, name.length);
        label(mtypeLabel, MTYPE, mtype, mtype.length);
        label(resourceLabel, RESOURCE_ID, resourceId, resourceIdLength);
        put(TIMESERIES_SAMPLES);
        putVarint(sample);
        put(SAMPLE_VALUE);
        putFixed64(Double.doubleToRawLongBits(value));
        put(SAMPLE_TIMESTAMP);
        putVarint(timestampMillis);
        series++;
        return true;
    }

    /** The request's size in bytes: the valid part of {@link #bytes()}. */
    public int length() {
        return length;
    }

    /** The array the request is in, valid up to {@link #length()}; it changes when it grows. */
    public byte[] bytes() {
        return buffer;
    }

    /** The series (= samples) added since the last {@link #reset()}. */
    public int seriesCount() {
        return series;
    }

    /**
     * A metric name as the plugin sends it in {@code __name__}: every code point outside
     * {@code [a-zA-Z0-9_:]}, and a leading digit, becomes {@code _}; then cut as every label value
     * ({@link #labelValue(String)}).
     */
    public static byte[] metricName(String name) {
        StringBuilder out = new StringBuilder(name.length());
        name.codePoints().forEach(c -> {
            boolean digit = c >= '0' && c <= '9';
            boolean keep = digit || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
            out.append(keep && !(digit && out.length() == 0) ? (char) c : '_');
        });
        return labelValue(out.toString());
    }

    /** A label value as the plugin sends it: cut to {@value #MAX_LABEL_VALUE_CHARS} chars, in UTF-8. */
    public static byte[] labelValue(String value) {
        String cut = value.length() > MAX_LABEL_VALUE_CHARS ? value.substring(0, MAX_LABEL_VALUE_CHARS) : value;
        return cut.getBytes(StandardCharsets.UTF_8);
    }

    private void label(int size, byte[] key, byte[] value, int valueLength) {
        put(TIMESERIES_LABELS);
        putVarint(size);
        put(LABEL_NAME);
        putVarint(key.length);
        putBytes(key, key.length);
        put(LABEL_VALUE);
        putVarint(valueLength);
        putBytes(value, valueLength);
    }

    private static int labelSize(int keyLength, int valueLength) {
        return fieldSize(keyLength) + fieldSize(valueLength);
    }

    /** A length-delimited field's size: its key byte, its length's varint, its content. */
    private static int fieldSize(int contentLength) {
        return 1 + varintSize(contentLength) + contentLength;
    }

    static int varintSize(long v) {
        int size = 1;
        while ((v & ~0x7FL) != 0) {
            v >>>= 7;
            size++;
        }
        return size;
    }

    private void ensure(int more) {
        if (length + more > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, length + more));
        }
    }

    private void put(byte b) {
        buffer[length++] = b;
    }

    private void putBytes(byte[] b, int n) {
        System.arraycopy(b, 0, buffer, length, n);
        length += n;
    }

    private void putVarint(long v) {
        while ((v & ~0x7FL) != 0) {
            buffer[length++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buffer[length++] = (byte) v;
    }

    private void putFixed64(long v) {
        for (int i = 0; i < 8; i++) {
            buffer[length++] = (byte) (v >>> (8 * i));
        }
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
