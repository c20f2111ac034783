package org.metricsstress.result;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import java.util.Arrays;
import java.util.List;

/**
 * Percentiles of one latency histogram, in milliseconds (HdrHistogram of microseconds, 3
 * significant digits), and the histogram itself, losslessly: {@code hdr} is HdrHistogram's
 * compressed encoding in base64, so that results of several instances add up exactly (histograms
 * are added, percentiles never averaged).
 *
 * @param hdr the histogram of microseconds, or null when empty or read from an older result
 */
public record LatencySummary(long count, double p50Ms, double p90Ms, double p99Ms, double p999Ms, double maxMs,
        double meanMs, String hdr) {
    public static final LatencySummary EMPTY = new LatencySummary(0, 0, 0, 0, 0, 0, 0, null);

    /** Percentiles without the histogram (tests, and results assembled by hand). */
    public LatencySummary(long count, double p50Ms, double p90Ms, double p99Ms, double p999Ms, double maxMs,
            double meanMs) {
        this(count, p50Ms, p90Ms, p99Ms, p999Ms, maxMs, meanMs, null);
    }

    /** From a histogram of microseconds. */
    public static LatencySummary of(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return EMPTY;
        }
        return new LatencySummary(micros.getTotalCount(),
                ms(micros.getValueAtPercentile(50)), ms(micros.getValueAtPercentile(90)),
                ms(micros.getValueAtPercentile(99)), ms(micros.getValueAtPercentile(99.9)),
                ms(micros.getMaxValue()), micros.getMean() / 1000.0, encode(micros));
    }

    /**
     * The histogram back, for adding to others; an empty one when there were no values.
     *
     * @throws IllegalStateException when the result holds percentiles only (an older file)
     */
    public Histogram histogram() {
        if (count == 0) {
            return new Histogram(3);
        }
        if (hdr == null) {
            throw new IllegalStateException("no histogram, only percentiles");
        }
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(hdr)), 0);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalStateException("a histogram that does not decode: " + e.getMessage());
        }
    }

    /** The histograms of {@code parts} added, and the percentiles of the sum: never an average of percentiles. */
    public static LatencySummary sum(List<LatencySummary> parts) {
        // Auto-resizing at the same precision: the sum's buckets are the parts' buckets.
        Histogram sum = new Histogram(3);
        for (LatencySummary l : parts) {
            sum.add(l.histogram());
        }
        return of(sum);
    }

    /** The record, and its encoded histogram as a compact string (a byte a character) with its array. */
    private static final long RECORD_BYTES = 72;
    private static final long STRING_BYTES = 24 + 16;

    /** About the heap this summary holds, its histogram's encoding included. */
    public long retainedBytes() {
        return RECORD_BYTES + (hdr == null ? 0 : STRING_BYTES + hdr.length());
    }

    /** Whether {@link #histogram()} can give the values back. */
    public boolean hasHistogram() {
        return count == 0 || hdr != null;
    }

    private static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    private static double ms(long micros) {
        return micros / 1000.0;
    }
}
