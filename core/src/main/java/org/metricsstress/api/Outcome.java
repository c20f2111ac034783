package org.metricsstress.api;

import org.metricsstress.result.StressResult;
import java.util.Locale;
import org.metricsstress.result.VerifyReport;

/**
 * How a run ended, for every front end alike: the jar exits with {@link #exitCode()}, the Karaf
 * command fails with {@link #problem()} whenever the code is not {@link ExitCode#OK}, so a script
 * driving either one sees the same pass or fail.
 *
 * @param exitCode {@link ExitCode}
 * @param problem  one line saying why the run did not pass, or null when it did
 * @param result   what the run measured
 */
public record Outcome(int exitCode, String problem, StressResult result) {

    /**
     * The outcome of a run that completed: it passed unless its audit does not balance (some
     * samples are neither written, dropped nor failed: its figures cannot be trusted) or its
     * criteria failed, or reading it back (--verify-after) found what it did not write.
     */
    public static Outcome of(StressResult result) {
        if (!result.auditBalances()) {
            return new Outcome(ExitCode.CRITERIA_FAILED, "audit unbalanced: " + result.auditGaps(), result);
        }
        if (result.sla() != null && !result.sla().passed()) {
            return new Outcome(ExitCode.CRITERIA_FAILED, "SLA failed: " + String.join("; ", result.sla().failures()),
                    result);
        }
        if (result.verify() != null && !result.verify().clean()) {
            VerifyReport v = result.verify();
            if (v.error() != null) {
                return new Outcome(ExitCode.CRITERIA_FAILED, "verify: reading back failed: " + v.error(), result);
            }
            return new Outcome(ExitCode.CRITERIA_FAILED, String.format(Locale.ROOT,
                    "verify: %,d wrong, %,d unexpected, %,d missing (%,d of them not the run's own losses), "
                            + "%,d index rows missing", v.wrongValues(), v.unexpected(), v.missing(),
                    v.missing() - v.missingExplained(), v.indexRowsMissing()), result);
        }
        return new Outcome(ExitCode.OK, null, result);
    }

    public boolean passed() {
        return exitCode == ExitCode.OK;
    }
}
