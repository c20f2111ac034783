package org.metricsstress.cache;

import java.util.List;

/**
 * OpenNMS's resource metadata cache as Newts' indexer asks it (Newts 3.0.0
 * {@code ResourceMetadataCache}): one entry per resource, holding when it expires and which of
 * its index rows are known written, asked once per question (three times per sample) and merged
 * only after every index write of an update succeeded.
 *
 * <p>An entry is packed in a long: the expiry in epoch seconds (high 32 bits, unsigned) and a set
 * of up to 32 field groups (low 32 bits) whose meaning is the caller's. Entries are never
 * {@link #ABSENT}.
 *
 * <p>Implementations never throw from {@link #get} or {@link #merge}: a cache that cannot answer
 * reports the entry absent and counts an error (the index rows are then written again, which is
 * harmless).
 */
public interface MetadataCache extends CacheView {
    long ABSENT = 0L;

    /** One lookup ({@code cache.get(context, resource)}): the entry, or {@link #ABSENT}. */
    long get(long key, CharSequence resourceId);

    /**
     * After an update's writes all succeeded ({@code cache.merge}): the field groups join the entry;
     * a new entry expires at {@code expiresAtSeconds}, an existing one keeps the earlier of the two
     * expiries (Newts' {@code ResourceMetadata.merge}: an expired entry stays expired).
     *
     * @param names the names of the rows written (metric names, attribute keys), which a store
     *              that keeps OpenNMS's metadata object (Redis) serialises
     * @return the entry after the merge
     */
    long merge(long key, CharSequence resourceId, int fields, int expiresAtSeconds, List<String> names);

    static long entry(int expiresAtSeconds, int fields) {
        return ((long) expiresAtSeconds << 32) | (fields & 0xFFFF_FFFFL);
    }

    static int fields(long entry) {
        return (int) entry;
    }

    /** The expiry in epoch seconds. */
    static long expiresAt(long entry) {
        return entry >>> 32;
    }

    /** Newts' merge of two entries: the union of their fields, the earlier expiry. */
    static long merged(long old, long added) {
        return entry((int) Math.min(expiresAt(old), expiresAt(added)), fields(old) | fields(added));
    }
}
