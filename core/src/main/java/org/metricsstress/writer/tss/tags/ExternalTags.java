package org.metricsstress.writer.tss.tags;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToIntFunction;

/**
 * The Prometheus remote-write plugin's (v2.1.0) external-tags step, run for every sample on the
 * OpenNMS writer thread that called {@code store()}, before the request is sent. As the plugin
 * does it (CortexTSS {@code persistExternalTags}):
 * <ul>
 *   <li>cache hit: meter {@code extTagsCacheUsed}; a put only when the sample brings an external tag
 *       the cached record lacks, which a stress series (no external tags) never does;</li>
 *   <li>cache miss: a SYNCHRONOUS {@code kvStore.get(key, "CORTEX_TSS")} on the caller's thread, then
 *     <ul>
 *       <li>no record: an asynchronous put of the series' tags ({@code {}}) and the series enters
 *           the cache; the plugin marks no meter here;</li>
 *       <li>a record: meter {@code extTagsCacheMissed}; a put (meter {@code extTagsModified}) and the
 *           cache only if the record lacks a tag of the sample; otherwise, always for a stress
 *           series, the series does NOT enter the cache, so it misses, and reads the store, on
 *           every later sample until the cache is restarted.</li>
 *     </ul></li>
 * </ul>
 * So once the cache holds {@code externalTagsCacheSize} series, the series outside it read the
 * database on every sample: at n series (n above the cache), n - 1,000 synchronous reads per pass.
 *
 * <p>The key is OpenNMS's {@code Metric.getKey()}: the intrinsic tags sorted (by key, then value),
 * each {@code key=value}, joined by {@code _}. A stress series' intrinsic tags are {@code name} (the
 * attribute) and {@code resourceId} (the group's resource path), so its key is
 * {@code name=<attribute>_resourceId=<resource path>}. It is built in a buffer per thread; only a
 * real store turns it into a String (for JDBC).
 *
 * <p>At start the plugin fills the cache from the context ({@code enumerateContextAsync}, the whole
 * context, asynchronously; Guava keeps the last 1,000 it is given); {@link #preload()} reads up to
 * the cache's size, before the first sample.
 *
 * <p>Beyond the plugin's meters it counts the synchronous gets and the time the writer threads spent
 * in them, so a run can say whether the lookups were its limit: utilisation = {@link #getNanos()} /
 * (writer threads x run time). Thread-safe.
 */
public final class ExternalTags {
    /** The plugin's context in the key-value store. */
    public static final String CONTEXT = "CORTEX_TSS";

    private final KeyValueStore store;
    private final ExternalTagsCache cache;
    private final ToIntFunction<String> seriesOfKey;
    private final ThreadLocal<StringBuilder> keys = ThreadLocal.withInitial(() -> new StringBuilder(128));

    private final LongAdder cacheUsed = new LongAdder();
    private final LongAdder cacheMissed = new LongAdder();
    private final LongAdder modified = new LongAdder();
    private final LongAdder newSeries = new LongAdder();
    private final LongAdder gets = new LongAdder();
    private final LongAdder getNanos = new LongAdder();

    /**
     * @param store       where the records are ({@link NoStore} when the run has none)
     * @param cacheSize   the plugin's {@code externalTagsCacheSize} ({@link ExternalTagsCache#DEFAULT_SIZE})
     * @param seriesOfKey the series number of a stored key, or a negative number for a key that is no
     *                    series of this run (preload skips it)
     */
    public ExternalTags(KeyValueStore store, int cacheSize, ToIntFunction<String> seriesOfKey) {
        this.store = store;
        this.cache = new ExternalTagsCache(cacheSize);
        this.seriesOfKey = seriesOfKey;
    }

    /** Fills the cache from the store's context, up to its size; returns how many series it holds. */
    public int preload() {
        List<String> stored = store.preload(CONTEXT, cache.capacity());
        for (String key : stored) {
            int series = seriesOfKey.applyAsInt(key);
            if (series >= 0) {
                cache.put(series);
            }
        }
        return cache.size();
    }

    /**
     * One sample's step: {@code series} is the run's number for it, {@code resourceId} and
     * {@code attribute} its intrinsic tags. No allocation unless the store needs a String.
     */
    public void onSample(int series, CharSequence resourceId, CharSequence attribute) {
        if (cache.capacity() > 0 && cache.touch(series)) {
            cacheUsed.increment();
            return;
        }
        StringBuilder key = metricKey(resourceId, attribute);
        long start = System.nanoTime();
        String record = store.get(CONTEXT, key);
        getNanos.add(System.nanoTime() - start);
        gets.increment();
        if (record == null) {
            store.putAsync(CONTEXT, key, NoStore.EMPTY_RECORD);
            cache.put(series);
            newSeries.increment();
        } else {
            // The record holds every tag a stress series has (none): no update, so the plugin
            // neither writes nor caches it.
            cacheMissed.increment();
        }
    }

    /** OpenNMS's {@code Metric.getKey()} of a stress series, in this thread's buffer. */
    StringBuilder metricKey(CharSequence resourceId, CharSequence attribute) {
        StringBuilder b = keys.get();
        b.setLength(0);
        return b.append("name=").append(attribute).append("_resourceId=").append(resourceId);
    }

    public ExternalTagsCache cache() {
        return cache;
    }

    /** The plugin's meter {@code extTagsCacheUsed}: samples whose series was cached. */
    public long cacheUsed() {
        return cacheUsed.sum();
    }

    /** The plugin's meter {@code extTagsCacheMissed}: misses that found a record (not new series). */
    public long cacheMissed() {
        return cacheMissed.sum();
    }

    /** The plugin's meter {@code extTagsModified}: records rewritten with a new tag (never, for stress series). */
    public long modified() {
        return modified.sum();
    }

    /** The plugin's meter {@code extTagPutTransactionFailed}: the store's puts refused or failed. */
    public long putTransactionFailed() {
        return store.putsFailed();
    }

    /** Misses that found no record: new series, each put as {@code {}} and cached (no meter of the plugin's). */
    public long newSeries() {
        return newSeries.sum();
    }

    /** Synchronous gets made on writer threads: every miss, {@link #cacheMissed()} + {@link #newSeries()}. */
    public long gets() {
        return gets.sum();
    }

    /** The writer threads' time in synchronous gets, summed over threads. */
    public long getNanos() {
        return getNanos.sum();
    }

    /** The mean synchronous get, in nanoseconds; 0 before the first. */
    public double meanGetNanos() {
        long n = gets();
        return n == 0 ? 0 : (double) getNanos() / n;
    }

    public KeyValueStore store() {
        return store;
    }
}
