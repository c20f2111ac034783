package org.metricsstress.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The read side of a run (--read-rate, --search-rate, --freshness-probes), apart from the write
 * audit. Each kind: operations sent, completed, failed, and unsettled (still in flight when the
 * run stopped waiting: sent = completed + failed + unsettled).
 *
 * @param readsIntended   reads the schedule meant before the run stopped: those never sent (the
 *                        reads' in-flight bound was full for too long) are {@code readsIntended -
 *                        readsSent}, lost to the cluster's slowness, not hidden
 * @param valueMismatches rows read whose value was not the value function's (0 unless the data is wrong)
 * @param searchMisses    searches whose answer lacked the resource they were made for (a resource
 *                        not yet indexed, early in a cold run, or an index row lost)
 * @param freshness       intended time of a sample to the first read that returned it
 * @param freshnessByDc   per --freshness-dc, in the order given, its own probes (the same samples
 *                        probed in each DC): the replication lag into that DC; empty without it
 */
public record ReadSummary(
        long readsIntended, long readsSent, long readsCompleted, long readsFailed, long readsUnsettled, Map<String, Long> readsFailedByClass,
        long rowsRead, long valueMismatches, LatencySummary readResponse, LatencySummary readService,
        long searchesIntended, long searchesSent, long searchesCompleted, long searchesFailed, long searchesUnsettled, long searchMisses,
        LatencySummary searchResponse,
        long probesSent, long probesReadable, long probesFailed, long probesUnsettled, LatencySummary freshness,
        Map<String, DcFreshness> freshnessByDc) {

    public ReadSummary {
        // Results before schema 8 have none.
        freshnessByDc = freshnessByDc == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(freshnessByDc));
    }

    /** The probes read through one DC's own connection: sent = readable + failed + unsettled. */
    public record DcFreshness(long probesSent, long probesReadable, long probesFailed, long probesUnsettled,
            LatencySummary freshness) {}
}
