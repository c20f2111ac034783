package org.metricsstress.capacity;

import static org.metricsstress.config.FindMaxOptionDefs.GROWTH;
import static org.metricsstress.config.FindMaxOptionDefs.INCLUDE_COLD;
import static org.metricsstress.config.FindMaxOptionDefs.MAX_RATE;
import static org.metricsstress.config.FindMaxOptionDefs.PRECISION;
import static org.metricsstress.config.FindMaxOptionDefs.START_RATE;
import static org.metricsstress.config.FindMaxOptionDefs.STEP_DURATION;
import static org.metricsstress.config.FindMaxOptionDefs.WARM_UP;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.metricsstress.config.BenchOptionDefs;
import org.metricsstress.config.ConfigException;
import org.metricsstress.config.GivenOptions;
import org.metricsstress.config.Option;
import org.metricsstress.config.Sla;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;

/**
 * find-max's own options read and checked against the plan they search: the step's length, the
 * warm-up's length or bound, the rates, growth and precision, and whether the search can end in
 * {@link CapacitySearch#MAX_STEPS}. Every message names the option, what is allowed and what was given.
 */
public final class SearchSettings {

    /** Two report intervals at least, for the backlog's two halves (a step reports every twelfth, at least every 1 s). */
    private static final Duration SHORTEST_STEP = Duration.ofSeconds(2);

    private SearchSettings() {}

    /**
     * The search's settings for the runs {@code base} builds, from {@code given}; a ConfigException
     * says what is wrong. The search's own options are checked before the runs' configuration is built.
     */
    public static FindMax.Settings of(GivenOptions given, Supplier<StressConfig> runs) {
        Duration step = given.get(STEP_DURATION);
        if (step.compareTo(SHORTEST_STEP) < 0) {
            throw new ConfigException("--step-duration: at least " + SHORTEST_STEP.toSeconds() + "s (the backlog rule"
                    + " compares the first and the last half of a step's report intervals), got "
                    + given.text(STEP_DURATION));
        }
        Duration coldLimit = given.get(BenchOptionDefs.COLD_LIMIT);
        if (coldLimit.isZero()) {
            throw new ConfigException("--cold-limit: must be more than 0");
        }
        double growth = given.get(GROWTH);
        if (!(growth >= CapacitySearch.MIN_GROWTH && growth <= CapacitySearch.MAX_GROWTH)) {
            throw new ConfigException(String.format(Locale.ROOT, "--growth: must be between %s and %s (each passing "
                    + "step multiplies the rate by it), got %s", plain(CapacitySearch.MIN_GROWTH),
                    plain(CapacitySearch.MAX_GROWTH), given.text(GROWTH)));
        }
        double precision = given.get(PRECISION);
        boolean includeCold = given.get(INCLUDE_COLD);
        StressConfig base = runs.get();
        if (includeCold && !base.index().enabled()) {
            throw new ConfigException("--include-cold: judges a cold resource cache; there is none with --no-index");
        }
        Duration warmUp = given.get(WARM_UP);
        if (warmUp != null && base.index().enabled()) {
            throw new ConfigException("--warm-up: with indexing the warm-up runs until every resource is indexed"
                    + " (at most --cold-limit; --include-cold for none); --warm-up sets it with --no-index, got "
                    + given.text(WARM_UP));
        }
        if (warmUp == null) {
            warmUp = base.index().enabled() ? Duration.ZERO : step;
        }
        PlanRate plan = PlanRate.of(base);
        Double start = given.get(START_RATE);
        Double max = given.get(MAX_RATE);
        double startRate = start != null ? start : plan.samplesPerSecond();
        double maxRate = max != null ? max : plan.highest();
        for (Option<Double> d : List.of(START_RATE, MAX_RATE)) {
            double rate = d == START_RATE ? startRate : maxRate;
            if (rate > plan.highest()) {
                throw new ConfigException(String.format(Locale.ROOT, "%s: at most %,.0f samples/s for this plan (its"
                        + " interval paced down to 1 ms), got %s", d.longName(), plan.highest(), given.text(d)));
            }
        }
        if (!(maxRate > startRate)) {
            throw new ConfigException(String.format(Locale.ROOT, "--max-rate: must be above --start-rate (%,.0f"
                    + " samples/s%s), got %s", startRate, start == null ? ", the plan's own rate" : "",
                    given.text(MAX_RATE)));
        }
        Sla sla = base.judging().sla() != null ? base.judging().sla()
                : StressOptions.SLA.parse(StressOptions.FIND_MAX_DEFAULTS.get(StressOptions.SLA.longName()));
        CapacitySearch.Bounds bounds = new CapacitySearch.Bounds(startRate, maxRate, growth, precision);
        int steps = CapacitySearch.maxSteps(bounds);
        if (steps > CapacitySearch.MAX_STEPS) {
            throw new ConfigException(String.format(Locale.ROOT, "find-max: x%s from %,.0f to %,.0f samples/s, then "
                    + "bisecting to %s, can try %d rates; at most %d: raise --growth or --start-rate, lower --max-rate, "
                    + "or widen --precision", plain(growth), startRate, maxRate, given.text(PRECISION), steps,
                    CapacitySearch.MAX_STEPS));
        }
        return new FindMax.Settings(bounds, step, coldLimit, base.index().enabled(), includeCold, sla,
                base.pipeline().ringSize(), warmUp);
    }

    /** 2 rather than 2.0, 1.5 as 1.5. */
    private static String plain(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
