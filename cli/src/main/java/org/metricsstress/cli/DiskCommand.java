package org.metricsstress.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.metricsstress.api.DiskRun;
import org.metricsstress.api.ExitCode;
import org.metricsstress.config.OptionDef;
import org.metricsstress.config.StressConfig;
import org.metricsstress.config.StressOptions;
import org.metricsstress.failure.ClusterException;
import org.metricsstress.report.DiskLines;
import org.metricsstress.result.DiskSummary;
import picocli.CommandLine.ParseResult;

/**
 * {@code metrics-stress disk --keyspace K}: an existing Newts keyspace measured on disk over the
 * local DC's nodes, and its retention projected at {@code --project-rate}, without a run.
 */
final class DiskCommand {
    static final OptionDef COUNT_ROWS = StressOptions.byName("--count-rows");

    private DiskCommand() {}

    static List<OptionDef> offered() {
        List<OptionDef> out = new ArrayList<>(StressOptions.in(EnumSet.of(OptionDef.Section.CLUSTER)));
        out.add(StressOptions.byName("--keyspace"));
        out.add(StressOptions.byName("--ttl"));
        for (OptionDef d : StressOptions.in(EnumSet.of(OptionDef.Section.DISK))) {
            if (!d.longName().equals("--disk")) {
                out.add(d);
            }
        }
        return out;
    }

    static int run(ParseResult parsed, Main.Configured options, PrintStream out) throws ClusterException {
        StressConfig config = options.builder(Map.of()).build();
        DiskSummary summary = DiskRun.measure(config, parsed.hasMatchedOption(COUNT_ROWS.longName()), out);
        DiskLines.print(out, summary, -1);
        return ExitCode.OK;
    }
}
