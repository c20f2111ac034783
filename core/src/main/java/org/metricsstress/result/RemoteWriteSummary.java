package org.metricsstress.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The TSS path's own figures (OpenNMS's time series integration layer and the Prometheus
 * remote-write plugin): every resource between its ring and the receiver, each with what its
 * verdict reads: how busy it was (utilisation), how long work waited for it (saturation) and what it
 * refused (errors). Times in seconds, shares from 0 to 1; -1 where the figure was not measured.
 *
 * @param mode                  {@code async} (the released plugin) or {@code sync} (its main branch)
 * @param writeUrl              where it wrote, without credentials
 * @param requests              remote-write requests sent (one per group)
 * @param answersByStatus       requests by the receiver's HTTP status ("204", "400", ...; "timeout", "io")
 * @param firstRefusal          the receiver's words on the first request it did not take (its body), or null
 * @param writerThreads         the ring's writer threads
 * @param writerBusyShare       their time in store() over their time (utilisation)
 * @param maxInFlight           requests on the wire at most (the plugin's maxConcurrentHttpConnections; sync: threads)
 * @param peakInFlight          the most seen on the wire
 * @param meanInFlight          the mean on the wire over the run (Little's law: X x R)
 * @param bulkheadPermits       the bulkhead's permits (async: 4 x connections; sync: 0)
 * @param receiverWaitSeconds   writer threads' time blocked on the receiver, summed: for a bulkhead permit
 *                              (async), for its answer (sync)
 * @param queuedPeak            calls the dispatcher held back for a free connection, at most
 * @param externalTags          the external-tags lookups, or null when the plugin made none
 * @param receiver              the receiver's own figures, or null when its /metrics was not read
 */
public record RemoteWriteSummary(
        String mode,
        String writeUrl,
        long requests,
        Map<String, Long> answersByStatus,
        String firstRefusal,
        int writerThreads,
        double writerBusyShare,
        int maxInFlight,
        int peakInFlight,
        double meanInFlight,
        int bulkheadPermits,
        double receiverWaitSeconds,
        int queuedPeak,
        ExternalTagsSummary externalTags,
        ReceiverSummary receiver) {

    public RemoteWriteSummary {
        answersByStatus = answersByStatus == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(answersByStatus));
    }

    /**
     * The plugin's lookups of each series' external tags in OpenNMS's key-value store.
     *
     * @param cacheSize         externalTagsCacheSize
     * @param cacheHits         lookups the cache answered (extTagsCacheUsed)
     * @param cacheMisses       lookups it did not (extTagsCacheMissed): each a synchronous read of the store
     * @param storeReads        reads made in the store; 0 without one
     * @param notMade           reads that would have gone to a store, not made (no --tss-external-tags-store)
     * @param storeReadSeconds  writer threads' time in those reads, summed
     * @param meanReadMillis    a read's mean time; -1 without reads
     * @param writes            records written (extTagsModified)
     * @param writeFailures     writes that failed or found the write queue full (extTagPutTransactionFailed)
     * @param store             the store as given, without credentials, or null
     */
    public record ExternalTagsSummary(int cacheSize, long cacheHits, long cacheMisses, long storeReads, long notMade,
            double storeReadSeconds, double meanReadMillis, long writes, long writeFailures, String store) {}

    /**
     * What the receiver said of itself over the run (its /metrics), as deltas from its first reading to its last.
     *
     * @param kind              {@code prometheus} or {@code victoriametrics}, from the names its /metrics shows
     * @param readings          readings taken
     * @param failedReadings    readings that got no answer in time
     * @param samplesAppended   samples it stored (Prometheus head samples appended; VM rows inserted by remote write)
     * @param seriesPeak        series in its head at most (Prometheus), or new series created (VM)
     * @param outOfOrder        samples refused as out of order (Prometheus); -1 where it has no such figure
     * @param outOfBounds       samples refused as too old (Prometheus out of bounds); -1 where none
     * @param slowInserts       VM's slow row inserts (a series not in its cache); -1 where none
     * @param cpuSeconds        the receiver's own CPU (process_cpu_seconds_total); -1 when unknown
     * @param residentBytes     its resident memory at the last reading; -1 when unknown
     */
    public record ReceiverSummary(String kind, int readings, int failedReadings, long samplesAppended, long seriesPeak,
            long outOfOrder, long outOfBounds, long slowInserts, double cpuSeconds, long residentBytes) {}
}
