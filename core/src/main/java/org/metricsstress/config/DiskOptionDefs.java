package org.metricsstress.config;

import static org.metricsstress.config.OptionDef.Section.DISK;
import static org.metricsstress.config.ValueType.FLAG;


/**
 * disk's own option: whether to count each table's rows.
 *
 * <p>Declared here, in {@code config}, because the option table ({@link StressOptions#table()}) lists
 * them and the table is at the bottom of the layering; see {@link StressOptions} for why.
 */
public final class DiskOptionDefs {
    public static final Option<Boolean> COUNT_ROWS =
            Option.own("--count-rows", null, "disk: count each table's rows with CQL (a full scan: for test "
                    + "keyspaces) for bytes per row, per sample and per resource, and a projection", DISK, FLAG, false,
                    null);

    private DiskOptionDefs() {}
}
