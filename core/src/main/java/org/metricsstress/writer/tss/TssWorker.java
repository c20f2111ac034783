package org.metricsstress.writer.tss;

import org.metricsstress.config.ValueModel;
import org.metricsstress.metrics.ErrorClass;
import org.metricsstress.metrics.StressMetrics;
import org.metricsstress.newts.ResourceNames;
import org.metricsstress.pipeline.GroupCommit;
import org.metricsstress.pipeline.GroupCommitHandler;
import org.metricsstress.plan.StressPlan;
import org.metricsstress.writer.tss.wire.RemoteWriteEncoder;
import org.metricsstress.writer.tss.wire.Snappy;
import org.metricsstress.writer.tss.wire.SnappyBuffer;

/**
 * One of OpenNMS's time series writer threads ({@code TimeseriesWriter-Consumer-N}) calling the
 * plugin's store() with one group's samples: for each sample its external-tags lookup, then the
 * group as one remote-write request, snappy-compressed on this thread, handed to the plugin's
 * HTTP client ({@link RemoteWriteOut}). Buffers are this thread's and reused: nothing is
 * allocated per sample.
 */
final class TssWorker implements GroupCommitHandler {
    private final StressPlan plan;
    private final StressMetrics metrics;
    private final RemoteWriteOut out;
    private final SeriesLookups lookups;
    private final ResourceNames resourceNames;
    private final byte[][][] metricNames;
    private final String[][] attributeNames;
    private final byte[] mtype;
    private final RemoteWriteEncoder encoder = new RemoteWriteEncoder();
    private final Snappy snappy = new Snappy();
    private final SnappyBuffer compressed = new SnappyBuffer();
    private final StringBuilder resource = new StringBuilder(96);
    private byte[] resourceId = new byte[96];

    TssWorker(StressPlan plan, StressMetrics metrics, RemoteWriteOut out, SeriesLookups lookups, byte[][][] metricNames,
            String[][] attributeNames) {
        this.attributeNames = attributeNames;
        this.plan = plan;
        this.metrics = metrics;
        this.out = out;
        this.lookups = lookups;
        this.metricNames = metricNames;
        this.resourceNames = ResourceNames.storeByForeignSource(plan.resourceIds().storeByForeignSource());
        this.mtype = RemoteWriteEncoder.labelValue(mtypeOf(plan.values().model()));
    }

    /** OpenNMS's mtype: {@code count} for a COUNTER attribute, {@code gauge} for every other numeric type. */
    static String mtypeOf(ValueModel values) {
        return "COUNTER".equals(values.newtsType()) ? "count" : "gauge";
    }

    @Override
    public void write(GroupCommit c) {
        int key = c.resourceKey;
        int taken = 0;
        try {
            int group = plan.groupOf(key);
            int length = resourceId(key, group);
            encoder.reset();
            long lookupStart = System.nanoTime();
            int firstSeries = key * plan.attributes();
            for (int a = 0; a < c.sampleCount; a++) {
                lookups.lookUp(firstSeries + a, resource, attributeNames[group][a]);
            }
            metrics.workerClock().cacheLookup(System.nanoTime() - lookupStart);
            byte[][] names = metricNames[group];
            for (int a = 0; a < c.sampleCount; a++) {
                encoder.add(names[a], mtype, resourceId, length, c.values[a], c.timestampMillis);
            }
            int samples = encoder.seriesCount();
            if (samples < c.sampleCount) {
                // The plugin drops NaN samples before sending; OpenNMS never learns. Counted, not hidden.
                metrics.failed(key, c.sampleCount - samples, ErrorClass.OTHER);
                taken = c.sampleCount - samples;
                if (!metrics.hasFirstFailure(ErrorClass.OTHER)) {
                    metrics.firstFailure(ErrorClass.OTHER, "NaN samples dropped by the plugin before sending");
                }
            }
            if (samples == 0) {
                return;
            }
            int bytes = snappy.compress(encoder.bytes(), 0, encoder.length(), compressed);
            taken = c.sampleCount;
            out.send(compressed.bytes(), bytes, key, samples, c.intendedNanos);
        } catch (RuntimeException | Error e) {
            // What this thread had not handed on yet fails, counted, once; the ring goes on.
            metrics.failed(key, c.sampleCount - taken, ErrorClass.OTHER);
        }
    }

    /**
     * The group's resourceId as OpenNMS's time series persister writes it: the resource path joined
     * with '/' ({@code snmp/1/tap0/group0}, {@code snmp/fs/STRESS/...} by foreign source), ASCII.
     */
    private int resourceId(int key, int group) {
        resource.setLength(0);
        resourceNames.groupResource(resource, plan.nodeOf(key), plan.interfaceOf(key), group);
        int n = resource.length();
        if (resourceId.length < n) {
            resourceId = new byte[n * 2];
        }
        for (int i = 0; i < n; i++) {
            char ch = resource.charAt(i);
            if (ch == ':') {
                ch = '/';
                resource.setCharAt(i, ch);
            }
            resourceId[i] = (byte) ch;
        }
        return n;
    }
}
