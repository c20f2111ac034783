package org.metricsstress.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RetentionProjectionTest {
    private static final long DAY = 86_400;

    @Test
    void perNodeBytesFollowRateRetentionRfAndNodes() {
        // 50,000 samples/s x 10 bytes, a year of Newts' TTL, 7-day windows, RF 3, index 1 GB per copy.
        RetentionProjection p = RetentionProjection.project(50_000, 10, 1e9, 31_540_000, 7 * DAY, 3,
                List.of(4, 8, 16), 0.5, null);
        double samples = 50_000.0 * 31_540_000 * 10; // 15.77 TB per copy
        assertEquals(samples + 1e9, p.bytesPerCopy(), 1);
        assertEquals(50_000.0 * 7 * DAY * 10, p.windowBytes(), 1);
        // ceil(31,540,000 / 604,800) = 53 windows, and the one waiting for its newest sample to expire.
        assertEquals(54, p.windowsLive());
        RetentionProjection.NodeShare four = p.perNode().get(0);
        assertEquals(4, four.nodes());
        assertEquals((samples + 1e9) * 3 / 4, four.bytesPerNode(), 1);
        assertEquals(four.bytesPerNode() + p.windowBytes() * 3 / 4, four.peakBytesPerNode(), 1);
        assertEquals(p.windowBytes() * 3 / 4 + 1e9 * 3 / 4, four.compactionFreeBytes(), 1);
        assertEquals(four.peakBytesPerNode() / 0.5, four.uncompressedBytesPerNode(), 1);
        assertEquals(four.bytesPerNode() / 4, p.perNode().get(2).bytesPerNode(), 1, "16 nodes hold a quarter of 4's");
        assertTrue(p.warnings().isEmpty(), "54 windows is within a factor 2 of the 20-50 guidance: " + p.warnings());
        // The same, worked by hand rather than by the formula above: 15.770 TB of samples + 1 GB per copy;
        // 4 nodes at RF 3 hold 3/4 of a copy each; a week's window is 302.4 GB per copy, 226.8 GB per node.
        assertEquals(15_771_000_000_000.0, p.bytesPerCopy(), 1);
        assertEquals(302_400_000_000.0, p.windowBytes(), 1);
        assertEquals(11_828_250_000_000.0, four.bytesPerNode(), 1);
        assertEquals(12_055_050_000_000.0, four.peakBytesPerNode(), 1);
        assertEquals(227_550_000_000.0, four.compactionFreeBytes(), 1);
        assertEquals(24_110_100_000_000.0, four.uncompressedBytesPerNode(), 1);
    }

    @Test
    void aClusterSmallerThanTheRfHoldsAWholeCopyOnEveryNode() {
        RetentionProjection p = RetentionProjection.project(100, 20, 0, 1000 * DAY / 1000, DAY / 1000, 3,
                List.of(1, 2), null, null);
        assertEquals(p.bytesPerCopy(), p.perNode().get(0).bytesPerNode(), 1e-6);
        assertEquals(p.bytesPerCopy(), p.perNode().get(1).bytesPerNode(), 1e-6);
        assertNull(p.perNode().get(0).uncompressedBytesPerNode(), "no ratio known: no uncompressed figure");
    }

    @Test
    void windowCountIsWarnedOnlyFarOutsideTheGuidance() {
        // retention / window = 9 windows (+1 live) = 10: at the edge, not warned; 8 (+1) = 9: warned.
        assertTrue(project(9 * DAY, DAY).warnings().isEmpty());
        assertEquals(9, project(8 * DAY, DAY).windowsLive());
        assertTrue(project(8 * DAY, DAY).warnings().get(0).contains("9 TWCS windows"));
        // 99 (+1) = 100: not warned; 100 (+1) = 101: warned.
        assertTrue(project(99 * DAY, DAY).warnings().isEmpty());
        assertTrue(project(100 * DAY, DAY).warnings().get(0).startsWith("101 TWCS windows"));
    }

    @Test
    void aWindowLargerThanTheNodesDiskAndDataThatDoesNotFitAreWarned() {
        // 1,000 samples/s x 100 B = 100 kB/s; a day's window = 8.64 GB per copy; RF 1 on 1 node.
        RetentionProjection big = RetentionProjection.project(1000, 100, 0, 20 * DAY, DAY, 1, List.of(1), null, 8e9);
        assertTrue(big.warnings().stream().anyMatch(w -> w.contains("one TWCS window is 8.6 GB per node, larger than "
                + "the node's disk (8.0 GB)")), big.warnings().toString());
        // 20 days = 172.8 GB + 8.64 at peak + 8.64 free > 180 GB, but fits 200 GB.
        RetentionProjection tight = RetentionProjection.project(1000, 100, 0, 20 * DAY, DAY, 1, List.of(1), null, 180e9);
        assertTrue(tight.warnings().stream().anyMatch(w -> w.contains("do not fit the node's disk (180 GB)")),
                tight.warnings().toString());
        assertTrue(RetentionProjection.project(1000, 100, 0, 20 * DAY, DAY, 1, List.of(1), null, 200e9)
                .warnings().isEmpty());
    }

    private static RetentionProjection project(long retention, long window) {
        return RetentionProjection.project(1, 1, 0, retention, window, 1, List.of(1), null, null);
    }
}
