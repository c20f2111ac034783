package org.metricsstress.result;

import java.util.List;

/**
 * What a read-back found.
 *
 * @param samplesExpected  samples the schedule meant for the resources checked
 * @param samplesRead      rows read back
 * @param missing          expected samples not found
 * @param unexpected       rows found that the schedule never meant (another timestamp or metric)
 * @param wrongValues      rows whose value is not the value function's
 * @param missingExplained missing samples that are the run's own losses: in each series, up to what
 *                         that series lost (dropped, failed or never sent; a timed-out write may
 *                         still have landed, so it is an upper bound); the rest are acknowledged
 *                         writes gone
 * @param perSeries        whether losses were held per series (false: results older than the
 *                         ledger, held to the whole run's losses)
 * @param firstMismatches  the first few mismatches, with their keys
 * @param error            why reading back stopped (the cluster failed a read), or null when it finished
 */
public record VerifyReport(long resourcesChecked, long samplesExpected, long samplesRead, long missing,
        long unexpected, long wrongValues, long missingExplained, boolean perSeries, long indexRowsChecked,
        long indexRowsMissing,
        List<String> firstMismatches, String error) {

    /** The first this many mismatches are listed. */
    public static final int LISTED = 10;

    /** Read to the end, with no wrong or unexpected row, no index row missing, and no missing sample the run did not lose. */
    public boolean clean() {
        return error == null && wrongValues == 0 && unexpected == 0 && indexRowsMissing == 0 && missing == missingExplained;
    }
}
