package org.metricsstress.disk;

import java.util.List;
import org.metricsstress.result.DiskSummary;
import org.metricsstress.result.DiskSummary.TableDisk;
import org.metricsstress.result.RetentionProjection;

/**
 * What of the keyspace's bytes per copy the run's own counts may be divided into: what the run added
 * (the keyspace measured before it and after), not what earlier runs left there; and nothing when other
 * instances wrote into the same keyspace at the same time, since one instance's counts are not theirs.
 *
 * @param sampleBytes what the samples table gained, per copy
 * @param indexBytes  what the index tables gained, per copy
 * @param known       whether the run's counts are the divisors of those bytes
 */
record RunShare(double sampleBytes, double indexBytes, boolean known) {

    /** Says in {@code notes} what the figures are over when that is not the plain keyspace. */
    static RunShare of(List<TableDisk> tables, boolean afterRun, DiskSummary before, int instances, List<String> notes) {
        double sample = tables.get(0).addedBytesPerCopy();
        double index = tables.stream().skip(1).mapToDouble(TableDisk::addedBytesPerCopy).sum();
        if (before != null) {
            double held = before.bytesPerCopy();
            if (held > 0) {
                notes.add("the keyspace held " + RetentionProjection.bytes(held) + " per copy before this run: the "
                        + "per-sample and per-resource figures are what this run added (compaction of the older data "
                        + "during the run moves them; a fresh --keyspace measures exactly)");
            }
        } else if (afterRun) {
            notes.add("the keyspace was not measured before the run: the per-sample and per-resource figures divide "
                    + "the whole keyspace, earlier runs' data included");
        }
        if (instances > 1) {
            notes.add("--instances " + instances + ": the keyspace holds every instance's samples, this instance's "
                    + "counts are only its own: no bytes per sample or per resource here; merge the instances' "
                    + "results for them");
            return new RunShare(sample, index, false);
        }
        return new RunShare(sample, index, true);
    }
}
