package org.metricsstress.config;

import static org.metricsstress.config.OptionDef.Section.JUDGING;
import static org.metricsstress.config.OptionDef.Section.RESULTS;
import static org.metricsstress.config.ValueType.FLAG;
import static org.metricsstress.config.ValueType.PATH;

import java.nio.file.Path;
import java.util.List;

/**
 * The options of the commands over saved result files (report, compare, merge); a merge's
 * {@code --sla} and {@code --report-html}, a compare's {@code --result-json} are the run's
 * ({@link StressOptions}).
 *
 * <p>Declared here, in {@code config}, because the option table ({@link StressOptions#table()}) lists
 * them and the table is at the bottom of the layering; see {@link StressOptions} for why.
 */
public final class SavedResultsOptionDefs {
    public static final Option<Path> OUTPUT =
            Option.own("-o", "--output", "FILE", "the file to write: report's HTML (several results: overlaid), "
                    + "compare's HTML of both runs overlaid, merge's merged result as JSON",
                    RESULTS, PATH, null, "report: the first result's name with .html "
                            + "(several: with -overlaid.html); compare, merge: none");
    public static final Option<Boolean> PARTIAL =
            Option.own("--partial", null, "merge even when some instances' results are missing (the summary names "
                    + "them)", RESULTS, FLAG, false, null);
    public static final Option<Double> MAX_REGRESSION =
            Option.own("--max-regression", "PCT", "compare: allowed worsening of a judged figure, e.g. 5%; a figure "
                    + "worse beyond it, and significantly so (its 95% interval does not reach 0, and worse at 5% for the "
                    + "whole family of judged figures, Holm's correction), exits 1", JUDGING,
                    ValueType.REGRESSION_BOUND, 0.05, null);
    public static final Option<List<Path>> VS =
            Option.own("--vs", "B.json...", "compare: B's result files, several runs of the candidate; the files "
                    + "before it are A's, the baseline's (compare A1 A2 --vs B1 B2): the runs are then the units of the "
                    + "intervals", RESULTS, ValueType.FILES, null, "none: compare A B");

    private SavedResultsOptionDefs() {}
}
