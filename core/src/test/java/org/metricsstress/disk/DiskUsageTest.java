package org.metricsstress.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.DiskSection;
import org.metricsstress.result.DiskSummary;
import org.metricsstress.result.DiskSummary.TableDisk;
import org.metricsstress.result.RetentionProjection;

class DiskUsageTest {
    /** 1,000 samples in 12,000 bytes per copy; 10 resources in 2,000 index bytes per copy. */
    private static DiskSummary measured(Long samples) {
        return new DiskSummary("newts", "dc1", 3, 3, 3, true, DiskSummary.JMX, List.of(
                new TableDisk("samples", DiskSummary.JMX, 36_000, 12_000, 3L, 0.5, samples, null),
                new TableDisk("terms", DiskSummary.JMX, 3_000, 1_000, 3L, null, null, null),
                new TableDisk("resource_attributes", DiskSummary.JMX, 1_500, 500, 3L, null, null, null),
                new TableDisk("resource_metrics", DiskSummary.JMX, 1_500, 500, 3L, 0.25, null, null)),
                samples == null ? 0 : samples, 10, samples == null ? null : 12.0, 200.0, null, List.of());
    }

    private static DiskSection section(Double rate, List<Integer> nodes, Long resources) {
        return new DiskSection(true, true, 7199, Duration.ofSeconds(60), null, Duration.ofDays(70), rate, nodes, resources, null);
    }

    @Test
    void theRunsTargetRateAndNodeCountAreTakenUnlessOverriddenAndTheRateSaysWhere() {
        // The run's target: a run that wrote 27% of it still projects what the target takes.
        DiskSummary s = DiskUsage.project(measured(1000L), 7 * 86_400, section(null, null, null), 31_540_000, 100.0);
        assertEquals(100.0, s.projection().samplesPerSecond());
        assertEquals(RetentionProjection.RATE_TARGET, s.projection().rateSource());
        // 100/s x 70 days x 12 bytes + the index's 2,000 bytes, by hand.
        assertEquals(100.0 * 70 * 86_400 * 12 + 2_000, s.projection().bytesPerCopy(), 1e-6);
        assertEquals(70 * 86_400, s.projection().retentionSeconds(), "--retention over the TTL");
        assertEquals(List.of(3), s.projection().perNode().stream().map(n -> n.nodes()).toList());
        assertEquals(2_000, s.projection().indexBytes(), 1e-9);
        // Compression over the tables that report it, weighted by bytes: (0.5 x 12,000 + 0.25 x 500) / 12,500.
        assertEquals((0.5 * 12_000 + 0.25 * 500) / 12_500, s.projection().compressionRatio(), 1e-12);

        DiskSummary o = DiskUsage.project(measured(1000L), 7 * 86_400, section(50_000.0, List.of(4, 8, 16), 1_500_000L),
                31_540_000, 100.0);
        assertEquals(50_000.0, o.projection().samplesPerSecond());
        assertEquals(RetentionProjection.RATE_GIVEN, o.projection().rateSource());
        assertEquals(3, o.projection().perNode().size());
        assertEquals(200.0 * 1_500_000, o.projection().indexBytes(), 1e-6, "bytes per resource x the resources");
    }

    @Test
    void withoutBytesPerSampleOrARateThereIsNoProjectionAndANoteSaysWhy() {
        DiskSummary noRows = DiskUsage.project(measured(null), 86_400, section(50_000.0, null, null), 31_540_000, null);
        assertNull(noRows.projection());
        assertTrue(noRows.notes().get(0).contains("bytes per sample"), noRows.notes().toString());
        DiskSummary noRate = DiskUsage.project(measured(1000L), 86_400, section(null, null, null), 31_540_000, null);
        assertNull(noRate.projection());
        assertTrue(noRate.notes().get(0).contains("--project-rate"), noRate.notes().toString());
    }
}
