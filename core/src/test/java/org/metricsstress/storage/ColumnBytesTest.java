package org.metricsstress.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.metricsstress.newts.SampleValueCodec;

class ColumnBytesTest {
    @Test
    void preEncodedColumnsAreTheCodecsBytes() {
        assertEquals(TypeCodecs.TEXT.encode("snmp:fs:STRESS:n1:if2:group3", ProtocolVersion.DEFAULT),
                ColumnBytes.ascii(new StringBuilder("snmp:fs:STRESS:n1:if2:group3")));
        assertEquals(TypeCodecs.INT.encode(-2_000_000, ProtocolVersion.DEFAULT), ColumnBytes.integer(-2_000_000));
        long millis = 1_763_700_000_123L;
        assertEquals(timestampByCodec(millis), ColumnBytes.timestamp(millis));
        assertEquals(timestampByCodec(-5), ColumnBytes.timestamp(-5));
    }

    /** The driver's own encoding of a timestamp, to hold ColumnBytes's against. */
    private static ByteBuffer timestampByCodec(long epochMillis) {
        return TypeCodecs.TIMESTAMP.encode(Instant.ofEpochMilli(epochMillis), ProtocolVersion.DEFAULT);
    }

    @Test
    void nonAsciiTextFallsBackToUtf8() {
        String s = "gr\u00fcppe-\u65e5";
        assertEquals(TypeCodecs.TEXT.encode(s, ProtocolVersion.DEFAULT), ColumnBytes.ascii(new StringBuilder(s)));
    }

    @Test
    void gaugesSharingOneArrayDecodeOneByOne() {
        double[] values = {0.0, -1.5, Double.MAX_VALUE, Math.PI, 42};
        byte[] blobs = SampleValueCodec.encodeGauges(values, 4);
        assertEquals(4 * SampleValueCodec.SIZE, blobs.length);
        for (int i = 0; i < 4; i++) {
            ByteBuffer view = ByteBuffer.wrap(blobs, i * SampleValueCodec.SIZE, SampleValueCodec.SIZE);
            assertEquals(SampleValueCodec.encodeGauge(values[i]), view);
            assertEquals(values[i], SampleValueCodec.decodeGauge(view));
            // The driver reads a duplicate: the view itself must not move.
            assertEquals(i * SampleValueCodec.SIZE, view.position());
        }
    }
}
