package org.metricsstress.cache;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.Transaction;

/**
 * OpenNMS's Redis metadata cache, as it talks to Redis (its {@code RedisResourceMetadataCache}):
 * a pool of {@code writer_threads} to 4 x {@code writer_threads} connections; the value of key
 * {@code _M:G:<resource id>} is the resource's metadata object serialised (OpenNMS uses FST; here a
 * compact form of the same content: expiry, field groups and every row name); a lookup is one plain
 * GET, then deserialisation of that object; a merge is a GET, then for a new resource a MULTI that
 * SETs the entry and LPUSHes the key onto one search list per element of the resource id
 * ({@code _S:G:snmp}, {@code _S:G:snmp:fs}, ...), or for a changed one a SET of the merged object.
 * Keys get no Redis TTL, as OpenNMS's do not.
 *
 * <p>OpenNMS has one keyspace; this tool runs many against one Redis. For OpenNMS's default keyspace,
 * {@code newts}, the keys are OpenNMS's own; for any other they carry the keyspace as a prefix
 * ({@code <keyspace>:_M:G:...}), so a fresh keyspace never finds another's entries warm and skips
 * index rows it never wrote.
 *
 * <p>No pipelining and no near cache: each question is a round trip on the asking worker's thread.
 * A failure counts an error and answers absent (OpenNMS's indexer would throw and lose the update;
 * the rows are written again either way).
 */
public final class OpenNmsRedisCache implements MetadataCache {
    /** OpenNMS's keyspace, whose keys carry no prefix. */
    static final String OPENNMS_KEYSPACE = "newts";

    private final byte[] metadataPrefix;
    private final String searchPrefix;
    private static final long SIZE_EVERY_NANOS = 1_000_000_000L;

    private final RedisSettings settings;
    private final JedisPool pool;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder puts = new LongAdder();
    private volatile long knownSize = -1;
    private volatile long sizeCountedAt = System.nanoTime() - SIZE_EVERY_NANOS - 1;
    private volatile String lastError;

    private OpenNmsRedisCache(RedisSettings settings, JedisPool pool, String keyspace) {
        this.settings = settings;
        this.pool = pool;
        this.metadataPrefix = (keyPrefix(keyspace) + "_M:G:").getBytes(StandardCharsets.UTF_8);
        this.searchPrefix = keyPrefix(keyspace) + "_S:G";
    }

    /** What a keyspace's keys start with: nothing for OpenNMS's {@code newts}, else {@code <keyspace>:}. */
    static String keyPrefix(String keyspace) {
        return OPENNMS_KEYSPACE.equals(keyspace) ? "" : keyspace + ":";
    }

    /**
     * Connects and checks with a PING, so a wrong address or password stops the run at start.
     *
     * @param minIdle  connections kept open (OpenNMS: its writer threads)
     * @param keyspace the keyspace whose index the entries stand for
     */
    public static OpenNmsRedisCache open(RedisSettings settings, int minIdle, String keyspace)
            throws CacheUnavailableException {
        JedisPool pool = RedisConnections.pool(settings, minIdle);
        try (Jedis jedis = pool.getResource()) {
            jedis.ping();
        } catch (RuntimeException e) {
            pool.close();
            throw new CacheUnavailableException("cannot reach Redis at " + settings.hostAndPort() + ": "
                    + RedisConnections.reason(e), e);
        }
        return new OpenNmsRedisCache(settings, pool, keyspace);
    }

    @Override
    public long get(long key, CharSequence resourceId) {
        Metadata m = read(rawKey(resourceId));
        if (m == null) {
            misses.increment();
            return ABSENT;
        }
        hits.increment();
        return m.entry;
    }

    /** One GET and the object deserialised, or null when absent or Redis failed (counted). */
    private Metadata read(byte[] key) {
        byte[] bytes;
        try (Jedis jedis = pool.getResource()) {
            bytes = jedis.get(key);
        } catch (RuntimeException e) {
            failed(e);
            return null;
        }
        return bytes == null ? null : Metadata.decode(bytes);
    }

