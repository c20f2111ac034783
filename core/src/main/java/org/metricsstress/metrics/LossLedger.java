package org.metricsstress.metrics;

import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Samples each series lost, by group resource: dropped, failed or never sent. A read-back then
 * holds every series to its own losses: a sample missing from a series that lost nothing was
 * acknowledged and is gone, whatever the rest of the run lost. One int per group resource of the
 * plan (6 MB for the field's 1.5 million), written only off the hot path (on a loss).
 */
public final class LossLedger {
    /** Keeps nothing: for runs and tests that do not read back per series. */
    static final LossLedger NONE = new LossLedger(0);

    private final AtomicIntegerArray lost;

    public LossLedger(int resourceKeys) {
        this.lost = new AtomicIntegerArray(resourceKeys);
    }

    void add(int resourceKey, int samples) {
        if (resourceKey >= 0 && resourceKey < lost.length()) {
            lost.addAndGet(resourceKey, samples);
        }
    }

    /** A copy: samples lost per resource key. */
    public int[] snapshot() {
        int[] out = new int[lost.length()];
        for (int i = 0; i < out.length; i++) {
            out[i] = lost.get(i);
        }
        return out;
    }
}
