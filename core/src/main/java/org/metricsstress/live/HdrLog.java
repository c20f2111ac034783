package org.metricsstress.live;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.metricsstress.metrics.IntervalSampler;
import org.metricsstress.result.IntervalStats;
import java.nio.charset.StandardCharsets;

/**
 * The run's latency histograms, one per report interval and latency (tagged {@code response},
 * {@code service}, {@code queue}, {@code schedule-lag}), in HdrHistogram's interval log format:
 * readable by {@code HistogramLogReader}, HdrHistogram's HistogramLogAnalyzer and the like, and
 * mergeable across load machines without averaging percentiles. Values are microseconds.
 *
 * <p>A {@link PrintStream} keeps its I/O errors to itself; {@link #failed()} asks it after every
 * interval, so a full disk shows as an incomplete log instead of a silently truncated one.
 */
public final class HdrLog implements IntervalSampler.IntervalListener, AutoCloseable {
    private final PrintStream file;
    private final HistogramLogWriter writer;

    public HdrLog(Path path, long startEpochMillis) throws IOException {
        Path parent = path.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        this.file = new PrintStream(path.toFile(), StandardCharsets.US_ASCII);
        this.writer = new HistogramLogWriter(file);
        writer.outputComment("metrics-stress latency log: values in microseconds; tags response (intended -> "
                + "acknowledged), service (sent -> acknowledged), queue (intended -> picked up), schedule-lag");
        writer.outputLogFormatVersion();
        writer.setBaseTime(startEpochMillis);
        writer.outputBaseTime(startEpochMillis);
        writer.outputStartTime(startEpochMillis);
        writer.outputLegend();
    }

    @Override
    public void interval(IntervalStats stats, Map<String, Histogram> histograms) {
        for (Map.Entry<String, Histogram> e : histograms.entrySet()) {
            Histogram h = e.getValue();
            h.setTag(e.getKey());
            writer.outputIntervalHistogram(h);
        }
        file.flush();
    }

    /** Whether a write to the log failed (the log is then incomplete). */
    public boolean failed() {
        return file.checkError();
    }

    @Override
    public void close() {
        file.close();
    }
}
