package org.metricsstress.result;

/**
 * What the harness itself cost: CPU of this whole JVM (harness, driver, JIT, GC), heap and GC.
 *
 * @param cpuMicrosPerSample client CPU per sample written: the efficiency figure to compare runs by
 */
public record ClientSummary(
        double cpuSeconds,
        double cpuPercent,
        int cores,
        double cpuMicrosPerSample,
        long maxHeapBytes,
        long peakHeapBytes,
        long gcCount,
        double gcPauseMs) {}
