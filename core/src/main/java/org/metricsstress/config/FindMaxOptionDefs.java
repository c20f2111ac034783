package org.metricsstress.config;

import static org.metricsstress.config.OptionDef.Section.CAPACITY;
import static org.metricsstress.config.ValueType.DURATION;
import static org.metricsstress.config.ValueType.FLAG;
import static org.metricsstress.config.ValueType.POSITIVE_NUMBER;

import java.time.Duration;

/**
 * find-max's own options: the search's rates, growth, precision and step, read and checked by
 * {@code capacity.SearchSettings}.
 *
 * <p>Declared here, in {@code config}, because the option table ({@link StressOptions#table()}) lists
 * them and the table is at the bottom of the layering; see {@link StressOptions} for why.
 */
public final class FindMaxOptionDefs {
    public static final Option<Duration> STEP_DURATION =
            Option.own("--step-duration", "DURATION", "how long each step generates at its rate", CAPACITY,
                    DURATION, Duration.ofSeconds(60), null);
    public static final Option<Double> START_RATE =
            Option.own("--start-rate", "SAMPLES/S", "rate of the first step", CAPACITY, POSITIVE_NUMBER, null,
                    "the plan's own rate, -n x -f x -g x -a / -i");
    public static final Option<Double> MAX_RATE =
            Option.own("--max-rate", "SAMPLES/S", "highest rate tried; if a step at it passes, the answer is "
                    + "\"at least\" this", CAPACITY, POSITIVE_NUMBER, null,
                    "the fastest the plan allows: its interval paced down to 1 ms");
    public static final Option<Double> GROWTH =
            Option.own("--growth", "X", "after each passing step, multiply the rate by X (1.1 to 10) until a step "
                    + "fails; a search that could try more than 40 rates is refused", CAPACITY, POSITIVE_NUMBER, 2.0, null);
    public static final Option<Double> PRECISION =
            Option.own("--precision", "PCT", "bisect between the highest passing and the lowest failing rate until "
                    + "they are this close, relative to the passing one (0.1% to 50%; 5% or 0.05)", CAPACITY,
                    ValueType.PRECISION, 0.05, null);
    public static final Option<Boolean> INCLUDE_COLD =
            Option.own("--include-cold", null, "no warm-up: judge the first step on a cold resource cache and "
                    + "report its time to steady state", CAPACITY, FLAG, false, null);

    public static final Option<Duration> WARM_UP =
            Option.own("--warm-up", "DURATION", "with --no-index: how long the unjudged warm-up at the start rate "
                    + "runs before the first judged step, warming the client and the node; 0s for none (with "
                    + "indexing the warm-up runs until every resource is indexed, at most --cold-limit)", CAPACITY,
                    DURATION, null, "one --step-duration");

    private FindMaxOptionDefs() {}
}
