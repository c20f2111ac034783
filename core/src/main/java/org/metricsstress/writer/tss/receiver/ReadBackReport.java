package org.metricsstress.writer.tss.receiver;

import java.util.List;

/**
 * A read-back's outcome: every series counted, the mismatching ones counted all and the first
 * {@link ReceiverReadBack#REPORTED} of them kept.
 */
public record ReadBackReport(ReceiverKind kind, long seriesExpected, long seriesRead, long samplesRead,
        long mismatchedSeries, List<SeriesMismatch> firstMismatches, int queries) {

    public ReadBackReport {
        firstMismatches = List.copyOf(firstMismatches);
    }

    public boolean matches() {
        return mismatchedSeries == 0;
    }
}
