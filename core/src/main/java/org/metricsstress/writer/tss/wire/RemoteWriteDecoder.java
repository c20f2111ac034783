package org.metricsstress.writer.tss.wire;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a remote-write v1 {@code WriteRequest} back into its samples, for tests and read-back checks
 * of what {@link RemoteWriteEncoder} wrote. It reads any valid request (unknown fields skipped, a
 * series of several samples gives one entry per sample), so it checks the encoding, not only
 * itself. Allocates freely: it is off the hot path.
 */
public final class RemoteWriteDecoder {
    /** One sample of a request with the labels of its series, in the order they were sent. */
    public record DecodedSample(Map<String, String> labels, double value, long timestampMillis) {
    }

    private final byte[] in;
    private int pos;

    private RemoteWriteDecoder(byte[] in, int pos) {
        this.in = in;
        this.pos = pos;
    }

    public static List<DecodedSample> decode(byte[] request) {
        return decode(request, 0, request.length);
    }

    /** @throws IllegalArgumentException if the bytes are not a well-formed request */
    public static List<DecodedSample> decode(byte[] request, int offset, int length) {
        RemoteWriteDecoder d = new RemoteWriteDecoder(request, offset);
        List<DecodedSample> samples = new ArrayList<>();
        int end = offset + length;
        while (d.pos < end) {
            int key = (int) d.varint();
            if (key == ((1 << 3) | 2)) {
                int len = d.length(end);
                d.timeSeries(d.pos + len, samples);
            } else {
                d.skip(key, end);
            }
        }
        return samples;
    }

    private void timeSeries(int end, List<DecodedSample> out) {
        Map<String, String> labels = new LinkedHashMap<>();
        List<Double> values = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        while (pos < end) {
            int key = (int) varint();
            if (key == ((1 << 3) | 2)) {
                int len = length(end); // read before pos: it moves pos past the length
                int stop = pos + len;
                String name = "";
                String value = "";
                while (pos < stop) {
                    int k = (int) varint();
                    if (k == ((1 << 3) | 2)) {
                        name = string(stop);
                    } else if (k == ((2 << 3) | 2)) {
                        value = string(stop);
                    } else {
                        skip(k, stop);
                    }
                }
                labels.put(name, value);
            } else if (key == ((2 << 3) | 2)) {
                int len = length(end); // read before pos: it moves pos past the length
                int stop = pos + len;
                double value = 0;
                long time = 0;
                while (pos < stop) {
                    int k = (int) varint();
                    if (k == ((1 << 3) | 1)) {
                        value = Double.longBitsToDouble(fixed64(stop));
                    } else if (k == (2 << 3)) {
                        time = varint();
                    } else {
                        skip(k, stop);
                    }
                }
                values.add(value);
                times.add(time);
            } else {
                skip(key, end);
            }
        }
        Map<String, String> shared = Collections.unmodifiableMap(labels);
        for (int i = 0; i < values.size(); i++) {
            out.add(new DecodedSample(shared, values.get(i), times.get(i)));
        }
    }

    private long varint() {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos >= in.length) {
                throw new IllegalArgumentException("varint runs past the end at " + pos);
            }
            byte b = in[pos++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
        throw new IllegalArgumentException("varint longer than 10 bytes at " + pos);
    }

    private int length(int end) {
        long len = varint();
        if (len < 0 || pos + len > end) {
            throw new IllegalArgumentException("field of " + len + " bytes at " + pos + " runs past its message");
        }
        return (int) len;
    }

    private String string(int end) {
        int len = length(end);
        String s = new String(in, pos, len, StandardCharsets.UTF_8);
        pos += len;
        return s;
    }

    private long fixed64(int end) {
        if (pos + 8 > end) {
            throw new IllegalArgumentException("fixed64 runs past its message at " + pos);
        }
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v |= (long) (in[pos++] & 0xFF) << (8 * i);
        }
        return v;
    }

    private void skip(int key, int end) {
        switch (key & 7) {
            case 0 -> varint();
            case 1 -> fixed64(end);
            case 2 -> pos += length(end);
            case 5 -> {
                if (pos + 4 > end) {
                    throw new IllegalArgumentException("fixed32 runs past its message at " + pos);
                }
                pos += 4;
            }
            default -> throw new IllegalArgumentException("wire type " + (key & 7) + " at " + pos);
        }
    }
}
