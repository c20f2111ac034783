package org.metricsstress.bench;

import java.util.Map;

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
 *                           (client-only: divided by the field shape's own rate)
 * @param cpuRatioToCeiling  samples per client CPU-second divided by the ceiling's
 * @param failedByClass      failed samples by cause (timeouts, overload...); empty when none failed
 * @param readsPerSecond     range reads answered per second beside the writes; -1 in a phase without reads
 * @param readServiceP99Millis 99th percentile of a read's sent-to-answered time; -1 without reads
 * @param bytesSentPerSample bytes on the wire to the nodes per sample written (samples and index
 *                           rows; after compression); -1 when not measured (the ceiling writer)
 * @param secondsToIndexed   a cold phase: from its start until every resource was indexed; -1 otherwise
 * @param indexedBoundSeconds a cold phase: the least that could take on this node,
 *                           {@link SteadyState#boundSeconds}; -1 otherwise
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
        Map<String, Long> failedByClass,
        double readsPerSecond,
        double readServiceP99Millis,
        double bytesSentPerSample,
        double secondsToIndexed,
        double indexedBoundSeconds) {

    static BenchPhase of(String name, String description, double wallSeconds, long written, long failed,
            long dropped, long indexRows, double clientCpuSeconds, double nodeCpuSeconds, double serviceP99Millis,
            Map<String, Long> failedByClass) {
        double rate = wallSeconds > 0 ? written / wallSeconds : 0;
        double perCpu = clientCpuSeconds > 0 ? written / clientCpuSeconds : -1;
        double clientMicros = written > 0 && clientCpuSeconds >= 0 ? clientCpuSeconds * 1e6 / written : -1;
        double nodeMicros = written > 0 && nodeCpuSeconds >= 0 ? nodeCpuSeconds * 1e6 / written : -1;
        return new BenchPhase(name, description, wallSeconds, written, failed, dropped, indexRows, clientCpuSeconds,
                nodeCpuSeconds, serviceP99Millis, rate, perCpu, clientMicros, nodeMicros, 1, 1, failedByClass, -1, -1,
                -1, -1, -1);
    }

    /** This phase with the reads that ran beside its writes. */
    BenchPhase withReads(double perSecond, double serviceP99) {
        return copy(ratioToCeiling, cpuRatioToCeiling, perSecond, serviceP99, bytesSentPerSample, secondsToIndexed,
                indexedBoundSeconds);
    }

    /** This phase with its bytes on the wire per sample. */
    BenchPhase withBytesPerSample(double perSample) {
        return copy(ratioToCeiling, cpuRatioToCeiling, readsPerSecond, readServiceP99Millis, perSample,
                secondsToIndexed, indexedBoundSeconds);
    }

    /** A cold phase with the time it took to index everything and the least it could have taken. */
    BenchPhase withIndexing(double seconds, double boundSeconds) {
        return copy(ratioToCeiling, cpuRatioToCeiling, readsPerSecond, readServiceP99Millis, bytesSentPerSample,
                seconds, boundSeconds);
    }

    /** This phase with its ratios to the ceiling's figures. */
    BenchPhase relativeTo(double ceilingRate, double ceilingPerCpu) {
        return copy(ceilingRate > 0 ? samplesPerSecond / ceilingRate : -1,
                ceilingPerCpu > 0 && samplesPerClientCpuSecond > 0 ? samplesPerClientCpuSecond / ceilingPerCpu : -1,
                readsPerSecond, readServiceP99Millis, bytesSentPerSample, secondsToIndexed, indexedBoundSeconds);
    }

    private BenchPhase copy(double ratio, double cpuRatio, double reads, double readP99, double bytes,
            double toIndexed, double bound) {
        return new BenchPhase(name, description, wallSeconds, written, failed, dropped, indexRowsWritten,
                clientCpuSeconds, nodeCpuSeconds, serviceP99Millis, samplesPerSecond, samplesPerClientCpuSecond,
                clientCpuMicrosPerSample, nodeCpuMicrosPerSample, ratio, cpuRatio, failedByClass, reads, readP99, bytes,
                toIndexed, bound);
    }
}
