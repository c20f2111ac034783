package org.metricsstress.result;

import java.util.List;
import java.io.ByteArrayOutputStream;
import java.util.Base64;

/**
 * What each series (group resource) lost in a run: samples dropped, failed or never sent, so a
 * read-back can hold every series to its own losses. Kept compact in the result file: for each
 * series with a loss, the key's distance from the previous such key and its count, both as
 * unsigned LEB128 varints, the bytes in base64 (a few bytes per series that lost anything; empty
 * for a run that lost nothing).
 *
 * @param series  group resources with at least one sample lost
 * @param samples samples lost in all
 * @param data    the encoded (key distance, count) pairs
 */
public record SeriesLosses(long series, long samples, String data) {
    public static final SeriesLosses NONE = new SeriesLosses(0, 0, "");

    public static SeriesLosses of(int[] lostByKey) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long series = 0;
        long samples = 0;
        int previous = -1;
        for (int key = 0; key < lostByKey.length; key++) {
            if (lostByKey[key] > 0) {
                varint(out, key - previous);
                varint(out, lostByKey[key]);
                previous = key;
                series++;
                samples += lostByKey[key];
            }
        }
        return new SeriesLosses(series, samples, Base64.getEncoder().encodeToString(out.toByteArray()));
    }

    /** Samples lost per key, for keys 0 to {@code keys} - 1. */
    public int[] byKey(int keys) {
        int[] out = new int[keys];
        byte[] bytes = Base64.getDecoder().decode(data);
        int[] at = {0};
        int key = -1;
        while (at[0] < bytes.length) {
            key += (int) read(bytes, at);
            int count = (int) read(bytes, at);
            if (key >= 0 && key < keys) {
                out[key] = count;
            }
        }
        return out;
    }

    private static void varint(ByteArrayOutputStream out, long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }

    private static long read(byte[] in, int[] at) {
        long v = 0;
        int shift = 0;
        while (true) {
            byte b = in[at[0]++];
            v |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return v;
            }
            shift += 7;
        }
    }

    /** Instances' ledgers over {@code keys} series as one: they own distinct resources, so the losses add up. */
    public static SeriesLosses sum(List<SeriesLosses> parts, int keys) {
        int[] total = new int[keys];
        for (SeriesLosses part : parts) {
            int[] one = part.byKey(keys);
            for (int k = 0; k < keys; k++) {
                total[k] += one[k];
            }
        }
        return SeriesLosses.of(total);
    }
}
