package org.metricsstress.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

/** --writer's paths: one model, or a Newts writer and tss side by side; and what a TSS run refuses up front. */
class WriterPathsTest {
    private static final URI RECEIVER = URI.create("http://127.0.0.1:9090/api/v1/write");

    @Test
    void oneModelOrANewtsWriterAndTssInThatOrder() {
        assertEquals(List.of(Writer.OPENNMS, Writer.TSS), WriterPaths.parse("--writer", "opennms,tss").paths());
        assertEquals(List.of(Writer.PIPELINED, Writer.TSS), WriterPaths.parse("--writer", " pipelined , tss").paths());
        assertEquals(Writer.TSS, WriterPaths.parse("--writer", "tss").first());
        assertNull(WriterPaths.parse("--writer", "tss").beside());
        assertEquals("opennms,tss", WriterPaths.parse("--writer", "opennms,tss").text());
    }

    @Test
    void otherPairsAreRefusedInOneLine() {
        for (String bad : List.of("tss,opennms", "opennms,pipelined", "tss,tss", "opennms,tss,pipelined", "opennms,")) {
            String m = assertThrows(ConfigException.class, () -> WriterPaths.parse("--writer", bad), bad).getMessage();
            assertTrue(m.startsWith("--writer"), m);
            assertFalse(m.contains("\n"), m);
        }
    }

    @Test
    void aTssRunNeedsAReceiverAndConnectsToNoCassandra() {
        String m = assertThrows(ConfigException.class, () -> StressConfig.builder().writer(Writer.TSS).build())
                .getMessage();
        assertTrue(m.contains("--tss-write-url") && m.contains("--embedded-tsdb"), m);
        StressConfig tss = StressConfig.builder().writer(Writer.TSS).tssWriteUrl(RECEIVER).build();
        assertFalse(tss.cassandraSide());
        assertFalse(tss.index().enabled(), "no Newts index on the TSS path");
        StressConfig dual = StressConfig.builder().writers(WriterPaths.parse("--writer", "opennms,tss"))
                .tssWriteUrl(RECEIVER).build();
        assertTrue(dual.cassandraSide());
        assertEquals(Writer.TSS, dual.pipeline().besideModel().id());
        // --sink null builds the requests and sends nothing: no receiver needed.
        assertFalse(StressConfig.builder().writer(Writer.TSS).sink(Sink.NULL).build().cassandraSide());
    }

    @Test
    void whatReadsNewtsRowsOrRetriesIsRefusedWithTss() {
        StressConfig.Builder b = StressConfig.builder().writer(Writer.TSS).tssWriteUrl(RECEIVER);
        assertTrue(assertThrows(ConfigException.class, () -> b.readRate(10.0).build()).getMessage()
                .startsWith("--read-rate: reads or measures Newts rows"));
        assertTrue(assertThrows(ConfigException.class, () -> StressConfig.builder().writer(Writer.TSS)
                .tssWriteUrl(RECEIVER).retries(2).build()).getMessage().startsWith("--retries: --writer tss sends each"));
        assertTrue(assertThrows(ConfigException.class, () -> StressConfig.builder().writer(Writer.TSS)
                .tssWriteUrl(URI.create("ftp://h/x")).build()).getMessage().startsWith("--tss-write-url"));
    }

    @Test
    void theReadUrlFollowsFromEachReceiversWriteUrl() {
        assertEquals(URI.create("http://h:9090/api/v1"), section(URI.create("http://h:9090/api/v1/write")).readUrl());
        assertEquals(URI.create("http://h:9009/prometheus/api/v1"), section(URI.create("http://h:9009/api/v1/push")).readUrl());
        assertEquals(URI.create("http://h:9009/api/prom/api/v1"), section(URI.create("http://h:9009/api/prom/push")).readUrl());
    }

    @Test
    void tssSettingsWithoutTssAreSaidNotSilentlyIgnored() {
        StressConfig c = StressConfig.builder().tssMaxConnections(10).build();
        assertTrue(c.warnings().stream().anyMatch(w -> w.contains("--tss-max-connections applies to --writer tss only")),
                c.warnings().toString());
    }

    private static TssSection section(URI write) {
        return StressConfig.builder().writer(Writer.TSS).tssWriteUrl(write).build().tss();
    }
}
