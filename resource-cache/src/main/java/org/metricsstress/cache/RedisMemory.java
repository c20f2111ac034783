package org.metricsstress.cache;

import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * What a Redis cache costs Redis: its used memory ({@code INFO memory}), the keys under a prefix,
 * and {@code MEMORY USAGE} of one of them, for the bench's "bytes per cached resource" beside
 * Guava's heap bytes per entry. Clearing removes only the keys under the prefix, never the database.
 */
public final class RedisMemory {
    /** One reading: used_memory of the whole server, keys under the prefix, MEMORY USAGE of one (-1: none). */
    public record Reading(long usedMemory, long keys, long oneKeyUsage) {}

    private static final int SCAN_COUNT = 10_000;

    private RedisMemory() {}

    public static Reading read(RedisSettings settings) throws CacheUnavailableException {
        try (Jedis jedis = RedisConnections.connect(settings)) {
            long[] keys = {0};
            byte[][] first = {null};
            forEachPage(jedis, settings, page -> {
                keys[0] += page.size();
                if (first[0] == null && !page.isEmpty()) {
                    first[0] = page.get(0);
                }
            });
            Long usage = first[0] == null ? null : jedis.memoryUsage(first[0]);
            return new Reading(usedMemory(jedis.info("memory")), keys[0], usage == null ? -1 : usage);
        } catch (RuntimeException e) {
            throw new CacheUnavailableException("cannot read Redis's memory at " + settings.hostAndPort() + ": "
                    + e.getMessage(), e);
        }
    }

    /** Removes every key under the prefix (SCAN and UNLINK), then reads the memory of what is left. */
    public static Reading clear(RedisSettings settings) throws CacheUnavailableException {
        try (Jedis jedis = RedisConnections.connect(settings)) {
            forEachPage(jedis, settings, page -> {
                if (!page.isEmpty()) {
                    jedis.unlink(page.toArray(new byte[0][]));
                }
            });
        } catch (RuntimeException e) {
            throw new CacheUnavailableException("cannot clear the cache's keys in Redis at " + settings.hostAndPort()
                    + ": " + e.getMessage(), e);
        }
        return read(settings);
    }

    /**
     * Hands each SCAN page of the keys under the prefix to {@code page}. Keys end in 8 binary
     * bytes: scanned as bytes, never decoded as text.
     */
    private static void forEachPage(Jedis jedis, RedisSettings settings, Consumer<List<byte[]>> page) {
        byte[] cursor = ScanParams.SCAN_POINTER_START_BINARY;
        ScanParams match = new ScanParams().match(settings.keyPrefix() + "*").count(SCAN_COUNT);
        do {
            ScanResult<byte[]> result = jedis.scan(cursor, match);
            page.accept(result.getResult());
            cursor = result.getCursorAsBytes();
        } while (!Arrays.equals(cursor, ScanParams.SCAN_POINTER_START_BINARY));
    }

    /** used_memory from INFO memory's text. */
    static long usedMemory(String info) {
        for (String line : info.split("\r?\n")) {
            if (line.startsWith("used_memory:")) {
                return Long.parseLong(line.substring("used_memory:".length()).trim());
            }
        }
        return -1;
    }
}
