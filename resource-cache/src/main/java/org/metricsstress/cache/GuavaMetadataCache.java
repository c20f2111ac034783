package org.metricsstress.cache;

import java.util.List;
import java.util.Locale;

/**
 * OpenNMS's default metadata cache ({@code GuavaResourceMetadataCache}): in this JVM, bounded by
 * entry count (least recently used out first; OpenNMS's default bound is 8,192). Entries are the
 * packed longs of {@link MetadataCache} in the same Guava cache the pipelined writer uses, so its
 * heap per entry is the one the bench measures.
 */
public final class GuavaMetadataCache implements MetadataCache {
    private final GuavaResourceCache entries;

    public GuavaMetadataCache(long maxEntries) {
        this.entries = new GuavaResourceCache(maxEntries);
    }

    @Override
    public long get(long key, CharSequence resourceId) {
        return entries.get(key);
    }

    @Override
    public long merge(long key, CharSequence resourceId, int fields, int expiresAtSeconds, List<String> names) {
        return entries.merge(key, MetadataCache.entry(expiresAtSeconds, fields), MetadataCache::merged);
    }

    @Override
    public void flush() {
    }

    @Override
    public long size() {
        return entries.size();
    }

    @Override
    public CacheStats stats() {
        return entries.stats();
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "guava (OpenNMS's metadata cache), at most %,d entries", entries.maxEntries());
    }

    @Override
    public void close() {
        entries.close();
    }
}
