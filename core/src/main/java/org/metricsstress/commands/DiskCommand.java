package org.metricsstress.commands;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.metricsstress.api.DiskRun;
import org.metricsstress.api.ExitCode;
import org.metricsstress.config.Option;
import org.metricsstress.config.DiskOptionDefs;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.report.DiskLines;
import org.metricsstress.result.DiskSummary;

/**
 * {@code disk --keyspace K}: an existing Newts keyspace measured on disk over the local DC's nodes,
 * and its retention projected at {@code --project-rate}, without a run.
 */
final class DiskCommand implements ToolCommand {
    static final Option<Boolean> COUNT_ROWS = DiskOptionDefs.COUNT_ROWS;

    @Override
    public String name() {
        return "disk";
    }

    @Override
    public String description() {
        return "Measure an existing Newts keyspace on disk over the local DC's nodes (JMX table metrics at "
                + "--node-jmx-port, else CQL estimates; --flush first), per copy of the data, and project its "
                + "retention per node at --project-rate (docs/disk-and-retention.md).";
    }

    @Override
    public List<OptionDef> options() {
        List<OptionDef> out = new ArrayList<>(StressOptions.in(EnumSet.of(OptionDef.Section.CLUSTER)));
        out.add(StressOptions.KEYSPACE.def());
        out.add(StressOptions.TTL.def());
        for (OptionDef d : StressOptions.in(EnumSet.of(OptionDef.Section.DISK))) {
            if (!d.longName().equals("--disk")) {
                out.add(d);
            }
        }
        out.add(COUNT_ROWS.def());
        return out;
    }

    @Override
    public void check(Invocation in) {
        in.builder(Map.of()).build();
    }

    @Override
    public int run(Invocation in) throws ClusterException {
        StressConfig config = in.builder(Map.of()).build();
        DiskSummary summary = DiskRun.measure(config, in.given().get(COUNT_ROWS), in.out());
        DiskLines.print(in.out(), summary, -1);
        return ExitCode.OK;
    }
}
