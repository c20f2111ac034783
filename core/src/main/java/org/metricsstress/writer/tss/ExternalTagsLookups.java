package org.metricsstress.writer.tss;

import org.metricsstress.config.TssSection;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.result.RemoteWriteSummary;
import org.metricsstress.writer.tss.tags.ExternalTags;
import org.metricsstress.writer.tss.tags.KeyValueStore;
import org.metricsstress.writer.tss.tags.NoStore;
import org.metricsstress.writer.tss.tags.PostgresKeyValueStore;

/**
 * The plugin's external-tags step for every sample, on the writer thread: its cache, and on a miss
 * a read of OpenNMS's key-value store, a real PostgreSQL with {@code --tss-external-tags-store}
 * (each read a round trip), or counted and not made without one.
 */
final class ExternalTagsLookups implements SeriesLookups, AutoCloseable {
    private final ExternalTags tags;
    private final KeyValueStore store;
    private final NoStore none;
    private final String where;

    private ExternalTagsLookups(ExternalTags tags, KeyValueStore store, NoStore none, String where) {
        this.tags = tags;
        this.store = store;
        this.none = none;
        this.where = where;
    }

    static ExternalTagsLookups open(TssSection t, SeriesNumbers numbers) throws ClusterException {
        if (t.tssExternalTagsStore() == null) {
            NoStore none = new NoStore();
            return new ExternalTagsLookups(new ExternalTags(none, t.tssExternalTagsCacheSize(), numbers::ofKey), none,
                    none, null);
        }
        PostgresKeyValueStore store = PostgresKeyValueStore.open(t.tssExternalTagsStore(), t.tssStorePassword());
        ExternalTags tags = new ExternalTags(store, t.tssExternalTagsCacheSize(), numbers::ofKey);
        tags.preload();
        return new ExternalTagsLookups(tags, store, null, store.address().hostPort());
    }

    @Override
    public void lookUp(int series, CharSequence resourceId, CharSequence name) {
        tags.onSample(series, resourceId, name);
    }

    String describe() {
        return String.format(java.util.Locale.ROOT, "cache of %,d, %s", tags.cache().capacity(),
                where == null ? "store reads not made (no --tss-external-tags-store)" : "reads from PostgreSQL at " + where);
    }

    RemoteWriteSummary.ExternalTagsSummary summary() {
        long reads = none == null ? tags.gets() : 0;
        long notMade = none == null ? 0 : none.lookupsNotMade();
        return new RemoteWriteSummary.ExternalTagsSummary(tags.cache().capacity(), tags.cacheUsed(),
                tags.cacheMissed() + tags.newSeries(), reads, notMade, none == null ? tags.getNanos() / 1e9 : 0,
                reads > 0 ? tags.meanGetNanos() / 1e6 : -1, tags.modified(), tags.putTransactionFailed(), where);
    }

    @Override
    public void close() {
        try {
            store.close();
        } catch (Exception e) {
            // closing a store that failed: nothing more to count
        }
    }
}
