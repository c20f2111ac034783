package org.metricsstress.result;

import java.util.List;

/**
 * What the harness itself cost: CPU of this whole JVM (harness, driver, JIT, GC), heap and GC, and
 * the bytes its session put on the wire and read back.
 *
 * @param cpuMicrosPerSample client CPU per sample written: the efficiency figure to compare runs by
 * @param bytesSent          bytes the driver wrote to the nodes over the run (after compression;
 *                           for {@code --sink null} the frames it encoded); -1 if unknown
 * @param bytesReceived      bytes the driver read from the nodes; -1 if unknown
 * @param machineCpuPercent  the whole machine's CPU busy over the run, in % of all its cores (this
 *                           client, and nodes on the same machine, and anything else); -1 if unknown
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
        long bytesReceived,
        double machineCpuPercent) {

    /** A client without the machine's figure (written before it was measured, or a test's). */
    public ClientSummary(double cpuSeconds, double cpuPercent, int cores, double cpuMicrosPerSample, long maxHeapBytes,
            long peakHeapBytes, long gcCount, double gcPauseMs, long bytesSent, long bytesReceived) {
        this(cpuSeconds, cpuPercent, cores, cpuMicrosPerSample, maxHeapBytes, peakHeapBytes, gcCount, gcPauseMs,
                bytesSent, bytesReceived, -1);
    }


    /** Bytes per sample written, or -1. */
    public static double perSample(long bytes, long samples) {
        return bytes < 0 || samples <= 0 ? -1 : (double) bytes / samples;
    }

    /**
     * The instances' clients added: CPU over {@code coreSeconds} (each instance's cores for as long as
     * it ran), per sample over the {@code written} samples; unknown (-1) when any instance's CPU or
     * bytes are; heap and GC summed (one JVM each).
     */
    public static ClientSummary sum(List<ClientSummary> cs, double coreSeconds, long written) {
        double cpuSeconds = 0;
        boolean known = true;
        for (ClientSummary c : cs) {
            known &= c.cpuSeconds() >= 0;
            cpuSeconds += Math.max(0, c.cpuSeconds());
        }
        return new ClientSummary(known ? cpuSeconds : -1,
                known && coreSeconds > 0 ? 100 * cpuSeconds / coreSeconds : -1,
                cs.stream().mapToInt(ClientSummary::cores).sum(),
                known && written > 0 ? cpuSeconds * 1e6 / written : -1,
                Sums.sum(cs, ClientSummary::maxHeapBytes), Sums.sum(cs, ClientSummary::peakHeapBytes),
                Sums.sum(cs, ClientSummary::gcCount), cs.stream().mapToDouble(ClientSummary::gcPauseMs).sum(),
                cs.stream().allMatch(c -> c.bytesSent() >= 0) ? Sums.sum(cs, ClientSummary::bytesSent) : -1,
                cs.stream().allMatch(c -> c.bytesReceived() >= 0) ? Sums.sum(cs, ClientSummary::bytesReceived) : -1,
                // Machines apart: the busiest one's, the one closest to being the limit.
                cs.stream().mapToDouble(ClientSummary::machineCpuPercent).max().orElse(-1));
    }
}
