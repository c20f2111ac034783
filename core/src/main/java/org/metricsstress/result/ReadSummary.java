package org.metricsstress.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
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
            LatencySummary freshness) {
        /** Every instance's probes through one DC added: counts summed, histograms added. */
        static DcFreshness sum(List<DcFreshness> fs) {
            return new DcFreshness(Sums.sum(fs, DcFreshness::probesSent), Sums.sum(fs, DcFreshness::probesReadable),
                    Sums.sum(fs, DcFreshness::probesFailed), Sums.sum(fs, DcFreshness::probesUnsettled),
                    LatencySummary.sum(fs.stream().map(DcFreshness::freshness).toList()));
        }
    }

    /** The instances' read sides added: counts summed, histograms added. */
    public static ReadSummary sum(List<ReadSummary> parts) {
        Map<String, Long> byClass = new LinkedHashMap<>();
        parts.forEach(p -> p.readsFailedByClass().forEach((k, v) -> byClass.merge(k, v, Long::sum)));
        Map<String, List<DcFreshness>> byDc = new LinkedHashMap<>();
        parts.forEach(p -> p.freshnessByDc().forEach((dc, f) -> byDc.computeIfAbsent(dc, k -> new ArrayList<>()).add(f)));
        Map<String, DcFreshness> freshnessByDc = new LinkedHashMap<>();
        byDc.forEach((dc, fs) -> freshnessByDc.put(dc, DcFreshness.sum(fs)));
        return new ReadSummary(Sums.sum(parts, ReadSummary::readsIntended), Sums.sum(parts, ReadSummary::readsSent),
                Sums.sum(parts, ReadSummary::readsCompleted),
                Sums.sum(parts, ReadSummary::readsFailed), Sums.sum(parts, ReadSummary::readsUnsettled), byClass,
                Sums.sum(parts, ReadSummary::rowsRead), Sums.sum(parts, ReadSummary::valueMismatches),
                LatencySummary.sum(parts.stream().map(ReadSummary::readResponse).toList()),
                LatencySummary.sum(parts.stream().map(ReadSummary::readService).toList()),
                Sums.sum(parts, ReadSummary::searchesIntended), Sums.sum(parts, ReadSummary::searchesSent),
                Sums.sum(parts, ReadSummary::searchesCompleted),
                Sums.sum(parts, ReadSummary::searchesFailed), Sums.sum(parts, ReadSummary::searchesUnsettled),
                Sums.sum(parts, ReadSummary::searchMisses),
                LatencySummary.sum(parts.stream().map(ReadSummary::searchResponse).toList()),
                Sums.sum(parts, ReadSummary::probesSent), Sums.sum(parts, ReadSummary::probesReadable),
                Sums.sum(parts, ReadSummary::probesFailed), Sums.sum(parts, ReadSummary::probesUnsettled),
                LatencySummary.sum(parts.stream().map(ReadSummary::freshness).toList()), freshnessByDc);
    }
}
