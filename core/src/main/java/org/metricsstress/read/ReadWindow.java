package org.metricsstress.read;

import org.metricsstress.storage.NewtsSchema;

/** The Newts partitions (week shards) a time range of one resource spans, oldest first. */
final class ReadWindow {
    private ReadWindow() {}

    static int[] partitions(long fromMillis, long toMillis) {
        int first = NewtsSchema.partitionOf(fromMillis);
        int last = NewtsSchema.partitionOf(toMillis);
        int[] out = new int[last - first + 1];
        for (int i = 0; i < out.length; i++) {
            out[i] = first + i;
        }
        return out;
    }
}
