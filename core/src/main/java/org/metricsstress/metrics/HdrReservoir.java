package org.metricsstress.metrics;

import com.codahale.metrics.Reservoir;
import com.codahale.metrics.Snapshot;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import java.io.OutputStreamWriter;

/**
 * A Dropwizard reservoir over an HdrHistogram recorder, for the timers published under OpenNMS's
 * names: Dropwizard's own reservoirs allocate on every update (a sample object, a map node), and
 * these timers are updated on the writer's hot path. The snapshot covers the run so far.
 */
public final class HdrReservoir implements Reservoir {
    /** Anything longer is recorded as this: a call of ten minutes is already past every timeout. */
    static final long HIGHEST_NANOS = 600_000_000_000L;
    /** What a snapshot's values() returns at most: Dropwizard's default reservoir holds as many. */
    private static final int VALUES = 1028;

    private final Recorder recorder = new Recorder(HIGHEST_NANOS, 3);
    private final Histogram total = new Histogram(HIGHEST_NANOS, 3);
    private Histogram recycled;

    @Override
    public int size() {
        return (int) Math.min(Integer.MAX_VALUE, getSnapshot().size());
    }

    @Override
    public void update(long value) {
        recorder.recordValue(Math.max(0, Math.min(value, HIGHEST_NANOS)));
    }

    @Override
    public synchronized Snapshot getSnapshot() {
        recycled = recorder.getIntervalHistogram(recycled);
        total.add(recycled);
        return new HdrSnapshot(total.copy());
    }

    /** A copy of the histogram, read as Dropwizard reads a snapshot. */
    private static final class HdrSnapshot extends Snapshot {
        private final Histogram h;

        HdrSnapshot(Histogram h) {
            this.h = h;
        }

        @Override
        public double getValue(double quantile) {
            return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(quantile * 100);
        }

        /** Values at evenly spaced quantiles: the histogram keeps counts, not the samples themselves. */
        @Override
        public long[] getValues() {
            int n = (int) Math.min(VALUES, h.getTotalCount());
            long[] values = new long[n];
            for (int i = 0; i < n; i++) {
                values[i] = h.getValueAtPercentile(100.0 * (i + 1) / n);
            }
            return values;
        }

        @Override
        public int size() {
            return (int) Math.min(Integer.MAX_VALUE, h.getTotalCount());
        }

        @Override
        public long getMax() {
            return h.getTotalCount() == 0 ? 0 : h.getMaxValue();
        }

        @Override
        public double getMean() {
            return h.getTotalCount() == 0 ? 0 : h.getMean();
        }

        @Override
        public long getMin() {
            return h.getTotalCount() == 0 ? 0 : h.getMinValue();
        }

        @Override
        public double getStdDev() {
            return h.getTotalCount() == 0 ? 0 : h.getStdDeviation();
        }

        @Override
        public void dump(OutputStream output) {
            try (PrintWriter out = new PrintWriter(new OutputStreamWriter(output, StandardCharsets.UTF_8))) {
                for (long v : getValues()) {
                    out.println(v);
                }
            }
        }
    }
}
