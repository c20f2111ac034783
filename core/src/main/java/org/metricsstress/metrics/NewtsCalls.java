package org.metricsstress.metrics;

import com.codahale.metrics.Timer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * What OpenNMS counts per call of Newts and this tool counts no other way, kept by the OpenNMS
 * writer model: the time of each chunk's insert (its samples and its inline indexing, Newts'
 * {@code repository.insert-timer}), of each indexer update ({@code search.update}), the samples an
 * index failure kept from {@code repository.samples-inserted}, and the questions Newts asks a
 * cached resource ({@code cache.*-reqs}, {@code cache.*-misses}).
 *
 * <p>Apart from the registry on purpose: these are published under OpenNMS's names only, so the
 * tool's own names stay as they are. Recording allocates nothing (LongAdder cells once, HdrHistogram).
 */
public final class NewtsCalls {
    private final Timer insert = new Timer(new HdrReservoir());
    private final Timer update = new Timer(new HdrReservoir());
    private final LongAdder samplesNotInserted = new LongAdder();
    private final LongAdder metricReqs = new LongAdder();
    private final LongAdder metricMisses = new LongAdder();
    private final LongAdder attributeReqs = new LongAdder();
    private final LongAdder attributeMisses = new LongAdder();

    /** One chunk's insert, its batch sent and waited for, then indexed inline; failed ones too. */
    public void inserted(long nanos) {
        insert.update(nanos, TimeUnit.NANOSECONDS);
    }

    /** One call of the indexer's update: a chunk after its insert, or an index-only event. */
    public void updated(long nanos) {
        update.update(nanos, TimeUnit.NANOSECONDS);
    }

    /**
     * Samples written whose indexing then failed: Newts marks samples-inserted only after the
     * indexer returned, so OpenNMS never counts them, though they are in the table.
     */
    public void writtenButNotIndexed(int samples) {
        samplesNotInserted.add(samples);
    }

    /**
     * Questions asked of a cached, unexpired resource (Newts asks none of an absent one): one per
     * metric, one per resource attribute, and how many found it missing.
     */
    public void asked(int metrics, int metricsMissing, int attributes, int attributesMissing) {
        metricReqs.add(metrics);
        metricMisses.add(metricsMissing);
        attributeReqs.add(attributes);
        attributeMisses.add(attributesMissing);
    }

    public Timer insertTimer() { return insert; }
    public Timer updateTimer() { return update; }
    public long samplesNotInserted() { return samplesNotInserted.sum(); }
    public long metricReqs() { return metricReqs.sum(); }
    public long metricMisses() { return metricMisses.sum(); }
    public long attributeReqs() { return attributeReqs.sum(); }
    public long attributeMisses() { return attributeMisses.sum(); }
}
