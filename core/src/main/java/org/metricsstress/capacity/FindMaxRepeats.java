package org.metricsstress.capacity;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.metricsstress.stats.MedianInterval;

/**
 * {@code find-max --repeat N}: N searches, each run and judged as one search is, and the answer as
 * their median with a distribution-free interval ({@link MedianInterval}). One search's answer moves
 * with a compaction or a GC pause in one step; the spread of several says by how much.
 *
 * <p>Every search counts, as what it found ({@link SearchAnswer}): a search that found no rate is
 * "below" its lowest step, one that passed --max-rate is "at least" that, and only that search is.
 * Leaving out a search that found nothing would bias the median up; calling the whole median "at
 * least" because one search hit the maximum would say less than the others found. The median and
 * its interval are order statistics, so they need only the searches' order: a "below" search ranks
 * under every other, an "at least" one over every other (with one search's settings, a found rate
 * lies between the lowest halving and --max-rate), and an end of the interval or the median that
 * falls on such a search is a bound as that search's is.
 *
 * @param searches every search, in the order they ran
 */
public record FindMaxRepeats(List<FindMaxResult> searches) {

    /** Which way one search's answer is bounded. */
    public enum Bound {
        /** No rate passed: the capacity is below the rate. */
        BELOW,
        /** A found rate, within the precision below the capacity. */
        EXACT,
        /** Every step passed up to --max-rate: the capacity is at least the rate. */
        AT_LEAST;

        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * What one search says of the capacity.
     *
     * @param samplesPerSecond the highest passing rate; for {@link Bound#BELOW} the lowest rate tried
     */
    public record SearchAnswer(double samplesPerSecond, Bound bound) {

        /** Of a finished search. */
        public static SearchAnswer of(FindMaxResult r) {
            return switch (r.conclusion()) {
                case FOUND -> new SearchAnswer(r.highestPassing().orElseThrow().targetSamplesPerSecond(), Bound.EXACT);
                case AT_LEAST_MAX_RATE -> new SearchAnswer(r.highestPassing().orElseThrow().targetSamplesPerSecond(),
                        Bound.AT_LEAST);
                case NONE_PASSED -> new SearchAnswer(r.lowestFailing().orElseThrow().targetSamplesPerSecond(),
                        Bound.BELOW);
            };
        }

        /** {@code 18,750}, {@code at least 30,000}, {@code below 625}. */
        public String text() {
            return switch (bound) {
                case EXACT -> StepTable.rate(samplesPerSecond);
                case AT_LEAST -> "at least " + StepTable.rate(samplesPerSecond);
                case BELOW -> "below " + StepTable.rate(samplesPerSecond);
            };
        }
    }

    /**
     * The median of the searches' answers with its interval, each end bounded as the search it falls on.
     *
     * @param level the confidence that the interval holds the median (0 for one search)
     */
    public record Median(int n, SearchAnswer median, SearchAnswer low, SearchAnswer high, double level) {}

    /** The searches' order for the median: below under exact under at least, then by rate. */
    private static final Comparator<SearchAnswer> ORDER = Comparator.comparing(SearchAnswer::bound)
            .thenComparingDouble(SearchAnswer::samplesPerSecond);

    /** Each search's answer, in the order they ran. */
    public List<SearchAnswer> each() {
        return searches.stream().map(SearchAnswer::of).toList();
    }

    /** The highest sustainable rate of each search that passed one (the "at least" ones too). */
    public double[] answers() {
        return searches.stream().map(FindMaxResult::highestPassing).filter(java.util.Optional::isPresent)
                .mapToDouble(s -> s.get().targetSamplesPerSecond()).toArray();
    }

    /** The median over every search, and its interval. */
    public Median median() {
        List<SearchAnswer> sorted = each().stream().sorted(ORDER).toList();
        int n = sorted.size();
        // The interval's ends are order statistics: found on the ranks, read off the searches at them.
        MedianInterval ranks = MedianInterval.of(IntStream.range(0, n).asDoubleStream().toArray());
        SearchAnswer median = n % 2 == 1 ? sorted.get(n / 2) : between(sorted.get(n / 2 - 1), sorted.get(n / 2));
        return new Median(n, median, sorted.get((int) ranks.low()), sorted.get((int) ranks.high()), ranks.level());
    }

    /**
     * The median of an even count: the mean of the two middle searches, bounded as the one that is
     * bounded ({@code below (L + x) / 2} holds when one is below L); of a "below" and an "at least",
     * which bound nothing together, the lower.
     */
    private static SearchAnswer between(SearchAnswer lower, SearchAnswer upper) {
        if (lower.bound() == Bound.BELOW && upper.bound() == Bound.AT_LEAST) {
            return lower;
        }
        Bound bound = lower.bound() == Bound.BELOW ? Bound.BELOW : upper.bound();
        return new SearchAnswer((lower.samplesPerSecond() + upper.samplesPerSecond()) / 2, bound);
    }

    /** Whether the median found a sustainable rate (possibly only "at least" the maximum). */
    public boolean answered() {
        return median().median().bound() != Bound.BELOW;
    }

    /** How the searches ended together: as their median did. */
    public CapacitySearch.Conclusion conclusion() {
        return switch (median().median().bound()) {
            case EXACT -> CapacitySearch.Conclusion.FOUND;
            case AT_LEAST -> CapacitySearch.Conclusion.AT_LEAST_MAX_RATE;
            case BELOW -> CapacitySearch.Conclusion.NONE_PASSED;
        };
    }

    /** The answer in one line. */
    public String text() {
        Median m = median();
        int n = searches.size();
        List<SearchAnswer> each = each();
        if (each.stream().allMatch(a -> a.bound() == Bound.BELOW)) {
            return String.format(Locale.ROOT, "over %d searches: no rate passed in any (down to %s samples/s)", n,
                    StepTable.rate(m.low().samplesPerSecond()));
        }
        String list = each.stream().map(SearchAnswer::text).collect(Collectors.joining(", "));
        long none = each.stream().filter(a -> a.bound() == Bound.BELOW).count();
        long atMax = each.stream().filter(a -> a.bound() == Bound.AT_LEAST).count();
        String notes = (none > 0 ? String.format(Locale.ROOT, "; %d of %d searches found no rate (below their lowest"
                + " step)", none, n) : "") + (atMax > 0 ? String.format(Locale.ROOT, "; %d of %d searches passed every"
                + " step up to --max-rate (at least that)", atMax, n) : "");
        if (n == 1) {
            return String.format(Locale.ROOT, "over 1 search: %s samples/s, from one search only: no interval%s",
                    m.median().text(), notes);
        }
        String median = m.median().bound() == Bound.BELOW
                ? "no sustainable rate: the median is " + m.median().text() + " samples/s"
                : "highest sustainable rate " + m.median().text() + " samples/s";
        return String.format(Locale.ROOT, "over %d searches: %s (median of %s); "
                + "%.0f%% interval for the median %s to %s%s%s", n, median, list, 100 * m.level(),
                m.low().text(), m.high().text(), m.level() < 0.95
                        ? String.format(Locale.ROOT, " (%d searches give no more than %.0f%%; 6 give 97%%)", n, 100 * m.level())
                        : "", notes);
    }
}
