package org.metricsstress.writer.tss.receiver;

import java.util.Locale;

/**
 * One series that did not read back as expected: its count (missing, fewer, more, or a series
 * nobody wrote) and its values (how many differ, and the first that did).
 */
public record SeriesMismatch(String name, String resourceId, Problem problem, long expectedSamples,
        long samplesRead, long wrongValues, long firstWrongMillis, double expectedValue, double readValue) {

    public enum Problem {
        /** Not one sample came back. */
        MISSING,
        FEWER_SAMPLES,
        MORE_SAMPLES,
        /** Read back though nothing was expected of it. */
        UNEXPECTED,
        /** The count is right and some values are not. */
        WRONG_VALUES
    }

    /** One line: the series, what differs, the first wrong value. */
    public String describe() {
        String series = name + "{resourceId=\"" + resourceId + "\"}";
        String values = wrongValues == 0 ? "" : String.format(Locale.ROOT, "; %d wrong values, the first at %d: %s, expected %s",
                wrongValues, firstWrongMillis, readValue, expectedValue);
        return String.format(Locale.ROOT, "%s: %s (%d samples read, %d expected)%s", series,
                problem.name().toLowerCase(Locale.ROOT).replace('_', ' '), samplesRead, expectedSamples, values);
    }
}
