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
 * @param cpuQuotaCores      the least CPU quota of this process's cgroups (a pod's CPU limit), in cores:
 *                           0.15 for 15% of one; 0 where none was set (or a result written before it was
 *                           recorded). A merge's is the instances' quotas added, 0 unless every one had one
 * @param cpuThrottledPeriodShare the share of the quota's enforcement periods (100 ms by default) in
 *                           which the kernel throttled this process over the run ({@code cpu.stat}'s
 *                           nr_throttled over nr_periods, as cAdvisor exports them for a container); 0
 *                           without a quota; the most any instance was throttled in a merge
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
        double machineCpuPercent,
        double cpuQuotaCores,
        double cpuThrottledPeriodShare) {

    /** A client without the machine's figure (written before it was measured, or a test's). */
    public ClientSummary(double cpuSeconds, double cpuPercent, int cores, double cpuMicrosPerSample, long maxHeapBytes,
            long peakHeapBytes, long gcCount, double gcPauseMs, long bytesSent, long bytesReceived) {
        this(cpuSeconds, cpuPercent, cores, cpuMicrosPerSample, maxHeapBytes, peakHeapBytes, gcCount, gcPauseMs,
                bytesSent, bytesReceived, -1);
    }

    /** A client without a CPU quota (none set, or written before quotas were recorded). */
    public ClientSummary(double cpuSeconds, double cpuPercent, int cores, double cpuMicrosPerSample, long maxHeapBytes,
            long peakHeapBytes, long gcCount, double gcPauseMs, long bytesSent, long bytesReceived,
            double machineCpuPercent) {
        this(cpuSeconds, cpuPercent, cores, cpuMicrosPerSample, maxHeapBytes, peakHeapBytes, gcCount, gcPauseMs,
                bytesSent, bytesReceived, machineCpuPercent, 0, 0);
    }

    /**
     * The share of its CPU quota this client used over the run: the cores it used (its CPU % of its
     * cores) over the quota's; -1 without a quota or without its CPU.
     */
    public double quotaUsedShare() {
        return cpuQuotaCores <= 0 || cpuPercent < 0 || cores <= 0 ? -1 : cpuPercent / 100 * cores / cpuQuotaCores;
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
                cs.stream().mapToDouble(ClientSummary::machineCpuPercent).max().orElse(-1),
                // The instances' quotas are what they could use together; one without a quota makes it unbounded.
                cs.stream().allMatch(c -> c.cpuQuotaCores() > 0)
                        ? cs.stream().mapToDouble(ClientSummary::cpuQuotaCores).sum() : 0,
                cs.stream().mapToDouble(ClientSummary::cpuThrottledPeriodShare).max().orElse(0));
    }
}
