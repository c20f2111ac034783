package org.metricsstress.writer.tss;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.metricsstress.config.ResourceIds;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.Writer;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.pipeline.GroupCommit;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.writer.tss.wire.RemoteWriteDecoder;
import org.metricsstress.writer.tss.wire.RemoteWriteEncoder;
import org.metricsstress.writer.tss.wire.Snappy;

/** What one writer thread sends for one group: one request, one series per sample, the plugin's labels. */
class TssWorkerTest {

    private record Sent(byte[] body, int resourceKey, int samples, long intendedNanos) {}

    private static List<Sent> write(StressConfig config, int key, double[] values, long ts, List<String> lookups) {
        StressPlan plan = StressPlan.of(config);
        List<Sent> sent = new ArrayList<>();
        RemoteWriteOut out = new RemoteWriteOut() {
            @Override
            public void send(byte[] body, int length, int resourceKey, int samples, long intendedNanos) {
                sent.add(new Sent(java.util.Arrays.copyOf(body, length), resourceKey, samples, intendedNanos));
            }

            @Override
            public int inFlight() {
                return 0;
            }
        };
        byte[][][] names = new byte[plan.groups()][plan.attributes()][];
        String[][] attributes = new String[plan.groups()][plan.attributes()];
        for (int g = 0; g < plan.groups(); g++) {
            for (int a = 0; a < plan.attributes(); a++) {
                attributes[g][a] = ResourceNames.metricName(g, a);
                names[g][a] = RemoteWriteEncoder.metricName(attributes[g][a]);
            }
        }
        TssWorker worker = new TssWorker(plan, new StressMetrics(), out,
                (series, resourceId, name) -> lookups.add(series + " " + resourceId + " " + name), names, attributes);
        GroupCommit c = new GroupCommit(plan.attributes());
        c.resourceKey = key;
        c.intendedNanos = 42;
        c.timestampMillis = ts;
        c.sampleCount = values.length;
        System.arraycopy(values, 0, c.values, 0, values.length);
        worker.write(c);
        return sent;
    }

    private static StressConfig.Builder plan() {
        return StressConfig.builder().writer(Writer.TSS).tssWriteUrl(URI.create("http://127.0.0.1:9/api/v1/write"))
                .nodes(3).interfaces(2).groups(2).attributes(3);
    }

    @Test
    void aGroupIsOneRequestOfOneSeriesPerSampleLabelledAsThePluginDoes() {
        StressConfig config = plan().build();
        StressPlan plan = StressPlan.of(config);
        int key = plan.resourceKey(1, 1, 1);
        List<String> lookups = new ArrayList<>();
        List<Sent> sent = write(config, key, new double[] {1.5, 2.5, 3.5}, 1_700_000_000_000L, lookups);

        assertEquals(1, sent.size(), "one remote-write request per group");
        assertEquals(3, sent.get(0).samples());
        assertEquals(key, sent.get(0).resourceKey());
        byte[] raw = Snappy.uncompress(sent.get(0).body(), 0, sent.get(0).body().length);
        List<RemoteWriteDecoder.DecodedSample> samples = RemoteWriteDecoder.decode(raw);
        assertEquals(3, samples.size());
        for (int a = 0; a < 3; a++) {
            RemoteWriteDecoder.DecodedSample s = samples.get(a);
            assertEquals(Map.of("__name__", "metric_1_" + a, "mtype", "gauge", "resourceId", "snmp/1/tap1/group1"),
                    s.labels());
            assertEquals(1.5 + a, s.value());
            assertEquals(1_700_000_000_000L, s.timestampMillis());
        }
        assertEquals(List.of(key * 3 + " snmp/1/tap1/group1 metric_1_0", key * 3 + 1 + " snmp/1/tap1/group1 metric_1_1",
                key * 3 + 2 + " snmp/1/tap1/group1 metric_1_2"), lookups, "one external-tags lookup per sample");
    }

    @Test
    void byForeignSourceTheResourceIdIsOpenNmsPathJoinedWithSlashes() {
        StressConfig config = plan().resourceIds(ResourceIds.FOREIGN_SOURCE).build();
        List<Sent> sent = write(config, 0, new double[] {1, 2, 3}, 1_000, new ArrayList<>());
        String id = RemoteWriteDecoder.decode(Snappy.uncompress(sent.get(0).body(), 0, sent.get(0).body().length)).get(0)
                .labels().get("resourceId");
        assertTrue(id.startsWith("snmp/fs/STRESS/") && id.endsWith("/tap0/group0") && !id.contains(":"), id);
    }

    @Test
    void nanSamplesAreDroppedByThePluginAndCountedHereNotLost() {
        StressConfig config = plan().build();
        List<Sent> sent = write(config, 0, new double[] {1, Double.NaN, 3}, 1_000, new ArrayList<>());
        assertEquals(2, sent.get(0).samples(), "the request carries what the plugin sends");
    }
}
