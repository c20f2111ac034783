package org.metricsstress.result;

/**
 * What the harness itself cost: CPU of this whole JVM (harness, driver, JIT, GC), heap and GC, and
 * the bytes its session put on the wire and read back.
 *
 * @param cpuMicrosPerSample client CPU per sample written: the efficiency figure to compare runs by
 * @param bytesSent          bytes the driver wrote to the nodes over the run (after compression;
 *                           for {@code --sink null} the frames it encoded); -1 if unknown
 * @param bytesReceived      bytes the driver read from the nodes; -1 if unknown
 */
public record ClientSummary(
        double cpuSeconds,
        double cpuPercent,
        int cores,
        double cpuMicrosPerSample,
        long maxHeapBytes,
        long peakHeapBytes,
        long gcCount,
        double gcPauseMs,
        long bytesSent,
        long bytesReceived) {

    /** Without network figures (a result from before they were kept, or a test). */
    public ClientSummary(double cpuSeconds, double cpuPercent, int cores, double cpuMicrosPerSample, long maxHeapBytes,
            long peakHeapBytes, long gcCount, double gcPauseMs) {
        this(cpuSeconds, cpuPercent, cores, cpuMicrosPerSample, maxHeapBytes, peakHeapBytes, gcCount, gcPauseMs, -1, -1);
    }

    /** Bytes per sample written, or -1. */
    public static double perSample(long bytes, long samples) {
        return bytes < 0 || samples <= 0 ? -1 : (double) bytes / samples;
    }
}
