package org.metricsstress.sizing;

import java.util.List;
import org.metricsstress.result.RetentionProjection;

/**
 * Nodes per DC the retention needs on disk: the fewest nodes whose share of the data, at its
 * peak (a TWCS window beyond the retention) plus the free space compaction needs, fits
 * {@code headroom} of a node's disk. The arithmetic is {@link RetentionProjection}'s (the same as
 * {@code --disk}'s projection): a node of N holds {@code RF / N} of a copy, so the per-node need
 * {@code RF / N x (samples + index + 2 windows + index again)} falls as 1 / N and the answer is
 * {@code max(RF, ceil(RF x perCopyNeed / (disk x headroom)))}: never fewer nodes than copies.
 *
 * @param nodes                    nodes per DC
 * @param samplesPerSecond         the rate kept
 * @param bytesPerSample           on disk, per copy (measured)
 * @param bytesPerResource         the index tables per resource, per copy (measured); 0 unknown
 * @param resources                resources of the target plan
 * @param retentionSeconds         how long samples are kept
 * @param windowSeconds            the TWCS window of the samples table
 * @param replicationFactor        copies per DC
 * @param nodeDiskBytes            a node's disk
 * @param headroom                 the share of it planned to be used
 * @param perCopyNeedBytes         samples, index, one window beyond the retention and compaction's free space, per copy
 * @param projection               the projection at {@code nodes}, as {@code --disk} prints it
 */
public record DiskNodes(int nodes, double samplesPerSecond, double bytesPerSample, double bytesPerResource,
        long resources, long retentionSeconds, long windowSeconds, int replicationFactor, double nodeDiskBytes,
        double headroom, double perCopyNeedBytes, RetentionProjection projection) {

    public static DiskNodes of(double samplesPerSecond, double bytesPerSample, double bytesPerResource, long resources,
            long retentionSeconds, long windowSeconds, int replicationFactor, double nodeDiskBytes, double headroom) {
        double index = bytesPerResource * resources;
        double perCopy = samplesPerSecond * retentionSeconds * bytesPerSample + index;
        double window = samplesPerSecond * windowSeconds * bytesPerSample;
        // Peak (retention + a window) and compaction's free space (a window + the index again), per copy.
        double need = perCopy + window + window + index;
        long n = (long) Math.ceil(replicationFactor * need / (nodeDiskBytes * headroom) - 1e-9);
        int nodes = (int) Math.min(Integer.MAX_VALUE, Math.max(replicationFactor, n));
        RetentionProjection p = RetentionProjection.project(samplesPerSecond, bytesPerSample, index, retentionSeconds,
                windowSeconds, replicationFactor, List.of(nodes), null, nodeDiskBytes);
        return new DiskNodes(nodes, samplesPerSecond, bytesPerSample, bytesPerResource, resources, retentionSeconds,
                windowSeconds, replicationFactor, nodeDiskBytes, headroom, need, p);
    }
}
