package org.metricsstress.cache;

/** What every cache tells the run about itself, whatever it remembers and however it is asked. */
public interface CacheView extends AutoCloseable {
    /**
     * Waits (bounded) until every write made so far is stored, so that figures read next include
     * them. A no-op for caches that store synchronously.
     */
    void flush();

    /** Entries held: exact in memory; for Redis, the key count of its database (DBSIZE). */
    long size();

    CacheStats stats();

    /** One line for the user: kind, bound, where. Never contains a password. */
    String describe();

    /** Flushes queued writes (bounded wait) and releases connections. */
    @Override
    void close();
}
