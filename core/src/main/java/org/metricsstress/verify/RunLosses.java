package org.metricsstress.verify;

import org.metricsstress.result.SeriesLosses;

/**
 * What the run lost, as a read-back holds each series to it: per series when the run kept its
 * ledger (a sample missing from a series that lost nothing is a lost acknowledged write, whatever
 * the rest of the run lost), or, for results that predate the ledger, the whole run's total.
 */
public final class RunLosses {
    private final int[] byKey;
    private final long total;

    private RunLosses(int[] byKey, long total) {
        this.byKey = byKey;
        this.total = total;
    }

    /** Per series: samples lost by each group resource key. */
    public static RunLosses perSeries(int[] lostByKey) {
        long total = 0;
        for (int n : lostByKey) {
            total += n;
        }
        return new RunLosses(lostByKey, total);
    }

    /** From a result: its ledger if it has one, or else its dropped + failed + unsent in all. */
    public static RunLosses of(SeriesLosses ledger, int resourceKeys, long wholeRun) {
        return ledger != null ? perSeries(ledger.byKey(resourceKeys)) : new RunLosses(null, wholeRun);
    }

    public boolean perSeries() {
        return byKey != null;
    }

    /** Samples series {@code key} lost (per series only). */
    long of(int key) {
        return key < byKey.length ? byKey[key] : 0;
    }

    long total() {
        return total;
    }
}
