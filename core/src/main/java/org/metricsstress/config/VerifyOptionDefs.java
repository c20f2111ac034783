package org.metricsstress.config;

import static org.metricsstress.config.OptionDef.Section.VERIFY;
import static org.metricsstress.config.ValueType.PATH;

import java.nio.file.Path;

/**
 * verify's own options: which run to read back, and how much of it.
 *
 * <p>Declared here, in {@code config}, because the option table ({@link StressOptions#table()}) lists
 * them and the table is at the bottom of the layering; see {@link StressOptions} for why.
 */
public final class VerifyOptionDefs {
    public static final Option<Path> FROM_RESULT =
            Option.own("--from-result", "FILE", "the run's result file (--result-json): its plan, seed, keyspace, "
                    + "start and length, and what it lost", VERIFY, PATH, null,
                    "none: give the run's options and --start-at");
    public static final Option<Double> RESOURCES =
            Option.own("--resources", "SHARE", "share of the run's group resources to read back: a percentage, a "
                    + "fraction or all", VERIFY, ValueType.SHARE, 0.01, null);

    private VerifyOptionDefs() {}
}
