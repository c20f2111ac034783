package org.metricsstress.newts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.Replication;

class NewtsSchemaTest {

    @Test
    void keyspaceUsesNetworkTopologyAndSamplesUseTwcs() {
        List<String> cql = NewtsSchema.statements("newts", Replication.parse("--replication", "Main:3,DR:3").toCql(),
                Duration.ofDays(7), Duration.ofDays(7));
        assertEquals(5, cql.size());
        assertTrue(cql.get(0).contains("{'class': 'NetworkTopologyStrategy', 'Main': 3, 'DR': 3}"));
        String samples = cql.get(1);
        assertTrue(samples.contains("PRIMARY KEY ((context, partition, resource), collected_at, metric_name)"));
        assertTrue(samples.contains("'class': 'TimeWindowCompactionStrategy'"));
        assertTrue(samples.contains("'compaction_window_unit': 'DAYS', 'compaction_window_size': '7'"));
        assertTrue(samples.contains("gc_grace_seconds = 604800"));
        for (String s : cql) {
            assertFalse(s.contains("read_repair_chance"), "gone since Cassandra 4");
        }
        assertTrue(cql.get(2).contains(".terms"));
        assertTrue(cql.get(3).contains(".resource_attributes"));
        assertTrue(cql.get(4).contains(".resource_metrics"));
    }

    @Test
    void twcsWindowTakesTheCoarsestExactUnit() {
        assertEquals("'compaction_window_unit': 'HOURS', 'compaction_window_size': '36'",
                NewtsSchema.twcsWindowOptions(Duration.ofHours(36)));
        assertEquals("'compaction_window_unit': 'MINUTES', 'compaction_window_size': '90'",
                NewtsSchema.twcsWindowOptions(Duration.ofMinutes(90)));
        assertEquals("'compaction_window_unit': 'DAYS', 'compaction_window_size': '1'",
                NewtsSchema.twcsWindowOptions(Duration.ofHours(24)));
    }

    @Test
    void partitionIsTheShardStartInEpochSeconds() {
        // Newts: Timestamp.stepFloor(604800 s).asSeconds(), the start of the week-long shard, in seconds.
        assertEquals(0, NewtsSchema.partitionOf(604_799_999L));
        assertEquals(604_800, NewtsSchema.partitionOf(604_800_000L));
        assertEquals(1_699_488_000, NewtsSchema.partitionOf(1_700_000_000_000L));
        // The value Newts itself writes for a timestamp of late November 2026.
        assertEquals(1_795_046_400, NewtsSchema.partitionOf(1_795_500_000_000L));
    }

    @Test
    void partitionsOfARangeAreAWeekApart() {
        long week = 604_800_000L;
        assertArrayEquals(new int[] {0}, NewtsSchema.partitionsBetween(1, week - 1));
        assertArrayEquals(new int[] {0, 604_800, 1_209_600}, NewtsSchema.partitionsBetween(week - 1, 2 * week + 5));
    }

    @Test
    void valueBlobIsNewtsTypeByteThenTheDouble() {
        ByteBuffer b = SampleValueCodec.encodeGauge(123.456);
        assertEquals(9, b.remaining());
        assertEquals(4, b.get(0), "Newts' MetricType.GAUGE code");
        assertEquals(MetricType.GAUGE.code(), b.get(0));
        assertEquals(123.456, b.getDouble(1));
        assertEquals(123.456, SampleValueCodec.decodeGauge(b));
        assertEquals(9, b.remaining(), "decoding must not consume the buffer");
        assertFalse(SampleValueCodec.isGauge(ByteBuffer.allocate(4)));
        assertFalse(SampleValueCodec.isGauge(ByteBuffer.wrap(new byte[] {1, 0, 0, 0, 0, 0, 0, 0, 0})), "a COUNTER");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SampleValueCodec.decodeGauge(ByteBuffer.allocate(4)));
        assertTrue(e.getMessage().contains("0x00000000"), e.getMessage());
    }

    @Test
    void gaugeLiteralIsTheBlobInHex() {
        ByteBuffer b = SampleValueCodec.encodeGauge(-0.5);
        StringBuilder hex = new StringBuilder("0x");
        for (int i = 0; i < 9; i++) {
            hex.append(String.format("%02x", b.get(i)));
        }
        assertEquals(hex.toString(), SampleValueCodec.appendGaugeLiteral(new StringBuilder(), -0.5).toString());
        assertEquals(hex.toString(), SampleValueCodec.describe(b));
    }

    /** Newts' Counter: type byte 1, then the count as a 64-bit integer (read as unsigned), not a double. */
    @Test
    void counterBlobIsTypeByteOneThenTheLong() {
        double count = 1_234_567_890_123L;
        ByteBuffer b = SampleValueCodec.encode(MetricType.COUNTER, count);
        assertEquals(9, b.remaining());
        assertEquals(1, b.get(0), "Newts' MetricType.COUNTER code");
        assertEquals(1_234_567_890_123L, b.getLong(1));
        assertEquals(count, SampleValueCodec.decode(MetricType.COUNTER, b));
        assertTrue(SampleValueCodec.is(MetricType.COUNTER, b));
        assertFalse(SampleValueCodec.isGauge(b));
        assertThrows(IllegalArgumentException.class, () -> SampleValueCodec.decodeGauge(b));
        byte[] two = SampleValueCodec.encode(MetricType.COUNTER, new double[] {count, 7}, 2);
        assertEquals(b, ByteBuffer.wrap(two, 0, 9));
        assertEquals(7, SampleValueCodec.decode(MetricType.COUNTER, ByteBuffer.wrap(two, 9, 9)));
        StringBuilder hex = new StringBuilder("0x");
        for (int i = 0; i < 9; i++) {
            hex.append(String.format("%02x", b.get(i)));
        }
        assertEquals(hex.toString(), SampleValueCodec.appendLiteral(new StringBuilder(), MetricType.COUNTER, count).toString());
    }
}
