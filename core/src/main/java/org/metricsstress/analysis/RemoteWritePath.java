package org.metricsstress.analysis;

import org.metricsstress.config.StressOptions;
import org.metricsstress.result.RemoteWriteSummary;
import org.metricsstress.result.StressResult;
import org.metricsstress.result.WriterPath;

/**
 * What the TSS path's judge reads of a run, for one path: its audit, its own figures, and the
 * run's shared facts (its length, its plan, this client's CPU). Read from the record, never written.
 *
 * @param seconds         generation's length
 * @param targetPerSecond samples per second the plan asked for
 * @param series          series the plan writes (resources x attributes)
 * @param attributes      samples per group (per request)
 * @param ringSize        the ring's events
 * @param clientCpuShare  this process's CPU over the run, as a share of the machine's cores; -1 unknown
 * @param cores           the machine's cores
 */
record RemoteWritePath(WriterPath path, RemoteWriteSummary figures, double seconds, double targetPerSecond,
        long series, int attributes, int ringSize, double clientCpuShare, int cores) {

    static RemoteWritePath of(StressResult r, WriterPath path) {
        long groups = r.plan().groupResources() == null ? 0 : r.plan().groupResources();
        Object attributes = r.setting(StressOptions.ATTRIBUTES);
        Object ring = r.setting(StressOptions.RING_SIZE);
        int a = attributes instanceof Number n ? n.intValue() : 1;
        double cpu = r.client() == null || r.client().cpuPercent() < 0 ? -1 : r.client().cpuPercent() / 100;
        return new RemoteWritePath(path, path.remoteWrite(), r.generationSeconds(), r.targetSamplesPerSecond(),
                groups * a, a, ring instanceof Number n ? n.intValue() : 8192, cpu,
                r.client() == null ? 1 : Math.max(1, r.client().cores()));
    }

    long lost() {
        return path.dropped() + path.failed() + path.unsent();
    }

    long failed(String cls) {
        return path.failedByClass().getOrDefault(cls, 0L);
    }

    /** The writer threads' time in store() over their time. */
    double writerBusy() {
        return figures.writerBusyShare();
    }

    /** The share of the writer threads' time spent blocked for a bulkhead permit (async) . */
    double receiverWaitShare() {
        return share(figures.receiverWaitSeconds());
    }

    /** The share of the writer threads' time spent in the key-value store's reads. */
    double storeReadShare() {
        RemoteWriteSummary.ExternalTagsSummary t = figures.externalTags();
        return t == null ? 0 : share(t.storeReadSeconds());
    }

    /** The receiver's CPU over the run as a share of the machine's cores; -1 unknown. */
    double receiverCpuShare() {
        RemoteWriteSummary.ReceiverSummary rs = figures.receiver();
        return rs == null || rs.cpuSeconds() < 0 || seconds <= 0 ? -1 : rs.cpuSeconds() / seconds / cores;
    }

    /** The wire's mean occupancy: mean requests in flight over the bound (Little's law: X x R / bound). */
    double wireShare() {
        return figures.maxInFlight() <= 0 ? 0 : figures.meanInFlight() / figures.maxInFlight();
    }

    private double share(double threadSeconds) {
        double capacity = figures.writerThreads() * seconds;
        return capacity <= 0 ? 0 : Math.min(1, threadSeconds / capacity);
    }
}
