package org.metricsstress.writer.tss.receiver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The exposition pages as each receiver prints them (lines copied from Prometheus 2.42 and VictoriaMetrics 1.79.5). */
class ReceiverFiguresTest {

    @Test
    void prometheusCountersAreSummedOverTheirLabelsAndAbsentOnesUnknown() throws IOException {
        String page = """
                # HELP prometheus_tsdb_head_series Total number of series in the head block.
                # TYPE prometheus_tsdb_head_series gauge
                prometheus_tsdb_head_series 50
                prometheus_tsdb_head_series_created_total 50
                prometheus_tsdb_head_samples_appended_total{type="float"} 400
                prometheus_tsdb_head_samples_appended_total{type="histogram"} 2
                prometheus_tsdb_out_of_order_samples_total{type="float"} 3
                process_cpu_seconds_total 0.12
                process_resident_memory_bytes 4.323328e+07
                """;
        ReceiverReading r = ReceiverFigures.parse(page, 7);
        assertEquals(ReceiverKind.PROMETHEUS, r.kind());
        assertEquals(List.of(50.0, 402.0, 50.0, 3.0, 0.12, 4.323328e7),
                List.of(r.headSeries(), r.samplesIn(), r.newSeries(), r.outOfOrder(), r.cpuSeconds(), r.residentBytes()));
        assertTrue(Double.isNaN(r.outOfBounds()) && Double.isNaN(r.tooOld()) && Double.isNaN(r.slowInserts()), r.toString());
    }

    @Test
    void victoriaMetricsRemoteWriteRowsAreTheirOwnLabelAndSpacesInLabelsAreNoValue() throws IOException {
        String page = """
                vm_log_messages_total{app_version="", level="info", location="VictoriaMetrics/lib/x.go:12"} 1
                vm_rows_inserted_total{type="vmimport"} 30
                vm_rows_inserted_total{type="promremotewrite"} 400
                vm_new_timeseries_created_total 50
                vm_slow_row_inserts_total 50
                vm_concurrent_insert_limit_reached_total 0
                vm_rows_added_to_storage_total 430
                process_cpu_seconds_total 0.06
                process_resident_memory_bytes 21733376
                vm_app_version{version="", short_version=""} 1
                """;
        ReceiverReading r = ReceiverFigures.parse(page, 7);
        assertEquals(ReceiverKind.VICTORIAMETRICS, r.kind());
        assertEquals(List.of(400.0, 50.0, 50.0, 0.0, 430.0, 0.06),
                List.of(r.samplesIn(), r.newSeries(), r.slowInserts(), r.concurrentInsertLimitReached(),
                        r.rowsAddedToStorage(), r.cpuSeconds()));
        assertTrue(Double.isNaN(r.headSeries()) && Double.isNaN(r.outOfOrder()), r.toString());
    }

    @Test
    void aPageOfNeitherIsAnError() {
        IOException e = assertThrows(IOException.class, () -> ReceiverFigures.parse("go_goroutines 8\n", 0));
        assertTrue(e.getMessage().startsWith("neither Prometheus' nor VictoriaMetrics' figures"), e.getMessage());
    }

    @Test
    void theBaseIsTheUrlWithoutItsApiPath() {
        assertEquals(URI.create("http://h:9090/"), ReceiverFigures.base(URI.create("http://h:9090/api/v1/write")));
        assertEquals(URI.create("http://h:8428/"), ReceiverFigures.base(URI.create("http://h:8428/prometheus/api/v1")));
        assertEquals(URI.create("http://h:9009/"), ReceiverFigures.base(URI.create("http://h:9009/api/prom/push")));
    }

    @Test
    void aCounterBornDuringTheRunCountsFromZeroAndOneGoneIsUnknown() {
        assertEquals(5.0, ReceiverSummary.delta(Double.NaN, 5.0));
        assertEquals(3.0, ReceiverSummary.delta(2.0, 5.0));
        assertTrue(Double.isNaN(ReceiverSummary.delta(2.0, Double.NaN)));
    }
}
