package org.metricsstress.result;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What keeping the samples for a retention takes, at a rate and the measured bytes per sample: per
 * node for each cluster size, with the TWCS windows live at once and the free space compaction needs.
 *
 * <p>The arithmetic, per copy: samples take {@code rate x retention x bytesPerSample}; the index
 * tables hold one set of rows per resource whatever the retention, so they are added as measured.
 * A DC of N nodes holds RF copies, so a node holds {@code RF / N} of a copy. TWCS drops an SSTable
 * only when its newest sample has expired, so up to one window beyond the retention is on disk
 * ({@code peakBytesPerNode}), and the windows live at once are {@code ceil(retention / window) + 1}.
 * Compaction rewrites one window (and an index table) at a time: it needs that much free.
 *
 * @param samplesPerSecond  the rate projected
 * @param bytesPerSample    on disk, per copy
 * @param indexBytes        the index tables per copy
 * @param retentionSeconds  how long samples are kept
 * @param windowSeconds     the samples table's TWCS window
 * @param replicationFactor copies in the DC
 * @param compressionRatio  compressed / uncompressed of the measured data; null unknown
 * @param nodeDiskBytes     a node's disk, for the fit warning; null not judged
 * @param windowsLive       TWCS windows on disk at once at most
 * @param windowBytes       one window of samples, per copy
 * @param bytesPerCopy      retention's samples and the index, per copy
 * @param perNode           one line per cluster size
 * @param warnings          one line each
 * @param rateSource        where {@code samplesPerSecond} came from: {@link #RATE_GIVEN} or {@link #RATE_TARGET};
 *                          null in results older than this field
 */
public record RetentionProjection(
        double samplesPerSecond,
        double bytesPerSample,
        double indexBytes,
        long retentionSeconds,
        long windowSeconds,
        int replicationFactor,
        Double compressionRatio,
        Double nodeDiskBytes,
        long windowsLive,
        double windowBytes,
        double bytesPerCopy,
        List<NodeShare> perNode,
        List<String> warnings,
        String rateSource) {

    /** The rate projected was given ({@code --project-rate}). */
    public static final String RATE_GIVEN = "--project-rate";
    /** The rate projected was the plan's target: what the cluster must hold, not what one run managed. */
    public static final String RATE_TARGET = "target";

    /** Usual TWCS guidance: 20 to 50 windows live. Warned only when a factor of 2 outside it. */
    public static final int GUIDANCE_LOW = 20;
    public static final int GUIDANCE_HIGH = 50;
    public static final int WARN_BELOW = GUIDANCE_LOW / 2;
    public static final int WARN_ABOVE = GUIDANCE_HIGH * 2;

    /**
     * One cluster size.
     *
     * @param nodes                   nodes in the DC
     * @param bytesPerNode            retention's data a node holds
     * @param peakBytesPerNode        with the window waiting for its newest sample to expire
     * @param compactionFreeBytes     free space compaction needs per node: a window and the index tables' share
     * @param uncompressedBytesPerNode {@code peakBytesPerNode} without SSTable compression; null unknown
     */
    public record NodeShare(int nodes, double bytesPerNode, double peakBytesPerNode, double compactionFreeBytes,
            Double uncompressedBytesPerNode) {}

    public static RetentionProjection project(double samplesPerSecond, double bytesPerSample, double indexBytes,
            long retentionSeconds, long windowSeconds, int replicationFactor, List<Integer> nodes,
            Double compressionRatio, Double nodeDiskBytes) {
        if (windowSeconds <= 0 || retentionSeconds <= 0 || replicationFactor <= 0) {
            throw new IllegalArgumentException("window, retention and RF must be positive");
        }
        long windows = (retentionSeconds + windowSeconds - 1) / windowSeconds + 1;
        double windowBytes = samplesPerSecond * windowSeconds * bytesPerSample;
        double perCopy = samplesPerSecond * retentionSeconds * bytesPerSample + indexBytes;
        Double ratio = compressionRatio != null && compressionRatio > 0 && compressionRatio <= 1 ? compressionRatio : null;
        List<NodeShare> shares = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        if (windows < WARN_BELOW || windows > WARN_ABOVE) {
            warnings.add(String.format(Locale.ROOT, "%d TWCS windows live at once (retention %s / window %s): "
                    + "far from the usual %d-%d (warned below %d or above %d); %s", windows, duration(retentionSeconds),
                    duration(windowSeconds), GUIDANCE_LOW, GUIDANCE_HIGH, WARN_BELOW, WARN_ABOVE,
                    windows < WARN_BELOW ? "a smaller window expires data sooner and compacts less at once"
                            : "a larger window means fewer SSTables to read and track"));
        }
        for (int n : nodes) {
            double share = (double) Math.min(replicationFactor, n) / n;
            double node = perCopy * share;
            double windowNode = windowBytes * share;
            double peak = node + windowNode;
            double free = windowNode + indexBytes * share;
            shares.add(new NodeShare(n, node, peak, free, ratio == null ? null : peak / ratio));
            if (nodeDiskBytes != null && windowNode > nodeDiskBytes) {
                warnings.add(String.format(Locale.ROOT, "%d nodes: one TWCS window is %s per node, larger than the "
                        + "node's disk (%s)", n, bytes(windowNode), bytes(nodeDiskBytes)));
            } else if (nodeDiskBytes != null && peak + free > nodeDiskBytes) {
                warnings.add(String.format(Locale.ROOT, "%d nodes: %s per node and %s free for compaction do not "
                        + "fit the node's disk (%s)", n, bytes(peak), bytes(free), bytes(nodeDiskBytes)));
            }
        }
        return new RetentionProjection(samplesPerSecond, bytesPerSample, indexBytes, retentionSeconds, windowSeconds,
                replicationFactor, ratio, nodeDiskBytes, windows, windowBytes, perCopy, List.copyOf(shares),
                List.copyOf(warnings), null);
    }

    /** This projection, saying where its rate came from. */
    public RetentionProjection withRateSource(String source) {
        return new RetentionProjection(samplesPerSecond, bytesPerSample, indexBytes, retentionSeconds, windowSeconds,
                replicationFactor, compressionRatio, nodeDiskBytes, windowsLive, windowBytes, bytesPerCopy, perNode,
                warnings, source);
    }

    /** Bytes in the largest unit that leaves a number of at least 1: 1.5 TB, 320 GB (powers of 10). */
    public static String bytes(double b) {
        String[] units = {"B", "kB", "MB", "GB", "TB", "PB"};
        int u = 0;
        while (Math.abs(b) >= 1000 && u < units.length - 1) {
            b /= 1000;
            u++;
        }
        return String.format(Locale.ROOT, b >= 100 || u == 0 ? "%.0f %s" : "%.1f %s", b, units[u]);
    }

    static String duration(long seconds) {
        if (seconds % 86_400 == 0) {
            return seconds / 86_400 + "d";
        }
        if (seconds % 3600 == 0) {
            return seconds / 3600 + "h";
        }
        return seconds + "s";
    }
}
