package org.metricsstress.config;

import static org.metricsstress.config.ValueType.DURATION;
import static org.metricsstress.config.ValueType.POSITIVE_INT;
import static org.metricsstress.config.ValueType.POSITIVE_NUMBER;
import static org.metricsstress.config.ValueType.TEXT;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * size's and predict's own options, read by {@code api.Sizing}.
 *
 * <p>Declared here, in {@code config}, because the option table ({@link StressOptions#table()}) lists
 * them and the table is at the bottom of the layering; see {@link StressOptions} for why.
 */
public final class SizingOptionDefs {
    public static final Option<List<Path>> FROM =
            Option.own("--from", "FILE", "size, predict: a result file to answer from (repeatable): find-max's "
                    + "(throughput at its cluster's size), a run's with --disk (bytes per sample and per resource), a cold "
                    + "run of --writer opennms (the cold start's costs)", OptionDef.Section.SIZING, ValueType.PATHS, null, "none");
    public static final Option<Double> TARGET =
            Option.own("--target", "SAMPLES/S", "size: the rate the cluster must hold", OptionDef.Section.SIZING,
                    POSITIVE_NUMBER, null, "the plan's rate, -n x -f x -g x -a / -i");
    public static final Option<String> POINTS =
            Option.own("--points", "NODES:SAMPLES/S,...", "size: highest sustainable rates measured elsewhere, by "
                    + "nodes per DC, e.g. 4:52000,8:101000; >= before a rate makes it a lower bound (8:>=101000)",
                    OptionDef.Section.SIZING, TEXT, null, "none");
    public static final Option<Double> HEADROOM =
            Option.own("--headroom", "FRACTION", "size: the share of measured capacity (and of a node's disk) one "
                    + "may plan to use; 1.0 keeps nothing back", OptionDef.Section.SIZING, POSITIVE_NUMBER, 0.8, null);
    public static final Option<Duration> MAX_DRAIN =
            Option.own("--max-drain", "DURATION", "size: the cold start must be over (the ring drained again, or "
                    + "every resource indexed when it never fills) within this of the start", OptionDef.Section.SIZING,
                    DURATION, Duration.ofMinutes(15), null);
    public static final Option<Integer> CLUSTER_NODES =
            Option.own("--cluster-nodes", "N", "predict: nodes per DC of the cluster to predict for (the "
                    + "calibrating run's waits scaled by its nodes / N)", OptionDef.Section.SIZING, POSITIVE_INT, null,
                    "the calibrating run's");

    private SizingOptionDefs() {}
}
