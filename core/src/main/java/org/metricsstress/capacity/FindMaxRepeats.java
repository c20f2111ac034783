package org.metricsstress.capacity;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.metricsstress.stats.MedianInterval;

/**
 * {@code find-max --repeat N}: N searches, each run and judged as one search is, and the answer as
 * their median with a distribution-free interval ({@link MedianInterval}). One search's answer moves
 * with a compaction or a GC pause in one step; the spread of several says by how much.
 *
 * @param searches every search, in the order they ran
 */
public record FindMaxRepeats(List<FindMaxResult> searches) {

    /** The highest sustainable rate of each search that found one. */
    public double[] answers() {
        return searches.stream().map(FindMaxResult::highestPassing).filter(java.util.Optional::isPresent)
                .mapToDouble(s -> s.get().targetSamplesPerSecond()).toArray();
    }

    /** Whether any search found a sustainable rate. */
    public boolean answered() {
        return answers().length > 0;
    }

    /** The median of the answers with its interval; null when no search answered. */
    public MedianInterval median() {
        double[] a = answers();
        return a.length == 0 ? null : MedianInterval.of(a);
    }

    /** How the searches ended together: none passed in any, else at least when any ran out of --max-rate. */
    public CapacitySearch.Conclusion conclusion() {
        if (!answered()) {
            return CapacitySearch.Conclusion.NONE_PASSED;
        }
        return searches.stream().anyMatch(s -> s.conclusion() == CapacitySearch.Conclusion.AT_LEAST_MAX_RATE)
                ? CapacitySearch.Conclusion.AT_LEAST_MAX_RATE : CapacitySearch.Conclusion.FOUND;
    }

    /** The answer in one line. */
    public String text() {
        MedianInterval m = median();
        int n = searches.size();
        if (m == null) {
            return String.format(Locale.ROOT, "over %d searches: no rate passed in any", n);
        }
        String each = java.util.Arrays.stream(answers()).mapToObj(StepTable::rate).collect(Collectors.joining(", "));
        String unanswered = m.n() < n ? String.format(Locale.ROOT, "; %d of %d searches found no rate and are left out",
                n - m.n(), n) : "";
        String atLeast = conclusion() == CapacitySearch.Conclusion.AT_LEAST_MAX_RATE
                ? "; at least: a search passed every step up to --max-rate" : "";
        if (m.n() == 1) {
            return String.format(Locale.ROOT, "over %d searches: %s samples/s, from one search only: no interval%s%s", n,
                    StepTable.rate(m.median()), unanswered, atLeast);
        }
        return String.format(Locale.ROOT, "over %d searches: highest sustainable rate %s samples/s (median of %s); "
                + "%.0f%% interval for the median %s to %s%s%s%s", n, StepTable.rate(m.median()), each, 100 * m.level(),
                StepTable.rate(m.low()), StepTable.rate(m.high()), m.level() < 0.95
                        ? String.format(Locale.ROOT, " (%d searches give no more than %.0f%%; 6 give 97%%)", m.n(), 100 * m.level())
                        : "", unanswered, atLeast);
    }
}
