package org.metricsstress.commands;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressOptions;

/** What a command of whole runs offers of a run's options. */
final class RunOptions {
    private RunOptions() {}

    /**
     * The plan, pacing, pipeline, cluster, schema and index sections, less those the command decides
     * itself. A list the caller may add to.
     */
    static List<OptionDef> but(Set<String> decided) {
        List<OptionDef> out = new ArrayList<>();
        for (OptionDef d : StressOptions.in(EnumSet.of(OptionDef.Section.PLAN, OptionDef.Section.PACING,
                OptionDef.Section.PIPELINE, OptionDef.Section.CLUSTER, OptionDef.Section.SCHEMA,
                OptionDef.Section.INDEX))) {
            if (!decided.contains(d.longName())) {
                out.add(d);
            }
        }
        return out;
    }
}
