package org.metricsstress.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.analysis.Judgement;
import org.metricsstress.analysis.RecordedRun;
import org.metricsstress.analysis.RemoteWriteAdvisor;
import org.metricsstress.result.RemoteWriteSummary;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.WriterPath;

/** A TSS run's advice as OpenNMS and the plugin read it: two whole files, advised keys with their models. */
class TssAdviceFileTest {

    /** A TSS run whose writer threads spent their time in reads of the key-value store: STORE_BOUND. */
    private static StressResult storeBound() {
        RecordedRun run = new RecordedRun().set("writer", "tss").set("tss-write-url", "http://127.0.0.1:9090/api/v1/write")
                .set("tss-max-connections", 100).set("tss-write-timeout", "5s").set("tss-external-tags-cache-size", 1000)
                .set("tss-mode", "async").set("attributes", 10).set("ring-size", 8192).set("writer-threads", 16);
        for (int i = 0; i < 6; i++) {
            run.interval(8_000, 2_000, 0, 8192, 100, 3.0, 0.99, 0.0, 0.0, 0.0, 1_000);
        }
        // The fixture takes the plan's size from its index figures: 6,000 resources in the plan make 5,000
        // group resources, 50,000 series of 10 attributes.
        run.index(0, 0, 0, 0, 6_000, -1);
        StressResult r = run.build();
        double threadSeconds = 16 * r.generationSeconds();
        RemoteWriteSummary.ExternalTagsSummary tags = new RemoteWriteSummary.ExternalTagsSummary(1000, 1000, 59_000,
                59_000, 0, 0.9 * threadSeconds, 4.0, 0, 0, "127.0.0.1:5432");
        RemoteWriteSummary rw = new RemoteWriteSummary("async", "http://127.0.0.1:9090/api/v1/write", 4_800,
                Map.of("204", 4_800L), null, 16, 0.97, 100, 20, 2.0, 400, 0.01 * threadSeconds, 0, tags, null);
        WriterPath path = new WriterPath("tss", r.generated(), r.written(), r.dropped(), r.failed(), r.failedByClass(),
                r.unsent(), null, rw);
        return Judgement.of(r.withPaths(rw, List.of(path)));
    }

    @Test
    void theAdvisedCacheSizeGoesToThePluginsFileAndTheRestIsAsRun() {
        StressResult r = storeBound();
        assertEquals("STORE_BOUND", r.verdict().kind(), r.verdict().message());
        String plugin = TssAdviceFile.renderPlugin(r);
        String advised = r.advice().get(RemoteWriteAdvisor.CACHE).value();
        assertTrue(plugin.contains("\nexternalTagsCacheSize=" + advised + "\n"), plugin);
        assertEquals("55000", advised, "the plan's 50,000 series + 10%");
        assertTrue(plugin.contains("# model: the plan's series"), plugin);
        assertTrue(plugin.contains("# as run\nmaxConcurrentHttpConnections=100\n"), plugin);
        assertTrue(plugin.contains("# as run\nwriteTimeoutInMs=5000\n"), plugin);
        assertTrue(plugin.contains("# as run\norganizationId=\n"), "no organizationId is the plugin's empty one: " + plugin);
        String properties = TssAdviceFile.renderProperties(r);
        assertTrue(properties.contains("\norg.opennms.timeseries.strategy=integration\n"), properties);
        assertTrue(properties.contains("# as run\norg.opennms.timeseries.config.ring_buffer_size=8192\n"), properties);
        assertTrue(!properties.contains("externalTagsCacheSize"), "the plugin's key stays in the plugin's file: " + properties);
    }
}
