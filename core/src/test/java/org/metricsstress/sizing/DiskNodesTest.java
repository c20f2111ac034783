package org.metricsstress.sizing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Node counts worked by hand (docs/sizing.md shows the first). */
class DiskNodesTest {
    private static final long DAY = 86_400;
    private static final long YEAR = 31_540_000;

    @Test
    void theFieldsFiftyThousandForAYearOnTwoTerabyteNodes() {
        // 50,000 x 31,540,000 s x 18.1 B = 28.54 TB; index 1.8 M x 1,000 B = 1.8 GB (x2 = 3.6 GB);
        // a 7-day window 50,000 x 604,800 x 18.1 = 547.3 GB (x2 = 1,094.7 GB);
        // per copy 28.544 TB + 0.0036 + 1.0947 = 29.6423 TB; x RF 3 = 88.93 TB / (2 TB x 0.8 = 1.6 TB) = 55.6 -> 56
        DiskNodes d = DiskNodes.of(50_000, 18.1, 1_000, 1_800_000, YEAR, 7 * DAY, 3, 2e12, 0.8);
        assertEquals(29.6423e12, d.perCopyNeedBytes(), 0.001e12);
        assertEquals(56, d.nodes());
    }

    @Test
    void neverFewerNodesThanCopies() {
        // 1,000 samples/s for a day at 20 B: 1.728 GB + windows; one node would do, RF 3 needs 3.
        DiskNodes d = DiskNodes.of(1_000, 20, 0, 0, DAY, DAY, 3, 1e12, 1.0);
        assertEquals(3, d.nodes());
    }

    @Test
    void theHeadroomIsTheShareOfTheDiskPlannedFor() {
        // 10,000/s x 30 d x 10 B = 259.2 GB; window 1 d = 8.64 GB (x2 = 17.28); per copy 276.48 GB; RF 1.
        // Full disks of 100 GB: 2.76 -> 3 nodes; at headroom 0.5: 5.53 -> 6 nodes.
        assertEquals(3, DiskNodes.of(10_000, 10, 0, 0, 30 * DAY, DAY, 1, 100e9, 1.0).nodes());
        assertEquals(6, DiskNodes.of(10_000, 10, 0, 0, 30 * DAY, DAY, 1, 100e9, 0.5).nodes());
    }

    @Test
    void theProjectionAtTheAnswerFitsTheDisk() {
        DiskNodes d = DiskNodes.of(50_000, 18.1, 1_000, 1_800_000, YEAR, 7 * DAY, 3, 2e12, 0.8);
        var share = d.projection().perNode().get(0);
        double used = share.peakBytesPerNode() + share.compactionFreeBytes();
        assertEquals(true, used <= 2e12 * 0.8, "used " + used);
        // One node fewer would not.
        var less = org.metricsstress.result.RetentionProjection.project(50_000, 18.1, 1.8e9, YEAR, 7 * DAY, 3,
                java.util.List.of(d.nodes() - 1), null, 2e12).perNode().get(0);
        assertEquals(true, less.peakBytesPerNode() + less.compactionFreeBytes() > 2e12 * 0.8);
    }
}
