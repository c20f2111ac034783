package org.metricsstress.writer.tss.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Our compressor against snappy-java, the reference: each must read what the other writes, over
 * random, repetitive and remote-write inputs of the sizes where the format's edges are (empty, one
 * byte, below the size that tries matches, around a 64 KiB block, many blocks).
 */
class SnappyTest {
    private static final int[] SIZES = {0, 1, 17, 59, 60, 61, 255, 256, 257, 65_535, 65_536, 65_537, 200_000, 1 << 20};

    static Stream<Arguments> inputs() {
        return IntStream.of(SIZES).boxed().flatMap(size -> Stream.of(
                Arguments.of("random", size, random(size, 1)),
                Arguments.of("repetitive", size, repetitive(size)),
                Arguments.of("runs", size, runs(size)),
                Arguments.of("text", size, text(size))));
    }

    @ParameterizedTest(name = "{0} {1} B")
    @MethodSource("inputs")
    void roundTripsThroughOursAndTheReference(String kind, int size, byte[] input) throws IOException {
        SnappyBuffer out = new SnappyBuffer(16);
        int n = new Snappy().compress(input, 0, input.length, out);
        assertEquals(n, out.length());
        assertTrue(n <= Snappy.maxCompressedLength(size), n + " > bound for " + size);
        byte[] compressed = out.toArray();

        assertArrayEquals(input, Snappy.uncompress(compressed, 0, compressed.length), "ours -> ours");
        assertArrayEquals(input, org.xerial.snappy.Snappy.uncompress(compressed), "ours -> snappy-java");
        assertTrue(org.xerial.snappy.Snappy.isValidCompressedBuffer(compressed));

        byte[] theirs = org.xerial.snappy.Snappy.compress(input);
        assertArrayEquals(input, Snappy.uncompress(theirs, 0, theirs.length), "snappy-java -> ours");
    }

    @Test
    void compressesRepetitiveInputAndLeavesRandomInputAboutItsSize() {
        SnappyBuffer out = new SnappyBuffer();
        Snappy snappy = new Snappy();
        int repetitive = snappy.compress(repetitive(1 << 20), 0, 1 << 20, out);
        assertTrue(repetitive < (1 << 20) / 10, "repetitive 1 MiB -> " + repetitive);
        int random = snappy.compress(random(1 << 20, 7), 0, 1 << 20, out);
        assertTrue(random >= 1 << 20 && random <= Snappy.maxCompressedLength(1 << 20), "random 1 MiB -> " + random);
    }

    @Test
    void compressesASliceAndReusesItsBuffer() {
        byte[] input = text(10_000);
        SnappyBuffer out = new SnappyBuffer(16);
        Snappy snappy = new Snappy();
        snappy.compress(input, 0, input.length, out);
        byte[] grown = out.bytes();
        snappy.compress(input, 100, 5_000, out);
        assertEquals(grown, out.bytes(), "a smaller input compresses into the same array");
        assertArrayEquals(Arrays.copyOfRange(input, 100, 5_100), Snappy.uncompress(out.bytes(), 0, out.length()));
    }

    @Test
    void aRemoteWriteBodyOfTenSeriesCompressesBelowFortyPercent() throws IOException {
        RemoteWriteEncoder encoder = new RemoteWriteEncoder();
        byte[] resourceId = RemoteWriteEncoder.labelValue("snmp/1/tap0/group0");
        byte[] gauge = RemoteWriteEncoder.labelValue("gauge");
        long time = 1_760_000_000_000L;
        for (int m = 0; m < 10; m++) {
            encoder.add(RemoteWriteEncoder.metricName("metric_0_" + m), gauge, resourceId, resourceId.length,
                    1000.0 + m * 0.25, time);
        }
        SnappyBuffer out = new SnappyBuffer();
        int compressed = new Snappy().compress(encoder.bytes(), 0, encoder.length(), out);
        double ratio = (double) compressed / encoder.length();
        System.out.printf("remote-write body of 10 series: %d B -> %d B snappy (%.1f %%)%n",
                encoder.length(), compressed, 100 * ratio);
        assertTrue(ratio < 0.40, "10 series: " + encoder.length() + " B -> " + compressed + " B");
        byte[] body = out.toArray();
        assertArrayEquals(Arrays.copyOf(encoder.bytes(), encoder.length()), org.xerial.snappy.Snappy.uncompress(body));
    }

    @Test
    void allocatesNothingOnceItsBufferHasGrown() {
        byte[] input = text(300_000);
        SnappyBuffer out = new SnappyBuffer(16);
        Snappy snappy = new Snappy();
        snappy.compress(input, 0, input.length, out);
        long bytes = Allocation.bytesAllocatedBy(() -> {
            for (int r = 0; r < 20; r++) {
                snappy.compress(input, 0, input.length, out);
            }
        });
        assertTrue(bytes < 10_000, "allocated " + bytes + " B compressing 6 MB once warm");
    }

    @Test
    void refusesMalformedStreams() {
        assertThrows(IllegalArgumentException.class, () -> Snappy.uncompress(new byte[] {5, 0, 'a'}, 0, 3),
                "preamble says 5, literal holds 1");
        assertThrows(IllegalArgumentException.class, () -> Snappy.uncompress(new byte[] {8, 0, 'a', 1, 5}, 0, 5),
                "copy from before the start");
        assertThrows(IllegalArgumentException.class, () -> Snappy.uncompress(new byte[] {(byte) 0x80}, 0, 1),
                "preamble cut off");
    }

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static byte[] repetitive(int size) {
        byte[] b = new byte[size];
        byte[] unit = "abcdefghij0123".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < size; i++) {
            b[i] = unit[i % unit.length];
        }
        return b;
    }

    /** Long runs of one byte: overlapping copies (offset 1), and matches longer than 64. */
    private static byte[] runs(int size) {
        byte[] b = new byte[size];
        Random r = new Random(size);
        for (int i = 0; i < size; ) {
            int run = 1 + r.nextInt(300);
            byte v = (byte) r.nextInt(4);
            for (int j = 0; j < run && i < size; j++) {
                b[i++] = v;
            }
        }
        return b;
    }

    /** Words from a small vocabulary: short matches at many offsets, near and far. */
    private static byte[] text(int size) {
        String[] words = {"snmp/", "1/", "tap0/", "group", "metric_", "gauge", "count", "resourceId", "__name__", " "};
        Random r = new Random(42);
        byte[] b = new byte[size];
        int i = 0;
        while (i < size) {
            byte[] w = (words[r.nextInt(words.length)] + r.nextInt(1000)).getBytes(StandardCharsets.US_ASCII);
            for (int j = 0; j < w.length && i < size; j++) {
                b[i++] = w[j];
            }
        }
        return b;
    }
}
