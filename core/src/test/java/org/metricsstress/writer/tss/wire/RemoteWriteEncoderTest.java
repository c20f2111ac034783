package org.metricsstress.writer.tss.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.writer.tss.wire.RemoteWriteDecoder.DecodedSample;

class RemoteWriteEncoderTest {
    private static final byte[] GAUGE = RemoteWriteEncoder.labelValue("gauge");

    @Test
    void oneSeriesPerSampleWithItsThreeLabelsSortedByName() {
        RemoteWriteEncoder encoder = new RemoteWriteEncoder(64);
        byte[] resource = "snmp/1/tap0/group0 and more".getBytes(StandardCharsets.UTF_8);
        long time = 1_760_000_000_123L;
        for (int m = 0; m < 3; m++) {
            assertTrue(encoder.add(RemoteWriteEncoder.metricName("metric_0_" + m), GAUGE, resource, 18, m - 1.5, time));
        }
        List<DecodedSample> samples = RemoteWriteDecoder.decode(encoder.bytes(), 0, encoder.length());
        assertEquals(3, encoder.seriesCount());
        assertEquals(3, samples.size());
        for (int m = 0; m < 3; m++) {
            DecodedSample s = samples.get(m);
            assertEquals(List.of("__name__", "mtype", "resourceId"), List.copyOf(s.labels().keySet()));
            assertEquals(Map.of("__name__", "metric_0_" + m, "mtype", "gauge", "resourceId", "snmp/1/tap0/group0"),
                    s.labels());
            assertEquals(m - 1.5, s.value());
            assertEquals(time, s.timestampMillis());
        }
    }

    @Test
    void theBytesAreProtobufsEncodingByHand() {
        // WriteRequest{timeseries{labels{"__name__","a"} labels{"mtype","g"} labels{"resourceId","r"}
        // samples{value 1.0, timestamp 300}}}, each field's bytes worked out from the encoding's rules.
        RemoteWriteEncoder encoder = new RemoteWriteEncoder();
        encoder.add(bytes("a"), bytes("g"), bytes("r"), 1, 1.0, 300);
        byte[] expected = concat(new byte[] {0x0A, 58},
                new byte[] {0x0A, 13, 0x0A, 8}, bytes("__name__"), new byte[] {0x12, 1}, bytes("a"),
                new byte[] {0x0A, 10, 0x0A, 5}, bytes("mtype"), new byte[] {0x12, 1}, bytes("g"),
                new byte[] {0x0A, 15, 0x0A, 10}, bytes("resourceId"), new byte[] {0x12, 1}, bytes("r"),
                new byte[] {0x12, 12, 0x09, 0, 0, 0, 0, 0, 0, (byte) 0xF0, 0x3F, 0x10, (byte) 0xAC, 0x02});
        assertArrayEquals(expected, java.util.Arrays.copyOf(encoder.bytes(), encoder.length()));
    }

    @Test
    void allocatesNothingPerSampleOnceWarm() {
        RemoteWriteEncoder encoder = new RemoteWriteEncoder(64);
        byte[] name = RemoteWriteEncoder.metricName("metric_0_0");
        byte[] resource = "snmp/1/tap0/group0".getBytes(StandardCharsets.UTF_8);
        Runnable request = () -> {
            encoder.reset();
            for (int i = 0; i < 1000; i++) {
                encoder.add(name, GAUGE, resource, resource.length, i, 1_760_000_000_000L + i);
            }
        };
        request.run();
        long bytes = Allocation.bytesAllocatedBy(() -> {
            for (int r = 0; r < 100; r++) {
                request.run();
            }
        });
        // 100,000 samples: one allocated object per sample would be megabytes.
        assertTrue(bytes < 10_000, "allocated " + bytes + " B for 100,000 samples once warm");
    }

    @Test
    void skipsNaNAsThePluginDrops() {
        RemoteWriteEncoder encoder = new RemoteWriteEncoder();
        assertFalse(encoder.add(bytes("m"), GAUGE, bytes("r"), 1, Double.NaN, 1));
        assertEquals(0, encoder.length());
        assertEquals(0, encoder.seriesCount());
        assertTrue(encoder.add(bytes("m"), GAUGE, bytes("r"), 1, Double.POSITIVE_INFINITY, 1));
        assertEquals(Double.POSITIVE_INFINITY, RemoteWriteDecoder.decode(encoder.bytes(), 0, encoder.length()).get(0).value());
    }

    @Test
    void resetKeepsTheGrownArrayAndStartsAnEmptyRequest() {
        RemoteWriteEncoder encoder = new RemoteWriteEncoder(64);
        byte[] resource = "snmp/fs/FS/FID/group7".getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < 100; i++) {
            encoder.add(RemoteWriteEncoder.metricName("m" + i), GAUGE, resource, resource.length, i, -5);
        }
        byte[] grown = encoder.bytes();
        assertTrue(grown.length >= encoder.length() && encoder.length() > 64);
        encoder.reset();
        assertEquals(0, encoder.length());
        assertEquals(0, encoder.seriesCount());
        encoder.add(bytes("x"), GAUGE, resource, resource.length, 2, 7);
        assertSame(grown, encoder.bytes());
        DecodedSample only = RemoteWriteDecoder.decode(encoder.bytes(), 0, encoder.length()).get(0);
        assertEquals("x", only.labels().get("__name__"));
        assertEquals(7, only.timestampMillis());
    }

    @Test
    void negativeTimestampsTakeTenByteVarints() {
        RemoteWriteEncoder encoder = new RemoteWriteEncoder();
        encoder.add(bytes("m"), GAUGE, bytes("r"), 1, 0, -5);
        assertEquals(-5, RemoteWriteDecoder.decode(encoder.bytes(), 0, encoder.length()).get(0).timestampMillis());
        assertEquals(10, RemoteWriteEncoder.varintSize(-5));
        assertEquals(1, RemoteWriteEncoder.varintSize(127));
        assertEquals(2, RemoteWriteEncoder.varintSize(128));
    }

    @Test
    void sanitisesNamesAsThePlugin() {
        assertEquals("metric_0_1", new String(RemoteWriteEncoder.metricName("metric_0_1"), StandardCharsets.UTF_8));
        assertEquals("_fInOctets", new String(RemoteWriteEncoder.metricName("1fInOctets"), StandardCharsets.UTF_8));
        assertEquals("if_in:octets_", new String(RemoteWriteEncoder.metricName("if-in:octets\u00e9"), StandardCharsets.UTF_8));
        assertEquals("a_b", new String(RemoteWriteEncoder.metricName("a\uD83D\uDE00b"), StandardCharsets.UTF_8),
                "a code point outside the BMP is one char to replace");
        assertEquals("a1", new String(RemoteWriteEncoder.metricName("a1"), StandardCharsets.UTF_8));
    }

    @Test
    void cutsLabelValuesAt2048CharsInUtf8() {
        String accented = "\u00e9".repeat(3000);
        byte[] cut = RemoteWriteEncoder.labelValue(accented);
        assertEquals(2048 * 2, cut.length, "2048 chars of two UTF-8 bytes each");
        assertEquals("\u00e9".repeat(2048), new String(cut, StandardCharsets.UTF_8));
        assertEquals("short", new String(RemoteWriteEncoder.labelValue("short"), StandardCharsets.UTF_8));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
