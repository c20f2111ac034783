package org.metricsstress.result;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One write path of a run, in {@code --writer} order: a single model's run has one, a parallel
 * write ({@code --writer opennms,tss}) one per path, each with its own ring, workers, audit and
 * verdict. The first is the run's own: the top level of the result repeats its figures.
 *
 * @param name          the path's {@code --writer} value
 * @param generated     samples offered to its ring
 * @param written       samples its storage took
 * @param dropped       samples its full ring refused
 * @param failed        samples its requests failed, by class in {@code failedByClass}
 * @param unsent        samples the schedule owed and never generated
 * @param verdict       its own verdict
 * @param remoteWrite   the TSS path's own figures; null for a Newts path
 */
public record WriterPath(String name, long generated, long written, long dropped, long failed,
        Map<String, Long> failedByClass, long unsent, Verdict verdict, RemoteWriteSummary remoteWrite) {

    public WriterPath {
        failedByClass = failedByClass == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(failedByClass));
    }

    /** generated - written - dropped - failed: 0 once the path has drained. */
    public long unaccounted() {
        return generated - written - dropped - failed;
    }

    public WriterPath withVerdict(Verdict judged) {
        return new WriterPath(name, generated, written, dropped, failed, failedByClass, unsent, judged, remoteWrite);
    }
}
