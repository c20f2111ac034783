package org.metricsstress.storage;

import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import java.nio.ByteBuffer;

/**
 * Column values in their CQL wire encoding, for binding with {@code setBytesUnsafe}: the same bytes
 * the driver's codecs produce (the tests compare them), without the codec lookup and conversion per
 * bound value. Buffers handed out are never written again; the driver reads duplicates of them.
 */
public final class ColumnBytes {
    private ColumnBytes() {}

    public static ByteBuffer text(String s) {
        return TypeCodecs.TEXT.encode(s, ProtocolVersion.DEFAULT);
    }

    public static ByteBuffer integer(int v) {
        return TypeCodecs.INT.encode(v, ProtocolVersion.DEFAULT);
    }

    /** A CQL timestamp: milliseconds since the epoch as a big-endian long. */
    public static ByteBuffer timestamp(long epochMillis) {
        return ByteBuffer.wrap(new byte[8]).putLong(0, epochMillis);
    }

    /**
     * Text that is all ASCII (resource ids are) encoded straight from the builder, with no String
     * in between: UTF-8 of ASCII is the characters themselves. Anything else goes through the codec.
     */
    public static ByteBuffer ascii(CharSequence s) {
        int n = s.length();
        byte[] bytes = new byte[n];
        for (int i = 0; i < n; i++) {
            char ch = s.charAt(i);
            if (ch >= 0x80) {
                return text(s.toString());
            }
            bytes[i] = (byte) ch;
        }
        return ByteBuffer.wrap(bytes);
    }
}
