package org.metricsstress.bench;

/**
 * What one phase of the bench measured. Rates are over the phase's wall time including the
 * settling of its last requests, so nothing written after the clock stopped inflates them.
 *
 * @param wallSeconds        from the first sample sent until the last one settled
 * @param clientCpuSeconds   CPU of this whole JVM over the phase (harness, driver, JIT, GC)
 * @param nodeCpuSeconds     CPU of the Cassandra node's process over the phase; -1 when unknown
 *                           (a remote cluster, or no --node-pid)
 * @param serviceP99Millis   99th percentile of sent-to-acknowledged per request: comparable
 *                           between the ceiling (which has no schedule) and the pipeline
 * @param ratioToCeiling     samples/s divided by the ceiling's; 1 for the ceiling rows themselves
 * @param cpuRatioToCeiling  samples per client CPU-second divided by the ceiling's
 * @param failedByClass      failed samples by cause (timeouts, overload...); empty when none failed
 * @param readsPerSecond     range reads answered per second beside the writes; -1 in a phase without reads
 * @param readServiceP99Millis 99th percentile of a read's sent-to-answered time; -1 without reads
 */
public record BenchPhase(
        String name,
        String description,
        double wallSeconds,
        long written,
        long failed,
        long dropped,
        long indexRowsWritten,
        double clientCpuSeconds,
        double nodeCpuSeconds,
        double serviceP99Millis,
        double samplesPerSecond,
        double samplesPerClientCpuSecond,
        double clientCpuMicrosPerSample,
        double nodeCpuMicrosPerSample,
        double ratioToCeiling,
        double cpuRatioToCeiling,
        java.util.Map<String, Long> failedByClass,
        double readsPerSecond,
        double readServiceP99Millis) {

    static BenchPhase of(String name, String description, double wallSeconds, long written, long failed,
            long dropped, long indexRows, double clientCpuSeconds, double nodeCpuSeconds, double serviceP99Millis,
            java.util.Map<String, Long> failedByClass) {
        double rate = wallSeconds > 0 ? written / wallSeconds : 0;
        double perCpu = clientCpuSeconds > 0 ? written / clientCpuSeconds : -1;
        double clientMicros = written > 0 && clientCpuSeconds >= 0 ? clientCpuSeconds * 1e6 / written : -1;
        double nodeMicros = written > 0 && nodeCpuSeconds >= 0 ? nodeCpuSeconds * 1e6 / written : -1;
        return new BenchPhase(name, description, wallSeconds, written, failed, dropped, indexRows, clientCpuSeconds,
                nodeCpuSeconds, serviceP99Millis, rate, perCpu, clientMicros, nodeMicros, 1, 1, failedByClass, -1, -1);
    }

    /** This phase with the reads that ran beside its writes. */
    BenchPhase withReads(double perSecond, double serviceP99) {
        return new BenchPhase(name, description, wallSeconds, written, failed, dropped, indexRowsWritten,
                clientCpuSeconds, nodeCpuSeconds, serviceP99Millis, samplesPerSecond, samplesPerClientCpuSecond,
                clientCpuMicrosPerSample, nodeCpuMicrosPerSample, ratioToCeiling, cpuRatioToCeiling, failedByClass,
                perSecond, serviceP99);
    }

    /** This phase with its ratios to the ceiling's figures. */
    BenchPhase relativeTo(double ceilingRate, double ceilingPerCpu) {
        return new BenchPhase(name, description, wallSeconds, written, failed, dropped, indexRowsWritten,
                clientCpuSeconds, nodeCpuSeconds, serviceP99Millis, samplesPerSecond, samplesPerClientCpuSecond,
                clientCpuMicrosPerSample, nodeCpuMicrosPerSample,
                ceilingRate > 0 ? samplesPerSecond / ceilingRate : -1,
                ceilingPerCpu > 0 && samplesPerClientCpuSecond > 0 ? samplesPerClientCpuSecond / ceilingPerCpu : -1,
                failedByClass, readsPerSecond, readServiceP99Millis);
    }
}
