package org.metricsstress.writer.tss.tags;

import java.util.List;

/**
 * OpenNMS's key-value store as the Prometheus remote-write plugin uses it for external tags: one
 * JSON record per series in a context ({@value ExternalTags#CONTEXT}), read synchronously on a cache
 * miss, written asynchronously, enumerated once at start to fill the cache.
 *
 * <p>Keys are {@link CharSequence}s so the caller can build them in a reused buffer: a store that
 * does not need a String (no store at all) makes none.
 */
public interface KeyValueStore extends AutoCloseable {
    /** The record of {@code key} in {@code context}, or null when there is none (or it has expired). Synchronous. */
    String get(String context, CharSequence key);

    /**
     * Stores {@code json} as the record of {@code key} in {@code context}, later, off the caller's
     * thread; never blocks it. A put that cannot be queued or fails counts in {@link #putsFailed()}.
     */
    void putAsync(String context, CharSequence key, String json);

    /** Up to {@code limit} keys of {@code context}: what fills the cache at start. */
    List<String> preload(String context, int limit);

    /** The plugin's {@code extTagPutTransactionFailed}: puts that were refused (queue full) or failed. */
    long putsFailed();

    /** Ends the store's threads and connections; queued puts are written first where the store can. */
    @Override
    void close();
}
