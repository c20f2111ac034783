package org.metricsstress.config;

import static org.metricsstress.config.ValueType.POSITIVE_INT;


/**
 * tune's own option. tune also prints each round with {@link BenchOptionDefs#VERBOSE} and writes
 * its advice to the run's {@link StressOptions#ADVICE_FILE}.
 *
 * <p>Declared here, in {@code config}, because the option table ({@link StressOptions#table()}) lists
 * them and the table is at the bottom of the layering; see {@link StressOptions} for why.
 */
public final class TuneOptionDefs {
    public static final Option<Integer> MAX_ROUNDS =
            Option.own("--max-rounds", "N", "tune: runs at most, the first with your settings, each next one with "
                    + "the advice of the one before; the round that kept up runs once more with the same settings, "
                    + "which may be one run past it", OptionDef.Section.TUNE, POSITIVE_INT, 4, null);

    private TuneOptionDefs() {}
}
