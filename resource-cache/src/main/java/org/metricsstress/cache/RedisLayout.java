package org.metricsstress.cache;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The cache's entries as Redis holds them, binary and small: key = prefix (UTF-8) + the 8-byte
 * big-endian resource key, value = the 8-byte big-endian fingerprint.
 */
final class RedisLayout {
    private static final VarHandle BIG_ENDIAN_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final byte[] prefix;

    RedisLayout(String keyPrefix) {
        this.prefix = keyPrefix.getBytes(StandardCharsets.UTF_8);
    }

    byte[] key(long key) {
        byte[] raw = Arrays.copyOf(prefix, prefix.length + Long.BYTES);
        BIG_ENDIAN_LONG.set(raw, prefix.length, key);
        return raw;
    }

    static byte[] value(long fingerprint) {
        byte[] value = new byte[Long.BYTES];
        BIG_ENDIAN_LONG.set(value, 0, fingerprint);
        return value;
    }

    /** Anything but 8 bytes was not written by a cache: absent, and the re-index overwrites it. */
    static long fingerprint(byte[] value) {
        return value != null && value.length == Long.BYTES ? (long) BIG_ENDIAN_LONG.get(value, 0) : ResourceCache.ABSENT;
    }
}