    @Override
    public long merge(long key, CharSequence resourceId, int fields, int expiresAtSeconds, List<String> names) {
        byte[] rawKey = rawKey(resourceId);
        Metadata old = read(rawKey);
        long added = MetadataCache.entry(expiresAtSeconds, fields);
        try (Jedis jedis = pool.getResource()) {
            if (old == null) {
                Metadata fresh = new Metadata(added, new LinkedHashSet<>(names));
                Transaction t = jedis.multi();
                t.set(rawKey, fresh.encode());
                StringBuilder list = new StringBuilder(searchPrefix);
                for (String element : resourceId.toString().split(":")) {
                    list.append(':').append(element);
                    t.lpush(list.toString().getBytes(StandardCharsets.UTF_8), rawKey);
                }
                t.exec();
                puts.increment();
                return added;
            }
            Metadata merged = old.merge(added, names);
            if (merged.entry != old.entry || merged.names.size() != old.names.size()) {
                jedis.set(rawKey, merged.encode());
                puts.increment();
            }
            return merged.entry;
        } catch (RuntimeException e) {
            failed(e);
            return added;
        }
    }

    private void failed(RuntimeException e) {
        errors.increment();
        lastError = RedisConnections.reason(e);
    }

    private byte[] rawKey(CharSequence resourceId) {
        byte[] id = resourceId.toString().getBytes(StandardCharsets.UTF_8);
        byte[] key = new byte[metadataPrefix.length + id.length];
        System.arraycopy(metadataPrefix, 0, key, 0, metadataPrefix.length);
        System.arraycopy(id, 0, key, metadataPrefix.length, id.length);
        return key;
    }

    /** The last error Redis gave, or null. */
    public String lastError() {
        return lastError;
    }

    @Override
    public void flush() {
        sizeCountedAt = System.nanoTime() - SIZE_EVERY_NANOS - 1;
    }

    /** DBSIZE, counted at most once a second; -1 if Redis cannot say. */
    @Override
    public long size() {
        long now = System.nanoTime();
        if (now - sizeCountedAt > SIZE_EVERY_NANOS) {
            sizeCountedAt = now;
            try (Jedis jedis = pool.getResource()) {
                knownSize = jedis.dbSize();
            } catch (RuntimeException e) {
                knownSize = -1;
            }
        }
        return knownSize;
    }

    @Override
    public CacheStats stats() {
        return new CacheStats(hits.sum(), misses.sum(), 0, errors.sum(), puts.sum());
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "redis (OpenNMS's metadata cache: a GET per question, no near cache), %s, "
                + "pool of %d", settings.where(), settings.poolSize());
    }

    @Override
    public void close() {
        pool.close();
    }

    /** The metadata object OpenNMS keeps per resource: when it expires, what is known written. */
    static final class Metadata {
        final long entry;
        final Set<String> names;

        Metadata(long entry, Set<String> names) {
            this.entry = entry;
            this.names = names;
        }

        Metadata merge(long added, List<String> more) {
            Set<String> all = new LinkedHashSet<>(names);
            all.addAll(more);
            return new Metadata(MetadataCache.merged(entry, added), all);
        }

        byte[] encode() {
            List<byte[]> encoded = new ArrayList<>(names.size());
            int size = Long.BYTES + Integer.BYTES;
            for (String n : names) {
                byte[] b = n.getBytes(StandardCharsets.UTF_8);
                encoded.add(b);
                size += Short.BYTES + b.length;
            }
            ByteBuffer out = ByteBuffer.allocate(size).putLong(entry).putInt(encoded.size());
            for (byte[] b : encoded) {
                out.putShort((short) b.length).put(b);
            }
            return out.array();
        }

        /** Every name made a String again, as deserialising OpenNMS's object does; null for bytes not ours. */
        static Metadata decode(byte[] bytes) {
            try {
                ByteBuffer in = ByteBuffer.wrap(bytes);
                long entry = in.getLong();
                int count = in.getInt();
                Set<String> names = new LinkedHashSet<>(Math.max(4, count * 2));
                for (int i = 0; i < count; i++) {
                    byte[] b = new byte[in.getShort()];
                    in.get(b);
                    names.add(new String(b, StandardCharsets.UTF_8));
                }
                return new Metadata(entry, names);
            } catch (RuntimeException e) {
                return null;
            }
        }
    }
}
