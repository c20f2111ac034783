package org.metricsstress.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.Replication;
import org.metricsstress.metrics.ErrorClass;

class NewtsSchemaTest {

    @Test
    void keyspaceUsesNetworkTopologyAndSamplesUseTwcs() {
        List<String> cql = NewtsSchema.statements("newts", Replication.parse("--replication", "Main:3,DR:3"),
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
    void partitionIsTheSevenDayShard() {
        assertEquals(0, NewtsSchema.partitionOf(604_799_999L));
        assertEquals(1, NewtsSchema.partitionOf(604_800_000L));
        assertEquals(2810, NewtsSchema.partitionOf(1_700_000_000_000L)); // 1.7e9 s / 604800 s
    }

    @Test
    void valueBlobRoundTrips() {
        ByteBuffer b = SampleValueCodec.encodeGauge(123.456);
        assertEquals(9, b.remaining());
        assertEquals(SampleValueCodec.GAUGE, b.get(0));
        assertEquals(123.456, SampleValueCodec.decodeGauge(b));
        assertEquals(9, b.remaining(), "decoding must not consume the buffer");
        assertThrows(IllegalArgumentException.class, () -> SampleValueCodec.decodeGauge(ByteBuffer.allocate(8)));
    }

    @Test
    void errorsAreClassified() {
        assertEquals(ErrorClass.TIMEOUT, WriteErrors.classify(new CompletionException(new DriverTimeoutException("t"))));
        assertEquals(ErrorClass.OVERLOADED, WriteErrors.classify(new OverloadedException(null)));
        assertEquals(ErrorClass.OTHER, WriteErrors.classify(new IllegalStateException("x")));
        assertEquals("first", WriteErrors.describe(new IllegalStateException("first\nsecond")));
    }
}
