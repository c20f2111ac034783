package org.metricsstress.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.metricsstress.result.DiskSummary;
import org.metricsstress.result.DiskSummary.TableDisk;

class RunShareTest {
    private static List<TableDisk> tables(double samples, double index, Double samplesBefore, Double indexBefore) {
        return List.of(new TableDisk("samples", DiskSummary.JMX, (long) samples, samples, 1L, 0.5, null, null, samplesBefore),
                new TableDisk("terms", DiskSummary.JMX, (long) index, index, 1L, 0.3, null, null, indexBefore),
                new TableDisk("resource_attributes", DiskSummary.JMX, 0, 0, 1L, null, null, null, indexBefore == null ? null : 0.0),
                new TableDisk("resource_metrics", DiskSummary.JMX, 0, 0, 1L, null, null, null, indexBefore == null ? null : 0.0));
    }

    private static DiskSummary before(double samples, double index) {
        return new DiskSummary("newts", "dc1", 1, 1, 1, true, DiskSummary.JMX, tables(samples, index, null, null), 0, 0,
                null, null, null, List.of());
    }

    @Test
    void aSecondRunIsMeasuredByWhatItAddedAndSaysTheKeyspaceHeldData() {
        // The case: a first run left 115,800 bytes of samples (6,000 at 19.3); the second adds as many.
        List<String> notes = new ArrayList<>();
        RunShare share = RunShare.of(tables(231_600, 20_000, 115_800.0, 10_000.0), true, before(115_800, 10_000), 1, notes);
        assertTrue(share.known());
        assertEquals(19.3, share.sampleBytes() / 6_000, 1e-9, "not 38.6: the first run's bytes are not counted again");
        assertEquals(10_000, share.indexBytes(), 1e-9);
        assertTrue(notes.get(0).startsWith("the keyspace held 126 kB per copy before this run"), notes.toString());
    }

    @Test
    void aFreshKeyspaceSaysNothingAndAKeyspaceNotMeasuredBeforeSaysSo() {
        List<String> fresh = new ArrayList<>();
        RunShare share = RunShare.of(tables(1000, 100, 0.0, 0.0), true, before(0, 0), 1, fresh);
        assertEquals(1000, share.sampleBytes(), 1e-9);
        assertTrue(fresh.isEmpty(), fresh.toString());
        List<String> unknown = new ArrayList<>();
        RunShare whole = RunShare.of(tables(1000, 100, null, null), true, null, 1, unknown);
        assertEquals(1000, whole.sampleBytes(), 1e-9);
        assertTrue(unknown.get(0).contains("not measured before the run"), unknown.toString());
        List<String> command = new ArrayList<>();
        RunShare.of(tables(1000, 100, null, null), false, null, 1, command);
        assertTrue(command.isEmpty(), "the disk command has no run to measure before: " + command);
    }

    @Test
    void anInstanceOfSeveralHasNoPerSampleFigureOfItsOwn() {
        List<String> notes = new ArrayList<>();
        assertFalse(RunShare.of(tables(1000, 100, 0.0, 0.0), true, before(0, 0), 3, notes).known());
        assertTrue(notes.get(0).startsWith("--instances 3: the keyspace holds every instance's samples"), notes.toString());
    }
}
